/**
 * What an Idempotency-Key covers, for the client and the server alike. Every purchase (the spec's POST /orders and
 * create-intent, the basket's POST /checkout) is one checkout, kept under the customer's key with the hash of its
 * canonical request below: the client keeps a key while this text stays the same (a retry, a lost answer, a
 * double tap), and the server answers a replay with the first purchase and refuses the key with any other text
 * (422, as Stripe answers). Both compute it here, so they cannot disagree.
 */
import * as z from "zod/mini";
import type { CheckoutRequest } from "./basket";
import { normalisePlate } from "./vehicles";

/** The optional `Idempotency-Key` header of a purchase (required by POST /checkout). */
export const idempotencyKeySchema = z.string().check(z.regex(/^[A-Za-z0-9._:-]{8,100}$/));
export const IDEMPOTENCY_KEY_INVALID =
  "Idempotency-Key must be 8 to 100 letters, digits, '-', '_', ':' or '.'";

/** POST /orders: the key came with another order (422). */
export const ORDER_KEY_REUSED =
  "This Idempotency-Key was already used for a different order. Use a new key for a new order.";
/** POST /checkout and create-intent: the key came with another checkout or payment (422). */
export const CHECKOUT_KEY_REUSED =
  "This Idempotency-Key was already used for a different checkout. Please start the checkout again.";

/** JSON with object keys sorted at every level: the same body always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * POST /checkout as one text: trailers sorted and once each, instructions and the car as the server stores them
 * (trimmed, the plate normalised). Fields that do not change what is placed are left out.
 */
export function canonicalCheckoutRequest(body: CheckoutRequest): string {
  const vehicle = body.vehicleData ?? null;
  return JSON.stringify([
    // The client sends numbers; the parsed request on the server has them too.
    [...new Set(body.vendorIds.map(Number))].sort((a, b) => a - b),
    body.orderType,
    body.paymentMethod,
    body.totalPence,
    body.deliveryInstructions?.trim() ?? "",
    vehicle
      ? [normalisePlate(vehicle.registrationNumber), vehicle.make.trim(), vehicle.colour.trim()]
      : null,
  ]);
}

/**
 * The spec's calls (POST /orders, POST /payments/stripe/create-intent) as one text: the whole body as sent, in
 * any order of its fields. A checkout's text is an array, these are objects: one can never pass for another.
 */
export const canonicalSpecRequest = (body: unknown): string => canonicalJson(body);

/** Every keyed purchase, as the text its key covers. */
export type KeyedRequest =
  | { call: "checkout"; body: CheckoutRequest }
  | { call: "orders" | "create-intent"; body: unknown };

export const canonicalRequest = (request: KeyedRequest): string =>
  request.call === "checkout"
    ? canonicalCheckoutRequest(request.body)
    : canonicalSpecRequest(request.body);

import {
  type CheckoutRequest,
  type CheckoutResponse,
  checkoutResponseSchema,
} from "@contract/basket";
import { canonicalCheckoutRequest } from "@contract/checkout-request";
import { MESSAGES } from "@contract/messages";
import { penceToPounds } from "@contract/money";
import type { OrderPayload, Vehicle } from "@contract/orders";
import {
  createIntentResponseSchema,
  paymentConfigSchema,
  paymentStatusResponseSchema,
} from "@contract/payments";
import { vehicleLookupResponseSchema } from "@contract/vehicles";
import { safeParse } from "zod/v4/core";
import { api, apiUrl } from "@/lib/api-client";
import { currentToken } from "@/lib/auth-storage";
import { type CheckoutKey, newIdempotencyKey, type PendingCheckout } from "../lib/pending-checkout";

export class VehicleLookupError extends Error {}

/** Spec sections 7 and 8: the first detail error, then the error, else 'Unknown error'; offline → 'Failed to fetch vehicle details.' */
export async function lookupVehicle(
  registrationNumber: string,
  signal?: AbortSignal,
): Promise<Vehicle> {
  const token = currentToken();
  let response: Response;
  try {
    response = await fetch(apiUrl("/vehicle-lookup"), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ registrationNumber: registrationNumber.toUpperCase() }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new VehicleLookupError(MESSAGES.vehicleFetchFailed);
  }
  const parsed = safeParse(vehicleLookupResponseSchema, await response.json().catch(() => null));
  const body = parsed.success ? parsed.data : null;
  if (response.ok && body?.success && body.data) return body.data;
  const message =
    body?.details?.errors[0]?.detail ||
    body?.error ||
    body?.message ||
    MESSAGES.vehicleUnknownError;
  throw new VehicleLookupError(message);
}

export interface CreateIntentBody {
  orderData: OrderPayload;
  /** Pounds. */
  amount: number;
  currency: "gbp";
  metadata?: Record<string, string>;
}

/**
 * POST /payments/stripe/create-intent with the press's Idempotency-Key: the same key (a double tap, the client's own
 * retry) answers the same payment; a new press sends a new key (contract/checkout-request.ts).
 */
export const createPaymentIntent = (body: CreateIntentBody, idempotencyKey: string) =>
  api.post("/payments/stripe/create-intent", body, createIntentResponseSchema, {
    headers: { "Idempotency-Key": idempotencyKey },
  });

/** POST /checkout: one order per trailer, all or nothing; the same key when retrying the same checkout. */
export const placeCheckout = (
  body: CheckoutRequest,
  idempotencyKey: string,
): Promise<CheckoutResponse> =>
  api.post("/checkout", body, checkoutResponseSchema, {
    headers: { "Idempotency-Key": idempotencyKey },
  });

/**
 * One key per checkout: kept while the customer retries the very same checkout (a timeout, a lost answer), a new
 * one as soon as what the key covers changes (contract/checkout-request.ts: the server refuses a reused key with
 * another canonical request).
 */
export function checkoutKeyFor(body: CheckoutRequest, last: CheckoutKey | null): CheckoutKey {
  const signature = canonicalCheckoutRequest(body);
  return last && last.signature === signature ? last : { signature, key: newIdempotencyKey() };
}

/** A hosted card payment, opened. */
export interface OpenedPayment {
  paymentIntentId: string;
  sessionUrl: string;
}

/**
 * Opens the hosted card payment for what the cart handed over: the spec's create-intent for one trailer's
 * order (sent with the press's `pressKey`), one checkout (sent with `checkoutKey`) for several. Throws with the
 * message to show.
 */
export async function openCardPayment(
  pending: PendingCheckout,
  checkoutKey: CheckoutKey | null,
  pressKey: string,
): Promise<OpenedPayment> {
  if (pending.checkoutRequest && checkoutKey) {
    const placed = await placeCheckout(pending.checkoutRequest, checkoutKey.key);
    if (!placed.payment) throw new Error(MESSAGES.paymentIntentFailed);
    return placed.payment;
  }
  if (!pending.orderData) throw new Error(MESSAGES.paymentMissingOrder);
  const created = await createPaymentIntent(
    {
      orderData: pending.orderData,
      amount: penceToPounds(pending.amountPence),
      currency: "gbp",
      metadata: { source: "web" },
    },
    pressKey,
  );
  if (!created.success) throw new Error(created.message ?? MESSAGES.paymentIntentFailed);
  return created;
}

/** GET /payments/stripe/config: the Stripe publishable key, or null when card payments do not go through Stripe. */
export const fetchPaymentConfig = (signal?: AbortSignal) =>
  api.get("/payments/stripe/config", paymentConfigSchema, { signal });

export const fetchPaymentStatus = (paymentId: string, signal?: AbortSignal) =>
  api.get(`/payments/stripe/status/${encodeURIComponent(paymentId)}`, paymentStatusResponseSchema, {
    signal,
  });

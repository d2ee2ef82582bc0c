/**
 * What an Idempotency-Key of POST /checkout covers: the client keeps a key while this text stays the same, and
 * the server refuses the key with any other text (422). Both compute it here, so they cannot disagree.
 */
import type { CheckoutRequest } from "./basket";
import { normalisePlate } from "./vehicles";

/**
 * The checkout request as one text: trailers sorted and once each, instructions and the car as the server
 * stores them (trimmed, the plate normalised). Fields that do not change what is placed are left out.
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

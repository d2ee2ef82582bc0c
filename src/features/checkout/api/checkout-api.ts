import { MESSAGES } from "@contract/messages";
import { type OrderPayload, orderSchema, type Vehicle } from "@contract/orders";
import {
  createIntentResponseSchema,
  paymentConfigSchema,
  paymentStatusResponseSchema,
} from "@contract/payments";
import { vehicleLookupResponseSchema } from "@contract/vehicles";
import { safeParse } from "zod/v4/core";
import { api, apiUrl } from "@/lib/api-client";
import { currentToken } from "@/lib/auth-storage";

export const checkoutKeys = {
  order: (orderId: number) => ["checkout", "order", orderId] as const,
};

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

export const createPaymentIntent = (body: CreateIntentBody) =>
  api.post("/payments/stripe/create-intent", body, createIntentResponseSchema);

/** GET /payments/stripe/config: the Stripe publishable key, or null when card payments do not go through Stripe. */
export const fetchPaymentConfig = (signal?: AbortSignal) =>
  api.get("/payments/stripe/config", paymentConfigSchema, { signal });

export const fetchPaymentStatus = (paymentId: string, signal?: AbortSignal) =>
  api.get(`/payments/stripe/status/${encodeURIComponent(paymentId)}`, paymentStatusResponseSchema, {
    signal,
  });

/** GET /orders/{id}: one of the customer's orders (plain options: `queryOptions` would add a shared chunk to /vendors). */
export const orderQuery = (orderId: number) => ({
  queryKey: checkoutKeys.order(orderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`/orders/${orderId}`, orderSchema, { signal }),
  staleTime: 15_000,
});

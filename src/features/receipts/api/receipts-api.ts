import { orderReceiptsSchema, receiptSchema } from "@contract/receipts";
import { api } from "@/lib/api-client";

export const receiptKeys = {
  ofOrder: (orderId: number) => ["receipts", "order", orderId] as const,
  one: (receiptId: number) => ["receipts", "one", receiptId] as const,
};

/** GET /orders/:id/receipts: the trailer's receipt, the park's for the service charge, credit notes. */
export const orderReceiptsQuery = (orderId: number) => ({
  queryKey: receiptKeys.ofOrder(orderId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`/orders/${orderId}/receipts`, orderReceiptsSchema, { signal }),
  staleTime: 60_000,
});

/** GET /receipts/:id: one receipt (its customer and staff only). */
export const receiptQuery = (receiptId: number) => ({
  queryKey: receiptKeys.one(receiptId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`/receipts/${receiptId}`, receiptSchema, { signal }),
  staleTime: 5 * 60_000,
});

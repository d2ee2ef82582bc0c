import {
  type KitchenMoveRequest,
  type KitchenMoveResponse,
  type KitchenTicketsResponse,
  kitchenMoveResponseSchema,
  kitchenTicketSchema,
  kitchenTicketsResponseSchema,
  type RecallEntry,
  recallListResponseSchema,
} from "@contract/kitchen";
import { ORDERS_REFRESH_MS } from "@contract/limits";
import * as z from "zod/mini";
import { api } from "@/lib/api-client";

const RETRY_MS = 5_000;

export const kitchenKeys = {
  all: ["kitchen"] as const,
  tickets: () => ["kitchen", "tickets"] as const,
  recall: () => ["kitchen", "recall"] as const,
};

/**
 * GET /staff/kitchen/tickets: the open tickets of every trailer this account runs (the screen narrows to one trailer
 * locally, instantly), their trailers' thresholds and the server's clock.
 */
export const kitchenTicketsQuery = () => ({
  queryKey: kitchenKeys.tickets(),
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const sentAt = Date.now();
    const response = await api.get("/staff/kitchen/tickets", kitchenTicketsResponseSchema, {
      signal,
    });
    const receivedAt = Date.now();
    // The tablet's clock against the server's (half the round trip assumed each way): ages and undo windows use it.
    const serverOffsetMs = Date.parse(response.serverTime) - (sentAt + receivedAt) / 2;
    return { ...response, serverOffsetMs } satisfies KitchenTicketsResponse & {
      serverOffsetMs: number;
    };
  },
  // The socket brings changes at once; this only covers a dropped connection. After a failed refresh the screen
  // tries again every 5 s, so it catches up by itself soon after the server is back.
  refetchInterval: (query: { state: { status: string } }) =>
    query.state.status === "error" ? RETRY_MS : ORDERS_REFRESH_MS,
  retry: false,
  staleTime: 2_000,
});

export type KitchenData = KitchenTicketsResponse & { serverOffsetMs: number };

/** GET /staff/kitchen/recall: the last 10 tickets that left the screen within 15 minutes (never cancelled ones). */
export const recallQuery = () => ({
  queryKey: kitchenKeys.recall(),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<RecallEntry[]> =>
    (await api.get("/staff/kitchen/recall", recallListResponseSchema, { signal })).data,
  staleTime: 0,
});

/** One staff move: a step (or cancel with its reason), an undo or a recall, on the version the tablet saw. */
export const moveTicket = (
  orderId: number,
  move: KitchenMoveRequest,
): Promise<KitchenMoveResponse> =>
  api.post(`/staff/kitchen/tickets/${orderId}/moves`, move, kitchenMoveResponseSchema);

/** Strike a line as made (or unstrike it). */
export const setLineMade = (orderId: number, lineId: number, made: boolean) =>
  api.put(
    `/staff/kitchen/tickets/${orderId}/lines/${lineId}`,
    { made },
    z.object({ data: kitchenTicketSchema }),
  );

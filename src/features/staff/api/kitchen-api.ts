import {
  type KitchenMoveRequest,
  type KitchenMoveResponse,
  type KitchenTicket,
  type KitchenTicketsResponse,
  kitchenMoveResponseSchema,
  kitchenTicketSchema,
  kitchenTicketsResponseSchema,
  type RecallEntry,
  recallListResponseSchema,
} from "@contract/kitchen";
import { ORDERS_REFRESH_MS } from "@contract/limits";
import type { QueryClient } from "@tanstack/react-query";
import * as z from "zod/mini";
import { api } from "@/lib/api-client";

const RETRY_MS = 5_000;
const OFFSET_JITTER_MS = 1_000;

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
  queryFn: async ({ signal, client }: { signal: AbortSignal; client: QueryClient }) => {
    const sentAt = Date.now();
    const response = await api.get("/staff/kitchen/tickets", kitchenTicketsResponseSchema, {
      signal,
    });
    const receivedAt = Date.now();
    // The tablet's clock against the server's (half the round trip assumed each way): ages and undo windows use it.
    // Kept while it stays within a second of the last measure: a few ms of jitter must not redraw every ticket.
    const measured = Date.parse(response.serverTime) - (sentAt + receivedAt) / 2;
    const previous = client.getQueryData<KitchenData>(kitchenKeys.tickets())?.serverOffsetMs;
    const serverOffsetMs =
      previous !== undefined && Math.abs(previous - measured) < OFFSET_JITTER_MS
        ? previous
        : Math.round(measured);
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

const OPEN: readonly string[] = ["pending", "pending_payment", "confirmed", "preparing", "ready"];

/**
 * One ticket as the server has it now, put in place in the screen's list (added, replaced, or dropped once it left
 * the screen): a live event costs one small request, not the whole list.
 */
export function upsertTicket(
  data: KitchenData | undefined,
  ticket: KitchenTicket,
): KitchenData | undefined {
  if (!data) return data;
  const shown = data.data.find((entry) => entry.orderId === ticket.orderId);
  // Two answers crossing: the one with the later version stays.
  if (shown && shown.version > ticket.version) return data;
  const others = data.data.filter((entry) => entry.orderId !== ticket.orderId);
  const known = shown !== undefined;
  if (!OPEN.includes(ticket.status)) return known ? { ...data, data: others } : data;
  const next = shown ? keepSeenNotice(shown, ticket) : ticket;
  return {
    ...data,
    data: known
      ? data.data.map((entry) => (entry.orderId === ticket.orderId ? next : entry))
      : [...data.data, next],
  };
}

/**
 * A notice does not move the version, so two reads of one version cannot be ordered by it: the answer to this
 * tablet's own Ready can arrive after the socket's "customer notified". What the customer was shown for this status
 * stays shown.
 */
function keepSeenNotice(shown: KitchenTicket, ticket: KitchenTicket): KitchenTicket {
  const seen = shown.notice;
  if (shown.version !== ticket.version || seen?.state !== "notified") return ticket;
  if (ticket.notice?.status !== seen.status || ticket.notice.state === "notified") return ticket;
  return { ...ticket, notice: seen };
}

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

const ticketAnswerSchema = z.object({ data: kitchenTicketSchema });

/** GET /staff/kitchen/tickets/:orderId: one ticket as it is now (finished ones too). */
export const fetchTicket = (orderId: number, signal?: AbortSignal) =>
  api.get(`/staff/kitchen/tickets/${orderId}`, ticketAnswerSchema, { signal });

/** Strike a line as made (or unstrike it). */
export const setLineMade = (orderId: number, lineId: number, made: boolean) =>
  api.put(`/staff/kitchen/tickets/${orderId}/lines/${lineId}`, { made }, ticketAnswerSchema);

import { KITCHEN_MESSAGES, type KitchenTicket, UNDO_WINDOW_MS } from "@contract/kitchen";
import type { CancelReason, OrderStatus } from "@contract/orders";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { browserOnline, neverReachedServer } from "@/lib/network";
import { toasts } from "@/lib/toast-store";
import {
  type KitchenData,
  kitchenKeys,
  moveTicket,
  setLineMade,
  upsertTicket,
} from "../api/kitchen-api";
import { stepDoneText, type Ticket } from "../lib/kitchen";

/**
 * After a step, the ticket's next button stays disabled this long (and a repeat is ignored): the second half of a
 * double tap never moves it on.
 */
export const REPEAT_GUARD_MS = 800;
/** A step on another ticket this soon after a step is ignored too: the ticket that slid under the finger. */
export const BOARD_GUARD_MS = 400;

export const OFFLINE_REFUSED =
  "Not sent: this tablet is offline. Tap again when it is back online.";

export interface UndoOffer {
  ticket: Ticket;
  backTo: OrderStatus;
  text: string;
  /** Tablet clock. */
  until: number;
}

/**
 * The kitchen's taps: one move at a time per ticket, repeats ignored, the version the tablet saw sent with it, an
 * undo offered for 5 s, and a tap the server never got said so, never lost in silence.
 */
export function useKitchenSteps(onStepTaken: (ticket: Ticket) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const inFlight = useRef(new Set<number>());
  /** Requests on their way (inFlight also holds a ticket for REPEAT_GUARD_MS after its answer). */
  const sending = useRef(new Set<number>());
  const lastTap = useRef(new Map<number, number>());
  const lastAnyTap = useRef({ id: 0, at: 0 });

  /**
   * The server's answer is put in place by the same rule as a live change (upsertTicket): it may arrive after the
   * socket already brought a later version, or the same version with the customer's notice seen.
   */
  const putInCache = useCallback(
    (updated: KitchenTicket) => {
      queryClient.setQueryData<KitchenData>(kitchenKeys.tickets(), (data) =>
        upsertTicket(data, updated),
      );
    },
    [queryClient],
  );

  const refuse = useCallback(
    (orderId: number, error: unknown) => {
      const message = neverReachedServer(error) ? OFFLINE_REFUSED : (error as Error).message;
      toasts.push({ kind: "error", message, about: `kitchen-${orderId}` });
      // A stale tablet (409) or any refusal: show what the server holds.
      void queryClient.invalidateQueries({ queryKey: kitchenKeys.all });
    },
    [queryClient],
  );

  const run = useCallback(
    async (
      orderId: number,
      send: () => Promise<KitchenTicket>,
      after?: (t: KitchenTicket) => void,
      { guarded = true }: { guarded?: boolean } = {},
    ) => {
      // Undo is not a repeat of the step: only a request still on its way holds it back, not the repeat guard.
      if (sending.current.has(orderId) || (guarded && inFlight.current.has(orderId))) return;
      if (!browserOnline()) {
        toasts.push({ kind: "error", message: OFFLINE_REFUSED, about: `kitchen-${orderId}` });
        return;
      }
      inFlight.current.add(orderId);
      setBusy(new Set(inFlight.current));
      sending.current.add(orderId);
      try {
        const updated = await send();
        putInCache(updated);
        after?.(updated);
      } catch (error) {
        refuse(orderId, error);
      } finally {
        sending.current.delete(orderId);
        lastTap.current.set(orderId, Date.now());
        // The ticket's next button stays disabled a moment: the second tap of a double tap lands on nothing.
        setTimeout(() => {
          inFlight.current.delete(orderId);
          setBusy(new Set(inFlight.current));
        }, REPEAT_GUARD_MS);
      }
    },
    [putInCache, refuse],
  );

  const step = useCallback(
    (ticket: Ticket, to: OrderStatus, reason?: CancelReason) => {
      const now = Date.now();
      if (inFlight.current.has(ticket.orderId)) return;
      if (now - (lastTap.current.get(ticket.orderId) ?? 0) < REPEAT_GUARD_MS) return;
      if (lastAnyTap.current.id !== ticket.orderId && now - lastAnyTap.current.at < BOARD_GUARD_MS)
        return;
      lastTap.current.set(ticket.orderId, now);
      lastAnyTap.current = { id: ticket.orderId, at: now };
      onStepTaken(ticket);
      void run(
        ticket.orderId,
        async () =>
          (
            await moveTicket(ticket.orderId, {
              status: to,
              version: ticket.version,
              move: "step",
              ...(reason ? { reason } : {}),
            })
          ).data,
        (updated) => {
          if (to === "cancelled") {
            setUndo(null);
            return;
          }
          setUndo({
            ticket: updated,
            backTo: updated.undo?.toStatus ?? ticket.status,
            text: stepDoneText(ticket.orderNumber, to, ticket.orderType),
            until: Date.now() + UNDO_WINDOW_MS,
          });
          void queryClient.invalidateQueries({ queryKey: kitchenKeys.recall() });
        },
      );
    },
    [onStepTaken, run, queryClient],
  );

  const undoLast = useCallback(() => {
    const offer = undo;
    setUndo(null);
    if (!offer) return;
    if (Date.now() > offer.until) {
      toasts.push({ kind: "error", message: KITCHEN_MESSAGES.undoExpired });
      return;
    }
    void run(
      offer.ticket.orderId,
      async () => {
        const moved = await moveTicket(offer.ticket.orderId, {
          status: offer.backTo,
          version: offer.ticket.version,
          move: "undo",
        });
        void queryClient.invalidateQueries({ queryKey: kitchenKeys.recall() });
        return moved.data;
      },
      undefined,
      // A cook who undoes straight away (within the repeat guard of the step) is heard.
      { guarded: false },
    );
  }, [undo, run, queryClient]);

  const recall = useCallback(
    (entry: { orderId: number; version: number; previousStatus: OrderStatus }) => {
      void run(entry.orderId, async () => {
        const moved = await moveTicket(entry.orderId, {
          status: entry.previousStatus,
          version: entry.version,
          move: "recall",
        });
        void queryClient.invalidateQueries({ queryKey: kitchenKeys.recall() });
        return moved.data;
      });
    },
    [run, queryClient],
  );

  /** Strike a line (made) or bring it back: shown at once, the server's answer replaces it. */
  const toggleLine = useCallback(
    (ticket: Ticket, lineId: number) => {
      const line = ticket.lines.find((candidate) => candidate.id === lineId);
      if (!line) return;
      if (!browserOnline()) {
        toasts.push({
          kind: "error",
          message: OFFLINE_REFUSED,
          about: `kitchen-${ticket.orderId}`,
        });
        return;
      }
      const made = !line.made;
      putInCache({
        ...ticket,
        lines: ticket.lines.map((candidate) =>
          candidate.id === lineId ? { ...candidate, made } : candidate,
        ),
      });
      setLineMade(ticket.orderId, lineId, made)
        .then((answer) => putInCache(answer.data))
        .catch((error: unknown) => refuse(ticket.orderId, error));
    },
    [putInCache, refuse],
  );

  const dismissUndo = useCallback(() => setUndo(null), []);

  return { busy, step, undo, undoLast, dismissUndo, recall, toggleLine };
}

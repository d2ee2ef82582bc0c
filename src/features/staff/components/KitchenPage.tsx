import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { isNetworkFailure, useOnline } from "@/lib/network";
import {
  fetchTicket,
  type KitchenData,
  kitchenKeys,
  kitchenTicketsQuery,
  upsertTicket,
} from "../api/kitchen-api";
import { useKitchenSteps } from "../hooks/use-kitchen-steps";
import { useRinging } from "../hooks/use-ringing";
import { useSoundState } from "../hooks/use-sound-state";
import { useWakeLock } from "../hooks/use-wake-lock";
import {
  allDayCounts,
  LANES,
  type Lane,
  type Lanes,
  laneTickets,
  nextLaneChange,
  type Ticket,
  thresholdsOf,
} from "../lib/kitchen";
import { AllDayPanel } from "./AllDayPanel";
import { KitchenLane } from "./KitchenLane";
import { KitchenStatusBanners } from "./KitchenStatusBanners";
import { RecallPanel } from "./RecallPanel";
import { TicketSearch } from "./TicketSearch";
import { UndoBar } from "./UndoBar";
import "../staff.css";
import "../kitchen.css";

const VENDOR_KEY = "staffBoardVendor";

/** An outage (the server or its database away): the board keeps what it had and says so until it catches up. */
export const STAFF_BOARD_STALE = "These orders may be out of date: retrying every few seconds.";

/** A ticket changed: its order, and the ticket itself when the server sent it with the change. */
export interface KitchenChange {
  orderId?: number;
  ticket?: Ticket;
}

/** The live feed as the kitchen needs it: 'live' in the rooms, anything else means changes may be missed. */
export type KitchenLink = "live" | "connecting" | "offline";

export interface KitchenPageProps {
  /** Live changes from the staff rooms (composed in src/app); without it the board refreshes every 30 s. */
  subscribeToChanges?: (listener: (change: KitchenChange) => void) => () => void;
  /** The socket's state (composed in src/app): back to 'live' after a drop, the board refetches. */
  subscribeToLink?: (listener: (link: KitchenLink) => void) => () => void;
}

function isOutage(error: Error): boolean {
  return isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500);
}

function storedVendor(): number | null {
  const raw = Number(localStorage.getItem(VENDOR_KEY));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

const EMPTY: Ticket[] = [];
const DEFAULT_THRESHOLDS = thresholdsOf(undefined);

/**
 * The clock lanes are drawn at, on the server's time: moved on only when a Later ticket's start time comes (not
 * every second).
 */
function useLaneClock(tickets: readonly Ticket[], serverOffsetMs: number): number {
  const serverNow = useCallback(() => Date.now() + serverOffsetMs, [serverOffsetMs]);
  const [clock, setClock] = useState(serverNow);
  const next = nextLaneChange(tickets, clock);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setClock(serverNow()), Math.max(0, next - serverNow()) + 50);
    return () => clearTimeout(timer);
  }, [next, serverNow]);
  // The data changed: lanes are drawn at the present.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new ticket list is the reason to read the clock again
  useEffect(() => setClock(serverNow()), [tickets, serverNow]);
  return clock;
}

function sameTickets(a: readonly Ticket[], b: readonly Ticket[]): boolean {
  return a.length === b.length && a.every((ticket, index) => ticket === b[index]);
}

/** A lane whose tickets are the same objects in the same order keeps its array: its memoised lane does not redraw. */
function useStableLanes(next: Lanes): Lanes {
  const kept = useRef(next);
  const previous = kept.current;
  if (previous !== next && LANES.some((lane) => !sameTickets(previous[lane.id], next[lane.id]))) {
    const merged = { ...next };
    for (const lane of LANES)
      if (sameTickets(previous[lane.id], next[lane.id])) merged[lane.id] = previous[lane.id];
    kept.current = merged;
  }
  return kept.current;
}

/**
 * The kitchen screen: the trailer's open tickets in lanes (New, Preparing, Ready, and Later for basket parts that
 * start later), one tap per step with undo, a chime until new orders are acknowledged, the all-day counts and recall.
 */
export function KitchenPage({ subscribeToChanges, subscribeToLink }: KitchenPageProps) {
  const queryClient = useQueryClient();
  const orders = useQuery(kitchenTicketsQuery());
  const [vendorId, setVendorId] = useState<number | null>(storedVendor);
  const [phoneLane, setPhoneLane] = useState<Lane>("new");
  const selectId = useId();
  const online = useOnline();
  const [link, setLink] = useState<KitchenLink>("connecting");
  const sound = useSoundState();
  const wakeLock = useWakeLock();

  const refetch = useCallback(
    () => void queryClient.refetchQueries({ queryKey: kitchenKeys.all, type: "active" }),
    [queryClient],
  );

  useEffect(() => {
    if (!subscribeToChanges) return;
    return subscribeToChanges((change) => {
      // The server sent the ticket with the change: put in place at once (an older version never replaces a newer).
      if (change.ticket) {
        const ticket = change.ticket;
        queryClient.setQueryData<KitchenData>(kitchenKeys.tickets(), (current) =>
          upsertTicket(current, ticket),
        );
        return;
      }
      // One ticket changed: fetch it alone and put it in place; anything else: the whole list.
      if (change.orderId === undefined) {
        void queryClient.invalidateQueries({ queryKey: kitchenKeys.tickets() });
        return;
      }
      fetchTicket(change.orderId)
        .then(({ data }) =>
          queryClient.setQueryData<KitchenData>(kitchenKeys.tickets(), (current) =>
            upsertTicket(current, data),
          ),
        )
        .catch(() => void queryClient.invalidateQueries({ queryKey: kitchenKeys.tickets() }));
    });
  }, [subscribeToChanges, queryClient]);

  useEffect(() => {
    if (!subscribeToLink) return;
    let wasLive = false;
    return subscribeToLink((next) => {
      setLink(next);
      // Back in the rooms after a drop: what changed meanwhile is fetched and replaces what is shown.
      if (next === "live" && !wasLive) refetch();
      wasLive = next === "live";
    });
  }, [subscribeToLink, refetch]);

  useEffect(() => {
    window.addEventListener("online", refetch);
    return () => window.removeEventListener("online", refetch);
  }, [refetch]);

  const all = orders.data?.data ?? EMPTY;
  const serverOffsetMs = orders.data?.serverOffsetMs ?? 0;
  const knownTrailers = orders.data?.trailers ?? [];
  const chosen =
    knownTrailers.length === 1
      ? knownTrailers[0]!.vendorId
      : knownTrailers.some((trailer) => trailer.vendorId === vendorId)
        ? vendorId
        : null;
  const shown = useMemo(
    () => (chosen === null ? all : all.filter((ticket) => ticket.vendorId === chosen)),
    [all, chosen],
  );
  const thresholds = useMemo(
    () => new Map(knownTrailers.map((trailer) => [trailer.vendorId, thresholdsOf(trailer)])),
    [knownTrailers],
  );
  const laneClock = useLaneClock(shown, serverOffsetMs);
  const lanes = useStableLanes(useMemo(() => laneTickets(shown, laneClock), [shown, laneClock]));
  const openCount = shown.length;
  const counts = useMemo(() => allDayCounts(shown), [shown]);
  const { ringing, acknowledge } = useRinging(shown, orders.isSuccess);
  const ringingIds = useMemo(() => new Set(ringing.map((ticket) => ticket.orderId)), [ringing]);

  const onStepTaken = useCallback((ticket: Ticket) => acknowledge([ticket.orderId]), [acknowledge]);
  const steps = useKitchenSteps(onStepTaken);

  const chooseVendor = (value: string) => {
    const next = value ? Number(value) : null;
    if (next) localStorage.setItem(VENDOR_KEY, String(next));
    else localStorage.removeItem(VENDOR_KEY);
    setVendorId(next);
  };

  const revealTicket = useCallback((ticket: Ticket, lane: Lane | null) => {
    if (lane) setPhoneLane(lane);
    requestAnimationFrame(() => {
      const card = document.querySelector<HTMLElement>(
        `.ticket[data-order-id="${ticket.orderId}"]`,
      );
      if (!card) return;
      card.scrollIntoView({ block: "center", behavior: "smooth" });
      card.classList.add("ticket--found");
      card.focus({ preventScroll: true });
      setTimeout(() => card.classList.remove("ticket--found"), 2400);
    });
  }, []);

  const reconnecting = !online || (subscribeToLink !== undefined && link === "offline");

  return (
    <div className="kitchen" data-phone-lane={phoneLane}>
      <header className="kitchen-bar">
        <div className="kitchen-bar__title">
          <h1>Kitchen</h1>
          <p className="kitchen-bar__count" aria-live="polite">
            {orders.isPending ? "Loading…" : `${openCount} open`}
          </p>
        </div>
        {knownTrailers.length > 1 && (
          <div className="kitchen-bar__trailer">
            <label htmlFor={selectId}>Trailer</label>
            <select
              id={selectId}
              value={chosen ?? ""}
              onChange={(event) => chooseVendor(event.target.value)}
            >
              <option value="">All trailers</option>
              {knownTrailers.map((trailer) => (
                <option key={trailer.vendorId} value={trailer.vendorId}>
                  {trailer.vendorName}
                </option>
              ))}
            </select>
          </div>
        )}
        {knownTrailers.length === 1 && (
          <p className="kitchen-bar__one-trailer">{knownTrailers[0]!.vendorName}</p>
        )}
        <TicketSearch tickets={shown} now={laneClock} onReveal={revealTicket} />
        <RecallPanel vendorId={chosen} busy={steps.busy} onRecall={steps.recall} />
      </header>

      <KitchenStatusBanners
        reconnecting={reconnecting}
        sound={sound}
        wakeLock={wakeLock}
        ringing={ringing}
        onAcknowledgeAll={() => acknowledge(ringing.map((ticket) => ticket.orderId))}
      />
      {orders.isError && !orders.data && (
        <div className="error-box" role="alert">
          {orders.error.message}
        </div>
      )}
      {orders.isError && orders.data && (
        <div className="error-box" role="status">
          {STAFF_BOARD_STALE}
          {!isOutage(orders.error) && ` ${orders.error.message}`}
        </div>
      )}

      <nav className="kitchen-lane-tabs" aria-label="Lanes">
        {LANES.map((lane) => (
          <button
            key={lane.id}
            type="button"
            className="kitchen-lane-tabs__tab"
            aria-pressed={phoneLane === lane.id}
            onClick={() => setPhoneLane(lane.id)}
          >
            {lane.title} <span className="kitchen-lane__count">{lanes[lane.id].length}</span>
          </button>
        ))}
      </nav>

      <div className="kitchen-body">
        {LANES.map((lane) => (
          <KitchenLane
            key={lane.id}
            lane={lane}
            tickets={lanes[lane.id]}
            loading={orders.isPending}
            thresholds={thresholds}
            defaultThresholds={DEFAULT_THRESHOLDS}
            serverOffsetMs={serverOffsetMs}
            busy={steps.busy}
            ringing={ringingIds}
            showVendor={chosen === null && knownTrailers.length > 1}
            onStep={steps.step}
            onToggleLine={steps.toggleLine}
          />
        ))}
        {/* Scrolls on its own on a tablet: focusable, so a keyboard can scroll it too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
        <aside className="kitchen-side" aria-label="All-day counts" tabIndex={0}>
          <AllDayPanel counts={counts} />
        </aside>
      </div>

      <UndoBar offer={steps.undo} onUndo={steps.undoLast} onDismiss={steps.dismissUndo} />
    </div>
  );
}

export default KitchenPage;

import type { BoardChanged, BoardNumber } from "@contract/kitchen";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { boardKeys, fetchBoard } from "../api/board-api";
import { useSoundState } from "../hooks/use-sound-state";
import { playChime } from "../lib/chime";
import "../board.css";

/** How long a number that just turned ready stands out. */
const JUST_READY_MS = 30_000;
/** Underneath the live feed: a missed event is caught within this long even if the socket says nothing. */
const BOARD_REFRESH_MS = 15_000;

export interface BoardFeed {
  onChange(change: BoardChanged): void;
  onJoined(): void;
  onLink(state: "live" | "offline"): void;
}

export interface PickupBoardPageProps {
  /** A board-only account's code; null when a signed-in staff member shows the board. */
  accessCode: string | null;
  /** Opens the board's live feed for one trailer or the park (composed in src/app); returns its closer. */
  openFeed(vendorId: number | null, feed: BoardFeed): () => void;
  /** A refused code (revoked): the page forgets it and asks again. */
  onRefused?(message: string): void;
}

const numbersOf = (list: readonly BoardNumber[]) => list.map((entry) => entry.orderNumber);

/**
 * The pickup board for a TV at the hatch: order numbers only, under "Preparing" and "Ready for collection", for one
 * trailer or the whole park. Updated by the live feed, fetched again on every (re)join, and a chime when a number
 * turns ready.
 */
export function PickupBoardPage({ accessCode, openFeed, onRefused }: PickupBoardPageProps) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const vendorId = Number(params.get("trailer")) || null;
  const [link, setLink] = useState<"live" | "offline" | "connecting">("connecting");
  const sound = useSoundState();
  const selectId = useId();
  const board = useQuery({
    queryKey: boardKeys.board(vendorId, accessCode ? "code" : "staff"),
    queryFn: ({ signal }) => fetchBoard(vendorId, accessCode, signal),
    refetchInterval: BOARD_REFRESH_MS,
    retry: false,
  });

  const who = accessCode ? "code" : "staff";
  useEffect(() => {
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: boardKeys.board(vendorId, who) });
    const close = openFeed(vendorId, {
      onChange: refetch,
      onJoined: refetch,
      onLink: setLink,
    });
    window.addEventListener("online", refetch);
    return () => {
      close();
      window.removeEventListener("online", refetch);
    };
  }, [openFeed, vendorId, who, queryClient]);

  useEffect(() => {
    if (board.error && "status" in board.error && board.error.status === 401)
      onRefused?.(board.error.message);
  }, [board.error, onRefused]);

  // A number that turns ready chimes and stands out for a while; the first load is silent.
  const seenReady = useRef<Set<number> | null>(null);
  const [justReady, setJustReady] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    if (!board.data) return;
    const ready = numbersOf(board.data.ready);
    const before = seenReady.current;
    seenReady.current = new Set(ready);
    if (!before) return;
    const fresh = ready.filter((number) => !before.has(number));
    if (fresh.length === 0) return;
    void playChime();
    setJustReady((current) => {
      const next = new Map(current);
      for (const number of fresh) next.set(number, Date.now());
      return next;
    });
  }, [board.data]);
  useEffect(() => {
    if (justReady.size === 0) return;
    const timer = setTimeout(() => {
      const now = Date.now();
      setJustReady((current) => new Map([...current].filter(([, at]) => now - at < JUST_READY_MS)));
    }, 1_000);
    return () => clearTimeout(timer);
  }, [justReady]);

  // Every trailer seen in the park's answer stays choosable while one trailer is shown.
  const [trailers, setTrailers] = useState<{ vendorId: number; vendorName: string }[]>([]);
  useEffect(() => {
    const shown = board.data?.trailers ?? [];
    setTrailers((current) => (shown.length > current.length ? shown : current));
  }, [board.data]);
  const title = useMemo(() => {
    if (!vendorId) return "Order pickup";
    return trailers.find((trailer) => trailer.vendorId === vendorId)?.vendorName ?? "Order pickup";
  }, [vendorId, trailers]);

  const preparing = numbersOf(board.data?.preparing ?? []);
  const ready = numbersOf(board.data?.ready ?? []);
  const offline = link === "offline" || board.isError;

  return (
    <div className="pickup-board">
      <header className="pickup-board__bar">
        <h1>{title}</h1>
        {trailers.length > 1 && (
          <div className="pickup-board__pick">
            <label htmlFor={selectId}>Show</label>
            <select
              id={selectId}
              value={vendorId ?? ""}
              onChange={(event) =>
                setParams(event.target.value ? { trailer: event.target.value } : {})
              }
            >
              <option value="">Whole park</option>
              {trailers.map((trailer) => (
                <option key={trailer.vendorId} value={trailer.vendorId}>
                  {trailer.vendorName}
                </option>
              ))}
            </select>
          </div>
        )}
      </header>
      {offline && (
        <p className="pickup-board__banner" role="status">
          Offline — reconnecting. Numbers may be out of date.
        </p>
      )}
      {sound === "blocked" && (
        <p className="pickup-board__banner pickup-board__banner--sound" role="status">
          Sound is blocked: tap the screen once to turn the ready chime on.
        </p>
      )}
      <div className="pickup-board__columns">
        <section className="pickup-board__column" aria-labelledby="board-preparing">
          <h2 id="board-preparing">Preparing</h2>
          <ul className="pickup-board__numbers" aria-label="Orders being prepared">
            {preparing.map((number) => (
              <li key={number}>#{number}</li>
            ))}
          </ul>
        </section>
        <section
          className="pickup-board__column pickup-board__column--ready"
          aria-labelledby="board-ready"
        >
          <h2 id="board-ready">Ready for collection</h2>
          <ul className="pickup-board__numbers" aria-label="Orders ready for collection">
            {ready.map((number) => (
              <li key={number} className={justReady.has(number) ? "is-new" : undefined}>
                #{number}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export default PickupBoardPage;

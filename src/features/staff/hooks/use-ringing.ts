import { useCallback, useEffect, useMemo, useState } from "react";
import { playChime } from "../lib/chime";
import { ringingTickets, type Ticket } from "../lib/kitchen";

const ACK_KEY = "kitchenAcknowledged";
export const RING_EVERY_MS = 5_000;

function storedAcks(): Set<number> {
  try {
    const raw = JSON.parse(localStorage.getItem(ACK_KEY) ?? "[]") as unknown;
    return new Set(Array.isArray(raw) ? raw.filter((id) => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/**
 * New tickets ring (the chime every 5 s) until someone taps Acknowledge or takes the ticket's first step. What this
 * tablet acknowledged is kept across reloads (a reload mid-rush does not ring again for what was seen).
 */
export function useRinging(tickets: readonly Ticket[], loaded: boolean) {
  const [acknowledged, setAcknowledged] = useState(storedAcks);
  const ringing = useMemo(
    () => (loaded ? ringingTickets(tickets, acknowledged) : []),
    [tickets, acknowledged, loaded],
  );
  const ringKey = ringing.map((ticket) => ticket.orderId).join(",");

  useEffect(() => {
    if (!ringKey) return;
    void playChime();
    const timer = setInterval(() => void playChime(), RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringKey]);

  const acknowledge = useCallback((ids: readonly number[]) => {
    setAcknowledged((current) => {
      const next = new Set(current);
      for (const id of ids) next.add(id);
      return next;
    });
  }, []);

  // Remember only today's tickets: the list cannot grow without end.
  useEffect(() => {
    if (!loaded) return;
    const known = new Set(tickets.map((ticket) => ticket.orderId));
    const kept = [...acknowledged].filter((id) => known.has(id));
    try {
      localStorage.setItem(ACK_KEY, JSON.stringify(kept));
    } catch {
      // Private mode: acknowledgements last for this page only.
    }
  }, [acknowledged, tickets, loaded]);

  return { ringing, acknowledge };
}

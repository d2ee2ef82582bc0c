// @vitest-environment jsdom
import type { KitchenTicket as Ticket } from "@contract/kitchen";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type KitchenData, kitchenKeys } from "@/features/staff/api/kitchen-api";
import { type KitchenChange, KitchenPage } from "@/features/staff/components/KitchenPage";

// Every ticket render is counted: a new order must draw its own ticket, not the whole board again.
const renders = vi.hoisted(() => new Map<number, number>());
vi.mock("@/features/staff/components/KitchenTicket", async () => {
  const { memo } = await import("react");
  return {
    KitchenTicket: memo(function CountedTicket({ ticket }: { ticket: Ticket }) {
      renders.set(ticket.orderId, (renders.get(ticket.orderId) ?? 0) + 1);
      return (
        <article className="ticket" data-order-id={ticket.orderId} data-status={ticket.status}>
          #{ticket.orderNumber} {ticket.firstName}
        </article>
      );
    }),
  };
});

const NOW = Date.now();
const iso = (offsetMinutes: number) => new Date(NOW + offsetMinutes * 60_000).toISOString();

function ticket(orderId: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    orderId,
    orderNumber: orderId,
    version: 1,
    vendorId: 1,
    vendorName: "Forno",
    firstName: `Guest${orderId}`,
    orderType: "takeaway",
    vehicle: null,
    deliveryInstructions: null,
    lines: [],
    allergyNote: null,
    status: "confirmed",
    paymentMethod: "stripe",
    toPayPence: null,
    promisedAt: iso(10 + orderId / 1000),
    createdAt: iso(-5),
    startAt: null,
    ageFrom: iso(-5),
    updatedAt: iso(-5),
    siblings: [],
    notice: null,
    undo: null,
    ...overrides,
  };
}

let emit: (change: KitchenChange) => void = () => undefined;
const subscribeToChanges = (listener: (change: KitchenChange) => void) => {
  emit = listener;
  return () => undefined;
};
const fetchSpy = vi.fn();

function openKitchen(tickets: Ticket[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const data: KitchenData = {
    data: tickets,
    trailers: [
      {
        vendorId: 1,
        vendorName: "Forno",
        preparationTime: { min: 8, max: 12 },
        lateAfterMinutes: null,
        veryLateAfterMinutes: null,
      },
    ] as unknown as KitchenData["trailers"],
    allTrailers: false,
    serverTime: new Date(NOW).toISOString(),
    serverOffsetMs: 0,
  } as KitchenData;
  client.setQueryData(kitchenKeys.tickets(), data);
  render(
    <QueryClientProvider client={client}>
      <KitchenPage subscribeToChanges={subscribeToChanges} />
    </QueryClientProvider>,
  );
  return client;
}

beforeEach(() => {
  renders.clear();
  fetchSpy.mockReset();
  fetchSpy.mockRejectedValue(new Error("no request expected"));
  vi.stubGlobal("fetch", fetchSpy);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A live change, and the cache's notice to the screen (TanStack Query tells observers on the next task). */
const change = (next: KitchenChange) =>
  act(async () => {
    emit(next);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const lane = (id: string) => document.querySelector(`[data-lane="${id}"]`) as HTMLElement;

describe("the kitchen on a live change that carries its ticket", () => {
  const board = () => [
    ...Array.from({ length: 100 }, (_, n) => ticket(n + 1)),
    ...Array.from({ length: 60 }, (_, n) => ticket(101 + n, { status: "preparing" })),
    ...Array.from({ length: 40 }, (_, n) => ticket(161 + n, { status: "ready" })),
  ];

  it("shows a new order at once, without a request, drawing only the new ticket", async () => {
    openKitchen(board());
    expect(document.querySelectorAll("article.ticket")).toHaveLength(200);
    renders.clear();

    await change({ orderId: 500, ticket: ticket(500, { firstName: "Newcomer" }) });

    expect(within(lane("new")).getByText(/#500 Newcomer/)).toBeTruthy();
    expect(document.querySelectorAll("article.ticket")).toHaveLength(201);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect([...renders.keys()]).toEqual([500]);
  });

  it("moves a ticket to its new lane redrawing that ticket only, and never takes an older version", async () => {
    openKitchen(board());
    renders.clear();

    await change({ orderId: 7, ticket: ticket(7, { status: "preparing", version: 3 }) });
    expect(within(lane("preparing")).getByText(/#7 Guest7/)).toBeTruthy();
    expect([...renders.keys()]).toEqual([7]);

    // A message that left the server earlier arrives late: the screen keeps the newer ticket.
    await change({ orderId: 7, ticket: ticket(7, { status: "confirmed", version: 2 }) });
    expect(within(lane("preparing")).getByText(/#7 Guest7/)).toBeTruthy();
    expect(within(lane("new")).queryByText(/#7 Guest7/)).toBeNull();

    // Finished: gone from the screen.
    await change({ orderId: 7, ticket: ticket(7, { status: "completed", version: 4 }) });
    expect(screen.queryByText(/#7 Guest7/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

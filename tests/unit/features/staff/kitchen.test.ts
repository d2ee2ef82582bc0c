import type { KitchenTicket } from "@contract/kitchen";
import { describe, expect, it } from "vitest";
import { upsertTicket } from "@/features/staff/api/kitchen-api";
import {
  ageTone,
  allDayCounts,
  allDayText,
  findByNumber,
  formatAge,
  laneTickets,
  nextLaneChange,
  ringingTickets,
  startsNow,
  stepOf,
  thresholdsOf,
} from "@/features/staff/lib/kitchen";

const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;
const MIN = 60_000;

function ticket(overrides: Partial<KitchenTicket> & { orderId: number }): KitchenTicket {
  return {
    orderNumber: overrides.orderId,
    version: 1,
    vendorId: 1,
    vendorName: "Forno",
    firstName: "Ada",
    orderType: "takeaway",
    vehicle: null,
    deliveryInstructions: null,
    lines: [],
    allergyNote: null,
    status: "confirmed",
    paymentMethod: "stripe",
    toPayPence: null,
    promisedAt: at("12:15"),
    createdAt: at("12:00"),
    startAt: null,
    ageFrom: at("12:00"),
    updatedAt: at("12:00"),
    siblings: [],
    notice: null,
    undo: null,
    ...overrides,
  };
}

const line = (id: number, name: string, quantity: number, addons: string[] = [], made = false) => ({
  id,
  name,
  quantity,
  made,
  note: null,
  addons: addons.map((addon) => ({ name: addon, groupName: "Extras", quantity: 1 })),
});

describe("ticket age colour", () => {
  const trailer = {
    vendorId: 1,
    vendorName: "Forno",
    preparationTime: { min: 8, max: 12 },
    lateAfterMinutes: 12,
    veryLateAfterMinutes: 18,
    customThresholds: false,
  };

  it("is on time below the trailer's maximum, late at it, very late at 1.5 × it", () => {
    const thresholds = thresholdsOf(trailer);
    expect(ageTone(12 * MIN - 1000, thresholds)).toBe("on_time");
    expect(ageTone(12 * MIN, thresholds)).toBe("late");
    expect(ageTone(18 * MIN - 1000, thresholds)).toBe("late");
    expect(ageTone(18 * MIN, thresholds)).toBe("very_late");
  });

  it("uses the spec's 15 minutes (very late at 23) when the trailer is unknown", () => {
    const thresholds = thresholdsOf(undefined);
    expect(ageTone(14 * MIN, thresholds)).toBe("on_time");
    expect(ageTone(15 * MIN, thresholds)).toBe("late");
    expect(ageTone(23 * MIN, thresholds)).toBe("very_late");
  });

  it("reads mm:ss, never negative, with hours past the hour", () => {
    expect(formatAge(0)).toBe("00:00");
    expect(formatAge(-5000)).toBe("00:00");
    expect(formatAge(4 * MIN + 7000)).toBe("04:07");
    expect(formatAge(64 * MIN + 7000)).toBe("1:04:07");
  });
});

describe("lanes", () => {
  const now = Date.parse(at("12:05"));
  const tickets = [
    ticket({ orderId: 1, status: "pending_payment", promisedAt: at("12:20") }),
    ticket({ orderId: 2, status: "confirmed", promisedAt: at("12:10") }),
    ticket({ orderId: 3, status: "confirmed", startAt: at("12:41"), promisedAt: at("12:50") }),
    ticket({ orderId: 4, status: "confirmed", startAt: at("12:30"), promisedAt: at("12:55") }),
    ticket({ orderId: 5, status: "preparing" }),
    ticket({ orderId: 6, status: "ready" }),
    ticket({ orderId: 7, status: "completed" }),
    ticket({ orderId: 8, status: "cancelled" }),
    ticket({ orderId: 9, status: "confirmed", startAt: at("12:00"), promisedAt: at("12:30") }),
  ];

  it("puts cash waiting and confirmed in New by promised time, future starts in Later by start time", () => {
    const lanes = laneTickets(tickets, now);
    expect(lanes.new.map((t) => t.orderId)).toEqual([2, 1, 9]);
    // 9 was held back to be ready with its basket's other parts and its start time has come: it says Start now.
    expect(lanes.new.filter((t) => startsNow(t, now)).map((t) => t.orderId)).toEqual([9]);
    expect(lanes.later.map((t) => t.orderId)).toEqual([4, 3]);
    expect(lanes.preparing.map((t) => t.orderId)).toEqual([5]);
    expect(lanes.ready.map((t) => t.orderId)).toEqual([6]);
  });

  it("moves a Later ticket to New once its start time comes", () => {
    expect(nextLaneChange(tickets, now)).toBe(Date.parse(at("12:30")));
    const later = laneTickets(tickets, Date.parse(at("12:31")));
    expect(later.new.map((t) => t.orderId)).toContain(4);
    expect(later.later.map((t) => t.orderId)).toEqual([3]);
  });
});

describe("steps", () => {
  it("labels each stage's one tap; car delivery reads Out to car then Delivered", () => {
    expect(stepOf({ status: "pending_payment", orderType: "takeaway" })).toEqual({
      to: "confirmed",
      label: "Cash taken",
    });
    expect(stepOf({ status: "confirmed", orderType: "takeaway" })?.label).toBe("Start");
    expect(stepOf({ status: "preparing", orderType: "takeaway" })).toEqual({
      to: "ready",
      label: "Ready",
    });
    expect(stepOf({ status: "ready", orderType: "takeaway" })).toEqual({
      to: "completed",
      label: "Collected",
    });
    expect(stepOf({ status: "preparing", orderType: "delivery" })).toEqual({
      to: "ready",
      label: "Out to car",
    });
    expect(stepOf({ status: "ready", orderType: "delivery" })).toEqual({
      to: "delivered",
      label: "Delivered",
    });
    expect(stepOf({ status: "completed", orderType: "takeaway" })).toBeNull();
  });
});

describe("all-day counts", () => {
  it("sums what is still to make, with the add-ons that change each dish, leaving out made lines and ready tickets", () => {
    const counts = allDayCounts([
      ticket({
        orderId: 1,
        lines: [line(1, "Margherita", 2, ["Nduja"]), line(2, "Flat White", 1)],
      }),
      ticket({
        orderId: 2,
        status: "preparing",
        lines: [line(3, "Margherita", 2), line(4, "Flat White", 1), line(5, "Cola", 1, [], true)],
      }),
      ticket({
        orderId: 3,
        status: "pending_payment",
        lines: [line(6, "Margherita", 0 + 1, ["Nduja"])],
      }),
      ticket({ orderId: 4, status: "ready", lines: [line(7, "Margherita", 5)] }),
      ticket({ orderId: 5, status: "completed", lines: [line(8, "Flat White", 9)] }),
    ]);
    expect(counts.map(allDayText)).toEqual(["5 × Margherita (Nduja ×3)", "2 × Flat White"]);
  });
});

describe("search and ringing", () => {
  const tickets = [ticket({ orderId: 12 }), ticket({ orderId: 112 }), ticket({ orderId: 7 })];

  it("finds by number, the exact match first", () => {
    expect(findByNumber(tickets, "12").map((t) => t.orderId)).toEqual([12, 112]);
    expect(findByNumber(tickets, "#7").map((t) => t.orderId)).toEqual([7]);
    expect(findByNumber(tickets, "")).toEqual([]);
  });

  it("rings for new and cash-waiting tickets not yet acknowledged", () => {
    const ringing = ringingTickets(
      [
        ticket({ orderId: 1, status: "pending_payment" }),
        ticket({ orderId: 2 }),
        ticket({ orderId: 3, status: "preparing" }),
        ticket({ orderId: 4 }),
      ],
      new Set([4]),
    );
    expect(ringing.map((t) => t.orderId)).toEqual([1, 2]);
  });
});

describe("a live change to one ticket", () => {
  const data = (tickets: KitchenTicket[]) => ({
    data: tickets,
    trailers: [],
    serverTime: at("12:00"),
    allTrailers: true,
    serverOffsetMs: 0,
  });

  it("adds a new ticket, replaces a newer version, keeps a newer one shown, drops one that left", () => {
    const shown = data([ticket({ orderId: 1, version: 3 }), ticket({ orderId: 2, version: 1 })]);
    expect(upsertTicket(shown, ticket({ orderId: 3 }))!.data.map((t) => t.orderId)).toEqual([
      1, 2, 3,
    ]);
    expect(
      upsertTicket(shown, ticket({ orderId: 2, version: 2, status: "preparing" }))!.data[1]!.status,
    ).toBe("preparing");
    expect(upsertTicket(shown, ticket({ orderId: 1, version: 2, status: "confirmed" }))).toBe(
      shown,
    );
    expect(
      upsertTicket(shown, ticket({ orderId: 1, version: 4, status: "completed" }))!.data.map(
        (t) => t.orderId,
      ),
    ).toEqual([2]);
    expect(upsertTicket(shown, ticket({ orderId: 9, version: 1, status: "cancelled" }))).toBe(
      shown,
    );
  });

  it("keeps a notice the customer saw when an earlier read of the same version arrives after it", () => {
    const notified = {
      status: "ready" as const,
      state: "notified" as const,
      via: "toast" as const,
      at: at("12:10"),
    };
    const notSeen = { status: "ready" as const, state: "not_seen" as const, via: null, at: null };
    const shown = data([ticket({ orderId: 1, version: 3, status: "ready", notice: notified })]);
    // The answer to this tablet's own Ready, read before the phone said it showed the toast.
    const late = ticket({
      orderId: 1,
      version: 3,
      status: "ready",
      notice: notSeen,
      firstName: "Al",
    });
    const kept = upsertTicket(shown, late)!.data[0]!;
    expect(kept.notice).toEqual(notified);
    expect(kept.firstName).toBe("Al");
    // A later version (undone and ready again) is a new Ready: its own notice counts.
    expect(
      upsertTicket(shown, ticket({ orderId: 1, version: 5, status: "ready", notice: notSeen }))!
        .data[0]!.notice,
    ).toEqual(notSeen);
  });
});

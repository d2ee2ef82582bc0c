import {
  type BasketPart,
  basketSchedule,
  keepCookFree,
  kitchenOrder,
  type OpenTicket,
  queueWaitMinutes,
  slotShiftMinutes,
  startsSoon,
} from "@contract/basket-timing";
import { describe, expect, it } from "vitest";

const NOW = new Date("2026-06-01T12:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const COFFEE = { min: 3, max: 6 };
const PIZZA = { min: 10, max: 15 };
const CHICKEN = { min: 12, max: 16 };

/** `count` tickets a cook started `minutesAgo`, or waiting from `startIn`, each promised `promisedIn`. */
const preparing = (count: number, minutesAgo = 0): OpenTicket[] =>
  Array.from({ length: count }, () => ({
    status: "preparing",
    startedAt: at(-minutesAgo),
    promisedAt: at(5),
  }));
const confirmed = (count: number, startIn = 0, promisedIn = 5): OpenTicket[] =>
  Array.from({ length: count }, () => ({
    status: "confirmed",
    startAt: startIn > 0 ? at(startIn) : null,
    promisedAt: at(promisedIn),
  }));

describe("a trailer's queue (queueWaitMinutes)", () => {
  it("is nothing for an empty kitchen or one with a cook free", () => {
    expect(queueWaitMinutes(undefined, COFFEE, NOW)).toBe(0);
    expect(queueWaitMinutes({ openTickets: [] }, COFFEE, NOW)).toBe(0);
    expect(queueWaitMinutes({ openTickets: preparing(3) }, COFFEE, NOW)).toBe(0);
  });

  it("waits for the first cook to finish, counting what they have already done", () => {
    // Four cooks each on a coffee (about 4.5 min): the next one waits until one is done.
    expect(queueWaitMinutes({ openTickets: preparing(4) }, COFFEE, NOW)).toBe(4.5);
    expect(queueWaitMinutes({ openTickets: preparing(4, 3) }, COFFEE, NOW)).toBe(1.5);
    // Overrun tickets are taken as finishing now, not as freeing a cook in the past.
    expect(queueWaitMinutes({ openTickets: preparing(4, 20) }, COFFEE, NOW)).toBe(0);
    // Fewer cooks, longer wait.
    expect(queueWaitMinutes({ openTickets: preparing(2), ordersAtOnce: 2 }, COFFEE, NOW)).toBe(4.5);
  });

  it("goes behind the confirmed tickets promised before it, in the kitchen screen's order", () => {
    // Eight confirmed on four cooks: two rounds of 4.5 minutes.
    expect(queueWaitMinutes({ openTickets: confirmed(8) }, COFFEE, NOW)).toBe(9);
    // Released later, it waits only what is left then.
    expect(queueWaitMinutes({ openTickets: confirmed(8) }, COFFEE, NOW, 6)).toBe(3);
    // Tickets promised after it do not hold it up.
    expect(queueWaitMinutes({ openTickets: confirmed(8, 0, 60) }, COFFEE, NOW, 0, 20)).toBe(0);
  });

  it("uses the cooks' time before a waiting ticket's start time comes", () => {
    // Four basket parts waiting to start at +10: a ticket released now is made before them.
    expect(queueWaitMinutes({ openTickets: confirmed(4, 10) }, COFFEE, NOW)).toBe(0);
    // Released at +10, behind them (they were promised first).
    expect(queueWaitMinutes({ openTickets: confirmed(4, 10, 15) }, COFFEE, NOW, 10, 20)).toBe(4.5);
  });
});

describe("one basket, one moment (basketSchedule)", () => {
  const part = (vendorId: number, range: typeof COFFEE, extra: Partial<BasketPart> = {}) => ({
    vendorId,
    preparationTime: range,
    ...extra,
  });

  it("with empty kitchens, quicker parts start so they come out about when the slowest does", () => {
    const [coffee, chicken] = basketSchedule([part(1, COFFEE), part(2, CHICKEN)], NOW);
    expect(chicken).toMatchObject({ delayMinutes: 0, queueMinutes: 0 });
    // Chicken about 14 min (12–16), coffee about 4.5: the coffee starts at +10 (9.5 rounded).
    expect(coffee).toMatchObject({ delayMinutes: 10, queueMinutes: 0 });
    expect(coffee!.startAt).toEqual(at(10));
    expect(coffee!.readyAt).toEqual(at(16));
    expect(chicken!.readyAt).toEqual(at(16));
    expect(chicken!.readyFrom).toEqual(at(13));
  });

  it("starts a quicker part earlier when its kitchen will be busy at the time it would start", () => {
    // Bean Machine: four coffees on, and four basket parts of other customers due to start at +6 (promised
    // first). Released at +8 the coffee would wait for those until +10.5 and come out at +15; released at +5 a
    // cook is free and it is out about +9.5, the latest that makes the pizza's +12.5.
    const load = { openTickets: [...preparing(4), ...confirmed(4, 6, 12)] };
    const [coffee, pizza] = basketSchedule([part(1, COFFEE, { load }), part(2, PIZZA)], NOW);
    expect(pizza).toMatchObject({ delayMinutes: 0, readyInMinutes: 15 });
    expect(coffee).toMatchObject({ delayMinutes: 5, queueMinutes: 0, readyInMinutes: 15 });
    // Without that load it would start at +8.
    const [empty] = basketSchedule([part(1, COFFEE), part(2, PIZZA)], NOW);
    expect(empty!.delayMinutes).toBe(8);
  });

  it("lets a swamped quick trailer set the moment, and promises what its queue makes true", () => {
    // Twelve coffees queued: cooks busy until +13.5, a new coffee is likely out at +18; it goes to its kitchen at
    // once. The pizza waits 6 (5.5 rounded) to match; the promise is the latest part's release + queue + its
    // longest time (coffee 14 + 6 = 20, pizza 6 + 15 = 21); the window opens at 14 + 3 = 17.
    const load = { openTickets: confirmed(12) };
    const [coffee, pizza] = basketSchedule([part(1, COFFEE, { load }), part(2, PIZZA)], NOW);
    expect(coffee).toMatchObject({ delayMinutes: 0, queueMinutes: 14 });
    expect(pizza).toMatchObject({ delayMinutes: 6, queueMinutes: 0 });
    expect(pizza).toMatchObject({ readyFromMinutes: 17, readyInMinutes: 21 });
    expect(coffee!.readyAt).toEqual(at(21));
  });

  it("keeps the queue in the promise when a part cannot start later to absorb it", () => {
    // Eight coffees queued and a busy pizza oven (four pizzas just in): the pizza waits ~12.5 min for a cook
    // and is likely out at +25; the coffee's queue clears long before, so it starts at +21 (20.5 rounded).
    const pizzas = { openTickets: preparing(4) };
    const coffees = { openTickets: confirmed(8) };
    const [coffee, pizza] = basketSchedule(
      [part(1, COFFEE, { load: coffees }), part(2, PIZZA, { load: pizzas })],
      NOW,
    );
    expect(pizza).toMatchObject({ delayMinutes: 0, queueMinutes: 13 });
    expect(coffee).toMatchObject({ delayMinutes: 21, queueMinutes: 0 });
    // The pizza: 13 waiting + 15 at most = +28, promised to both.
    expect(pizza!.readyInMinutes).toBe(28);
    expect(coffee!.readyAt).toEqual(pizza!.readyAt);
  });

  it("reads no queue for a one-trailer order: the spec's window as before", () => {
    const [alone] = basketSchedule(
      [part(1, COFFEE, { load: { openTickets: confirmed(12) } })],
      NOW,
    );
    expect(alone).toMatchObject({
      delayMinutes: 0,
      queueMinutes: 0,
      readyFromMinutes: 3,
      readyInMinutes: 6,
    });
  });

  it("moves a part whose slot is full by the shift, and the basket with it", () => {
    const [shifted, quick] = basketSchedule(
      [part(1, PIZZA, { slotShiftMinutes: 15 }), part(2, COFFEE)],
      NOW,
    );
    expect(shifted).toMatchObject({ delayMinutes: 15, readyFromMinutes: 26, readyInMinutes: 30 });
    expect(quick!.delayMinutes).toBe(23);
  });
});

describe("slot caps (slotShiftMinutes)", () => {
  it("moves an order to the first 15-minute slot still under the cap", () => {
    const full = new Set([Math.floor((NOW.getTime() + 15 * 60_000) / (15 * 60_000))]);
    const counts = (slot: number) => (full.has(slot) ? 3 : 0);
    expect(slotShiftMinutes(counts, 3, 15, NOW.getTime())).toEqual({ minutes: 15, full: true });
    expect(slotShiftMinutes(counts, 4, 15, NOW.getTime())).toEqual({ minutes: 0, full: false });
  });
});

describe("the kitchen's order of work (kitchenOrder, keepCookFree)", () => {
  const ms = (minutes: number) => at(minutes).getTime();

  it("makes a held-back basket part first, soonest start first, then the rest by promised time", () => {
    const ordinary = { startAt: null, promisedAt: ms(5) };
    const heldBack = { startAt: ms(-1), promisedAt: ms(20) };
    const heldBackEarlier = { startAt: ms(-3), promisedAt: ms(25) };
    const sorted = [ordinary, heldBack, heldBackEarlier].sort(kitchenOrder);
    expect(sorted).toEqual([heldBackEarlier, heldBack, ordinary]);
    expect(kitchenOrder({ startAt: null, promisedAt: ms(5) }, ordinary)).toBe(0);
    expect(kitchenOrder({ startAt: null, promisedAt: ms(4) }, ordinary)).toBeLessThan(0);
  });

  it("keeps a cook free when a held-back part starts before an ordinary ticket would be done", () => {
    // A pizza takes about 12.5 minutes: a part starting in 10 finds no cook unless one of the others is free by then.
    expect(keepCookFree(ms(0), PIZZA, [ms(10)], [ms(14), ms(13), ms(20)])).toBe(true);
    expect(keepCookFree(ms(0), PIZZA, [ms(10)], [ms(14), ms(9), ms(20)])).toBe(false);
    // Two parts due, one other cook free by the first: still keep this one.
    expect(keepCookFree(ms(0), PIZZA, [ms(10), ms(11)], [ms(14), ms(9), ms(20)])).toBe(true);
    // Starting after the ordinary ticket would be done, or already started: nothing to keep free for.
    expect(keepCookFree(ms(0), PIZZA, [ms(13)], [ms(30), ms(30), ms(30)])).toBe(false);
    expect(keepCookFree(ms(0), PIZZA, [], [ms(30)])).toBe(false);
  });

  it("says a part starts soon from the middle of its trailer's range", () => {
    expect(startsSoon(ms(4), ms(0), COFFEE)).toBe(true);
    expect(startsSoon(ms(5), ms(0), COFFEE)).toBe(false);
    expect(startsSoon(ms(-1), ms(0), COFFEE)).toBe(false);
  });

  it("estimates a held-back part's queue with it first once it is released", () => {
    // Four cooks busy for 4.5 minutes, eight ordinary tickets promised before it: released at +6 it takes the first
    // free cook (at 9) instead of waiting behind the second round.
    expect(
      queueWaitMinutes({ openTickets: [...preparing(4), ...confirmed(8)] }, COFFEE, NOW, 6, 60),
    ).toBe(3);
    expect(
      queueWaitMinutes({ openTickets: [...preparing(4), ...confirmed(8)] }, COFFEE, NOW, 0, 60),
    ).toBe(13.5);
  });
});

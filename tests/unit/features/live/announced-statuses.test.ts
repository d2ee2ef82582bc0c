// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { ANNOUNCED_KEY, createAnnouncedStatuses } from "@/features/live/lib/announced-statuses";

describe("announced statuses (one toast per status)", () => {
  it("announces a status once per order, never one at or behind the last announced", () => {
    sessionStorage.clear();
    const announced = createAnnouncedStatuses();
    expect(announced.claim(25, "preparing")).toBe(true);
    expect(announced.claim(25, "preparing")).toBe(false);
    expect(announced.claim(25, "confirmed")).toBe(false);
    expect(announced.claim(26, "preparing")).toBe(true);
    expect(announced.claim(25, "ready")).toBe(true);
  });

  it("remembers across a reload of the tab, and forgets on sign-out", () => {
    sessionStorage.clear();
    createAnnouncedStatuses().claim(25, "ready");
    const afterReload = createAnnouncedStatuses();
    expect(afterReload.claim(25, "ready")).toBe(false);
    afterReload.clear();
    expect(sessionStorage.getItem(ANNOUNCED_KEY)).toBeNull();
    expect(createAnnouncedStatuses().claim(25, "ready")).toBe(true);
  });

  it("still deduplicates in memory when storage is blocked", () => {
    const announced = createAnnouncedStatuses(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(announced.claim(1, "ready")).toBe(true);
    expect(announced.claim(1, "ready")).toBe(false);
  });
});

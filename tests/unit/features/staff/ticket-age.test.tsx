// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TicketAge } from "@/features/staff/components/TicketAge";
import { tickListenerCount } from "@/features/staff/lib/ticker";

const START = Date.parse("2026-11-28T12:00:00.000Z");
const thresholds = { lateAfterMinutes: 1, veryLateAfterMinutes: 2 };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("ticket ages", () => {
  it("tick every second and turn late, then very late, without re-rendering the board", () => {
    let boardRenders = 0;
    function Board() {
      boardRenders += 1;
      return (
        <div>
          {[0, 1, 2].map((index) => (
            <article key={index} className="ticket">
              <TicketAge since={START - index * 30_000} thresholds={thresholds} />
            </article>
          ))}
        </div>
      );
    }
    const { container } = render(<Board />);
    const ages = () =>
      [...container.querySelectorAll(".ticket-age__time")].map((node) => node.textContent);
    const tones = () =>
      [...container.querySelectorAll(".ticket-age")].map(
        (node) => (node as HTMLElement).dataset.tone,
      );
    expect(ages()).toEqual(["00:00", "00:30", "01:00"]);
    expect(tones()).toEqual(["on_time", "on_time", "late"]);
    // One shared clock for every ticket.
    expect(tickListenerCount()).toBe(3);

    act(() => vi.advanceTimersByTime(3_000));
    expect(ages()).toEqual(["00:03", "00:33", "01:03"]);

    act(() => vi.advanceTimersByTime(60_000));
    expect(tones()).toEqual(["late", "late", "very_late"]);
    expect(container.querySelectorAll(".ticket")[2]!.getAttribute("data-tone")).toBe("very_late");
    expect(container.textContent).toContain("very late");
    expect(boardRenders).toBe(1);

    cleanup();
    expect(tickListenerCount()).toBe(0);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEEP_COOK_FREE_TEXT, TicketStart } from "@/features/staff/components/TicketStart";

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const COFFEE = { min: 3, max: 6 };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a held-back basket part's start", () => {
  it("asks to keep a cook free once its start is nearer than an ordinary ticket would take", () => {
    render(
      <article className="ticket">
        <TicketStart startAt={NOW + 6 * 60_000} preparationTime={COFFEE} />
      </article>,
    );
    expect(screen.getByText(/^Start at \d\d:\d\d$/)).toBeTruthy();
    const note = screen.getByText(KEEP_COOK_FREE_TEXT, { selector: "p" });
    // Six minutes off, a coffee takes about four and a half: a cook can still make another order first.
    expect(note.hidden).toBe(true);

    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(note.hidden).toBe(false);
    expect(document.querySelector(".ticket")?.hasAttribute("data-keep-cook-free")).toBe(true);
  });
});

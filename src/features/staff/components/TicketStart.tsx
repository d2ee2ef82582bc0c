import { startsSoon } from "@contract/basket-timing";
import type { PreparationRange } from "@contract/estimated-time";
import { useLayoutEffect, useRef } from "react";
import { formatTime } from "@/lib/time";
import { onTick } from "../lib/ticker";

interface Props {
  /** Epoch ms (the tablet's clock) this held-back part should start at. */
  startAt: number;
  preparationTime: PreparationRange;
}

export const KEEP_COOK_FREE_TEXT = "Keep a cook free";

/**
 * A held-back part's start time; once it is nearer than an ordinary ticket would take (the middle of the trailer's
 * range), "Keep a cook free", so a cook is there when it starts (contract/basket-timing.ts keepCookFree). Follows
 * the shared clock and writes the note straight into the DOM, like the ticket's age.
 */
export function TicketStart({ startAt, preparationTime }: Props) {
  const note = useRef<HTMLParagraphElement>(null);
  const { min, max } = preparationTime;
  useLayoutEffect(() => {
    const element = note.current;
    if (!element) return;
    const paint = (now: number) => {
      const soon = startsSoon(startAt, now, { min, max });
      element.hidden = !soon;
      element.closest<HTMLElement>(".ticket")?.toggleAttribute("data-keep-cook-free", soon);
    };
    paint(Date.now());
    return onTick(paint);
  }, [startAt, min, max]);
  return (
    <>
      <p className="ticket__start">Start at {formatTime(startAt)}</p>
      <p ref={note} className="ticket__keep-free" hidden>
        {KEEP_COOK_FREE_TEXT}
      </p>
    </>
  );
}

import { useLayoutEffect, useRef } from "react";
import { AGE_TONE_LABEL, type AgeThresholds, ageTone, formatAge } from "../lib/kitchen";
import { onTick } from "../lib/ticker";

interface Props {
  /** Epoch ms the age counts from. */
  since: number;
  thresholds: AgeThresholds;
}

/**
 * A ticket's age ('04:07') and how it stands against the trailer's preparation time. Subscribes to the shared
 * clock and writes its own text and tone straight into the DOM: no React render per second.
 */
export function TicketAge({ since, thresholds }: Props) {
  const ref = useRef<HTMLSpanElement>(null);
  const { lateAfterMinutes, veryLateAfterMinutes } = thresholds;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const time = element.querySelector<HTMLElement>(".ticket-age__time")!;
    const word = element.querySelector<HTMLElement>(".ticket-age__tone")!;
    const card = element.closest<HTMLElement>(".ticket");
    let lastTone = "";
    const paint = (now: number) => {
      const age = now - since;
      time.textContent = formatAge(age);
      const tone = ageTone(age, { lateAfterMinutes, veryLateAfterMinutes });
      if (tone === lastTone) return;
      lastTone = tone;
      element.dataset.tone = tone;
      word.textContent = AGE_TONE_LABEL[tone];
      if (card) card.dataset.tone = tone;
    };
    paint(Date.now());
    return onTick(paint);
  }, [since, lateAfterMinutes, veryLateAfterMinutes]);

  return (
    <span ref={ref} className="ticket-age">
      <span className="visually-hidden">Age </span>
      <span className="ticket-age__time">00:00</span>
      <span className="ticket-age__tone" />
    </span>
  );
}

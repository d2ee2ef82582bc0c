import { Icon } from "@/components/Icon";
import type { TimelineStep } from "../lib/timeline";

function stepState(step: TimelineStep): string {
  if (step.cancelled) return "cancelled";
  if (step.current) return "current";
  if (step.done) return "done";
  return step.upcoming ? "upcoming" : "todo";
}

const STATE_TEXT: Record<string, string> = {
  done: "done",
  cancelled: "done",
  // The current step is done by the spec's rules and is where the order is now.
  current: "done) (current step",
  upcoming: "upcoming",
  todo: "not yet",
};

/** The step timeline of the product spec (docs/product-spec.md § States and transitions), as an ordered list a screen reader can walk. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="timeline" aria-label="Order progress">
      {steps.map((step) => {
        const state = stepState(step);
        return (
          <li
            key={step.label}
            className={`timeline__step timeline__step--${state}`}
            aria-current={step.current ? "step" : undefined}
          >
            <span className="timeline__dot" aria-hidden="true">
              {(state === "done" || state === "current") && <Icon name="check" size={16} />}
              {state === "cancelled" && <Icon name="close" size={16} />}
            </span>
            <span className="timeline__label">
              {step.label}
              {step.note && <span className="timeline__note"> · {step.note}</span>}
            </span>
            <span className="visually-hidden">({STATE_TEXT[state]})</span>
          </li>
        );
      })}
    </ol>
  );
}

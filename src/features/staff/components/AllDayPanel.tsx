import { memo } from "react";
import type { AllDayCount } from "../lib/kitchen";

/** What the open tickets still need, summed across tickets, with the add-ons that change each dish. */
export const AllDayPanel = memo(function AllDayPanel({
  counts,
}: {
  counts: readonly AllDayCount[];
}) {
  return (
    <section className="kitchen-panel all-day" aria-labelledby="all-day-title">
      <h2 id="all-day-title" className="kitchen-panel__title">
        All day
      </h2>
      {counts.length === 0 ? (
        <p className="kitchen-panel__empty">Nothing left to make.</p>
      ) : (
        <ul className="all-day__list" aria-label="Still to make">
          {counts.map((count) => (
            <li key={count.key}>
              <span className="all-day__dish">
                <strong>{count.quantity} ×</strong> {count.name}
              </span>
              {count.mods.length > 0 && (
                <span className="all-day__mods">
                  {count.mods.map((mod) => `${mod.name} ×${mod.quantity}`).join(" · ")}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});

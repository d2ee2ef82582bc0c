import type { ReactNode } from "react";
import { Icon } from "@/components/Icon";

/** The top of /pay-cash-at-counter (one order or a basket's): what was placed, and what to pay where. */
export function CashHero({ eyebrow, title }: { eyebrow: ReactNode; title: ReactNode }) {
  return (
    <div className="cash-hero" role="status">
      <span className="cash-hero__icon" aria-hidden="true">
        <Icon name="cash" size={34} />
      </span>
      <div>
        <p className="cash-hero__eyebrow">{eyebrow}</p>
        <h2 className="cash-hero__title">{title}</h2>
      </div>
    </div>
  );
}

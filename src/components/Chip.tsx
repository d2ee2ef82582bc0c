import type { ButtonHTMLAttributes, ReactNode } from "react";

export interface ChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /** A toggle chip: announced as pressed / not pressed. Leave undefined for a plain action chip. */
  pressed?: boolean;
  /** Visually selected without being a toggle (e.g. a chip that opens a sheet with a choice in effect). */
  active?: boolean;
  icon?: ReactNode;
  /** A small count shown after the label (e.g. filters in effect). */
  count?: number;
}

export function Chip({ pressed, active, icon, count, className, children, ...rest }: ChipProps) {
  const on = pressed ?? active ?? false;
  const classes = ["chip", on ? "chip--on" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <button type="button" className={classes} aria-pressed={pressed} {...rest}>
      {icon}
      <span>{children}</span>
      {count !== undefined && count > 0 && (
        <span className="chip__count">
          {count}
          <span className="visually-hidden"> active</span>
        </span>
      )}
    </button>
  );
}

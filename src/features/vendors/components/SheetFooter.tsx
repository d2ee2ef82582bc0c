import type { ReactNode } from "react";

interface SheetFooterProps {
  clearLabel: string;
  onClear: () => void;
  /** Nothing to clear. */
  clearDisabled?: boolean;
  /** The primary button's text ("Done" unless the sheet says more). */
  doneLabel?: ReactNode;
  onDone: () => void;
}

/** The footer of every menu and trailer-list sheet: clear on the left, close on the right. */
export function SheetFooter({
  clearLabel,
  onClear,
  clearDisabled,
  doneLabel = "Done",
  onDone,
}: SheetFooterProps) {
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={onClear}
        disabled={clearDisabled}
      >
        <span>{clearLabel}</span>
      </button>
      <button type="button" className="btn btn--primary" onClick={onDone}>
        <span>{doneLabel}</span>
      </button>
    </>
  );
}

import { CART_LINE_QUANTITY_MAX } from "@contract/limits";
import { useEffect, useRef } from "react";
import { Icon } from "./Icon";
import { Spinner } from "./Spinner";

export interface QuantityStepperProps {
  quantity: number;
  /** What is being counted, for the buttons' accessible names ('Margherita'). */
  itemName: string;
  onDecrease: () => void;
  onIncrease: () => void;
  /** The server has not answered yet: both buttons are disabled and a spinner replaces the count. */
  busy?: boolean;
  disabled?: boolean;
  max?: number;
  size?: "small" | "large";
  /**
   * It has just replaced the '+ Add' button the customer pressed: focus stays here (on the plus button once the
   * server has answered) instead of falling to the top of the page.
   */
  takeFocus?: boolean;
}

/** minus / quantity / plus, with a spinner while the server updates. */
export function QuantityStepper({
  quantity,
  itemName,
  onDecrease,
  onIncrease,
  busy = false,
  disabled = false,
  max = CART_LINE_QUANTITY_MAX,
  size = "small",
  takeFocus = false,
}: QuantityStepperProps) {
  const locked = busy || disabled;
  const group = useRef<HTMLDivElement>(null);
  const plus = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (takeFocus && lost) group.current?.focus();
  }, []);
  useEffect(() => {
    if (!locked && document.activeElement === group.current) plus.current?.focus();
  }, [locked]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot lay out as an inline pill; role=group is the ARIA equivalent
    <div
      ref={group}
      tabIndex={-1}
      className={`stepper stepper--${size}`}
      role="group"
      aria-label={`Quantity of ${itemName}`}
      aria-busy={busy || undefined}
    >
      <button
        type="button"
        className="stepper__btn"
        onClick={onDecrease}
        disabled={locked}
        aria-label={quantity <= 1 ? `Remove ${itemName}` : `Decrease ${itemName}`}
      >
        <Icon name={quantity <= 1 ? "trash" : "minus"} size={18} />
      </button>
      <span className="stepper__value" aria-live="polite">
        {busy ? (
          <Spinner size={16} label="Updating" />
        ) : (
          <>
            {quantity}
            <span className="visually-hidden"> in cart</span>
          </>
        )}
      </span>
      <button
        ref={plus}
        type="button"
        className="stepper__btn"
        onClick={onIncrease}
        disabled={locked || quantity >= max}
        aria-label={`Increase ${itemName}`}
      >
        <Icon name="plus" size={18} />
      </button>
    </div>
  );
}

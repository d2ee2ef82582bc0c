import type { PaymentMethod } from "@contract/orders";
import { useId } from "react";
import { Icon, type IconName } from "@/components/Icon";

const METHODS: { id: PaymentMethod; title: string; detail: string; icon: IconName }[] = [
  { id: "stripe", title: "Card", detail: "Pay now on a secure payment page", icon: "card" },
  {
    id: "cash_at_counter",
    title: "Cash at the counter",
    detail: "Pay when you get to the trailer; we start cooking once you've paid",
    icon: "cash",
  },
];

export function PaymentMethodChoice({
  value,
  onChange,
  error,
}: {
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  error: string | null;
}) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset
      className="checkout-card payment-method"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="checkout-card__legend">Payment method</legend>
      <div className="payment-method__options">
        {METHODS.map((method) => (
          <label
            key={method.id}
            className={`method-option${value === method.id ? " method-option--on" : ""}`}
          >
            <input
              type="radio"
              name={name}
              value={method.id}
              checked={value === method.id}
              onChange={() => onChange(method.id)}
            />
            <Icon name={method.icon} size={24} className="method-option__icon" />
            <span className="method-option__text">
              <strong>{method.title}</strong>
              <small>{method.detail}</small>
            </span>
            <span className="method-option__tick" aria-hidden="true">
              {value === method.id && <Icon name="check" size={16} />}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="error-box" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

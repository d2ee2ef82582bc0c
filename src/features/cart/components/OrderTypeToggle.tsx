import type { OrderType } from "@contract/common";
import { enabledOrderTypes } from "@/lib/brand";

/** Shown only when the brand enables more than one order type (docs/product-spec.md § States and transitions). */
export function OrderTypeToggle({
  value,
  onChange,
}: {
  value: OrderType | null;
  onChange: (orderType: OrderType) => void;
}) {
  const types = enabledOrderTypes();
  if (types.length < 2) return null;
  return (
    <fieldset className="order-type">
      <legend className="visually-hidden">Order type</legend>
      {types.map((type) => (
        <label
          key={type.id}
          className={`order-type__option${value === type.id ? " order-type__option--on" : ""}`}
        >
          <input
            type="radio"
            name="order-type"
            value={type.id}
            checked={value === type.id}
            onChange={() => onChange(type.id)}
          />
          <span>{type.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

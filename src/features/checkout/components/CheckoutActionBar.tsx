import { useId } from "react";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";

interface CheckoutActionBarProps {
  /** The last attempt's failure, announced. */
  error: string | null;
  /** Why the button is disabled or what happens next; describes the button. */
  hint: string | null;
  /** The hint is about the connection (card payment offline): a status with the offline icon. */
  offlineHint?: boolean;
  busy: boolean;
  blocked: boolean;
  label: string;
  onSubmit: () => void;
}

/** The sticky bar under both checkouts (one vendor's cart, the whole basket): error, hint and the place button. */
export function CheckoutActionBar({
  error,
  hint,
  offlineHint = false,
  busy,
  blocked,
  label,
  onSubmit,
}: CheckoutActionBarProps) {
  const hintId = useId();
  return (
    <div className="action-bar cart-bar checkout-bar">
      {error && (
        <p className="error-box checkout-bar__error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p
          id={hintId}
          className={`checkout-bar__hint${offlineHint ? " checkout-bar__hint--offline" : ""}`}
          role={offlineHint ? "status" : undefined}
        >
          {offlineHint && <Icon name="wifiOff" size={16} />}
          {hint}
        </p>
      )}
      <Button
        block
        busy={busy}
        disabled={blocked}
        aria-describedby={hint ? hintId : undefined}
        onClick={onSubmit}
      >
        {busy ? "Processing..." : label}
      </Button>
    </div>
  );
}

import { useEffect, useState } from "react";
import type { UndoOffer } from "../hooks/use-kitchen-steps";

/** The last step, undoable for 5 s in one tap; gone by itself after that. */
export function UndoBar({
  offer,
  onUndo,
  onDismiss,
}: {
  offer: UndoOffer | null;
  onUndo(): void;
  onDismiss(): void;
}) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!offer) return;
    const update = () => {
      const remaining = offer.until - Date.now();
      if (remaining <= 0) onDismiss();
      else setLeft(Math.ceil(remaining / 1000));
    };
    update();
    const timer = setInterval(update, 250);
    return () => clearInterval(timer);
  }, [offer, onDismiss]);
  if (!offer) return null;
  return (
    <div className="undo-bar" role="status">
      <span className="undo-bar__text">{offer.text}</span>
      <button type="button" className="btn btn--primary undo-bar__button" onClick={onUndo}>
        <span>Undo ({left} s)</span>
      </button>
    </div>
  );
}

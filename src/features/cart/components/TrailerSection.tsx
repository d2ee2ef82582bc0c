import type { BasketProblem } from "@contract/basket";
import type { Cart, TradingFactsWire } from "@contract/cart";
import { vendorEstimateText } from "@contract/estimated-time";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { TradingStatus } from "@/components/TradingStatus";
import { formatPence } from "@/lib/money";
import { useCartActions } from "../hooks/use-cart-actions";
import { sectionAnchor } from "../lib/basket";
import { CartLineCard } from "./CartLineCard";

/** One trailer's part of the cart screen. */
export interface TrailerPart {
  vendorId: number;
  vendorName: string | undefined;
  /** This trailer's lines and money, as the server priced them. */
  cart: Cart;
  /** Known when the cart holds several trailers (the basket answer), else null. */
  status: "open" | "closed" | null;
  /** Open, busy or closed and when that changes, for the line beside the badge (when the server sent it). */
  trading?: TradingFactsWire | undefined;
  problems: BasketProblem[];
  /** Left out of this payment by the customer ('Pay without this trailer'). */
  excluded: boolean;
}

interface TrailerSectionProps {
  part: TrailerPart;
  /** The only trailer: its lines under the page's own heading, as the spec's cart page shows them. */
  alone: boolean;
  readOnly: boolean;
  onExclude: () => void;
  onInclude: () => void;
}

function SectionProblems({
  part,
  onRemoveLine,
  onExclude,
}: {
  part: TrailerPart;
  onRemoveLine: (lineId: number, menuItemId: number) => void;
  onExclude: () => void;
}) {
  // A sold-out line is listed apart, out of the total (TrailerLines); only a closed trailer stops the payment.
  const problems = part.problems.filter((problem) => problem.kind === "closed");
  if (problems.length === 0 || part.excluded) return null;
  return (
    <div className="basket-problem" role="alert">
      <Icon name="alert" size={20} />
      <div className="basket-problem__body">
        {problems.map((problem) => {
          const line =
            problem.lineId === null
              ? undefined
              : part.cart.items.find((item) => item.lineId === problem.lineId);
          return (
            <p key={`${problem.kind}-${problem.lineId ?? "trailer"}`}>
              <span>{problem.message}</span>
              {line && (
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  onClick={() => onRemoveLine(line.lineId, line.menuItemId)}
                >
                  <span>Remove</span>
                  <span className="visually-hidden"> {line.name}</span>
                </button>
              )}
            </p>
          );
        })}
        <button type="button" className="btn btn--secondary btn--small" onClick={onExclude}>
          <span>Pay without this trailer</span>
        </button>
      </div>
    </div>
  );
}

function TrailerLines({ part, readOnly }: { part: TrailerPart; readOnly: boolean }) {
  const actions = useCartActions();
  const { vendorId } = part;
  const card = (line: Cart["items"][number]) => (
    <CartLineCard
      key={line.lineId}
      line={line}
      vendorId={vendorId}
      busy={actions.isLineBusy(line.lineId)}
      readOnly={readOnly}
      onQuantity={(quantity) =>
        actions.setQuantity({
          vendorId,
          menuItemId: line.menuItemId,
          lineId: line.lineId,
          quantity,
        })
      }
    />
  );
  const soldOut = part.cart.items.filter((line) => line.soldOut);
  return (
    <>
      <ul className="cart-lines">{part.cart.items.filter((line) => !line.soldOut).map(card)}</ul>
      {soldOut.length > 0 && (
        <div className="cart-sold-out" data-testid="cart-sold-out">
          <p className="cart-sold-out__title">
            <Icon name="alert" size={18} /> Sold out — not in your total
          </p>
          <ul className="cart-lines">{soldOut.map(card)}</ul>
        </div>
      )}
    </>
  );
}

/** When this trailer's order would be ready if paid now: its range, a full slot's delay included (server's). */
export function ReadyIn({ part }: { part: TrailerPart }) {
  const range = part.cart.vendor_info?.preparationTime;
  if (!range || (part.trading && part.trading.status !== "open")) return null;
  return (
    <span className="basket-section__ready" data-testid="ready-in">
      <Icon name="clock" size={16} /> Ready in {vendorEstimateText(range, "short")}
    </span>
  );
}

/**
 * A trailer's lines with '+ Add items'. Among several: a card titled by the trailer, its open/closed state,
 * what stops it being paid for now ('Pay without this trailer') and its subtotal.
 */
export function TrailerSection({
  part,
  alone,
  readOnly,
  onExclude,
  onInclude,
}: TrailerSectionProps) {
  const actions = useCartActions();
  const addItems = `/vendor/${part.vendorId}`;
  if (alone) {
    return (
      <>
        <TrailerLines part={part} readOnly={readOnly} />
        {!readOnly && (
          <Link className="btn btn--ghost cart-add-more" to={addItems}>
            + Add items
          </Link>
        )}
      </>
    );
  }
  const anchor = sectionAnchor(part.vendorId);
  return (
    <section
      id={anchor}
      className={`basket-section card${part.excluded ? " basket-section--excluded" : ""}`}
      aria-labelledby={`${anchor}-title`}
      tabIndex={-1}
    >
      <header className="basket-section__head">
        <h2 id={`${anchor}-title`} className="basket-section__title">
          <Icon name="store" size={20} />
          <span>{part.vendorName}</span>
        </h2>
        <TradingStatus trailer={part.trading ?? { status: part.status ?? "open" }} />
        <ReadyIn part={part} />
      </header>
      <SectionProblems
        part={part}
        onExclude={onExclude}
        onRemoveLine={(lineId, menuItemId) =>
          actions.setQuantity({ vendorId: part.vendorId, menuItemId, lineId, quantity: 0 })
        }
      />
      {part.excluded && (
        <p className="basket-excluded" role="status">
          <span>Not in this payment. These items stay in your cart for later.</span>
          <button type="button" className="link-btn" onClick={onInclude}>
            Add back to this payment
          </button>
        </p>
      )}
      <TrailerLines part={part} readOnly={readOnly} />
      <footer className="basket-section__foot">
        {!readOnly && (
          <Link className="btn btn--ghost btn--small" to={addItems}>
            + Add items
          </Link>
        )}
        <span className="basket-section__subtotal">
          Subtotal <strong>{formatPence(part.cart.subtotalPence)}</strong>
        </span>
      </footer>
    </section>
  );
}

import type { Basket, BasketSection } from "@contract/basket";
import { emptyCart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { formatPence } from "@/lib/money";
import { useBasket } from "../hooks/use-basket";
import { useCartActions } from "../hooks/use-cart-actions";
import { useOrderType } from "../hooks/use-order-type";
import { sectionAnchor } from "../lib/basket";
import "../cart.css";
import { CartLineCard } from "./CartLineCard";
import { CartSummary } from "./CartSummary";
import { OrderTypeToggle } from "./OrderTypeToggle";

/** What the checkout feature's block receives for a basket of several trailers. */
export interface BasketCheckoutContext {
  basket: Basket;
  /** The trailers this payment is for (every section not left out). */
  vendorIds: number[];
  orderType: OrderType;
  /** Why paying is not possible now (a section with a problem), else null. */
  blockedReason: string | null;
}

export interface BasketPageProps {
  /** The checkout feature's block: car delivery, payment method, the fixed 'Place Order £total' button. */
  checkout: (context: BasketCheckoutContext) => ReactNode;
}

function SectionProblems({
  section,
  onRemoveLine,
  onExclude,
}: {
  section: BasketSection;
  onRemoveLine: (lineId: number, menuItemId: number) => void;
  onExclude: () => void;
}) {
  if (section.problems.length === 0 || section.excluded) return null;
  return (
    <div className="basket-problem" role="alert">
      <Icon name="alert" size={20} />
      <div className="basket-problem__body">
        {section.problems.map((problem) => {
          const line =
            problem.lineId === null
              ? undefined
              : section.items.find((item) => item.lineId === problem.lineId);
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

function TrailerSection({
  section,
  onExclude,
  onInclude,
}: {
  section: BasketSection;
  onExclude: () => void;
  onInclude: () => void;
}) {
  const actions = useCartActions();
  const titleId = `${sectionAnchor(section.vendorId)}-title`;
  const open = section.status === "open";
  return (
    <section
      id={sectionAnchor(section.vendorId)}
      className={`basket-section card${section.excluded ? " basket-section--excluded" : ""}`}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <header className="basket-section__head">
        <h2 id={titleId} className="basket-section__title">
          <Icon name="store" size={20} />
          <span>{section.vendorName}</span>
        </h2>
        <span className={`basket-status basket-status--${section.status}`}>
          {open ? "Open" : "Closed"}
        </span>
      </header>
      <SectionProblems
        section={section}
        onExclude={onExclude}
        onRemoveLine={(lineId, menuItemId) =>
          actions.setQuantity({ vendorId: section.vendorId, menuItemId, lineId, quantity: 0 })
        }
      />
      {section.excluded && (
        <p className="basket-excluded" role="status">
          <span>Not in this payment. These items stay in your cart for later.</span>
          <button type="button" className="link-btn" onClick={onInclude}>
            Add back to this payment
          </button>
        </p>
      )}
      <ul className="cart-lines">
        {section.items.map((line) => (
          <CartLineCard
            key={line.lineId}
            line={line}
            vendorId={section.vendorId}
            busy={actions.isLineBusy(line.lineId)}
            onQuantity={(quantity) =>
              actions.setQuantity({
                vendorId: section.vendorId,
                menuItemId: line.menuItemId,
                lineId: line.lineId,
                quantity,
              })
            }
          />
        ))}
      </ul>
      <footer className="basket-section__foot">
        <Link className="btn btn--ghost btn--small" to={`/vendor/${section.vendorId}`}>
          + Add items
        </Link>
        <span className="basket-section__subtotal">
          Subtotal <strong>{formatPence(section.totals.subtotalPence)}</strong>
        </span>
      </footer>
    </section>
  );
}

/** /cart with carts at several trailers: a section per trailer, one summary, one payment. */
export default function BasketPage({ checkout }: BasketPageProps) {
  const [excluded, setExcluded] = useState<number[]>([]);
  const [orderType, chooseOrderType] = useOrderType();
  const basketQuery = useBasket(excluded);
  const location = useLocation();
  // The last answer stays on screen while a new exclusion is priced.
  const [shown, setShown] = useState<Basket | undefined>(undefined);
  const basket = basketQuery.data ?? shown;
  useEffect(() => {
    if (basketQuery.data) setShown(basketQuery.data);
  }, [basketQuery.data]);

  // Opened from a trailer's menu (/cart#vendor-3): a deliberate scroll to that trailer's section, once.
  const [scrolledTo, setScrolledTo] = useState<string | null>(null);
  useEffect(() => {
    const anchor = location.hash.slice(1);
    if (!basket || !anchor || scrolledTo === anchor) return;
    const target = document.getElementById(anchor);
    if (!target) return;
    setScrolledTo(anchor);
    target.scrollIntoView({ block: "start", behavior: "smooth" });
    target.focus({ preventScroll: true });
  }, [basket, location.hash, scrolledTo]);

  const header = <PageHeader title="Cart" />;
  if (!basket) {
    return (
      <div className="page cart-page">
        {header}
        <p className="loading-text" role="status">
          Loading your cart…
        </p>
      </div>
    );
  }

  const included = basket.sections.filter((section) => !section.excluded);
  const blockedSection = included.find((section) => section.problems.length > 0);
  const blockedReason = !basketQuery.data
    ? "Updating your total…"
    : blockedSection
      ? `${blockedSection.vendorName} can't take this order. Remove the item or tap 'Pay without this trailer'.`
      : included.length === 0
        ? "Choose at least one trailer to pay for."
        : null;
  const summaryCart = { ...emptyCart(), ...basket.totals, orderType: basket.orderType };

  return (
    <div className="page cart-page basket-page">
      {header}
      <div className="split-layout">
        <div className="cart-main">
          <p className="cart-vendor">
            <Icon name="store" size={20} />
            <span>
              Your order from <strong>{basket.sections.length} trailers</strong>, paid together
            </span>
          </p>
          <OrderTypeToggle value={orderType} onChange={chooseOrderType} />
          {basket.sections.map((section) => (
            <TrailerSection
              key={section.vendorId}
              section={section}
              onExclude={() => setExcluded((ids) => [...new Set([...ids, section.vendorId])])}
              onInclude={() => setExcluded((ids) => ids.filter((id) => id !== section.vendorId))}
            />
          ))}
        </div>
        <aside className="cart-side">
          <CartSummary cart={summaryCart} />
          {basket.totals.serviceChargePence > 0 && included.length > 1 && (
            <p className="basket-note">
              One service charge for the whole order, however many trailers.
            </p>
          )}
          {checkout({
            basket,
            vendorIds: included.map((section) => section.vendorId),
            orderType: basket.orderType,
            blockedReason,
          })}
        </aside>
      </div>
    </div>
  );
}

import type { Basket } from "@contract/basket";
import { type Cart, emptyCart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { TEXT_LIMIT } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import { penceToPounds } from "@contract/money";
import { chargeServiceOnce, sumTotals } from "@contract/pricing";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { Modal } from "@/components/Modal";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { Spinner } from "@/components/Spinner";
import { TextEditModal } from "@/components/TextEditModal";
import { TradingStatus } from "@/components/TradingStatus";
import { formatPence } from "@/lib/money";
import { useOnline } from "@/lib/network";
import { tradingLine } from "@/lib/trading-line";
import { useBasket } from "../hooks/use-basket";
import { useCachedCarts } from "../hooks/use-cached-carts";
import { useCart } from "../hooks/use-cart";
import { useCartActions } from "../hooks/use-cart-actions";
import { useOrderType } from "../hooks/use-order-type";
import { useQueuedCartWrites } from "../hooks/use-queued-cart-writes";
import { sectionCart } from "../lib/basket";
import { QUEUED_MESSAGES } from "../lib/cart-write-messages";
import "../cart.css";
import { CartSummary } from "./CartSummary";
import { OrderTypeToggle } from "./OrderTypeToggle";
import { ReadyIn, type TrailerPart, TrailerSection } from "./TrailerSection";

/** What the checkout feature's block receives: what is being paid for, one trailer or several. */
export interface CheckoutSlotContext {
  /** The trailers this payment is for, each with its cart (a trailer left out is not here). */
  trailers: { vendorId: number; cart: Cart }[];
  /** The whole payment's money: the one trailer's cart, or every trailer's with one service charge. */
  total: Cart;
  orderType: OrderType | null;
  /** Why paying is not possible now (a trailer with a problem, a total being priced), else null. */
  blockedReason: string | null;
}

/** Until checkout lands: the fixed bottom button, disabled. */
function CheckoutPlaceholder({ total: cart }: CheckoutSlotContext) {
  return (
    <div className="action-bar cart-bar">
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled
        aria-describedby="checkout-soon"
      >
        <span>Proceed to Payment {formatPence(cart.totalPence)}</span>
      </button>
      <span id="checkout-soon" className="visually-hidden">
        Payment is not available yet
      </span>
    </div>
  );
}

/** Changes made offline: waiting for the network, or being sent now that it is back. */
function QueuedChangesNotice({ online }: { online: boolean }) {
  return (
    <p className={`cart-queued${online ? " cart-queued--sending" : ""}`} role="status">
      {online ? <Spinner size={18} /> : <Icon name="wifiOff" size={20} />}
      <span>{online ? QUEUED_MESSAGES.sending : QUEUED_MESSAGES.waiting}</span>
    </p>
  );
}

function CartSkeleton() {
  return (
    <div className="split-layout" aria-busy="true">
      <div className="cart-lines">
        <p className="loading-text" role="status">
          Loading your cart…
        </p>
        {[0, 1].map((row) => (
          <div key={row} className="cart-line" aria-hidden="true">
            <Skeleton width={72} height={72} radius={12} />
            <div className="cart-line__body">
              <Skeleton width="60%" height={18} />
              <Skeleton width="90%" height={14} style={{ marginTop: 8 }} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function EmptyCart({ vendorId }: { vendorId: number | null }) {
  return (
    <div className="empty-state cart-empty">
      <span className="cart-empty__icon" aria-hidden="true">
        <Icon name="cart" size={40} />
      </span>
      <h2>Your cart is empty</h2>
      <p>Pick something delicious from one of the trailers.</p>
      <Link className="btn btn--primary" to={vendorId ? `/vendor/${vendorId}` : "/vendors"}>
        <span>Back to Menu</span>
      </Link>
    </div>
  );
}

export interface CartPageProps {
  /**
   * CHECKOUT SLOT — filled by the checkout feature: the car-delivery block ('Would you like a car delivery?'),
   * the payment method and the fixed bottom 'Proceed to Payment £total' / 'Place Order £total' button.
   * Without it the page shows that button disabled.
   */
  checkout?: (context: CheckoutSlotContext) => ReactNode;
  /** An order is waiting to be sent with this cart (placed offline): the cart cannot change meanwhile. */
  readOnly?: boolean;
}

/** Each trailer of the basket answer as a part of the screen, its cart built from its section. */
function partsOfBasket(basket: Basket): TrailerPart[] {
  return basket.sections.map((section) => ({
    vendorId: section.vendorId,
    vendorName: section.vendorName,
    cart: sectionCart(basket, section),
    status: section.status,
    trading: section.trading,
    problems: section.problems,
    excluded: section.excluded,
  }));
}

/** Offline: one trailer's part of the basket from its cached cart (names and status from the last basket answer). */
function partOfCachedCart(
  cart: Cart,
  basket: Basket | undefined,
  excluded: readonly number[],
): TrailerPart {
  const vendorId = cart.vendorId ?? 0;
  const section = basket?.sections.find((entry) => entry.vendorId === vendorId);
  return {
    vendorId,
    vendorName: cart.vendor_info?.name ?? section?.vendorName,
    cart,
    status: section?.status ?? null,
    trading: cart.vendor_info?.trading ?? section?.trading,
    problems: [],
    excluded: excluded.includes(vendorId),
  };
}

/** Offline: the basket's money from the cached carts, the service charge once (provisional until online). */
function offlineTotals(parts: readonly TrailerPart[]) {
  const charged = chargeServiceOnce(parts.map((part) => part.cart));
  const sum = sumTotals(charged);
  return {
    ...sum,
    subtotal: penceToPounds(sum.subtotalPence),
    serviceCharge: penceToPounds(sum.serviceChargePence),
    deliveryCharge: penceToPounds(sum.deliveryChargePence),
    total: penceToPounds(sum.totalPence),
  };
}

/**
 * Offline only one trailer's cash order can wait for the connection: said before placing, naming the trailers,
 * instead of sending one trailer's lines while the customer believes everything was ordered.
 */
export function offlineBasketReason(paying: readonly TrailerPart[]): string | null {
  if (paying.length < 2) return null;
  const names = paying.map((part) => part.vendorName ?? "a trailer");
  const listed = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `You're offline: an order from ${listed} can't wait for the connection (only one trailer's order can). Place it when you're back online, or remove one trailer's items to send the other's now.`;
}

/** Why a basket of several trailers cannot be paid for now, else null. */
function basketBlockedReason(parts: TrailerPart[], priced: boolean): string | null {
  if (!priced) return "Updating your total…";
  const included = parts.filter((part) => !part.excluded);
  // Sold-out lines are out of the total and not ordered; only a closed or busy trailer stops the payment.
  const blocked = included.find((part) =>
    part.problems.some((problem) => problem.kind === "closed"),
  );
  if (blocked)
    return `${blocked.vendorName} can't take this order. Remove the item or tap 'Pay without this trailer'.`;
  return included.length === 0 ? "Choose at least one trailer to pay for." : null;
}

/** The basket answer, the last one kept on screen while a new exclusion is priced. */
function useShownBasket(excluded: readonly number[]) {
  const query = useBasket(excluded);
  const [shown, setShown] = useState<Basket | undefined>(undefined);
  useEffect(() => {
    if (query.data) setShown(query.data);
  }, [query.data]);
  return { basket: query.data ?? shown, priced: query.data !== undefined };
}

/** Opened from a trailer's menu (/cart#vendor-3): a deliberate scroll to that trailer's section, once. */
function useScrollToSection(active: boolean) {
  const location = useLocation();
  const [scrolledTo, setScrolledTo] = useState<string | null>(null);
  useEffect(() => {
    const anchor = location.hash.slice(1);
    if (!active || !anchor || scrolledTo === anchor) return;
    const target = document.getElementById(anchor);
    if (!target) return;
    setScrolledTo(anchor);
    target.scrollIntoView({ block: "start", behavior: "smooth" });
    target.focus({ preventScroll: true });
  }, [active, location.hash, scrolledTo]);
}

function CartState({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="page cart-page">
      {header}
      {children}
    </div>
  );
}

/**
 * /cart: one section per trailer with something in its cart, one summary and one payment; a single trailer's
 * cart is the spec's cart page (docs/product-spec.md § Screens and routes). With one trailer (or offline, before
 * the basket answers) the screen reads that trailer's cart, which a saved copy can show offline.
 */
export default function CartPage({ checkout, readOnly = false }: CartPageProps) {
  const cartQuery = useCart("current");
  const [excluded, setExcluded] = useState<number[]>([]);
  const { basket, priced } = useShownBasket(excluded);
  const [orderType, chooseOrderType] = useOrderType();
  const actions = useCartActions();
  const [confirmClear, setConfirmClear] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const online = useOnline();
  const cached = useCachedCarts(basket);
  // Offline the basket answer is not asked again: the cached carts (queued writes drawn, the last answer's trailers
  // for any not cached) are.
  const offlineCarts = !online && !readOnly && cached.length > 1 ? cached : null;
  const several =
    offlineCarts !== null || (!readOnly && basket !== undefined && basket.sections.length > 1);
  useScrollToSection(several);

  const cart = cartQuery.data;
  const vendorId = cartQuery.vendorId;
  const vendorName = cart?.vendor_info?.name;
  const parts: TrailerPart[] = offlineCarts
    ? offlineCarts.map((trailerCart) => partOfCachedCart(trailerCart, basket, excluded))
    : several && basket
      ? partsOfBasket(basket)
      : cart && cart.items.length > 0 && vendorId !== null
        ? [
            {
              vendorId,
              vendorName,
              cart,
              status: null,
              trading: cart.vendor_info?.trading,
              problems: [],
              excluded: false,
            },
          ]
        : [];
  const queued = useQueuedCartWrites(several ? null : vendorId).length > 0;

  const header = (
    <PageHeader
      title="Cart"
      onClearCart={parts.length > 0 && !readOnly ? () => setConfirmClear(true) : undefined}
      clearCartLabel="Clear cart"
    />
  );

  if (!several) {
    // Offline with no saved copy: say so instead of loading forever.
    if (cartQuery.isPending && cartQuery.fetchStatus === "paused") {
      return (
        <CartState header={header}>
          <div className="empty-state cart-empty" role="status">
            <span className="cart-empty__icon" aria-hidden="true">
              <Icon name="wifiOff" size={40} />
            </span>
            <h2>Your cart will appear when you're back online</h2>
            <p>It has not been opened on this phone yet, so there is no saved copy to show.</p>
          </div>
        </CartState>
      );
    }
    if (cartQuery.isPending)
      return (
        <CartState header={header}>
          <CartSkeleton />
        </CartState>
      );
    if (cartQuery.isError) {
      return (
        <CartState header={header}>
          <div className="error-box cart-error" role="alert">
            <p>{cartQuery.error.message}</p>
            <button
              type="button"
              className="btn btn--secondary btn--small"
              onClick={() => cartQuery.refetch()}
            >
              <span>Try again</span>
            </button>
          </div>
        </CartState>
      );
    }
  }
  const [only] = parts;
  if (!only) {
    return (
      <CartState header={header}>
        <EmptyCart vendorId={vendorId} />
      </CartState>
    );
  }

  const paying = parts.filter((part) => !part.excluded);
  const total: Cart = offlineCarts
    ? { ...emptyCart(), ...offlineTotals(paying), orderType }
    : several && basket
      ? { ...emptyCart(), ...basket.totals, orderType: basket.orderType }
      : only.cart;
  const context: CheckoutSlotContext = {
    trailers: paying.map((part) => ({ vendorId: part.vendorId, cart: part.cart })),
    total,
    orderType: several && basket ? basket.orderType : orderType,
    blockedReason: offlineCarts
      ? offlineBasketReason(paying)
      : several
        ? basketBlockedReason(parts, priced)
        : only.trading && only.trading.status !== "open"
          ? `${vendorName ?? "This trailer"} is not taking orders right now (${tradingLine(only.trading) ?? "Closed"}).`
          : null,
  };

  return (
    <div className={`page cart-page${several ? " basket-page" : ""}`}>
      {header}
      <div className="split-layout">
        <div className="cart-main">
          {several ? (
            <p className="cart-vendor">
              <Icon name="store" size={20} />
              <span>
                Your order from <strong>{parts.length} trailers</strong>, paid together
              </span>
            </p>
          ) : (
            <div className="cart-vendor" id={`vendor-${only.vendorId}`}>
              <Icon name="store" size={20} />
              {/* The lines' h3 names sit under this heading (axe heading-order). */}
              <h2 className="cart-vendor__title">
                Your order from <strong>{vendorName ?? "this trailer"}</strong>
              </h2>
              {only.trading && <TradingStatus trailer={only.trading} />}
              <ReadyIn part={only} />
            </div>
          )}
          {queued && <QueuedChangesNotice online={online} />}
          {!readOnly && <OrderTypeToggle value={orderType} onChange={chooseOrderType} />}
          {parts.map((part) => (
            <TrailerSection
              key={part.vendorId}
              part={part}
              alone={!several}
              readOnly={readOnly}
              onExclude={() => setExcluded((ids) => [...new Set([...ids, part.vendorId])])}
              onInclude={() => setExcluded((ids) => ids.filter((id) => id !== part.vendorId))}
            />
          ))}
          {!several && orderType === "delivery" && !readOnly && (
            <div className="cart-instructions">
              {only.cart.deliveryInstructions && (
                <p>
                  <strong>Delivery instructions:</strong> {only.cart.deliveryInstructions}
                </p>
              )}
              <button
                type="button"
                className="link-btn"
                onClick={() => setInstructionsOpen(true)}
                aria-haspopup="dialog"
              >
                {only.cart.deliveryInstructions
                  ? "Edit delivery instructions"
                  : "Add delivery instructions"}
              </button>
            </div>
          )}
        </div>
        <aside className="cart-side">
          <CartSummary
            cart={total}
            provisionalNote={
              queued
                ? online
                  ? QUEUED_MESSAGES.provisionalWhileSending
                  : QUEUED_MESSAGES.provisionalTotal
                : null
            }
          />
          {several && total.serviceChargePence > 0 && paying.length > 1 && (
            <p className="basket-note">
              One service charge for the whole order, however many trailers.
            </p>
          )}
          {/* ── CHECKOUT SLOT ── car delivery block, payment method, and the fixed bottom pay / place-order button. */}
          {checkout ? checkout(context) : <CheckoutPlaceholder {...context} />}
        </aside>
      </div>

      <Modal
        open={confirmClear}
        title="Clear your cart?"
        description={
          several
            ? "This removes every item from every trailer's cart."
            : vendorName
              ? `This removes every item from your ${vendorName} cart.`
              : "This removes every item from your cart."
        }
        onClose={() => setConfirmClear(false)}
        variant="dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmClear(false)}>
              Keep items
            </Button>
            <Button
              variant="danger"
              busy={actions.isClearing}
              onClick={() => {
                for (const part of parts) actions.clear(part.vendorId);
                setConfirmClear(false);
              }}
            >
              Clear cart
            </Button>
          </>
        }
      />

      <TextEditModal
        open={instructionsOpen}
        title="Delivery instructions"
        description="Where should we bring your order? Add anything the runner needs to know."
        placeholder="e.g. Blue tent by the north gate"
        value={only.cart.deliveryInstructions}
        maxLength={TEXT_LIMIT}
        validate={(text) => (text.trim() === "" ? MESSAGES.deliveryInstructionsRequired : null)}
        onSave={async (text) => {
          if (!(await actions.saveDeliveryInstructions(only.vendorId, text.trim())))
            throw new Error(MESSAGES.deliveryInstructionsFailed);
          setInstructionsOpen(false);
        }}
        onCancel={() => setInstructionsOpen(false)}
      />
    </div>
  );
}

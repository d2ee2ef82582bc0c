import type { Cart } from "@contract/cart";
import type { OrderType } from "@contract/common";
import { TEXT_LIMIT } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/Button";
import { Icon } from "@/components/Icon";
import { Modal } from "@/components/Modal";
import { useOnline } from "@/components/OfflineBanner";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { Spinner } from "@/components/Spinner";
import { TextEditModal } from "@/components/TextEditModal";
import { formatPence } from "@/lib/money";
import { useCart } from "../hooks/use-cart";
import { useCartActions } from "../hooks/use-cart-actions";
import { useOrderType } from "../hooks/use-order-type";
import { useQueuedCartWrites } from "../hooks/use-queued-cart-writes";
import { QUEUED_MESSAGES } from "../lib/cart-write-messages";
import "../cart.css";
import { CartLineCard } from "./CartLineCard";
import { CartSummary } from "./CartSummary";
import { OrderTypeToggle } from "./OrderTypeToggle";

/** What the checkout engineer's block receives. */
export interface CheckoutSlotContext {
  cart: Cart;
  vendorId: number;
  orderType: OrderType | null;
}

/** Until checkout lands: the fixed bottom button, disabled. */
function CheckoutPlaceholder({ cart }: CheckoutSlotContext) {
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

/** /cart: the server-priced cart of the current vendor (docs/product-spec.md § Screens and routes). */
export default function CartPage({ checkout, readOnly = false }: CartPageProps) {
  const cartQuery = useCart("current");
  const [orderType, chooseOrderType] = useOrderType();
  const actions = useCartActions();
  const [confirmClear, setConfirmClear] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(false);

  const cart = cartQuery.data;
  const vendorId = cartQuery.vendorId;
  const hasItems = (cart?.items.length ?? 0) > 0;
  const vendorName = cart?.vendor_info?.name;
  const queued = useQueuedCartWrites(vendorId).length > 0;
  const online = useOnline();

  const header = (
    <PageHeader
      title="Cart"
      onClearCart={
        hasItems && vendorId !== null && !readOnly ? () => setConfirmClear(true) : undefined
      }
      clearCartLabel="Clear cart"
    />
  );

  // Offline with no saved copy: say so instead of loading forever.
  if (cartQuery.isPending && cartQuery.fetchStatus === "paused") {
    return (
      <div className="page cart-page">
        {header}
        <div className="empty-state cart-empty" role="status">
          <span className="cart-empty__icon" aria-hidden="true">
            <Icon name="wifiOff" size={40} />
          </span>
          <h2>Your cart will appear when you're back online</h2>
          <p>It has not been opened on this phone yet, so there is no saved copy to show.</p>
        </div>
      </div>
    );
  }

  if (cartQuery.isPending) {
    return (
      <div className="page cart-page">
        {header}
        <CartSkeleton />
      </div>
    );
  }

  if (cartQuery.isError) {
    return (
      <div className="page cart-page">
        {header}
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
      </div>
    );
  }

  if (!cart || !hasItems || vendorId === null) {
    return (
      <div className="page cart-page">
        {header}
        <EmptyCart vendorId={vendorId} />
      </div>
    );
  }

  const context: CheckoutSlotContext = { cart, vendorId, orderType };

  return (
    <div className="page cart-page">
      {header}
      <div className="split-layout">
        <div className="cart-main">
          <div className="cart-vendor" id={`vendor-${vendorId}`}>
            <Icon name="store" size={20} />
            {/* The lines' h3 names sit under this heading (axe heading-order). */}
            <h2 className="cart-vendor__title">
              Your order from <strong>{vendorName ?? "this trailer"}</strong>
            </h2>
          </div>
          {queued && <QueuedChangesNotice online={online} />}
          {!readOnly && <OrderTypeToggle value={orderType} onChange={chooseOrderType} />}
          <ul className="cart-lines">
            {cart.items.map((line) => (
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
            ))}
          </ul>
          {!readOnly && (
            <Link className="btn btn--ghost cart-add-more" to={`/vendor/${vendorId}`}>
              + Add items
            </Link>
          )}
          {orderType === "delivery" && !readOnly && (
            <div className="cart-instructions">
              {cart.deliveryInstructions && (
                <p>
                  <strong>Delivery instructions:</strong> {cart.deliveryInstructions}
                </p>
              )}
              <button
                type="button"
                className="link-btn"
                onClick={() => setInstructionsOpen(true)}
                aria-haspopup="dialog"
              >
                {cart.deliveryInstructions
                  ? "Edit delivery instructions"
                  : "Add delivery instructions"}
              </button>
            </div>
          )}
        </div>
        <aside className="cart-side">
          <CartSummary
            cart={cart}
            provisionalNote={
              queued
                ? online
                  ? QUEUED_MESSAGES.provisionalWhileSending
                  : QUEUED_MESSAGES.provisionalTotal
                : null
            }
          />
          {/* ── CHECKOUT SLOT ── car delivery block, payment method, and the fixed bottom pay / place-order button. */}
          {checkout ? checkout(context) : <CheckoutPlaceholder {...context} />}
        </aside>
      </div>

      <Modal
        open={confirmClear}
        title="Clear your cart?"
        description={
          vendorName
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
                actions.clear(vendorId);
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
        value={cart.deliveryInstructions}
        maxLength={TEXT_LIMIT}
        validate={(text) => (text.trim() === "" ? MESSAGES.deliveryInstructionsRequired : null)}
        onSave={async (text) => {
          if (!(await actions.saveDeliveryInstructions(vendorId, text.trim())))
            throw new Error(MESSAGES.deliveryInstructionsFailed);
          setInstructionsOpen(false);
        }}
        onCancel={() => setInstructionsOpen(false)}
      />
    </div>
  );
}

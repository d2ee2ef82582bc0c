import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import type { Cart } from "../../../../contract/cart";
import type { OrderType } from "../../../../contract/common";
import { TEXT_LIMIT } from "../../../../contract/limits";
import { MESSAGES } from "../../../../contract/messages";
import { Button } from "../../../components/Button";
import { Icon } from "../../../components/Icon";
import { Modal } from "../../../components/Modal";
import { PageHeader } from "../../../components/PageHeader";
import { Skeleton } from "../../../components/Skeleton";
import { TextEditModal } from "../../../components/TextEditModal";
import { formatPence } from "../../../lib/money";
import { useCart } from "../hooks/use-cart";
import { useCartActions } from "../hooks/use-cart-actions";
import { useOrderType } from "../hooks/use-order-type";
import { readLocalCartVendor } from "../lib/cart-storage";
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
    <div className="cart-bar">
      <button type="button" className="btn btn--primary btn--block" disabled aria-describedby="checkout-soon">
        <span>Proceed to Payment {formatPence(cart.totalPence)}</span>
      </button>
      <span id="checkout-soon" className="visually-hidden">
        Payment is not available yet
      </span>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className="cart-layout" aria-busy="true">
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
   * CHECKOUT SLOT — for the checkout issue: the car-delivery block ('Would you like a car delivery?'),
   * the payment method and the fixed bottom 'Proceed to Payment £total' / 'Place Order £total' button.
   * Without it the page shows that button disabled.
   */
  checkout?: (context: CheckoutSlotContext) => ReactNode;
}

/** /cart: the server-priced cart of the current vendor (spec section 2). */
export default function CartPage({ checkout }: CartPageProps) {
  const cartQuery = useCart("current");
  const [orderType, chooseOrderType] = useOrderType();
  const actions = useCartActions();
  const [confirmClear, setConfirmClear] = useState(false);
  const [instructionsOpen, setInstructionsOpen] = useState(false);

  const cart = cartQuery.data;
  const vendorId = cartQuery.vendorId;
  const hasItems = (cart?.items.length ?? 0) > 0;
  const vendorName = cart?.vendor_info?.name ?? readLocalCartVendor()?.name;

  const header = (
    <PageHeader
      title="Cart"
      onClearCart={hasItems && vendorId !== null ? () => setConfirmClear(true) : undefined}
      clearCartLabel="Clear cart"
    />
  );

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
          <button type="button" className="btn btn--secondary btn--small" onClick={() => cartQuery.refetch()}>
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
      <div className="cart-layout">
        <div className="cart-main">
          <div className="cart-vendor">
            <Icon name="store" size={20} />
            <span>
              Your order from <strong>{vendorName ?? "this trailer"}</strong>
            </span>
          </div>
          <OrderTypeToggle value={orderType} onChange={chooseOrderType} />
          <ul className="cart-lines">
            {cart.items.map((line) => (
              <CartLineCard
                key={line.lineId}
                line={line}
                vendorId={vendorId}
                busy={actions.isLineBusy(line.lineId)}
                onQuantity={(quantity) => actions.setQuantity({ vendorId, menuItemId: line.menuItemId, lineId: line.lineId, quantity })}
              />
            ))}
          </ul>
          <Link className="btn btn--ghost cart-add-more" to={`/vendor/${vendorId}`}>
            + Add items
          </Link>
          {orderType === "delivery" && (
            <div className="cart-instructions">
              {cart.deliveryInstructions && (
                <p>
                  <strong>Delivery instructions:</strong> {cart.deliveryInstructions}
                </p>
              )}
              <button type="button" className="link-btn" onClick={() => setInstructionsOpen(true)} aria-haspopup="dialog">
                {cart.deliveryInstructions ? "Edit delivery instructions" : "Add delivery instructions"}
              </button>
            </div>
          )}
        </div>
        <aside className="cart-side">
          <CartSummary cart={cart} />
          {/* ── CHECKOUT SLOT ── car delivery block, payment method, and the fixed bottom pay / place-order button. */}
          {checkout ? checkout(context) : <CheckoutPlaceholder {...context} />}
        </aside>
      </div>

      <Modal
        open={confirmClear}
        title="Clear your cart?"
        description={vendorName ? `This removes every item from your ${vendorName} cart.` : "This removes every item from your cart."}
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
          if (!(await actions.saveDeliveryInstructions(vendorId, text.trim()))) throw new Error(MESSAGES.deliveryInstructionsFailed);
          setInstructionsOpen(false);
        }}
        onCancel={() => setInstructionsOpen(false)}
      />
    </div>
  );
}

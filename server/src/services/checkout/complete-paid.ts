/**
 * Checkout's step for a paid card payment: what is still there is ordered as paid, what went while the customer
 * paid is refunded (late-changes.ts), the checkout is marked paid; a cash order paid by card now is marked paid
 * instead (existing-order.ts). Payments calls it directly wherever a payment completes (the webhook, the status
 * poll, the test checkout), inside the transaction that records the payment paid, so what it pays for is placed
 * with it or not at all, once.
 */
import type { Queryable } from "@server/db/database.js";
import { checkoutsRepository } from "@server/db/repositories/checkouts.js";
import { orderPlacementRepository } from "@server/db/repositories/order-placement.js";
import type { DomainEvents } from "@server/events.js";
import type { OrderPlacementService } from "@server/services/orders/placement.js";
import type { PaidPayment, PaidPurchase } from "@server/services/payments/payment-model.js";
import { markExistingOrderPaid } from "./existing-order.js";
import { checkLateChanges, refundedShares } from "./late-changes.js";

export interface CompletePaidDeps {
  events: DomainEvents;
  placement: OrderPlacementService;
  /** Inside the paid payment's transaction: the receipts of each order it placed. */
  issueReceipts?: ((tx: Queryable, orderId: number) => Promise<void>) | undefined;
}

export function createCompletePaid(deps: CompletePaidDeps) {
  const { placement } = deps;
  return async function completePaid(paid: PaidPayment): Promise<PaidPurchase> {
    const { purchase } = paid;
    if (purchase.existingOrderId)
      return markExistingOrderPaid(paid, purchase.existingOrderId, deps.events);
    const late = await checkLateChanges(paid.tx, purchase.snapshots, paid.paidPence);
    const refund =
      late.note && late.refundPence > 0
        ? {
            amountPence: late.refundPence,
            note: late.note,
            shares: refundedShares(purchase.snapshots, late.keep),
          }
        : null;
    const nothing = { orderIds: [], created: false, refund, afterCommit: () => {} };
    if (late.keep.length === 0) return nothing;
    const orders = await placement.place(paid.tx, paid.userId, late.keep, {
      paymentMethod: "stripe",
      checkoutId: purchase.checkoutId,
      paymentId: paid.paymentId,
    });
    if (!orders) {
      // Its order already exists (the payment's first order carries its id): nothing more to place.
      const existing = await orderPlacementRepository(paid.tx).findByPaymentId(paid.paymentId);
      return { ...nothing, orderIds: existing ? [existing.id] : [], refund: null };
    }
    await checkoutsRepository(paid.tx).markPaid(purchase.checkoutId);
    for (const order of orders) await deps.issueReceipts?.(paid.tx, order.id);
    return {
      orderIds: orders.map((order) => order.id),
      created: true,
      refund,
      afterCommit: () => placement.announce(paid.userId, orders),
    };
  };
}

export type CompletePaid = ReturnType<typeof createCompletePaid>;

/**
 * The one way to buy. A purchase locks the chosen carts, claims its Idempotency-Key, prices one snapshot per trailer,
 * then places every order (cash) or records the one card payment that places them once paid. The spec's
 * POST /orders (one trailer, cash), POST /payments/stripe/create-intent (one trailer, card) and the park basket's
 * POST /checkout (any number of trailers) are adapters over it; a paid payment is placed by the reaction to
 * `paymentPaid`, which also refunds what went while the customer paid.
 */
import { randomUUID } from "node:crypto";
import type { Basket, CheckoutResponse } from "@contract/basket";
import type { OrderType } from "@contract/common";
import { penceToPounds, penceToPoundsText } from "@contract/money";
import type { PaymentMethod, Vehicle } from "@contract/orders";
import type { CreateIntentResponse } from "@contract/payments";
import type { Database, Queryable } from "@server/db/database.js";
import { type CheckoutRow, checkoutsRepository } from "@server/db/repositories/checkouts.js";
import {
  orderPlacementRepository,
  type PlacedOrderRow,
} from "@server/db/repositories/order-placement.js";
import { ordersRepository } from "@server/db/repositories/orders.js";
import { Conflict, InvalidInput, NotFound } from "@server/domain-errors.js";
import type { DomainEvents, PaidPurchase, PaymentPaid } from "@server/events.js";
import type { CartService } from "@server/services/cart/cart-service.js";
import type { OrderPlacementService, PurchaseRequest } from "@server/services/orders/placement.js";
import { toCheckoutOrder } from "@server/services/orders/queries.js";
import {
  checkoutTotals,
  cleanVehicle,
  type OrderRequest,
} from "@server/services/orders/snapshot.js";
import type { OpenedPayment, PaymentService } from "@server/services/payments/payment-service.js";
import { readBasket } from "./basket-view.js";
import { assertPayableByCard, markExistingOrderPaid, snapshotOfOrder } from "./existing-order.js";
import {
  CHECKOUT_IN_PROGRESS,
  checkoutLedger,
  checkoutRequestHash,
  orderLedger,
  type PurchaseLedger,
} from "./idempotency.js";
import { checkLateChanges, refundedShares } from "./late-changes.js";

export { CHECKOUT_IN_PROGRESS, CHECKOUT_KEY_REUSED } from "./idempotency.js";

/** The parsed POST /checkout body (contract/basket.ts). */
export interface CheckoutInput {
  vendorIds: number[];
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  totalPence: number;
  deliveryInstructions?: string | null | undefined;
  vehicleData?: Vehicle | null | undefined;
}

/** The parsed POST /payments/stripe/create-intent body: one trailer's cart, paid by card. */
export interface CreateIntentInput {
  order: OrderRequest;
  /** Pounds, as the client shows it; must equal the server's total. */
  amount: number;
  currency: "gbp";
  metadata: Record<string, string>;
}

export interface PlacedOrder {
  id: number;
  status: PlacedOrderRow["status"];
  /** True when an earlier request with the same key (or payment) had already created it. */
  replayed: boolean;
}

export interface CheckoutServiceDeps {
  db: Database;
  events: DomainEvents;
  carts: Pick<CartService, "getBasketCarts">;
  placement: OrderPlacementService;
  payments: PaymentService;
  /** Inside the paid payment's transaction: the receipts of each order it placed. */
  issueReceipts?: (tx: Queryable, orderId: number) => Promise<void>;
  /** Brand flag: cash for a multi-trailer checkout is paid at one park till, not at each counter. */
  cashAtParkTill: boolean;
}

type User = { id: number; email: string };

/** How a card purchase's payment opens: where the customer returns, and what the provider is told. */
interface CardOptions {
  origin: string;
  mock: boolean;
  metadata: Record<string, string>;
}

type Purchase<Earlier> =
  | { earlier: Earlier }
  | { checkoutId: number | null; orders: PlacedOrderRow[]; payment: OpenedPayment | null };

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, placement, payments } = deps;
  const cashPaidAt = deps.cashAtParkTill ? ("park_till" as const) : ("counter" as const);

  /** The one purchase: see the file's header. Cash orders are announced, a card payment opened, after commit. */
  async function purchase<Earlier>(
    user: User,
    request: PurchaseRequest,
    ledger: PurchaseLedger<Earlier>,
    card: CardOptions | null,
  ): Promise<Purchase<Earlier>> {
    if (request.paymentMethod === "stripe") payments.assertCanOpen({ mock: card?.mock ?? false });
    const result = await db.transaction(async (tx) => {
      const locked = await placement.lockCarts(tx, user.id, request.vendorIds);
      const claimed = await ledger.claim(tx);
      if ("earlier" in claimed) return claimed;
      const { checkoutId } = claimed;
      const snapshots = await placement.price(tx, user.id, request, locked);
      if (checkoutId !== null)
        await checkoutsRepository(tx).setTotals(checkoutId, checkoutTotals(snapshots));
      if (request.paymentMethod === "cash_at_counter") {
        const links = { paymentMethod: request.paymentMethod, checkoutId, ...ledger.orderKey };
        const orders = await placement.place(tx, user.id, snapshots, links);
        if (!orders) return { earlier: await ledger.raced(tx) };
        return { checkoutId, orders, paymentId: null };
      }
      if (checkoutId === null || !card) throw new Error("a card payment belongs to a checkout");
      const paymentId = await payments.recordPayment(tx, {
        userId: user.id,
        checkoutId,
        snapshots,
        origin: card.origin,
        mock: card.mock,
      });
      await checkoutsRepository(tx).setPayment(checkoutId, paymentId, null);
      return { checkoutId, orders: [] as PlacedOrderRow[], paymentId };
    });
    if ("earlier" in result) return result;
    placement.announce(user.id, result.orders);
    if (!result.paymentId || result.checkoutId === null || !card)
      return { checkoutId: result.checkoutId, orders: result.orders, payment: null };
    const payment = await payments.openPayment(user, result.paymentId, card.metadata);
    await checkoutsRepository(db).setPayment(
      result.checkoutId,
      result.paymentId,
      payment.sessionUrl,
    );
    return { checkoutId: result.checkoutId, orders: result.orders, payment };
  }

  /** A paid payment: what is still there is ordered as paid, what went is refunded, the checkout marked paid. */
  async function placePaid(paid: PaymentPaid): Promise<PaidPurchase> {
    if (paid.existingOrderId) return markExistingOrderPaid(paid, paid.existingOrderId, deps.events);
    const late = await checkLateChanges(paid.tx, paid.snapshots, paid.paidPence);
    const refund =
      late.note && late.refundPence > 0
        ? {
            amountPence: late.refundPence,
            note: late.note,
            shares: refundedShares(paid.snapshots, late.keep),
          }
        : null;
    const nothing = { orderIds: [], created: false, refund, afterCommit: () => {} };
    if (late.keep.length === 0) return nothing;
    const orders = await placement.place(paid.tx, paid.userId, late.keep, {
      paymentMethod: "stripe",
      checkoutId: paid.checkoutId,
      paymentId: paid.paymentId,
    });
    if (!orders) {
      // Its order already exists (the payment's first order carries its id): nothing more to place.
      const existing = await orderPlacementRepository(paid.tx).findByPaymentId(paid.paymentId);
      return { ...nothing, orderIds: existing ? [existing.id] : [], refund: null };
    }
    if (paid.checkoutId !== null) await checkoutsRepository(paid.tx).markPaid(paid.checkoutId);
    for (const order of orders) await deps.issueReceipts?.(paid.tx, order.id);
    return {
      orderIds: orders.map((order) => order.id),
      created: true,
      refund,
      afterCommit: () => placement.announce(paid.userId, orders),
    };
  }
  deps.events.onPaymentPaid(placePaid);

  async function answer(checkout: CheckoutRow): Promise<CheckoutResponse> {
    const orders = await checkoutsRepository(db).ordersOf([checkout.id]);
    const payment =
      checkout.payment_id && checkout.payment_url
        ? {
            paymentIntentId: checkout.payment_id,
            sessionUrl: checkout.payment_url,
            returnUrl: `${new URL(checkout.payment_url).origin}/payment-success?payment_id=${checkout.payment_id}`,
          }
        : null;
    return {
      checkoutId: checkout.id,
      status: checkout.status,
      paymentMethod: checkout.payment_method,
      totalPence: checkout.total_pence,
      total: penceToPounds(checkout.total_pence),
      orders: orders.map(toCheckoutOrder),
      cashPaidAt,
      payment,
    };
  }

  async function ownCheckout(userId: number, checkoutId: number): Promise<CheckoutRow> {
    const checkout = await checkoutsRepository(db).findById(checkoutId);
    if (!checkout || checkout.user_id !== userId) throw new NotFound("Checkout not found");
    return checkout;
  }

  /** A checkout's ledger: its key, and the hash of the canonical request the key covers. */
  const ledgerFor = (userId: number, key: string, input: CheckoutInput) =>
    checkoutLedger({
      userId,
      key,
      requestHash: checkoutRequestHash(input),
      paymentMethod: input.paymentMethod,
      vendorIds: [...new Set(input.vendorIds)],
    });

  return {
    /** GET /cart/basket: one section per trailer with a non-empty cart, priced by the server, and one total. */
    getBasket: (
      userId: number,
      query: { orderType?: OrderType | undefined; exclude?: number[] | undefined },
    ): Promise<Basket> => readBasket(deps.carts, userId, query, cashPaidAt),

    /**
     * POST /checkout: every chosen trailer, all or nothing, at the total the customer was shown. A retry with the
     * same key answers the same checkout; the same key with another request is a 422.
     */
    async checkout(
      user: User,
      input: CheckoutInput,
      key: string,
      origin: string,
    ): Promise<{ response: CheckoutResponse; replayed: boolean }> {
      cleanVehicle(input.vehicleData);
      const request: PurchaseRequest = {
        ...input,
        vendorIds: [...new Set(input.vendorIds)],
        shownTotal: {
          pence: input.totalPence,
          changed: (totalPence) =>
            new Conflict(
              `Your basket changed: the total is now ${penceToPoundsText(totalPence)}. Please check your cart and try again.`,
            ),
        },
      };
      const card = { origin, mock: false, metadata: {} };
      const result = await purchase(user, request, ledgerFor(user.id, key, input), card);
      if ("earlier" in result) {
        const { earlier } = result;
        if (earlier.payment_method === "stripe" && !earlier.payment_url)
          throw new Conflict(CHECKOUT_IN_PROGRESS);
        return { response: await answer(earlier), replayed: true };
      }
      const response = await answer(await ownCheckout(user.id, result.checkoutId!));
      if (!result.payment) return { response, replayed: false };
      const { paymentIntentId, sessionUrl, returnUrl } = result.payment;
      return {
        response: { ...response, payment: { paymentIntentId, sessionUrl, returnUrl } },
        replayed: false,
      };
    },

    /**
     * POST /orders: a checkout of one trailer, cash, its key kept on the order (the spec's call). A card order
     * is the one its paid payment placed.
     */
    async placeOrder(
      user: User,
      input: OrderRequest,
      key: string | null,
      /** SHA-256 of the canonical request body: a reused key with another body is refused (422). */
      requestHash: string | null,
    ): Promise<PlacedOrder> {
      if (input.paymentMethod === "stripe")
        return {
          ...(await placement.orderForPayment(user.id, input.stripePaymentIntentId)),
          replayed: true,
        };
      const request: PurchaseRequest = { ...input, vendorIds: [input.vendorId] };
      const result = await purchase(user, request, orderLedger(user.id, key, requestHash), null);
      if ("earlier" in result)
        return { id: result.earlier.id, status: result.earlier.status, replayed: true };
      const [order] = result.orders;
      return { id: order!.id, status: order!.status, replayed: false };
    },

    /**
     * POST /payments/stripe/create-intent: a checkout of one trailer paid by card, for the amount the customer was
     * shown. Its hosted checkout lists the cart's dishes.
     */
    async payByCard(
      user: User,
      input: CreateIntentInput,
      origin: string,
    ): Promise<CreateIntentResponse> {
      const amountPence = Math.round(input.amount * 100);
      const order = { ...input.order, paymentMethod: "stripe" as const };
      const request: PurchaseRequest = {
        ...order,
        vendorIds: [order.vendorId],
        shownTotal: {
          pence: amountPence,
          changed: (totalPence) =>
            new InvalidInput(
              `The amount (${penceToPoundsText(amountPence)}) does not match your cart total (${penceToPoundsText(totalPence)}). Please go back to the cart and try again.`,
            ),
        },
      };
      // The spec's call carries no Idempotency-Key: each attempt is its own checkout (a newer one replaces it).
      const key = `card-${randomUUID()}`;
      const ledger = ledgerFor(user.id, key, {
        ...order,
        vendorIds: [order.vendorId],
        totalPence: amountPence,
      });
      const card = { origin, mock: input.metadata.source === "mock", metadata: input.metadata };
      const result = await purchase(user, request, ledger, card);
      if ("earlier" in result || !result.payment)
        throw new Error(`checkout ${key} opened no payment`);
      return { success: true, ...result.payment };
    },

    /**
     * POST /payments/stripe/create-intent with only `orderId`: the caller's own cash order, not paid yet, paid by
     * card (a paid or cancelled one: 409; another customer's: 404).
     */
    async payOrderByCard(
      user: User,
      input: { orderId: number; amount: number; metadata: Record<string, string> },
      origin: string,
    ): Promise<CreateIntentResponse> {
      const mock = input.metadata.source === "mock";
      payments.assertCanOpen({ mock });
      const record = assertPayableByCard(
        await ordersRepository(db).findById(input.orderId),
        user.id,
        Math.round(input.amount * 100),
      );
      const paymentId = await db.transaction((tx) =>
        payments.recordPayment(tx, {
          userId: user.id,
          checkoutId: record.order.checkout_id ?? null,
          existingOrderId: record.order.id,
          snapshots: [snapshotOfOrder(record)],
          origin,
          mock,
        }),
      );
      return { success: true, ...(await payments.openPayment(user, paymentId, input.metadata)) };
    },

    /** GET /checkouts/:id — the customer's own checkout: its orders and grand total. */
    async getCheckout(userId: number, checkoutId: number): Promise<CheckoutResponse> {
      return answer(await ownCheckout(userId, checkoutId));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * The one way to buy. Every purchase is a checkout: it locks the chosen carts, claims its Idempotency-Key (the
 * canonical request it covers: contract/checkout-request.ts), prices one snapshot per trailer, then places every
 * order (cash) or records the one card payment that places them once paid. The spec's POST /orders (one trailer,
 * cash), POST /payments/stripe/create-intent (one trailer, card) and the park basket's POST /checkout (any number
 * of trailers) are adapters over it. A paid payment is completed by the named step `completePaid`
 * (complete-paid.ts), which payments calls wherever a payment completes.
 */
import type { Basket, CheckoutResponse } from "@contract/basket";
import type { OrderType } from "@contract/common";
import { penceToPounds, penceToPoundsText } from "@contract/money";
import type { PaymentMethod, Vehicle } from "@contract/orders";
import type { CreateIntentResponse } from "@contract/payments";
import type { Database } from "@server/db/database.js";
import { type CheckoutRow, checkoutsRepository } from "@server/db/repositories/checkouts.js";
import {
  orderPlacementRepository,
  type PlacedOrderRow,
} from "@server/db/repositories/order-placement.js";
import { ordersRepository } from "@server/db/repositories/orders.js";
import { Conflict, InvalidInput, NotFound } from "@server/domain-errors.js";
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
import type { CompletePaid } from "./complete-paid.js";
import { assertPayableByCard, snapshotOfOrder } from "./existing-order.js";
import {
  CHECKOUT_IN_PROGRESS,
  CHECKOUT_KEY_REUSED,
  claimCheckout,
  earlierUnderKey,
  ORDER_KEY_REUSED,
  type PurchaseKey,
  requestHash,
  sameRequest,
} from "./idempotency.js";

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

/** A spec call's key and the body as sent (all of it is what the key covers). */
export interface SpecKey {
  key: string | null;
  body: unknown;
}

export interface PlacedOrder {
  id: number;
  status: PlacedOrderRow["status"];
  /** True when an earlier request with the same key (or payment) had already created it. */
  replayed: boolean;
}

export interface CheckoutServiceDeps {
  db: Database;
  carts: Pick<CartService, "getBasketCarts" | "takeLastAdd">;
  placement: OrderPlacementService;
  payments: PaymentService;
  /** The paid payment's step (complete-paid.ts): the same one payments calls. */
  completePaid: CompletePaid;
  /** Brand flag: cash for a multi-trailer checkout is paid at one park till, not at each counter. */
  cashAtParkTill: boolean;
}

type User = { id: number; email: string };

/** Reads of a cash order whose cart keeps changing under it, before it is placed the locked way. */
const QUICK_ORDER_ATTEMPTS = 3;

/** How a card purchase's payment opens: where the customer returns, and what the provider is told. */
interface CardOptions {
  origin: string;
  mock: boolean;
  metadata: Record<string, string>;
}

type Purchase =
  | { earlier: CheckoutRow }
  | { checkoutId: number; orders: PlacedOrderRow[]; payment: OpenedPayment | null };

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, placement, payments } = deps;
  const cashPaidAt = deps.cashAtParkTill ? ("park_till" as const) : ("counter" as const);

  /** The one purchase: see the file's header. Cash orders are announced, a card payment opened, after commit. */
  async function purchase(
    user: User,
    request: PurchaseRequest,
    purchaseKey: PurchaseKey,
    card: CardOptions | null,
  ): Promise<Purchase> {
    if (request.paymentMethod === "stripe") payments.assertCanOpen({ mock: card?.mock ?? false });
    const result = await db.transaction(async (tx) => {
      const locked = await placement.lockCarts(tx, user.id, request.vendorIds);
      const claimed = await claimCheckout(tx, {
        userId: user.id,
        purchaseKey,
        paymentMethod: request.paymentMethod,
        vendorIds: request.vendorIds,
      });
      if ("earlier" in claimed) return claimed;
      const { checkoutId } = claimed;
      const snapshots = await placement.price(tx, user.id, request, locked);
      const totals = checkoutTotals(snapshots);
      if (request.paymentMethod === "cash_at_counter") {
        const links = { paymentMethod: request.paymentMethod, checkoutId, checkoutTotals: totals };
        const orders = await placement.place(tx, user.id, snapshots, links);
        if (!orders) throw new Error(`checkout ${checkoutId}: a cash order collided`);
        return { checkoutId, orders, paymentId: null };
      }
      if (!card) throw new Error("a card payment needs where the customer returns");
      await checkoutsRepository(tx).setTotals(checkoutId, totals);
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
    if (!result.paymentId || !card)
      return { checkoutId: result.checkoutId, orders: result.orders, payment: null };
    const payment = await payments.openPayment(user, result.paymentId, card.metadata);
    await checkoutsRepository(db).setPayment(result.checkoutId, result.paymentId, payment);
    return { checkoutId: result.checkoutId, orders: result.orders, payment };
  }

  /** A POST /orders replay: the order its earlier checkout placed (none yet: still being placed). */
  async function orderOfEarlier(earlier: CheckoutRow): Promise<PlacedOrder> {
    const [order] = await checkoutsRepository(db).ordersOf([earlier.id]);
    if (!order) throw new Conflict(CHECKOUT_IN_PROGRESS);
    return { id: order.id, status: order.status, replayed: true };
  }

  /**
   * POST /orders of one trailer without a slot cap, cash, and no transaction held open: what it is priced and judged
   * on, then placed in one statement (placement `placeRead`), which writes nothing unless the cart and the catalogue
   * are still the versions priced. What it is priced on is the cart the customer's last add on this node left (one
   * statement in all), else read in one statement. A cart changed meanwhile is read again; null sends the purchase
   * the locked way (a capped trailer's slot count is read and its order written under the trailer's lock).
   */
  async function quickCashOrder(
    user: User,
    request: PurchaseRequest,
    purchaseKey: PurchaseKey,
  ): Promise<PlacedOrder | null> {
    const [vendorId] = request.vendorIds;
    if (vendorId === undefined || request.vendorIds.length !== 1) return null;
    const hash = requestHash(purchaseKey.request);
    const replay = (earlier: CheckoutRow) =>
      orderOfEarlier(sameRequest(earlier, purchaseKey, hash));
    const orders = orderPlacementRepository(db);
    let remembered = deps.carts.takeLastAdd(user.id, vendorId);
    let reads = 0;
    while (reads < QUICK_ORDER_ATTEMPTS) {
      const fromAdd = remembered !== null;
      const read = remembered
        ? { ...remembered, earlier: null, catalogue_version: remembered.catalogueVersion }
        : await orders.cashOrderContext(user.id, vendorId, purchaseKey.key);
      if (fromAdd) remembered = null;
      else reads += 1;
      if (read.earlier) return replay(read.earlier);
      const { vendor, cart } = read;
      if (!vendor) throw new NotFound(`Vendor ${vendorId} not found`);
      if (vendor.slot_cap) return null;
      const priced = await placement
        .priceRead(user.id, request, { ...read, vendor })
        .catch((error) => {
          // Refused on the remembered cart: judged again on a fresh read, which also finds a replay under the key.
          if (fromAdd) return null;
          throw error;
        });
      if (!priced) continue;
      const [snapshot] = priced;
      // Priced: the cart has lines, so it exists.
      if (!snapshot || !cart) throw new Error("a priced cash order without its cart");
      const outcome = await placement.placeRead(user.id, snapshot, {
        cartId: cart.id,
        cartVersion: cart.version,
        catalogueVersion: read.catalogue_version,
        key: purchaseKey.key,
        requestHash: hash,
      });
      if (outcome.placed) {
        placement.announce(user.id, [outcome.placed]);
        return { id: outcome.placed.id, status: outcome.placed.status, replayed: false };
      }
      if (outcome.cartChanged) continue;
      // The key was claimed by a request that committed meanwhile.
      return orderOfEarlier(await earlierUnderKey(db, user.id, purchaseKey, hash));
    }
    return null;
  }

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
      const purchaseKey = {
        key,
        request: { call: "checkout" as const, body: input },
        reusedMessage: CHECKOUT_KEY_REUSED,
      };
      const result = await purchase(user, request, purchaseKey, card);
      if ("earlier" in result) {
        const { earlier } = result;
        if (earlier.payment_method === "stripe" && !earlier.payment_url)
          throw new Conflict(CHECKOUT_IN_PROGRESS);
        return { response: await answer(earlier), replayed: true };
      }
      const response = await answer(await ownCheckout(user.id, result.checkoutId));
      if (!result.payment) return { response, replayed: false };
      const { paymentIntentId, sessionUrl, returnUrl } = result.payment;
      return {
        response: { ...response, payment: { paymentIntentId, sessionUrl, returnUrl } },
        replayed: false,
      };
    },

    /**
     * POST /orders: a checkout of one trailer, cash, its key (optional) covering the whole body. A card order is
     * the one its paid payment placed.
     */
    async placeOrder(user: User, input: OrderRequest, spec: SpecKey): Promise<PlacedOrder> {
      if (input.paymentMethod === "stripe")
        return {
          ...(await placement.orderForPayment(user.id, input.stripePaymentIntentId)),
          replayed: true,
        };
      const request: PurchaseRequest = { ...input, vendorIds: [input.vendorId] };
      const purchaseKey = {
        key: spec.key,
        request: { call: "orders" as const, body: spec.body },
        reusedMessage: ORDER_KEY_REUSED,
      };
      const quick = await quickCashOrder(user, request, purchaseKey);
      if (quick) return quick;
      const result = await purchase(user, request, purchaseKey, null);
      if ("earlier" in result) return orderOfEarlier(result.earlier);
      const [order] = result.orders;
      return { id: order!.id, status: order!.status, replayed: false };
    },

    /**
     * POST /payments/stripe/create-intent: a checkout of one trailer paid by card, for the amount the customer was
     * shown; its key (optional) covers the whole body, and a replay answers the same payment. Its hosted checkout
     * lists the cart's dishes.
     */
    async payByCard(
      user: User,
      input: CreateIntentInput,
      spec: SpecKey,
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
      const purchaseKey = {
        key: spec.key,
        request: { call: "create-intent" as const, body: spec.body },
        reusedMessage: CHECKOUT_KEY_REUSED,
      };
      const card = { origin, mock: input.metadata.source === "mock", metadata: input.metadata };
      const result = await purchase(user, request, purchaseKey, card);
      if ("earlier" in result) {
        const { earlier } = result;
        if (!earlier.payment_id || !earlier.payment_url) throw new Conflict(CHECKOUT_IN_PROGRESS);
        const opened = await payments.openedAgain(user.id, earlier.payment_id, {
          sessionUrl: earlier.payment_url,
          clientSecret: earlier.payment_client_secret,
        });
        return { success: true, ...opened };
      }
      if (!result.payment) throw new Error(`checkout ${result.checkoutId} opened no payment`);
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
      // Every order is placed in a checkout (migration 018 gave the older ones theirs): its payment belongs to it.
      const checkoutId = record.order.checkout_id;
      if (!checkoutId) throw new Error(`order ${record.order.id} belongs to no checkout`);
      const paymentId = await db.transaction((tx) =>
        payments.recordPayment(tx, {
          userId: user.id,
          checkoutId,
          existingOrderId: record.order.id,
          snapshots: [snapshotOfOrder(record)],
          origin,
          mock,
        }),
      );
      return { success: true, ...(await payments.openPayment(user, paymentId, input.metadata)) };
    },

    /** A paid payment: its orders placed, or what went refunded (complete-paid.ts; payments calls it). */
    completePaid: deps.completePaid,

    /** GET /checkouts/:id — the customer's own checkout: its orders and grand total. */
    async getCheckout(userId: number, checkoutId: number): Promise<CheckoutResponse> {
      return answer(await ownCheckout(userId, checkoutId));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

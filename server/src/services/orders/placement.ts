/**
 * Placing orders, the same way for every purchase: the chosen carts locked and priced into snapshots (one per
 * trailer, the service charge once), refused when they cannot be ordered, then one order per snapshot written with
 * its cart emptied in the caller's transaction, and announced after commit. checkout/checkout-service.ts runs a
 * purchase with these; a one-trailer order is a checkout with one trailer.
 */

import {
  type BasketPart,
  basketSchedule,
  type PartSchedule,
  type TrailerLoad,
} from "@contract/basket-timing";
import type { OrderType } from "@contract/common";
import type { OrderStatus, PaymentMethod, Vehicle } from "@contract/orders";
import type { CartTotals } from "@contract/pricing";
import type { Database, Queryable } from "@server/db/database.js";
import {
  type CartRow,
  cartsRepository,
  type PricedLineRow,
} from "@server/db/repositories/carts.js";
import {
  type CashOrderGuards,
  type CashOrderOutcome,
  type NewOrder,
  type OpenTicketRow,
  orderPlacementRepository,
  type PlacedOrderRow,
} from "@server/db/repositories/order-placement.js";
import { type VendorRow, vendorsRepository } from "@server/db/repositories/vendors.js";
import { InvalidInput, PaymentIncomplete } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import type { CartService, PricedCart } from "@server/services/cart/cart-service.js";
import {
  type CheckoutSnapshot,
  chargeServiceOnceAcross,
  checkoutTotals,
  DEFAULT_ORDER_CAPS,
  type OrderCaps,
  orderVatPence,
  snapshotFromCart,
} from "./snapshot.js";

export const TRAILER_CART_GONE =
  "One of the trailers you chose has nothing in your cart any more. Please check your cart.";
export const CARD_ORDER_UNPAID =
  "This payment has not been completed. Please finish paying or try again.";

/** What placement needs from the cart service: priced server carts, read and emptied inside our transaction. */
export type PlacementCarts = Pick<
  CartService,
  "getCartForCheckout" | "getBasketCarts" | "clearCart"
>;

/** What the customer asks to buy: one trailer's cart or several, however it is paid. Prices never come from here. */
export interface PurchaseRequest {
  vendorIds: readonly number[];
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  deliveryInstructions?: string | null | undefined;
  vehicleData?: Vehicle | null | undefined;
  /** The total the customer was shown: when the server's differs, `changed` says so and nothing is placed. */
  shownTotal?: { pence: number; changed: (totalPence: number) => Error } | undefined;
}

/** How an order is linked: to its checkout (which keeps the purchase's Idempotency-Key), to the payment that paid it. */
export interface PlacementLinks {
  paymentMethod: PaymentMethod;
  checkoutId: number;
  /** Carried by the first order only (its unique index then guards against placing a payment's orders twice). */
  paymentId?: string | null | undefined;
  /** The purchase's totals, written on its checkout by the first order's statement (one round trip fewer). */
  checkoutTotals?: CartTotals | undefined;
}

/** Cash at the counter waits for the money; a card order exists only once it is paid. */
export const INITIAL_STATUS: Record<PaymentMethod, OrderStatus> = {
  cash_at_counter: "pending_payment",
  stripe: "confirmed",
};

export function newOrder(
  userId: number,
  snapshot: CheckoutSnapshot,
  meta: {
    paymentMethod: PaymentMethod;
    status: OrderStatus;
    paymentId: string | null;
    checkoutId?: number | null;
    /** This trailer's part of the basket's schedule (contract/basket-timing.ts); absent: a basket of one. */
    schedule?: PartSchedule;
  },
): NewOrder {
  // The estimated window: the vendor's preparation range from now, or for a basket from several trailers the
  // basket's shared window with a later start for quicker trailers (contract/basket-timing.ts).
  const schedule = meta.schedule ?? basketSchedule([basketPartOf(snapshot)], new Date())[0]!;
  return {
    userId,
    vendorId: snapshot.vendorId,
    orderType: snapshot.orderType,
    paymentMethod: meta.paymentMethod,
    status: meta.status,
    subtotalPence: snapshot.subtotalPence,
    serviceChargePence: snapshot.serviceChargePence,
    deliveryFeePence: snapshot.deliveryFeePence,
    totalPence: snapshot.totalPence,
    allergyNote: snapshot.allergyNote,
    deliveryInstructions: snapshot.deliveryInstructions,
    vehicle: snapshot.vehicle,
    readyFromMinutes: schedule.readyFromMinutes,
    readyInMinutes: schedule.readyInMinutes,
    startInMinutes: schedule.delayMinutes > 0 ? schedule.delayMinutes : null,
    paymentId: meta.paymentId,
    checkoutId: meta.checkoutId ?? null,
    items: snapshot.lines.map((line) => ({
      menuItemId: line.menuItemId,
      name: line.name,
      description: line.description,
      image: line.image,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
      totalPence: line.totalPence,
      specialInstructions: line.allergyInformation.trim() || null,
      addons: line.addons,
      vatRate: line.vatRate ?? null,
    })),
  };
}

/** A snapshot as a part of its basket's schedule: its trailer's own preparation range and a full slot's shift. */
export function basketPartOf(snapshot: CheckoutSnapshot): BasketPart {
  const shift = Math.max(0, snapshot.slotShiftMinutes);
  return {
    vendorId: snapshot.vendorId,
    preparationTime: {
      min: snapshot.preparationTimeMin - shift,
      max: snapshot.preparationTimeMax - shift,
    },
    slotShiftMinutes: shift,
  };
}

/** Each trailer's kitchen load from its open tickets (contract/basket-timing.ts reads it). */
export function trailerLoads(rows: readonly OpenTicketRow[]): Map<number, TrailerLoad> {
  const loads = new Map<
    number,
    TrailerLoad & { openTickets: TrailerLoad["openTickets"][number][] }
  >();
  for (const row of rows) {
    const load = loads.get(row.vendor_id) ?? { openTickets: [] };
    load.openTickets.push({
      status: row.status,
      startAt: row.start_at ? new Date(row.start_at) : null,
      startedAt: row.preparing_since ? new Date(row.preparing_since) : null,
      promisedAt: new Date(row.estimated_ready_at),
    });
    loads.set(row.vendor_id, load);
  }
  return loads;
}

export function createOrderPlacementService(deps: {
  db: Database;
  events: DomainEvents;
  carts: PlacementCarts;
  caps?: OrderCaps;
  /** The park has a VAT number: the service charge carries VAT (the order's `tax`). */
  parkVatRegistered?: boolean;
}) {
  const caps = deps.caps ?? DEFAULT_ORDER_CAPS;

  /** One snapshot per priced cart (the service charge once), refused when the total is not the one shown. */
  function snapshotsOf(carts: readonly PricedCart[], request: PurchaseRequest): CheckoutSnapshot[] {
    const snapshots = chargeServiceOnceAcross(
      carts.map((cart) => snapshotFromCart(cart, request, caps)),
    );
    const { totalPence } = checkoutTotals(snapshots);
    if (request.shownTotal && request.shownTotal.pence !== totalPence)
      throw request.shownTotal.changed(totalPence);
    return snapshots;
  }

  /** One trailer: its cart (empty when there is none). Several: the non-empty ones, in the order they were started. */
  async function chosenCarts(
    tx: Queryable,
    userId: number,
    request: PurchaseRequest,
    locked: readonly CartRow[],
  ): Promise<PricedCart[]> {
    const [only] = request.vendorIds;
    const options = { orderType: request.orderType, tx };
    if (request.vendorIds.length === 1 && only !== undefined) {
      const row = locked.find((cart) => cart.vendor_id === only) ?? null;
      return [
        await deps.carts.getCartForCheckout(userId, only, {
          ...options,
          locked: row,
          holdSlot: true,
        }),
      ];
    }
    const carts = await deps.carts.getBasketCarts(userId, options);
    const chosen = carts.filter((cart) => request.vendorIds.includes(cart.vendor.id));
    if (chosen.length !== request.vendorIds.length) throw new InvalidInput(TRAILER_CART_GONE);
    return chosen;
  }

  return {
    /**
     * Inside the purchase's transaction, before anything else: later purchases of these carts wait here. Answers
     * the carts as locked, for `price`.
     */
    async lockCarts(
      tx: Queryable,
      userId: number,
      vendorIds: readonly number[],
    ): Promise<CartRow[]> {
      return cartsRepository(tx).lockCarts(userId, vendorIds);
    },

    /**
     * Inside the purchase's transaction (carts locked): what would be ordered, one snapshot per trailer, priced by
     * the server. Refuses an empty cart, a closed or busy trailer, an unavailable item, an order above the caps,
     * and a total other than the one the customer was shown.
     */
    async price(
      tx: Queryable,
      userId: number,
      request: PurchaseRequest,
      locked: readonly CartRow[],
    ): Promise<CheckoutSnapshot[]> {
      // A slot's count is read and its order written under one lock per capped trailer, so a rush of checkouts
      // (on any node) can never fill a 15-minute slot beyond its cap. One trailer: taken as its cart is priced
      // (holdSlot); several: all of them first, in id order.
      if (request.vendorIds.length > 1)
        await vendorsRepository(tx).lockSlotCounts(request.vendorIds);
      return snapshotsOf(await chosenCarts(tx, userId, request, locked), request);
    },

    /**
     * `price` for one trailer without a slot cap, on what `cashOrderContext` read (nothing is read again): its
     * snapshot, refused as `price` refuses.
     */
    async priceRead(
      userId: number,
      request: PurchaseRequest,
      read: { vendor: VendorRow; cart: CartRow | null; lines: readonly PricedLineRow[] },
    ): Promise<CheckoutSnapshot[]> {
      const cart = await deps.carts.getCartForCheckout(userId, read.vendor.id, {
        orderType: request.orderType,
        locked: read.cart,
        read,
      });
      return snapshotsOf([cart], request);
    },

    /**
     * A one-trailer cash order priced by `priceRead`, placed in one statement (`placeCashOrder`): nothing written
     * when the cart or the catalogue changed since it was read, or the key is taken (the outcome says which). Call
     * `announce` after.
     */
    async placeRead(
      userId: number,
      snapshot: CheckoutSnapshot,
      checkout: CashOrderGuards,
    ): Promise<CashOrderOutcome> {
      const order = newOrder(userId, snapshot, {
        paymentMethod: "cash_at_counter",
        status: INITIAL_STATUS.cash_at_counter,
        paymentId: null,
      });
      return orderPlacementRepository(deps.db).placeCashOrder(
        {
          ...order,
          checkoutTotals: checkoutTotals([snapshot]),
          vatPence: orderVatPence(snapshot, deps.parkVatRegistered ?? false),
        },
        checkout,
      );
    },

    /**
     * Inside the caller's transaction: one order per snapshot, in the given order, each trailer's cart emptied.
     * Null when the first order's payment already has an order (nothing written). Any other failure
     * throws, and the caller's transaction undoes every order. Call `announce` after commit.
     */
    async place(
      tx: Queryable,
      userId: number,
      snapshots: readonly CheckoutSnapshot[],
      links: PlacementLinks,
    ): Promise<PlacedOrderRow[] | null> {
      const orders = orderPlacementRepository(tx);
      const placed: PlacedOrderRow[] = [];
      // One basket, one moment: every part due together (contract/basket-timing.ts), each timed against what its
      // trailer's kitchen still has to make (a one-trailer order's window does not depend on it).
      const loads =
        snapshots.length > 1
          ? trailerLoads(await orders.openTickets(snapshots.map((snapshot) => snapshot.vendorId)))
          : new Map<number, TrailerLoad>();
      const schedules = basketSchedule(
        snapshots.map((snapshot) => ({
          ...basketPartOf(snapshot),
          load: loads.get(snapshot.vendorId) ?? { openTickets: [] },
        })),
        new Date(),
      );
      for (const [index, snapshot] of snapshots.entries()) {
        const first = placed.length === 0;
        const order = newOrder(userId, snapshot, {
          paymentMethod: links.paymentMethod,
          status: INITIAL_STATUS[links.paymentMethod],
          paymentId: first ? (links.paymentId ?? null) : null,
          checkoutId: links.checkoutId,
          schedule: schedules[index]!,
        });
        const row = await orders.insertOrder({
          ...order,
          checkoutTotals: first ? links.checkoutTotals : undefined,
          vatPence: orderVatPence(snapshot, deps.parkVatRegistered ?? false),
        });
        if (!row && first) return null;
        if (!row) throw new Error(`order for ${snapshot.vendorName} was not inserted`);
        await deps.carts.clearCart(userId, snapshot.vendorId, tx);
        placed.push(row);
      }
      return placed;
    },

    /** After commit: each placed order announced once (sockets, push, metrics listen). */
    announce(userId: number, orders: readonly PlacedOrderRow[]): void {
      for (const order of orders)
        deps.events.emit("orderPlaced", {
          orderId: order.id,
          userId,
          vendorId: order.vendor_id,
          status: order.status,
        });
    },

    /** POST /orders of a card order: the order its paid payment placed, else 402. */
    async orderForPayment(
      userId: number,
      paymentId: string | undefined,
    ): Promise<{ id: number; status: OrderStatus }> {
      if (!paymentId) throw new InvalidInput("stripePaymentIntentId is required for card orders");
      const order = await orderPlacementRepository(deps.db).findByPaymentId(paymentId);
      if (!order || order.user_id !== userId) throw new PaymentIncomplete(CARD_ORDER_UNPAID);
      return { id: order.id, status: order.status };
    },
  };
}

export type OrderPlacementService = ReturnType<typeof createOrderPlacementService>;

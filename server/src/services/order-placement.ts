import type { OrderType } from "@contract/common";
import { preparationRange } from "@contract/estimated-time";
import type { CreateOrderRequest, OrderStatus, PaymentMethod, Vehicle } from "@contract/orders";
import { isUkPlate, normalisePlate } from "@contract/vehicles";
import type { Database, Queryable } from "../db/database.js";
import {
  type NewOrder,
  type NewOrderItem,
  orderPlacementRepository,
  type PlacedOrderRow,
} from "../db/repositories/order-placement.js";
import type { DomainEvents } from "../events.js";
import { badRequest, conflict, HttpError } from "../http-error.js";
import type { CartService, PricedCart } from "./cart/cart-service.js";
import { assertSameRequest } from "./idempotency.js";

export const EMPTY_CART_MESSAGE = "Your cart is empty";

/** What checkout needs from the cart service: the priced server cart, read and emptied inside our transaction. */
export type CheckoutCarts = Pick<CartService, "getCartForCheckout" | "clearCart">;

/** The parsed order-creation payload (contract/orders.ts); prices in it are never used. */
export interface OrderRequest {
  vendorId: number;
  orderType: OrderType;
  deliveryInstructions?: string | null | undefined;
  vehicleData?: Vehicle | null | undefined;
  paymentMethod: PaymentMethod;
  stripePaymentIntentId?: string | undefined;
}

/** A priced cart line: an order line before its allergy note becomes the line's special instructions. */
export interface CheckoutLine extends Omit<NewOrderItem, "specialInstructions"> {
  allergyInformation: string;
}

/** Everything an order is made of, priced by the server from the customer's cart at one moment. */
export interface CheckoutSnapshot {
  vendorId: number;
  vendorName: string;
  preparationTimeMin: number;
  preparationTimeMax: number;
  orderType: OrderType;
  lines: CheckoutLine[];
  subtotalPence: number;
  serviceChargePence: number;
  deliveryFeePence: number;
  totalPence: number;
  allergyNote: string | null;
  deliveryInstructions: string | null;
  vehicle: Vehicle | null;
}

export interface PlacedOrder {
  id: number;
  status: OrderStatus;
  /** True when an earlier request with the same key (or payment) had already created it. */
  replayed: boolean;
}

/** The product spec (docs/product-spec.md § Entities and their fields): every line's 'name: allergy', joined by '; '. */
export function joinAllergyNote(
  lines: readonly { name: string; allergyInformation: string }[],
): string | null {
  const notes = lines
    .filter((line) => line.allergyInformation.trim() !== "")
    .map((line) => `${line.name}: ${line.allergyInformation.trim()}`);
  return notes.length > 0 ? notes.join("; ") : null;
}

/** A plate the client found earlier: normalised and checked again; make and colour are the customer's own words. */
export function cleanVehicle(vehicle: Vehicle | null | undefined): Vehicle | null {
  if (!vehicle) return null;
  const registrationNumber = normalisePlate(vehicle.registrationNumber);
  if (!isUkPlate(registrationNumber))
    throw badRequest("The car's registration number is not a UK registration number");
  return { registrationNumber, make: vehicle.make.trim(), colour: vehicle.colour.trim() };
}

function cartLines(cart: PricedCart): CheckoutLine[] {
  return cart.lines.map((line) => ({
    menuItemId: line.menuItemId,
    name: line.name,
    description: line.description,
    image: line.image || null,
    quantity: line.quantity,
    unitPricePence: line.unitPricePence,
    totalPence: line.totalPence,
    allergyInformation: line.allergyInformation,
    addons: line.addons.map((addon) => ({
      id: addon.addonId,
      name: addon.name,
      group_id: addon.groupId,
      group_name: addon.groupName,
      quantity: addon.quantity,
      price_pence: addon.pricePence,
    })),
  }));
}

/** Caps on one order against abuse and mistakes (settings ORDER_LINES_MAX, ORDER_QUANTITY_MAX, ORDER_TOTAL_MAX_PENCE). */
export interface OrderCaps {
  linesMax: number;
  quantityMax: number;
  totalMaxPence: number;
}

export const DEFAULT_ORDER_CAPS: OrderCaps = {
  linesMax: 30,
  quantityMax: 100,
  totalMaxPence: 50_000,
};

function assertWithinCaps(cart: PricedCart, caps: OrderCaps): void {
  if (cart.lines.length > caps.linesMax)
    throw new HttpError(
      422,
      `An order can have at most ${caps.linesMax} different items. Please split it into two orders.`,
    );
  const quantity = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (quantity > caps.quantityMax)
    throw new HttpError(
      422,
      `An order can have at most ${caps.quantityMax} items in all. Please split it into two orders.`,
    );
  if (cart.totals.totalPence > caps.totalMaxPence)
    throw new HttpError(
      422,
      `An order can come to at most £${(caps.totalMaxPence / 100).toFixed(2)}. Please split it into two orders.`,
    );
}

/** The order as the server prices it: lines and totals from the cart, never from the payload. */
export function snapshotFromCart(
  cart: PricedCart,
  request: OrderRequest,
  caps: OrderCaps = DEFAULT_ORDER_CAPS,
): CheckoutSnapshot {
  if (cart.lines.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
  if (!cart.vendor.open)
    throw conflict(
      cart.vendor.busy
        ? `${cart.vendor.name} is busy and not taking orders right now.`
        : `${cart.vendor.name} is closed right now, so it can't take orders.`,
    );
  const unavailable = cart.lines.find((line) => !line.available);
  if (unavailable)
    throw conflict(
      `${unavailable.name} is not available right now. Please remove it from your cart.`,
    );
  assertWithinCaps(cart, caps);
  const lines = cartLines(cart);
  const instructions = request.deliveryInstructions?.trim() || cart.deliveryInstructions.trim();
  return {
    vendorId: cart.vendor.id,
    vendorName: cart.vendor.name,
    preparationTimeMin: cart.vendor.preparationTime.min,
    preparationTimeMax: cart.vendor.preparationTime.max,
    orderType: cart.orderType,
    lines,
    subtotalPence: cart.totals.subtotalPence,
    serviceChargePence: cart.totals.serviceChargePence,
    deliveryFeePence: cart.totals.deliveryChargePence,
    totalPence: cart.totals.totalPence,
    allergyNote: joinAllergyNote(lines),
    deliveryInstructions: instructions || null,
    vehicle: cleanVehicle(request.vehicleData),
  };
}

export function newOrder(
  userId: number,
  snapshot: CheckoutSnapshot,
  meta: {
    paymentMethod: PaymentMethod;
    status: OrderStatus;
    idempotencyKey: string | null;
    paymentId: string | null;
    checkoutId?: number | null;
  },
): NewOrder {
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
    // The estimated window: the vendor's preparation range from now (contract/estimated-time.ts).
    readyFromMinutes: preparationRange({
      min: snapshot.preparationTimeMin,
      max: snapshot.preparationTimeMax,
    }).min,
    readyInMinutes: preparationRange({
      min: snapshot.preparationTimeMin,
      max: snapshot.preparationTimeMax,
    }).max,
    idempotencyKey: meta.idempotencyKey,
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
    })),
  };
}

/** Cash at the counter waits for the money; a card order exists only once it is paid. */
export const INITIAL_STATUS: Record<PaymentMethod, OrderStatus> = {
  cash_at_counter: "pending_payment",
  stripe: "confirmed",
};

export function createOrderPlacementService(deps: {
  db: Database;
  events: DomainEvents;
  carts: CheckoutCarts;
  caps?: OrderCaps;
}) {
  const announce = (userId: number, order: PlacedOrderRow) =>
    deps.events.emit("orderPlaced", {
      orderId: order.id,
      userId,
      vendorId: order.vendor_id,
      status: order.status,
    });

  async function readSnapshot(
    userId: number,
    request: OrderRequest,
    tx: Queryable,
  ): Promise<CheckoutSnapshot> {
    const cart = await deps.carts.getCartForCheckout(userId, request.vendorId, {
      orderType: request.orderType,
      tx,
    });
    return snapshotFromCart(cart, request, deps.caps);
  }

  return {
    /** The server's priced view of what the customer is about to pay for (card checkout). */
    prepareCheckout(userId: number, request: OrderRequest): Promise<CheckoutSnapshot> {
      return deps.db.transaction((tx) => readSnapshot(userId, request, tx));
    },

    /**
     * POST /orders. Cash: a new order from the server cart, emptied in the same transaction; the same
     * idempotency key always answers the same order. Card: the order its paid payment created.
     */
    async placeOrder(
      userId: number,
      request: OrderRequest,
      idempotencyKey: string | null,
      /** SHA-256 of the canonical request body: a reused key with another body is refused (422). */
      requestHash: string | null = null,
    ): Promise<PlacedOrder> {
      if (request.paymentMethod === "stripe")
        return orderForPayment(deps.db, userId, request.stripePaymentIntentId);
      const result = await deps.db.transaction(async (tx) => {
        const orders = orderPlacementRepository(tx);
        // Lock first: a duplicate waiting here then sees the order the first request committed.
        await orders.lockCart(userId, request.vendorId);
        const existing = idempotencyKey
          ? await orders.findByIdempotencyKey(userId, idempotencyKey)
          : null;
        if (existing) {
          await assertSameRequest(tx, existing.id, requestHash);
          return { order: existing, replayed: true };
        }
        const snapshot = await readSnapshot(userId, request, tx);
        const meta = {
          paymentMethod: request.paymentMethod,
          status: INITIAL_STATUS.cash_at_counter,
          idempotencyKey,
          paymentId: null,
        };
        const inserted = await orders.insertOrder({
          ...newOrder(userId, snapshot, meta),
          requestHash: idempotencyKey ? requestHash : null,
        });
        if (!inserted) {
          const winner = idempotencyKey
            ? await orders.findByIdempotencyKey(userId, idempotencyKey)
            : null;
          if (!winner)
            throw new HttpError(409, "This order is already being placed. Please try again.");
          await assertSameRequest(tx, winner.id, requestHash);
          return { order: winner, replayed: true };
        }
        await deps.carts.clearCart(userId, request.vendorId, tx);
        return { order: inserted, replayed: false };
      });
      if (!result.replayed) announce(userId, result.order);
      return { id: result.order.id, status: result.order.status, replayed: result.replayed };
    },

    /**
     * Inside the caller's transaction (a paid payment): the order made of `snapshot`, created at most
     * once per payment, and the customer's cart for that vendor emptied. Call `announce` after commit.
     */
    async placePaidOrder(
      tx: Queryable,
      userId: number,
      snapshot: CheckoutSnapshot,
      paymentId: string,
    ): Promise<{ order: PlacedOrderRow; created: boolean }> {
      const orders = orderPlacementRepository(tx);
      const existing = await orders.findByPaymentId(paymentId);
      if (existing) return { order: existing, created: false };
      const meta = {
        paymentMethod: "stripe" as const,
        status: INITIAL_STATUS.stripe,
        idempotencyKey: null,
        paymentId,
      };
      const inserted = await orders.insertOrder(newOrder(userId, snapshot, meta));
      if (!inserted) {
        const winner = await orders.findByPaymentId(paymentId);
        if (!winner) throw new Error(`order for payment ${paymentId} neither inserted nor found`);
        return { order: winner, created: false };
      }
      await deps.carts.clearCart(userId, snapshot.vendorId, tx);
      return { order: inserted, created: true };
    },

    /**
     * Inside the caller's transaction: one order per snapshot, in the given order, all linked to
     * `checkoutId`, and each trailer's cart emptied. Any failure throws and the caller's transaction undoes
     * every order. Call `announce` for each after commit.
     */
    async placeCheckoutOrders(
      tx: Queryable,
      userId: number,
      snapshots: readonly CheckoutSnapshot[],
      meta: { paymentMethod: PaymentMethod; checkoutId: number },
    ): Promise<PlacedOrderRow[]> {
      const orders = orderPlacementRepository(tx);
      const placed: PlacedOrderRow[] = [];
      for (const snapshot of snapshots) {
        const status = INITIAL_STATUS[meta.paymentMethod];
        const row = await orders.insertOrder(
          newOrder(userId, snapshot, { ...meta, status, idempotencyKey: null, paymentId: null }),
        );
        if (!row)
          throw new Error(
            `order for ${snapshot.vendorName} in checkout ${meta.checkoutId} was not inserted`,
          );
        await deps.carts.clearCart(userId, snapshot.vendorId, tx);
        placed.push(row);
      }
      return placed;
    },

    announce,
  };
}

async function orderForPayment(
  db: Database,
  userId: number,
  paymentId: string | undefined,
): Promise<PlacedOrder> {
  if (!paymentId) throw badRequest("stripePaymentIntentId is required for card orders");
  const order = await orderPlacementRepository(db).findByPaymentId(paymentId);
  if (!order || order.user_id !== userId) {
    throw new HttpError(
      402,
      "This payment has not been completed. Please finish paying or try again.",
    );
  }
  return { id: order.id, status: order.status, replayed: true };
}

export type OrderPlacementService = ReturnType<typeof createOrderPlacementService>;
export type { CreateOrderRequest };

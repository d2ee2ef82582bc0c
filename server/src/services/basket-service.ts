/**
 * One park basket: every trailer's cart on one screen and ONE checkout that places one spec-shaped
 * order per trailer, all or nothing, in one transaction, under one Idempotency-Key. Prices come from the cart
 * service's own pricing; the spec's per-vendor cart, order and payment calls are untouched.
 */
import { createHash } from "node:crypto";
import type {
  Basket,
  BasketProblem,
  BasketSection,
  BasketTotals,
  CheckoutResponse,
} from "@contract/basket";
import type { OrderType } from "@contract/common";
import { penceToPounds, penceToPoundsText } from "@contract/money";
import type { CheckoutGroup, PaymentMethod, Vehicle } from "@contract/orders";
import { type CartTotals, chargeServiceOnce, sumTotals } from "@contract/pricing";
import type { Database, Queryable } from "../db/database.js";
import { cartsRepository } from "../db/repositories/carts.js";
import {
  type CheckoutOrderRow,
  type CheckoutRow,
  checkoutsRepository,
} from "../db/repositories/checkouts.js";
import type { PlacedOrderRow } from "../db/repositories/order-placement.js";
import { badRequest, conflict, HttpError, notFound } from "../http-error.js";
import {
  type CartService,
  DEFAULT_ORDER_TYPE,
  type PricedCart,
  toWireCart,
} from "./cart/cart-service.js";
import {
  type CheckoutSnapshot,
  cleanVehicle,
  type OrderPlacementService,
  type OrderRequest,
  snapshotFromCart,
} from "./order-placement.js";
import type { PaymentService } from "./payments/payment-service.js";

export const CHECKOUT_KEY_REUSED =
  "This Idempotency-Key was already used for a different checkout. Please start the checkout again.";
export const CHECKOUT_IN_PROGRESS =
  "This checkout is already being placed. Please try again in a moment.";

export interface CheckoutInput {
  vendorIds: number[];
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  totalPence: number;
  deliveryInstructions?: string | null | undefined;
  vehicleData?: Vehicle | null | undefined;
}

export interface BasketServiceDeps {
  db: Database;
  carts: CartService;
  orderPlacement: OrderPlacementService;
  payments: PaymentService;
  /** Brand flag: cash for a multi-trailer checkout is paid at one park till, not at each counter. */
  cashAtParkTill: boolean;
}

function wireTotals(totals: CartTotals): BasketTotals {
  return {
    ...totals,
    subtotal: penceToPounds(totals.subtotalPence),
    serviceCharge: penceToPounds(totals.serviceChargePence),
    deliveryCharge: penceToPounds(totals.deliveryChargePence),
    total: penceToPounds(totals.totalPence),
  };
}

/** Why a trailer's section cannot be paid for now (the same rules checkout enforces). */
function problemsOf(cart: PricedCart): BasketProblem[] {
  const problems: BasketProblem[] = [];
  if (!cart.vendor.open) {
    problems.push({
      kind: "closed",
      message: `${cart.vendor.name} is closed right now, so it can't take orders.`,
      lineId: null,
    });
  }
  for (const line of cart.lines) {
    if (!line.available) {
      problems.push({
        kind: "unavailable",
        message: `${line.name} is not available right now.`,
        lineId: line.lineId,
      });
    }
  }
  return problems;
}

/** Same key, same checkout: the canonical request (trailers in any order, duplicates ignored). */
export function checkoutRequestHash(input: CheckoutInput): string {
  const vehicle = cleanVehicle(input.vehicleData);
  const canonical = JSON.stringify([
    [...new Set(input.vendorIds)].sort((a, b) => a - b),
    input.orderType,
    input.paymentMethod,
    input.totalPence,
    input.deliveryInstructions?.trim() ?? "",
    vehicle ? [vehicle.registrationNumber, vehicle.make, vehicle.colour] : null,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** The snapshots of a checkout, the service charge once, on the first order. */
function chargeOnce(snapshots: CheckoutSnapshot[]): CheckoutSnapshot[] {
  const charged = chargeServiceOnce(
    snapshots.map((snapshot) => ({
      subtotalPence: snapshot.subtotalPence,
      serviceChargePence: snapshot.serviceChargePence,
      deliveryChargePence: snapshot.deliveryFeePence,
      totalPence: snapshot.totalPence,
    })),
  );
  return snapshots.map((snapshot, index) => ({
    ...snapshot,
    serviceChargePence: charged[index]!.serviceChargePence,
    totalPence: charged[index]!.totalPence,
  }));
}

const toCheckoutOrder = (
  row: CheckoutOrderRow | (PlacedOrderRow & { vendor_name: string; total_pence: number }),
) => ({
  id: row.id,
  vendorId: row.vendor_id,
  vendorName: row.vendor_name,
  status: row.status,
  totalPence: row.total_pence,
});

/** For order answers: the checkouts (of more than one order) these ids name, with their orders and grand total. */
export async function checkoutGroups(
  q: Queryable,
  checkoutIds: readonly number[],
): Promise<Map<number, CheckoutGroup>> {
  const unique = [...new Set(checkoutIds)];
  const groups = new Map<number, CheckoutGroup>();
  if (unique.length === 0) return groups;
  for (const row of await checkoutsRepository(q).ordersOf(unique)) {
    const group = groups.get(row.checkout_id) ?? {
      checkoutId: row.checkout_id,
      totalPence: 0,
      total: 0,
      orders: [],
    };
    group.orders.push(toCheckoutOrder(row));
    group.totalPence += row.total_pence;
    group.total = penceToPounds(group.totalPence);
    groups.set(row.checkout_id, group);
  }
  for (const [id, group] of groups) if (group.orders.length < 2) groups.delete(id);
  return groups;
}

export function createBasketService(deps: BasketServiceDeps) {
  const { db } = deps;
  const cashPaidAt = deps.cashAtParkTill ? ("park_till" as const) : ("counter" as const);

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

  return {
    /** GET /cart/basket: one section per trailer with a non-empty cart, priced by the server, and one total. */
    async getBasket(
      userId: number,
      query: { orderType?: OrderType | undefined; exclude?: number[] | undefined },
    ): Promise<Basket> {
      const carts = await deps.carts.getBasketCarts(userId, { orderType: query.orderType });
      const excluded = new Set(query.exclude ?? []);
      const included = carts.filter((cart) => !excluded.has(cart.vendor.id));
      const chargedTotals = chargeServiceOnce(included.map((cart) => cart.totals));
      const totalsOf = new Map(
        included.map((cart, index) => [cart.vendor.id, chargedTotals[index]!]),
      );
      const sections: BasketSection[] = carts.map((cart) => ({
        vendorId: cart.vendor.id,
        vendorName: cart.vendor.name,
        status: cart.vendor.open ? "open" : "closed",
        preparationTime: cart.vendor.preparationTime,
        items: toWireCart(cart).items,
        totals: wireTotals(totalsOf.get(cart.vendor.id) ?? cart.totals),
        excluded: excluded.has(cart.vendor.id),
        problems: problemsOf(cart),
      }));
      return {
        sections,
        orderType: query.orderType ?? carts[0]?.orderType ?? DEFAULT_ORDER_TYPE,
        totals: wireTotals(sumTotals(chargedTotals)),
        lineCount: carts.reduce((count, cart) => count + cart.lines.length, 0),
        cashPaidAt,
      };
    },

    /**
     * POST /checkout. In ONE transaction: claim the key, lock and price the chosen carts, refuse a closed trailer,
     * an unavailable item or a changed total, then (cash) place every order and empty those carts, or (card)
     * record the one payment that will place them once paid. A retry with the same key answers the same
     * checkout; the same key with another body is a 422.
     */
    async checkout(
      user: { id: number; email: string },
      input: CheckoutInput,
      key: string,
      origin: string,
    ): Promise<{ response: CheckoutResponse; replayed: boolean }> {
      const vendorIds = [...new Set(input.vendorIds)];
      const requestHash = checkoutRequestHash(input);
      const result = await db.transaction(async (tx) => {
        const checkouts = checkoutsRepository(tx);
        const claimed = await checkouts.claim({
          userId: user.id,
          key,
          requestHash,
          paymentMethod: input.paymentMethod,
          status: input.paymentMethod === "stripe" ? "awaiting_payment" : "placed",
          vendorIds,
        });
        if (!claimed) {
          const existing = await checkouts.findByKey(user.id, key);
          if (!existing) throw conflict(CHECKOUT_IN_PROGRESS);
          if (existing.request_hash !== requestHash) throw new HttpError(422, CHECKOUT_KEY_REUSED);
          return {
            checkout: existing,
            replayed: true,
            placed: [] as PlacedOrderRow[],
            paymentId: null,
          };
        }

        await cartsRepository(tx).lockCarts(user.id, vendorIds);
        const carts = await deps.carts.getBasketCarts(user.id, { orderType: input.orderType, tx });
        const chosen = carts.filter((cart) => vendorIds.includes(cart.vendor.id));
        if (chosen.length !== vendorIds.length) {
          throw badRequest(
            "One of the trailers you chose has nothing in your cart any more. Please check your cart.",
          );
        }
        const request = (cart: PricedCart): OrderRequest => ({
          vendorId: cart.vendor.id,
          orderType: input.orderType,
          deliveryInstructions: input.deliveryInstructions,
          vehicleData: input.vehicleData,
          paymentMethod: input.paymentMethod,
        });
        const snapshots = chargeOnce(chosen.map((cart) => snapshotFromCart(cart, request(cart))));
        const totals = sumTotals(
          snapshots.map((snapshot) => ({
            subtotalPence: snapshot.subtotalPence,
            serviceChargePence: snapshot.serviceChargePence,
            deliveryChargePence: snapshot.deliveryFeePence,
            totalPence: snapshot.totalPence,
          })),
        );
        if (totals.totalPence !== input.totalPence) {
          throw conflict(
            `Your basket changed: the total is now ${penceToPoundsText(totals.totalPence)}. Please check your cart and try again.`,
          );
        }
        await checkouts.setTotals(claimed.id, totals);
        const checkout = { ...claimed, ...{ total_pence: totals.totalPence } };
        if (input.paymentMethod === "cash_at_counter") {
          const placed = await deps.orderPlacement.placeCheckoutOrders(tx, user.id, snapshots, {
            paymentMethod: "cash_at_counter",
            checkoutId: claimed.id,
          });
          return { checkout, replayed: false, placed, paymentId: null };
        }
        const paymentId = await deps.payments.recordBasketPayment(tx, {
          userId: user.id,
          checkoutId: claimed.id,
          snapshots,
          request: request(chosen[0]!),
          origin,
        });
        await checkouts.setPayment(claimed.id, paymentId, null);
        return { checkout, replayed: false, placed: [] as PlacedOrderRow[], paymentId };
      });

      for (const order of result.placed) deps.orderPlacement.announce(user.id, order);
      if (result.paymentId) {
        const opened = await deps.payments.openBasketPayment(user, result.paymentId);
        await checkoutsRepository(db).setPayment(
          result.checkout.id,
          result.paymentId,
          opened.sessionUrl,
        );
        const response = await answer({
          ...result.checkout,
          payment_id: result.paymentId,
          payment_url: opened.sessionUrl,
        });
        return { response: { ...response, payment: opened }, replayed: false };
      }
      if (
        result.replayed &&
        result.checkout.payment_method === "stripe" &&
        !result.checkout.payment_url
      ) {
        throw conflict(CHECKOUT_IN_PROGRESS);
      }
      return { response: await answer(result.checkout), replayed: result.replayed };
    },

    /** GET /checkouts/:id — the customer's own checkout: its orders and grand total. */
    async getCheckout(userId: number, checkoutId: number): Promise<CheckoutResponse> {
      const checkout = await checkoutsRepository(db).findById(checkoutId);
      if (!checkout || checkout.user_id !== userId) throw notFound("Checkout not found");
      return answer(checkout);
    },
  };
}

export type BasketService = ReturnType<typeof createBasketService>;

/**
 * What an order is made of, priced by the server from the customer's cart at one moment: the snapshot every
 * placement (cash, card, one trailer or several) works from, and the rules a cart must meet to become one.
 */

import { STANDARD_VAT_RATE, type VatRate } from "@contract/business";
import type { OrderType } from "@contract/common";
import type { PaymentMethod, Vehicle } from "@contract/orders";
import { type CartTotals, chargeServiceOnce, isPortionGroup, sumTotals } from "@contract/pricing";
import { lineVatParts, vatIncluded } from "@contract/vat";
import { isUkPlate, normalisePlate } from "@contract/vehicles";
import type { NewOrderItem } from "@server/db/repositories/order-placement.js";
import { Conflict, InvalidInput, LimitReached } from "@server/domain-errors.js";
import type { PricedCart } from "@server/services/cart/cart-service.js";

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
  /** Minutes of the range above that a full slot added. */
  slotShiftMinutes: number;
  orderType: OrderType;
  lines: CheckoutLine[];
  subtotalPence: number;
  serviceChargePence: number;
  deliveryFeePence: number;
  totalPence: number;
  /** The trailer had a VAT number when it was priced. */
  vatRegistered: boolean;
  allergyNote: string | null;
  deliveryInstructions: string | null;
  vehicle: Vehicle | null;
}

export const EMPTY_CART_MESSAGE = "Your cart is empty";

/** The parsed order-creation payload (contract/orders.ts); prices in it are never used. */
export interface OrderRequest {
  vendorId: number;
  orderType: OrderType;
  deliveryInstructions?: string | null | undefined;
  vehicleData?: Vehicle | null | undefined;
  paymentMethod: PaymentMethod;
  stripePaymentIntentId?: string | undefined;
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
    throw new InvalidInput("The car's registration number is not a UK registration number");
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
    vatRate: line.vatRate,
    addons: line.addons.map((addon) => ({
      id: addon.addonId,
      name: addon.name,
      group_id: addon.groupId,
      group_name: addon.groupName,
      quantity: addon.quantity,
      price_pence: addon.pricePence,
      vat_rate: addon.vatRate,
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
    throw new LimitReached(
      `An order can have at most ${caps.linesMax} different items. Please split it into two orders.`,
    );
  const quantity = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (quantity > caps.quantityMax)
    throw new LimitReached(
      `An order can have at most ${caps.quantityMax} items in all. Please split it into two orders.`,
    );
  if (cart.totals.totalPence > caps.totalMaxPence)
    throw new LimitReached(
      `An order can come to at most £${(caps.totalMaxPence / 100).toFixed(2)}. Please split it into two orders.`,
    );
}

/** The order as the server prices it: lines and totals from the cart, never from the payload. */
export function snapshotFromCart(
  cart: PricedCart,
  request: Pick<OrderRequest, "deliveryInstructions" | "vehicleData">,
  caps: OrderCaps = DEFAULT_ORDER_CAPS,
): CheckoutSnapshot {
  if (cart.lines.length === 0) throw new InvalidInput(EMPTY_CART_MESSAGE);
  if (!cart.vendor.open)
    throw new Conflict(
      cart.vendor.busy
        ? `${cart.vendor.name} is busy and not taking orders right now.`
        : `${cart.vendor.name} is closed right now, so it can't take orders.`,
    );
  // Lines that sold out after they were added are not in the cart's total and are not ordered.
  const available = cart.lines.filter((line) => line.available);
  const unavailable = cart.lines.find((line) => !line.available);
  if (available.length === 0 && unavailable)
    throw new Conflict(
      `${unavailable.name} is not available right now. Please remove it from your cart.`,
    );
  const ordered: PricedCart = { ...cart, lines: available };
  assertWithinCaps(ordered, caps);
  const lines = cartLines(ordered);
  const instructions = request.deliveryInstructions?.trim() || ordered.deliveryInstructions.trim();
  return {
    vendorId: ordered.vendor.id,
    vendorName: ordered.vendor.name,
    preparationTimeMin: ordered.vendor.preparationTime.min,
    preparationTimeMax: ordered.vendor.preparationTime.max,
    slotShiftMinutes: ordered.vendor.slotShiftMinutes ?? 0,
    orderType: ordered.orderType,
    lines,
    subtotalPence: ordered.totals.subtotalPence,
    serviceChargePence: ordered.totals.serviceChargePence,
    deliveryFeePence: ordered.totals.deliveryChargePence,
    totalPence: ordered.totals.totalPence,
    vatRegistered: ordered.vendor.vatRegistered ?? false,
    allergyNote: joinAllergyNote(lines),
    deliveryInstructions: instructions || null,
    vehicle: cleanVehicle(request.vehicleData),
  };
}

/**
 * The VAT included in an order of this snapshot (the order's `tax`): its lines per rate and its delivery at the
 * standard rate when the trailer is VAT-registered, and the service charge when the park is; each by the one
 * rounding rule of contract/vat.ts. Its receipts show the same figures.
 */
export function orderVatPence(snapshot: CheckoutSnapshot, parkVatRegistered: boolean): number {
  let vat = parkVatRegistered ? vatIncluded(snapshot.serviceChargePence, STANDARD_VAT_RATE) : 0;
  if (!snapshot.vatRegistered) return vat;
  for (const line of snapshot.lines) {
    const rate = (line.vatRate ?? STANDARD_VAT_RATE) as VatRate;
    const parts = lineVatParts({
      quantity: line.quantity,
      totalPence: line.totalPence,
      vatRate: rate,
      addons: line.addons.map((addon) => ({
        pricePence: addon.price_pence,
        vatRate: (addon.vat_rate ?? rate) as VatRate,
        isPortion: isPortionGroup(addon.group_name),
      })),
    });
    for (const part of parts) vat += part.vatPence;
  }
  return vat + vatIncluded(snapshot.deliveryFeePence, STANDARD_VAT_RATE);
}

const totalsOf = (snapshot: CheckoutSnapshot): CartTotals => ({
  subtotalPence: snapshot.subtotalPence,
  serviceChargePence: snapshot.serviceChargePence,
  deliveryChargePence: snapshot.deliveryFeePence,
  totalPence: snapshot.totalPence,
});

/** The snapshots of one checkout: the service charge once, on the first order that has one. */
export function chargeServiceOnceAcross(snapshots: CheckoutSnapshot[]): CheckoutSnapshot[] {
  const charged = chargeServiceOnce(snapshots.map(totalsOf));
  return snapshots.map((snapshot, index) => ({
    ...snapshot,
    serviceChargePence: charged[index]!.serviceChargePence,
    totalPence: charged[index]!.totalPence,
  }));
}

/** What a checkout of these snapshots comes to. */
export const checkoutTotals = (snapshots: readonly CheckoutSnapshot[]): CartTotals =>
  sumTotals(snapshots.map(totalsOf));

/**
 * Pricing rules, as pure functions over integer pence (never floats), shared by the server (which prices carts
 * and orders) and the client (the item page's price, the optimistic cart). Pounds exist only on the wire.
 */
import type { OrderType } from "./common";
import { assertPence } from "./money";
import { PORTION_GROUP } from "./vendor-rules";

export interface Charges {
  /** Added once to every non-empty cart or order. */
  serviceChargePence: number;
  /** Added once to non-empty delivery carts or orders. */
  deliveryFeePence: number;
}

export interface ChosenAddonPrice {
  groupName: string;
  pricePence: number;
}

export interface LinePrice {
  /** One unit's base price: the item's price, or the chosen portion's price, which replaces it. */
  unitBasePence: number;
  /** One unit's add-ons, the portion excluded. */
  addonTotalPence: number;
  unitPricePence: number;
  totalPence: number;
}

export interface CartTotals {
  subtotalPence: number;
  serviceChargePence: number;
  deliveryChargePence: number;
  totalPence: number;
}

export const isPortionGroup = (groupName: string) => groupName === PORTION_GROUP;

/** One unit's price: a portion's price IS the base price; every other add-on adds to it. No checks (see priceLine). */
export function unitPrice(
  itemPricePence: number,
  addons: readonly ChosenAddonPrice[],
): Omit<LinePrice, "totalPence"> {
  let unitBasePence = itemPricePence;
  let addonTotalPence = 0;
  for (const addon of addons) {
    if (isPortionGroup(addon.groupName)) unitBasePence = addon.pricePence;
    else addonTotalPence += addon.pricePence;
  }
  return { unitBasePence, addonTotalPence, unitPricePence: unitBasePence + addonTotalPence };
}

/** A line's total: one unit's price (base + add-ons) × quantity. */
export const lineTotalPence = (
  line: { unitBasePence: number; addonTotalPence: number },
  quantity: number,
): number => (line.unitBasePence + line.addonTotalPence) * quantity;

/** A cart or order line: (base + add-ons) × quantity, where a portion's price IS the base price. */
export function priceLine(
  itemPricePence: number,
  addons: readonly ChosenAddonPrice[],
  quantity: number,
): LinePrice {
  assertPence(itemPricePence, "Item price");
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new Error(`Quantity must be 1 or more, got ${quantity}`);
  for (const addon of addons) assertPence(addon.pricePence, "Add-on price");
  const unit = unitPrice(itemPricePence, addons);
  return { ...unit, totalPence: lineTotalPence(unit, quantity) };
}

/**
 * The charges rule: a non-empty cart pays the service charge, and the delivery fee when it is a delivery.
 * No checks: the client's provisional totals use it as is; the server goes through `cartTotals`.
 */
export function totalsOfLines(
  lineTotalsPence: readonly number[],
  orderType: OrderType | null,
  charges: Charges,
): CartTotals {
  const subtotalPence = lineTotalsPence.reduce((sum, total) => sum + total, 0);
  const hasItems = subtotalPence > 0 || lineTotalsPence.length > 0;
  const serviceChargePence = hasItems ? charges.serviceChargePence : 0;
  const deliveryChargePence = hasItems && orderType === "delivery" ? charges.deliveryFeePence : 0;
  return {
    subtotalPence,
    serviceChargePence,
    deliveryChargePence,
    totalPence: subtotalPence + serviceChargePence + deliveryChargePence,
  };
}

/** Subtotal of the lines plus the charges; an empty cart costs nothing at all. Every line total is whole pence. */
export function cartTotals(
  lineTotalsPence: readonly number[],
  orderType: OrderType | null,
  charges: Charges,
): CartTotals {
  for (const total of lineTotalsPence) assertPence(total, "Line total");
  return totalsOfLines(lineTotalsPence, orderType, charges);
}

/**
 * One park basket: a checkout of several trailers pays the service charge ONCE, on its first order;
 * the other orders carry none. Delivery fees stay per order (each trailer's runner walks separately).
 */
export function chargeServiceOnce(sections: readonly CartTotals[]): CartTotals[] {
  let charged = false;
  return sections.map((totals) => {
    if (totals.serviceChargePence === 0) return totals;
    if (!charged) {
      charged = true;
      return totals;
    }
    return {
      ...totals,
      serviceChargePence: 0,
      totalPence: totals.totalPence - totals.serviceChargePence,
    };
  });
}

/** The sum of several orders' totals. */
export function sumTotals(sections: readonly CartTotals[]): CartTotals {
  return sections.reduce(
    (sum, totals) => ({
      subtotalPence: sum.subtotalPence + totals.subtotalPence,
      serviceChargePence: sum.serviceChargePence + totals.serviceChargePence,
      deliveryChargePence: sum.deliveryChargePence + totals.deliveryChargePence,
      totalPence: sum.totalPence + totals.totalPence,
    }),
    { subtotalPence: 0, serviceChargePence: 0, deliveryChargePence: 0, totalPence: 0 },
  );
}

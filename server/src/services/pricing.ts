/**
 * Money rules, as pure functions over integer pence (never floats). Pounds exist only on the wire.
 */
import type { OrderType } from "@contract/common";
import { PORTION_GROUP } from "@contract/vendors";

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

function assertPence(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${what} must be whole pence, got ${value}`);
}

/** A cart or order line: (base + add-ons) × quantity, where a portion's price IS the base price. */
export function priceLine(
  itemPricePence: number,
  addons: readonly ChosenAddonPrice[],
  quantity: number,
): LinePrice {
  assertPence(itemPricePence, "Item price");
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new Error(`Quantity must be 1 or more, got ${quantity}`);
  let unitBasePence = itemPricePence;
  let addonTotalPence = 0;
  for (const addon of addons) {
    assertPence(addon.pricePence, "Add-on price");
    if (isPortionGroup(addon.groupName)) unitBasePence = addon.pricePence;
    else addonTotalPence += addon.pricePence;
  }
  const unitPricePence = unitBasePence + addonTotalPence;
  return { unitBasePence, addonTotalPence, unitPricePence, totalPence: unitPricePence * quantity };
}

/** Subtotal of the lines plus the charges; an empty cart costs nothing at all. */
export function cartTotals(
  lineTotalsPence: readonly number[],
  orderType: OrderType | null,
  charges: Charges,
): CartTotals {
  const subtotalPence = lineTotalsPence.reduce((sum, total) => {
    assertPence(total, "Line total");
    return sum + total;
  }, 0);
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

/**
 * One park basket (issue 16): a checkout of several trailers pays the service charge ONCE, on its first order;
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

/** Pounds for the wire's number fields (12.5 for 1250p). */
export const penceToPounds = (pence: number): number => pence / 100;

/** '1.50' for 150p, built from integers so no float rounding can creep in. */
export function penceToPriceString(pence: number): string {
  assertPence(pence, "Price");
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

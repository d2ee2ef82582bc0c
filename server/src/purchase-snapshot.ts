/**
 * The shape of a priced purchase: what the services place and what a paid payment announces (events.ts), so the
 * event carries it without importing the services that build it (services/orders/snapshot.ts builds it).
 */
import type { OrderType } from "@contract/common";
import type { Vehicle } from "@contract/orders";
import type { NewOrderItem } from "./db/repositories/order-placement.js";

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
  /** Minutes of the range above that a full slot added (absent in snapshots taken before it was kept). */
  slotShiftMinutes?: number;
  orderType: OrderType;
  lines: CheckoutLine[];
  subtotalPence: number;
  serviceChargePence: number;
  deliveryFeePence: number;
  totalPence: number;
  /** The trailer had a VAT number when it was priced (absent on snapshots stored before: not registered). */
  vatRegistered?: boolean;
  allergyNote: string | null;
  deliveryInstructions: string | null;
  vehicle: Vehicle | null;
}

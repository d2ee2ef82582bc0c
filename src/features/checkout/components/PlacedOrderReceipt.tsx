import type { BillAmounts } from "@contract/bill";
import type { Vehicle } from "@contract/orders";
import type { ReactNode } from "react";
import { type AddonEntry, AddonList } from "@/components/AddonList";
import { BillRows } from "@/components/BillRows";
import { formatPence } from "@/lib/money";
import { displayPlate } from "@/lib/plate";

export interface PlacedOrderReceiptLine {
  key: string;
  name: string;
  quantity: number;
  totalPence: number;
  detail?: string | null;
  /** Every chosen add-on, named (group, name, quantity, price). */
  addons?: AddonEntry[] | undefined;
}

export interface PlacedOrderReceiptProps {
  orderNumber: string;
  vendorName: string;
  orderType: string;
  totalPence: number;
  /** The bill behind the total: Subtotal, Service Charge, Delivery Fee as they apply (contract/bill.ts). */
  bill?: BillAmounts | undefined;
  /** Null for a finished order (nothing to wait for). */
  estimatedTime: string | null;
  items: PlacedOrderReceiptLine[];
  extra?: ReactNode;
}

/**
 * Receipt of a just-placed order (order number, vendor, type, total, estimated time and items): shared by the
 * confirmation and cash screens. A tracked order's live status summary is OrderStatusSummary in the orders feature.
 */
export function PlacedOrderReceipt({
  orderNumber,
  vendorName,
  orderType,
  totalPence,
  bill,
  estimatedTime,
  items,
  extra,
}: PlacedOrderReceiptProps) {
  return (
    <section className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="visually-hidden">
        Order summary
      </h2>
      <dl className="order-summary__facts">
        <div>
          <dt>Order number</dt>
          <dd className="order-summary__number">{orderNumber}</dd>
        </div>
        <div>
          <dt>Vendor</dt>
          <dd>{vendorName}</dd>
        </div>
        <div>
          <dt>Order type</dt>
          <dd>{orderType}</dd>
        </div>
        {estimatedTime !== null && (
          <div>
            <dt>Estimated time</dt>
            <dd>{estimatedTime}</dd>
          </div>
        )}
        {extra}
        {bill ? (
          <BillRows bill={bill} totalClassName="order-summary__total" />
        ) : (
          <div className="order-summary__total">
            <dt>Total</dt>
            <dd>{formatPence(totalPence)}</dd>
          </div>
        )}
      </dl>
      {items.length > 0 && (
        <>
          <h3 className="order-summary__items-title">Items</h3>
          <ul className="order-summary__items">
            {items.map((item) => (
              <li key={item.key}>
                <span className="order-summary__qty">{item.quantity}×</span>
                <span className="order-summary__name">
                  {item.name}
                  {item.addons && (
                    <AddonList addons={item.addons} label={`Add-ons of ${item.name}`} />
                  )}
                  {item.detail && <small>{item.detail}</small>}
                </span>
                <span className="order-summary__price">{formatPence(item.totalPence)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The car the order is brought to, as a row of the summary. */
export function VehicleRow({ vehicle }: { vehicle: Vehicle | null }) {
  if (!vehicle) return null;
  return (
    <div>
      <dt>Car delivery</dt>
      <dd>
        {[vehicle.colour, vehicle.make].filter(Boolean).join(" ")}{" "}
        <span className="uk-plate uk-plate--small">{displayPlate(vehicle.registrationNumber)}</span>
      </dd>
    </div>
  );
}

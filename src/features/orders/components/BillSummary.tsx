import type { Order } from "../../../../contract/orders";
import { formatPence } from "../../../lib/money";

export function BillSummary({ order }: { order: Order }) {
  return (
    <dl className="bill">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPence(order.subtotalPence)}</dd>
      </div>
      {order.adminFeePence > 0 && (
        <div>
          <dt>Service Charge</dt>
          <dd>{formatPence(order.adminFeePence)}</dd>
        </div>
      )}
      {order.orderType === "delivery" && order.deliveryFeePence > 0 && (
        <div>
          <dt>Delivery Fee</dt>
          <dd>{formatPence(order.deliveryFeePence)}</dd>
        </div>
      )}
      <div className="bill__total">
        <dt>Total</dt>
        <dd>{formatPence(order.totalPence)}</dd>
      </div>
    </dl>
  );
}

import { orderBill } from "@contract/bill";
import type { Order } from "@contract/orders";
import { BillRows } from "@/components/BillRows";

export function BillSummary({ order }: { order: Order }) {
  return (
    <dl className="bill">
      <BillRows bill={orderBill(order)} totalClassName="bill__total" />
    </dl>
  );
}

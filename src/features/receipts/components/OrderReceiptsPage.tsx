import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Button } from "@/components/Button";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { ApiError } from "@/lib/api-client";
import { orderReceiptsQuery } from "../api/receipts-api";
import { ReceiptActions } from "./ReceiptActions";
import { ReceiptView } from "./ReceiptView";
import "../receipts.css";

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** /order/:orderId/receipts — every receipt of an order, printable and shareable. */
export default function OrderReceiptsPage() {
  const orderId = idOf(useParams().orderId);
  const query = useQuery({ ...orderReceiptsQuery(orderId ?? 0), enabled: orderId !== null });
  const backTo = orderId ? `/order/${orderId}` : "/orders";
  const missing =
    orderId === null || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <div className="page receipts-page">
      <PageHeader title={orderId ? `Receipts · Order #${orderId}` : "Receipts"} backTo={backTo} />
      {missing ? (
        <div className="empty-state">
          <h2>Receipt not found</h2>
          <Link to="/orders" className="btn btn--secondary">
            <span>Back to Orders</span>
          </Link>
        </div>
      ) : query.data ? (
        query.data.data.length === 0 ? (
          <p className="receipts-page__empty">
            Your receipt is ready once the order is paid. Pay at the counter and it appears here.
          </p>
        ) : (
          <div className="receipts-page__list">
            {query.data.data.map((receipt) => (
              <section key={receipt.id} className="receipt-print">
                <ReceiptView receipt={receipt} />
                <ReceiptActions receipt={receipt} withLink />
              </section>
            ))}
          </div>
        )
      ) : query.isError ? (
        <div className="error-box" role="alert">
          <p>{query.error.message}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="receipt card" aria-busy="true">
          <Skeleton height={28} width="50%" />
          <Skeleton height={16} width="70%" />
          <Skeleton height={120} />
        </div>
      )}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { PageHeader } from "@/components/PageHeader";
import { Skeleton } from "@/components/Skeleton";
import { receiptQuery } from "../api/receipts-api";
import { ReceiptActions } from "./ReceiptActions";
import { ReceiptView } from "./ReceiptView";
import "../receipts.css";

/** /receipt/:receiptId — one receipt at its own link (its customer and staff only; anyone else: not found). */
export default function ReceiptPage() {
  const raw = useParams().receiptId;
  const receiptId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const query = useQuery({ ...receiptQuery(receiptId ?? 0), enabled: receiptId !== null });
  const receipt = query.data;
  return (
    <div className="page receipts-page">
      <PageHeader
        title={receipt ? `${receipt.title} ${receipt.number}` : "Receipt"}
        backTo={receipt ? `/order/${receipt.orderId}/receipts` : "/orders"}
      />
      {receipt ? (
        <section className="receipt-print">
          <ReceiptView receipt={receipt} />
          <ReceiptActions receipt={receipt} withLink={false} />
        </section>
      ) : receiptId === null || query.isError ? (
        <div className="empty-state">
          <h2>Receipt not found</h2>
          <Link to="/orders" className="btn btn--secondary">
            <span>Back to Orders</span>
          </Link>
        </div>
      ) : (
        <div className="receipt card" aria-busy="true">
          <Skeleton height={28} width="50%" />
          <Skeleton height={120} />
        </div>
      )}
    </div>
  );
}

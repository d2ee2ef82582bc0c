import type { RecallEntry } from "@contract/kitchen";
import { STATUS_LABEL } from "@contract/order-status";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "@/components/Modal";
import { formatTime } from "@/lib/time";
import { recallQuery } from "../api/kitchen-api";

const stageName = (status: RecallEntry["previousStatus"]) =>
  status === "ready" ? "Ready" : STATUS_LABEL[status];

/** The last tickets that left the screen (15 min, 10 at most), each brought back to its previous stage in one tap. */
export function RecallPanel({
  vendorId,
  busy,
  onRecall,
}: {
  /** null: every trailer shown. */
  vendorId: number | null;
  busy: ReadonlySet<number>;
  onRecall(entry: RecallEntry): void;
}) {
  const [open, setOpen] = useState(false);
  const recall = useQuery({ ...recallQuery(), enabled: open });
  const entries = (recall.data ?? []).filter(
    (entry) => vendorId === null || entry.vendorId === vendorId,
  );
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary kitchen-bar__recall"
        onClick={() => setOpen(true)}
      >
        <span>Recall</span>
      </button>
      <Modal
        open={open}
        title="Recall a ticket"
        description="Tickets that left the screen in the last 15 minutes. Cancelled orders cannot be recalled."
        onClose={() => setOpen(false)}
        variant="dialog"
      >
        {recall.isPending ? (
          <p>Loading…</p>
        ) : recall.isError ? (
          <p role="alert">{recall.error.message}</p>
        ) : entries.length === 0 ? (
          <p>No ticket left the screen in the last 15 minutes.</p>
        ) : (
          <ul className="recall-list" aria-label="Recently finished tickets">
            {entries.map((entry) => (
              <li key={entry.orderId}>
                <span className="recall-list__number">#{entry.orderNumber}</span>
                <span className="recall-list__what">
                  {entry.firstName && `${entry.firstName} · `}
                  {STATUS_LABEL[entry.status]} at {formatTime(entry.leftAt)} · {entry.vendorName}
                </span>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy.has(entry.orderId)}
                  onClick={() => {
                    onRecall(entry);
                    setOpen(false);
                  }}
                >
                  <span>Back to {stageName(entry.previousStatus)}</span>
                  <span className="visually-hidden"> order #{entry.orderNumber}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}

import type { Receipt } from "@contract/receipts";
import { Link } from "react-router";
import { Button } from "@/components/Button";
import { toasts } from "@/lib/toast-store";
import { downloadReceipt, shareReceipt } from "../lib/share-receipt";

/** Print, share (file, text, or a download where sharing is missing) and the receipt's own link. */
export function ReceiptActions({ receipt, withLink }: { receipt: Receipt; withLink: boolean }) {
  const share = async () => {
    const outcome = await shareReceipt(receipt);
    if (outcome === "downloaded")
      toasts.push({ kind: "success", message: `Saved ${receipt.number}.txt` });
  };
  return (
    <div className="receipt-actions">
      <Button variant="primary" onClick={() => window.print()}>
        Print
      </Button>
      <Button variant="secondary" onClick={() => void share()}>
        Share
      </Button>
      <Button variant="ghost" onClick={() => downloadReceipt(receipt)}>
        Download
      </Button>
      {withLink && (
        <Link className="btn btn--ghost" to={receipt.url}>
          <span>Open on its own</span>
        </Link>
      )}
    </div>
  );
}

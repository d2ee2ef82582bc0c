import type { Receipt } from "@contract/receipts";
import { Link } from "react-router";
import { Button } from "@/components/Button";
import { toasts } from "@/lib/toast-store";
import { downloadReceipt, shareReceipt } from "../lib/share-receipt";

/** Prints the receipt the button belongs to (the page's other receipts stay off the paper). */
function printOnly(button: HTMLElement) {
  const section = button.closest(".receipt-print");
  section?.classList.add("receipt-print--chosen");
  document.body.classList.add("printing-one-receipt");
  const done = () => {
    section?.classList.remove("receipt-print--chosen");
    document.body.classList.remove("printing-one-receipt");
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}

/** Print, share (file, text, or a download where sharing is missing) and the receipt's own link. */
export function ReceiptActions({ receipt, withLink }: { receipt: Receipt; withLink: boolean }) {
  const share = async () => {
    const outcome = await shareReceipt(receipt);
    if (outcome === "downloaded")
      toasts.push({ kind: "success", message: `Saved ${receipt.number}.txt` });
  };
  return (
    <div className="receipt-actions">
      <Button variant="primary" onClick={(event) => printOnly(event.currentTarget)}>
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

import { type Receipt, receiptText } from "@contract/receipts";
import { formatPence } from "@/lib/money";
import { formatDate, formatTime } from "@/lib/time";

/** The receipt as text, its time of supply in park time. */
export function receiptAsText(receipt: Receipt): string {
  const supplied = `${formatDate(receipt.suppliedAt)} ${formatTime(receipt.suppliedAt)}`;
  return receiptText({ ...receipt, suppliedAt: supplied }, formatPence);
}

function download(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export type ShareOutcome = "shared-file" | "shared-text" | "downloaded" | "cancelled";

/**
 * Shares a receipt the best way the device can: as a file (Web Share Level 2), else as text, else downloads the
 * file. A customer closing the share sheet is not an error.
 */
export async function shareReceipt(receipt: Receipt): Promise<ShareOutcome> {
  const text = receiptAsText(receipt);
  const file = new File([text], `${receipt.number}.txt`, { type: "text/plain" });
  const title = `${receipt.title} ${receipt.number} — ${receipt.issuer.name}`;
  try {
    if (navigator.canShare?.({ files: [file] })) {
      await navigator.share({ files: [file], title });
      return "shared-file";
    }
    if (typeof navigator.share === "function") {
      await navigator.share({ title, text });
      return "shared-text";
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
  }
  download(file);
  return "downloaded";
}

export const downloadReceipt = (receipt: Receipt) =>
  download(new File([receiptAsText(receipt)], `${receipt.number}.txt`, { type: "text/plain" }));

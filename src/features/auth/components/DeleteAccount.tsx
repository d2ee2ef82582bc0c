import { messageResponseSchema } from "@contract/common";
import { useState } from "react";
import { Button } from "@/components/Button";
import { Modal } from "@/components/Modal";
import { api } from "@/lib/api-client";

/**
 * Profile: a customer deletes their account. Name, email and phone go at once, and the personal notes on their
 * orders (allergies, instructions, car) are cleared; what was paid stays on the park's books for HMRC.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete("/account", undefined, messageResponseSchema);
      onDeleted();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Your account could not be deleted.");
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" block onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        description="Your name, email and phone number are deleted now, and the allergy notes, instructions and car details on your orders are cleared. Receipts and amounts paid stay on the park's records, as the law requires. This cannot be undone."
        onClose={() => !busy && setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Keep it
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void remove()}>
              Delete
            </Button>
          </>
        }
      >
        {error && (
          <p className="error-box" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </>
  );
}

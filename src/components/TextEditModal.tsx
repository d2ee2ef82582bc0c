import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "./Button";
import { Modal } from "./Modal";

export interface TextEditModalProps {
  open: boolean;
  title: string;
  description?: string;
  placeholder?: string;
  value: string;
  saveLabel?: string;
  cancelLabel?: string;
  /** 'textarea' for multi-line text; any <input> type otherwise (Enter then saves). */
  inputType?: "textarea" | "text" | "email" | "tel" | "search";
  maxLength?: number;
  /** Label of the field (visually hidden when the title says it already). */
  fieldLabel?: string;
  /** Returns an error message, or null when the text may be saved. */
  validate?: (value: string) => string | null;
  /** May return a promise: the save button is busy until it settles; a rejection keeps the modal open. */
  onSave: (value: string) => void | Promise<void>;
  onCancel: () => void;
}

/** The spec's text-edit modal: title, description, placeholder, value, save/cancel labels, input type, max length. */
export function TextEditModal({
  open,
  title,
  description,
  placeholder,
  value,
  saveLabel = "Save",
  cancelLabel = "Cancel",
  inputType = "textarea",
  maxLength,
  fieldLabel,
  validate,
  onSave,
  onCancel,
}: TextEditModalProps) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const counterId = useId();
  const errorId = useId();

  useEffect(() => {
    if (open) {
      setText(value);
      setError(null);
      setSaving(false);
    }
  }, [open, value]);

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const problem = validate?.(text) ?? null;
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await onSave(text);
    } catch {
      // The caller reported the failure; keep what was typed.
    } finally {
      setSaving(false);
    }
  }

  const describedBy =
    [maxLength ? counterId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id: fieldId,
    value: text,
    placeholder,
    maxLength,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      if (error) setError(null);
    },
  };

  return (
    <Modal open={open} title={title} description={description} onClose={onCancel} variant="dialog">
      <form className="form text-edit" onSubmit={save}>
        <div className="field">
          <label htmlFor={fieldId} className={fieldLabel ? undefined : "visually-hidden"}>
            {fieldLabel ?? title}
          </label>
          {inputType === "textarea" ? (
            // biome-ignore lint/a11y/noAutofocus: the modal exists to type into this field
            <textarea {...common} rows={5} autoFocus />
          ) : (
            // biome-ignore lint/a11y/noAutofocus: the modal exists to type into this field
            <input {...common} type={inputType} autoFocus />
          )}
          <div className="text-edit__meta">
            {error ? (
              <span id={errorId} className="field__error" role="alert">
                {error}
              </span>
            ) : (
              <span />
            )}
            {maxLength !== undefined && (
              <span id={counterId} className="text-edit__counter">
                {text.length}/{maxLength}
              </span>
            )}
          </div>
        </div>
        <div className="text-edit__actions">
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" busy={saving}>
            {saveLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

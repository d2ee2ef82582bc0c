import { type ReactNode, useEffect, useId, useRef } from "react";
import { Icon } from "./Icon";

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Shown under the title and used as the dialog's description. */
  description?: ReactNode;
  /** Sticky actions at the bottom of the dialog. */
  footer?: ReactNode;
  /** 'sheet' slides up from the bottom on phones; 'dialog' is centred. */
  variant?: "sheet" | "dialog";
}

/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert
 * (the focus trap), Escape closes it, and it is labelled by its title.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  description,
  footer,
  variant = "sheet",
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Closing (rather than just removing) an unmounted dialog returns focus to the control that opened it.
  useEffect(() => () => ref.current?.close(), []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the dialog's cancel event handles
    <dialog
      ref={ref}
      className={`modal modal--${variant}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; a press that began inside the panel
        // (a drag, a text selection) must not close it.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      {open && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="icon-btn" onClick={onClose} aria-label="Close">
              <Icon name="close" />
            </button>
          </header>
          {description && (
            <p id={descriptionId} className="modal__description">
              {description}
            </p>
          )}
          {children && <div className="modal__body">{children}</div>}
          {footer && <footer className="modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

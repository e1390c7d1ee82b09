import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalFormProps {
  title: string;
  /** The form's fields, or the question it asks. */
  children: ReactNode;
  onSubmit: () => void;
  /** Annuler, Escape. */
  onClose: () => void;
  submitLabel: string;
  /** 'danger' for a destructive confirmation (UX §4.5). */
  submitKind?: 'primary' | 'danger';
  /** False while the form cannot be saved: `why` says what is missing. */
  canSave?: boolean;
  why?: string;
  /** Actions between Annuler and the submit button ('Supprimer le contact'). */
  actions?: ReactNode;
  /** A confirmation starts on Annuler, so Enter never destroys by accident. */
  focusCancel?: boolean;
  /** The text the dialog is described by (a confirmation's question). */
  description?: string;
}

/**
 * Every modal of the elements (UX §4.5): a native modal dialog named by its title, opened on
 * mount and closed on unmount, a form whose submit stays focusable while it cannot save
 * (aria-disabled, with the reason read with it), and 'Annuler' first among the actions.
 */
export function ModalForm({
  title,
  children,
  onSubmit,
  onClose,
  submitLabel,
  submitKind = 'primary',
  canSave = true,
  ...more
}: ModalFormProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();
  const whyId = `${id}-why`;
  const focusCancel = more.focusCancel ?? false;
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    if (focusCancel) cancel.current?.focus();
    return () => element?.close();
  }, [focusCancel]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={more.description ? `${id}-text` : undefined}
      className="dialog"
      part="dialog"
      onCancel={onClose}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) onSubmit();
        }}
      >
        <h3 id={`${id}-title`}>{title}</h3>
        {more.description && <p id={`${id}-text`}>{more.description}</p>}
        {children}
        {!canSave && more.why && (
          <p className="muted" id={whyId}>
            {more.why}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" ref={cancel} onClick={onClose}>
            Annuler
          </button>
          {more.actions}
          <button
            type="submit"
            className={submitKind}
            aria-disabled={canSave ? undefined : true}
            aria-describedby={canSave || !more.why ? undefined : whyId}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

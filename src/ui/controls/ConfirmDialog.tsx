import { useEffect, useId, useRef } from 'react';

/** A destructive confirmation (UX §4.5): focus starts on Annuler, Escape cancels. */
export function ConfirmDialog({
  title,
  text,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    cancel.current?.focus();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-text`}
      className="dialog"
      part="dialog"
      onCancel={onCancel}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h3 id={titleId}>{title}</h3>
        <p id={`${titleId}-text`}>{text}</p>
        <div className="dialog-actions">
          <button type="button" ref={cancel} onClick={onCancel}>
            Annuler
          </button>
          <button type="submit" className="danger">
            {confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}

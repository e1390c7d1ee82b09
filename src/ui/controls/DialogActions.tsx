import type { ReactNode } from 'react';

/**
 * The foot of a dialog form: why it cannot be saved yet (read with the button), 'Annuler',
 * any extra action, then the submit button. The submit stays focusable while it cannot save
 * (aria-disabled) so a keyboard user hears the reason instead of a dead button.
 */
export function DialogActions({
  formId,
  canSave,
  why,
  submitLabel,
  onClose,
  children,
}: {
  /** The dialog's id prefix: the reason is `${formId}-why`. */
  formId: string;
  canSave: boolean;
  why: string;
  submitLabel: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const whyId = `${formId}-why`;
  return (
    <>
      {!canSave && (
        <p className="muted" id={whyId}>
          {why}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Annuler
        </button>
        {children}
        <button type="submit" className="primary" aria-disabled={canSave ? undefined : true} aria-describedby={canSave ? undefined : whyId}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}

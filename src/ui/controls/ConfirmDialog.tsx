import { ModalForm } from './ModalForm.tsx';

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
  return (
    <ModalForm
      title={title}
      description={text}
      submitLabel={confirm}
      submitKind="danger"
      focusCancel
      onSubmit={onConfirm}
      onClose={onCancel}
    >
      {null}
    </ModalForm>
  );
}

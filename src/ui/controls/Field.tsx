import { cloneElement, useId, type ReactElement } from 'react';
import { Icon } from './icons.tsx';

/**
 * A labelled field (UX §4.2): label above, optional help, the control, and its error under it,
 * linked by aria-describedby so the message is read with the field but never names it.
 */
export function Field({
  label,
  help,
  error,
  children,
}: {
  label: string;
  help?: string;
  error?: string | null;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {help && (
        <span className="field-help" id={`${id}-help`}>
          {help}
        </span>
      )}
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          <Icon name="warning" size={16} />
          {error}
        </span>
      )}
    </div>
  );
}

import { escapeHtml } from '../layout.ts';

/**
 * One field of a Réglages form, as every page of the Réglages writes it: its label, a sentence
 * on what it changes for the customer, the value (the one stored, or the one typed when the
 * form was refused), and its error under it, tied to the field for screen readers.
 */
export interface FieldSpec {
  name: string;
  label: string;
  help: string;
  kind: 'text' | 'textarea' | 'tel' | 'email' | 'url';
  maxLength: number;
  /** Extra attributes (autocomplete, inputmode). */
  attributes?: string;
  required?: boolean;
}

const idOf = (name: string) => `champ-${name.replace(/_/g, '-')}`;

export function fieldMarkup(spec: FieldSpec, value: string, error: string | null): string {
  const id = idOf(spec.name);
  const described = [`${id}-aide`, ...(error ? [`${id}-erreur`] : [])].join(' ');
  const common = `id="${id}" name="${spec.name}" maxlength="${spec.maxLength}" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}${spec.required ? ' required' : ''}${spec.attributes ? ` ${spec.attributes}` : ''}`;
  const control =
    spec.kind === 'textarea'
      ? `<textarea ${common} rows="4">${escapeHtml(value)}</textarea>`
      : `<input type="${spec.kind}" ${common} value="${escapeHtml(value)}">`;
  return `<div class="field">
<label for="${id}">${escapeHtml(spec.label)}</label>
<p class="meta" id="${id}-aide">${escapeHtml(spec.help)}</p>
${control}
${error ? `<p class="field-error" id="${id}-erreur">${escapeHtml(error)}</p>` : ''}
</div>`;
}

/** The list at the top of a refused form: how many fields to correct, each a link to its field. */
export function errorSummary(errors: ReadonlyMap<string, string>, labels: ReadonlyMap<string, string>): string {
  if (errors.size === 0) return '';
  const items = [...errors.keys()].map((name) => `<li><a href="#${idOf(name)}">${escapeHtml(labels.get(name) ?? name)}</a></li>`).join('');
  const count = errors.size === 1 ? 'un champ à corriger' : `${errors.size}\u00a0champs à corriger`;
  return `<div class="notice error" role="alert" id="erreurs"><p>Rien n’est enregistré\u00a0: ${count}. Ce que vous avez saisi est conservé.</p><ul>${items}</ul></div>`;
}

export { idOf as fieldId };

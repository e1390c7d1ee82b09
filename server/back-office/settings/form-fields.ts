import * as v from 'valibot';
import { escapeHtml } from '../layout.ts';

/**
 * The Réglages' forms as typed: every field's text, kept as it was typed so a refused form
 * shows it again, and the errors each naming its field in French. The body is parsed by a
 * valibot schema before anything reads it; each field's text then by its own.
 */
export type FormValues = Record<string, string>;

export interface FieldError {
  /** The field's name (its input's id is `f-` and the name). */
  field: string;
  message: string;
}

/** A posted form: names of up to 60 characters, texts of up to 4 000; checkboxes send 'on'. */
export const FormBodySchema = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(60)), v.union([v.pipe(v.string(), v.maxLength(20_000)), v.array(v.string())])),
  v.check((body) => Object.keys(body).length <= 400, 'Formulaire trop long'),
  v.transform((body) =>
    Object.fromEntries(Object.entries(body).map(([name, value]) => [name, Array.isArray(value) ? (value[0] ?? '') : value])),
  ),
);

/** '0,70', '0.7', '1 000', '1 000,5' (spaces and no-break spaces as thousands): a number; anything else is not one. */
export const FrenchNumberSchema = v.pipe(
  v.string(),
  v.transform((text) => text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')),
  v.regex(/^-?\d+(\.\d+)?$/),
  v.transform(Number),
  v.finite(),
);

/** A number as the forms show it: '0,7', '38', '1,2' (no thousands separator, which typing would not give back). */
export function frenchNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(Number(value.toFixed(6))).replace('.', ',');
}

/** A number as a sentence shows it: '1\u202f000', '0,7'. */
export function spokenNumber(value: number): string {
  return new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 }).format(value);
}

export interface NumberRule {
  label: string;
  min: number;
  max: number;
  integer?: boolean;
  /** An empty field gives null instead of an error. */
  optional?: boolean;
  /** The error's own words when out of range ('entre 0,1 et 10 (1 = prix normal)'). */
  range?: string;
  example?: string;
}

/** Reads the form's fields one by one, keeping each error with its field. */
export class FormReader {
  readonly errors: FieldError[] = [];

  constructor(readonly values: FormValues) {}

  text(name: string): string {
    return (this.values[name] ?? '').trim();
  }

  checked(name: string): boolean {
    return this.values[name] === 'on';
  }

  fail(field: string, message: string): null {
    this.errors.push({ field, message });
    return null;
  }

  number(name: string, rule: NumberRule): number | null {
    const text = this.text(name);
    if (text === '')
      return rule.optional
        ? null
        : this.fail(name, `${rule.label}\u00a0: indiquez une valeur${rule.example ? `, par exemple ${rule.example}` : ''}.`);
    const parsed = v.safeParse(FrenchNumberSchema, text);
    if (!parsed.success)
      return this.fail(
        name,
        `${rule.label}\u00a0: «\u202f${text.slice(0, 30)}\u202f» n’est pas un nombre${rule.example ? ` (par exemple ${rule.example})` : ''}.`,
      );
    const value = parsed.output;
    if (value < 0 && rule.min >= 0) return this.fail(name, `${rule.label}\u00a0: une valeur négative est refusée.`);
    if (rule.integer && !Number.isInteger(value)) return this.fail(name, `${rule.label}\u00a0: un nombre entier est attendu.`);
    if (value < rule.min || value > rule.max)
      return this.fail(name, `${rule.label}\u00a0: ${rule.range ?? `entre ${spokenNumber(rule.min)} et ${spokenNumber(rule.max)}`}.`);
    return value;
  }
}

/** The attributes tying an input to its help and its error (WCAG 3.3.1): described by both, marked invalid. */
export function describedBy(name: string, errors: readonly FieldError[], help: boolean): string {
  const error = errors.some((candidate) => candidate.field === name);
  const ids = [help ? `h-${name}` : '', error ? `e-${name}` : ''].filter(Boolean).join(' ');
  return `${ids ? ` aria-describedby="${ids}"` : ''}${error ? ' aria-invalid="true"' : ''}`;
}

export function fieldError(name: string, errors: readonly FieldError[]): string {
  const error = errors.find((candidate) => candidate.field === name);
  return error ? `<p class="field-error" id="e-${name}">${escapeHtml(error.message)}</p>` : '';
}

export interface InputOptions {
  name: string;
  label: string;
  values: FormValues;
  errors: readonly FieldError[];
  unit?: string;
  help?: string;
  /** 'decimal' (the default), 'numeric', or 'text'. */
  kind?: 'decimal' | 'numeric' | 'text' | 'date';
  /** Characters wide, for short figures. */
  size?: number;
  /** The label is there for screen readers only (a table's column names it). */
  hiddenLabel?: boolean;
  /** Prefixes the input's id (and its errors' field): several forms of one page post the same names. */
  prefix?: string;
  /** Said before the label to screen readers, for a row's fields ('Véhicule 2'): each name is then unique on the page. */
  context?: string;
}

/** A labelled input with its unit beside it, its help under it, and its error under that. */
export function input(options: InputOptions): string {
  const { name, label, values, errors, unit, help } = options;
  const key = `${options.prefix ?? ''}${name}`;
  const kind = options.kind ?? 'decimal';
  const type = kind === 'date' ? 'date' : 'text';
  const mode = kind === 'decimal' || kind === 'numeric' ? ` inputmode="${kind}"` : '';
  const size = options.size ? ` size="${options.size}"` : '';
  const value = escapeHtml(values[name] ?? '');
  const labelClass = options.hiddenLabel ? ' class="visually-hidden"' : '';
  const context = options.context ? `<span class="visually-hidden">${escapeHtml(options.context)}, </span>` : '';
  return `<div class="field"><label for="f-${key}"${labelClass}>${context}${escapeHtml(label)}</label><div class="with-unit"><input id="f-${key}" name="${name}" type="${type}"${mode}${size} value="${value}" autocomplete="off"${describedBy(key, errors, Boolean(help))}>${unit ? `<span class="unit">${escapeHtml(unit)}</span>` : ''}</div>${help ? `<p class="help" id="h-${key}">${escapeHtml(help)}</p>` : ''}${fieldError(key, errors)}</div>`;
}

export function checkbox(name: string, label: string, values: FormValues): string {
  return `<label class="check" for="f-${name}"><input type="checkbox" id="f-${name}" name="${name}"${values[name] === 'on' ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
}

/** The errors at the top of a refused form, each a link to its field (focus lands there). */
export function errorSummary(intro: string, errors: readonly FieldError[]): string {
  if (errors.length === 0) return '';
  const items = errors.map((error) => `<li><a href="#f-${error.field}">${escapeHtml(error.message)}</a></li>`).join('');
  return `<div class="notice error" role="alert" id="erreurs"><p>${escapeHtml(intro)}</p><ul>${items}</ul></div>`;
}

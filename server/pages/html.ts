/**
 * Markup that cannot forget to escape (issue 53). `html` is a tagged template: every value put
 * in it is escaped, unless it is markup `html` itself made (or `trusted` vouched for), so a text
 * a customer typed can only ever be text. A page written with it needs no `escapeHtml` call,
 * and a forgotten one cannot happen: a function that takes `SafeHtml` refuses a plain string at
 * compile time.
 */
const BRAND: unique symbol = Symbol('safe html');

export interface SafeHtml {
  readonly [BRAND]: true;
  readonly text: string;
  toString(): string;
}

/** What may be put in the template: markup, text, a number, nothing (null, undefined, false), or a list of them. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function safe(text: string): SafeHtml {
  return { [BRAND]: true, text, toString: () => text };
}

export const isSafeHtml = (value: unknown): value is SafeHtml =>
  typeof value === 'object' && value !== null && (value as Partial<SafeHtml>)[BRAND] === true;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A text as HTML text or attribute value: the five characters that mean something there, written as entities. */
export const escapeText = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

function written(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (isSafeHtml(value)) return value.text;
  if (Array.isArray(value)) return value.map(written).join('');
  return escapeText(String(value));
}

/** html`<p>${name}</p>`: the name escaped; nested html`` kept as markup; lists joined. */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let text = strings[0]!;
  for (let index = 0; index < values.length; index += 1) text += written(values[index]!) + strings[index + 1]!;
  return safe(text);
}

/**
 * Markup the server wrote itself with its older string helpers (each escapes what it prints), taken
 * as it is: the seam where a page written with `html` meets one not yet moved to it. Never for a
 * value that came from a request, a database row or a carrier's settings.
 */
export const trusted = (markup: string): SafeHtml => safe(markup);

/** A list of markup joined by a separator (itself markup). */
export const joined = (parts: readonly SafeHtml[], separator: SafeHtml = safe('')): SafeHtml =>
  safe(parts.map((part) => part.text).join(separator.text));

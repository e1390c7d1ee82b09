import { HttpError } from './validation.ts';

/**
 * The deepest nesting a body may have. The largest real booking nests 6 levels deep (body →
 * addresses → address → contacts → contact, or the store's arrays); 400 leaves room for any
 * honest client and keeps every later walk of the value far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 400;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** Whether the JSON text nests arrays and objects deeper than `max`, read once without recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === BACKSLASH) at += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth -= 1;
  }
  return false;
}

/**
 * A body decoded from UTF-8 holds no lone surrogate of its own (an invalid sequence becomes
 * U+FFFD), so only a `\uD800`–`\uDFFF` escape in the JSON text can put one in the parsed value:
 * without such an escape the value is not walked.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Whether a string or key anywhere in the value holds a lone surrogate; walked with a stack, not recursion. */
export function holdsLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return true;
    } else if (Array.isArray(current)) {
      for (const inner of current) pending.push(inner);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (!key.isWellFormed()) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * A request body as the API accepts it: JSON, nested at most MAX_JSON_DEPTH deep, and no
 * string that cannot be stored as UTF-8 text (refused rather than mangled). An empty body
 * is undefined.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new HttpError(400, `Corps JSON trop imbriqué\u00a0: ${MAX_JSON_DEPTH} niveaux au plus`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Corps JSON illisible');
  }
  if (SURROGATE_ESCAPE.test(text) && holdsLoneSurrogate(parsed))
    throw new HttpError(400, 'Texte invalide\u00a0: caractère Unicode isolé (demi-paire de substitution)');
  return parsed;
}

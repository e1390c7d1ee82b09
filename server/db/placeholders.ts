/**
 * The `?` placeholders of a statement, found by reading it as PostgreSQL does: a `?` inside a
 * string literal ('…', E'…' with its backslash escapes, $tag$…$tag$), a quoted identifier ("…") or
 * a comment (-- …, /* … *\/) is text, not a placeholder. `??` writes the one character `?`, for
 * PostgreSQL's JSONB operator in a statement only PostgreSQL runs. The repositories write their
 * statements once, with `?`, for both databases; this is how the PostgreSQL driver numbers them
 * ($1, $2…) or writes the values in (the pipelined writes), never by a pattern over the text.
 */
export function splitAtPlaceholders(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let at = 0;
  const copyUntil = (end: number) => {
    current += text.slice(at, end);
    at = end;
  };
  while (at < text.length) {
    const char = text[at]!;
    const next = text[at + 1];
    if (char === '?') {
      if (next === '?') {
        current += '?';
        at += 2;
      } else {
        parts.push(current);
        current = '';
        at += 1;
      }
    } else if (char === "'") {
      copyUntil(endOfQuoted(text, at, "'", escapesWithBackslash(text, at)));
    } else if (char === '"') {
      copyUntil(endOfQuoted(text, at, '"', false));
    } else if (char === '-' && next === '-') {
      const end = text.indexOf('\n', at);
      copyUntil(end === -1 ? text.length : end);
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', at + 2);
      copyUntil(end === -1 ? text.length : end + 2);
    } else if (char === '$' && dollarTag(text, at) !== null) {
      const tag = dollarTag(text, at)!;
      const end = text.indexOf(tag, at + tag.length);
      copyUntil(end === -1 ? text.length : end + tag.length);
    } else {
      copyUntil(at + 1);
    }
  }
  parts.push(current);
  return parts;
}

/** E'…' (or e'…'): a string where a backslash escapes the next character, not a word ending in e. */
function escapesWithBackslash(text: string, quote: number): boolean {
  const before = text[quote - 1];
  return (before === 'E' || before === 'e') && !/[\w$]/.test(text[quote - 2] ?? '');
}

/** Past the closing quote of a literal or identifier; a doubled quote ('' or "") is one character of it. */
function endOfQuoted(text: string, open: number, quote: string, backslash: boolean): number {
  let at = open + 1;
  while (at < text.length) {
    const char = text[at]!;
    if (backslash && char === '\\') at += 2;
    else if (char === quote && text[at + 1] === quote) at += 2;
    else if (char === quote) return at + 1;
    else at += 1;
  }
  return text.length;
}

/** The tag of a dollar-quoted string starting here ($$ or $name$), or null ($1 is a parameter, not a tag). */
function dollarTag(text: string, at: number): string | null {
  if (/[\w$]/.test(text[at - 1] ?? '')) return null;
  const match = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(text.slice(at, at + 64));
  return match ? match[0] : null;
}

/** The statement with its placeholders numbered for the extended protocol: `$1`, `$2`… */
export function numberedPlaceholders(text: string): string {
  const parts = splitAtPlaceholders(text);
  return parts.reduce((written, part, index) => (index === 0 ? part : `${written}$${index}${part}`), '');
}

/** The number of placeholders a statement takes. */
export const placeholderCount = (text: string): number => splitAtPlaceholders(text).length - 1;

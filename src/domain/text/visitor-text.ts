/**
 * What a customer or a company typed may not write a document that leaves in the carrier's
 * name (its e-mails, its devis page and PDF): no character that breaks a line or hides one
 * (controls, line and paragraph separators, format characters such as bidirectional overrides
 * and zero-width spaces), and nothing a reader's software turns into a link (an address with a
 * scheme, www., an e-mail address, a domain name). A stranger booking for someone else's
 * address cannot send 'Votre acompte de 300 € : https://paiement-…' in the carrier's name.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const HAS_HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// A scheme's and a domain name's run start where a run of their characters starts (the
// lookbehinds): tried from every letter of a 2,000-character word, each took time in the
// square of its length.
const LINK_LIKE = /(?<![\w+.-])[a-z][\w+.-]*:\/\/|\bwww\.|@|(?<![\p{L}\p{N}-])(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}/iu;

/** Whether a text holds anything a reader's software would turn into a link. */
export function isLinkLike(text: string): boolean {
  return LINK_LIKE.test(text);
}

/** A visitor's text on one line, spaces collapsed, cut at `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A visitor's text on one line, each link-like word replaced by an ellipsis. */
export function withoutLinks(text: string, max: number): string {
  const words = text.replace(HIDDEN, ' ').split(/\s+/).filter(Boolean);
  return oneLine(words.map((word) => (isLinkLike(word) ? '…' : word)).join(' '), max);
}

/**
 * A visitor's text as a devis prints it: left exactly as typed when it holds nothing hidden and
 * nothing link-like (so the devis of an ordinary booking, and its hash, stay the same), else
 * on one line with each link-like word replaced by an ellipsis.
 */
export function printableVisitorText(text: string): string {
  const clean = !HAS_HIDDEN.test(text) && !text.split(/\s+/).some(isLinkLike);
  return clean ? text : withoutLinks(text, Math.max(text.length, 1));
}

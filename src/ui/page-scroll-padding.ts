const sheets = new WeakMap<ShadowRoot, CSSStyleSheet>();

/** The root's scroll-padding-top in px: a length, a percentage of the viewport, or 0 for auto. */
export function pageScrollPaddingTop(doc: Document): number {
  const win = doc.defaultView;
  if (!win) return 0;
  const value = win.getComputedStyle(doc.documentElement).scrollPaddingTop;
  const number = Number.parseFloat(value);
  if (!Number.isFinite(number)) return 0;
  return value.endsWith('%') ? (number / 100) * win.innerHeight : number;
}

/** This element's own sheet, after the shared one, for what it reads from its page. */
function ownSheet(root: ShadowRoot): CSSStyleSheet {
  let sheet = sheets.get(root);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheets.set(root, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return sheet;
}

/**
 * A page that declares its fixed header's height the standard way, `scroll-padding-top` on
 * its root, needs no --tqw-scroll-offset: its value is given to the shadow CSS as
 * --_page-scroll-top (read again when the window is resized, as a header's height often
 * follows the width), in a sheet of this element's own.
 */
export function followScrollPadding(host: HTMLElement): () => void {
  const root = host.shadowRoot;
  const win = host.ownerDocument.defaultView;
  if (!root || !win) return () => {};
  const own = ownSheet(root);
  let last = -1;
  const read = () => {
    const top = Math.max(0, Math.round(pageScrollPaddingTop(host.ownerDocument)));
    if (top === last) return;
    last = top;
    own.replaceSync(`:host { --_page-scroll-top: ${top}px; }`);
  };
  read();
  win.addEventListener('resize', read);
  return () => win.removeEventListener('resize', read);
}

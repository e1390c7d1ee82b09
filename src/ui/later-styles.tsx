import css from './later-panels.css';

let sheet: CSSStyleSheet | null = null;

/**
 * The later panels' own styles (items, estimate, lite price, recap, success): a second shared sheet, adopted by the shadow
 * root the first time one of them renders, before it is painted (a ref runs at commit). Kept
 * out of styles.css so the first panel's bytes stay within budget.
 */
function adopt(node: Element | null): void {
  const root = node?.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  sheet ??= (() => {
    const created = new CSSStyleSheet();
    created.replaceSync(css);
    return created;
  })();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** Rendered first by each later panel that needs these styles: nothing shows, the sheet is adopted. */
export function LaterStyles() {
  return <span hidden ref={adopt} />;
}

import css from './styles.css';

let sheet: CSSStyleSheet | null = null;

/**
 * One constructable stylesheet shared by every element on the page, adopted in the shadow
 * root before the first render: no inline <style> (strict CSP), no flash of unstyled content,
 * and the host page's CSS stays out.
 */
export function adoptStyles(root: ShadowRoot): void {
  sheet ??= (() => {
    const created = new CSSStyleSheet();
    created.replaceSync(css);
    return created;
  })();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

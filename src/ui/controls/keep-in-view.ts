/** Room kept between a field or its list and the sticky bar, px (UX §2.4 space-2). */
const GAP = 8;
/** A list never shrinks below two options' height, whatever the screen. */
const MIN_LIST = 2 * 48 + 8;

/** Where the visible area ends for a node: the top of its element's sticky bar, or the viewport's bottom. */
function visibleBottom(node: Element): number {
  const root = node.getRootNode() as Document | ShadowRoot;
  const bar = root.querySelector('.action-bar');
  const viewport = node.ownerDocument.defaultView?.innerHeight ?? Number.POSITIVE_INFINITY;
  const barTop = bar ? bar.getBoundingClientRect().top : viewport;
  return Math.min(barTop, viewport) - GAP;
}

/** Where a field may go at the top: the host's own sticky header (--tqw-scroll-offset) included. */
function visibleTop(field: HTMLElement): number {
  const margin = parseFloat(getComputedStyle(field).scrollMarginTop);
  return Number.isFinite(margin) ? Math.max(0, margin) : 16;
}

/**
 * An open suggestion list fully in view, never under the sticky bar (WCAG 2.4.11, UX §4.3):
 * the page first scrolls up as far as the field can go, then the list is made shorter to fit
 * what is left. Called as the list opens or its options change.
 */
export function keepListInView(list: HTMLElement, field: HTMLElement): void {
  list.style.maxHeight = '';
  const over = list.getBoundingClientRect().bottom - visibleBottom(list);
  if (over <= 0) return;
  const room = field.getBoundingClientRect().top - visibleTop(field);
  const scroll = Math.min(over, Math.max(0, room));
  if (scroll > 0) field.ownerDocument.defaultView?.scrollBy({ top: scroll, behavior: 'instant' });
  const left = list.getBoundingClientRect().bottom - visibleBottom(list);
  if (left > 0) list.style.maxHeight = `${Math.max(MIN_LIST, list.getBoundingClientRect().height - left)}px`;
}

/**
 * The block a focused control belongs to, kept clear of the bar as a whole: an address field
 * with its 'Adresse vérifiée' line, not the input alone.
 */
export function blockOf(target: HTMLElement): HTMLElement {
  return target.closest<HTMLElement>('.combobox') ?? target;
}

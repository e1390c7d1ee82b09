/** Wrappers already reported: one message per wrapper, whatever the number of elements in it. */
const reported = new WeakSet<Element>();

const SCROLLING = /^(hidden|auto|scroll|overlay)$/;

/** The element's parent in the flat tree: its slot, its parent, or the host of its shadow root. */
function parentOf(node: Element): Element | null {
  if (node.assignedSlot) return node.assignedSlot;
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/**
 * The nearest ancestor that is a scroll container but does not scroll: it grows with its
 * content, so a sticky bar inside it sticks to nothing and sits at the end. The body's overflow
 * belongs to the viewport while the root's is visible, so the body alone is no culprit.
 */
export function stickyTrap(host: HTMLElement): Element | null {
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  if (!win) return null;
  const rootOverflow = win.getComputedStyle(doc.documentElement);
  const bodyIsViewport = rootOverflow.overflowX === 'visible' && rootOverflow.overflowY === 'visible';
  for (let node = parentOf(host); node && node !== doc.documentElement; node = parentOf(node)) {
    if (node === doc.body && bodyIsViewport) continue;
    const style = win.getComputedStyle(node);
    if (!SCROLLING.test(style.overflowX) && !SCROLLING.test(style.overflowY)) continue;
    const scrolls = /^(auto|scroll|overlay)$/.test(style.overflowY) && node.scrollHeight > node.clientHeight + 1;
    return scrolls ? null : node;
  }
  return null;
}

function describe(node: Element): string {
  const id = node.id ? `#${node.id}` : '';
  const classes = [...node.classList].map((name) => `.${name}`).join('');
  return `${node.localName}${id}${classes}`;
}

/** The French message, with the fix: `clip` cuts what overflows as `hidden` does, without making a scroll container. */
export function stickyTrapMessage(node: Element): string {
  const style = node.ownerDocument.defaultView!.getComputedStyle(node);
  // `overflow-x: hidden` alone computes overflow-y to auto (and the reverse): name the one set.
  const [property, value] =
    style.overflowX === style.overflowY
      ? ['overflow', style.overflowX]
      : style.overflowY === 'auto'
        ? ['overflow-x', style.overflowX]
        : ['overflow-y', style.overflowY];
  return (
    `transport-quote : la barre d’actions (Suivant, Enregistrer) ne reste pas en bas de l’écran, car l’élément parent ` +
    `« ${describe(node)} » a « ${property}: ${value} », ce qui en fait un conteneur de défilement à la hauteur de son contenu. ` +
    `Remplacez-le par « ${property}: clip » : ce qui dépasse reste coupé, et la barre redevient collante.`
  );
}

/**
 * Says once on the console, in French and with the fix, when a wrapper of the page keeps the
 * action bar from sticking (UX §3.2): many themes put `overflow-x: hidden` on `#page` or
 * `.site`. Looked at only when it shows, while the element runs past the bottom of the screen
 * with room above for the bar (on load, then as the page scrolls or resizes), and no more once
 * it has been seen either way.
 */
export function watchStickyBar(host: HTMLElement): () => void {
  const win = host.ownerDocument.defaultView;
  if (!win) return () => {};
  let frame = 0;
  const stop = () => {
    win.removeEventListener('scroll', schedule);
    win.removeEventListener('resize', schedule);
    if (frame) win.cancelAnimationFrame(frame);
    frame = 0;
  };
  const check = () => {
    frame = 0;
    const bar = host.shadowRoot?.querySelector('.action-bar');
    if (!bar) return;
    const view = win.innerHeight;
    const element = host.getBoundingClientRect();
    const barBox = bar.getBoundingClientRect();
    if (!(element.top < view - barBox.height && element.bottom > view + 1)) return;
    stop();
    if (barBox.top < view - 1) return;
    const trap = stickyTrap(host);
    if (!trap || reported.has(trap)) return;
    reported.add(trap);
    console.warn(stickyTrapMessage(trap));
  };
  function schedule() {
    frame ||= win!.requestAnimationFrame(check);
  }
  win.addEventListener('scroll', schedule, { passive: true });
  win.addEventListener('resize', schedule);
  schedule();
  return stop;
}

import type { TransportQuoteEventDetails } from '../../elements/events.ts';

/**
 * The protocol between the element and its host page (spec §2, DESIGN §3): the elements'
 * events (their payloads are the public contract, in elements/events.ts), and one message
 * for a framing page only.
 */
export interface HostMessages extends TransportQuoteEventDetails {
  /** The element's height changed, so a host can size its iframe (no second scrollbar). */
  height_changed: { height: number };
}
export type HostMessageType = keyof HostMessages;

export const MESSAGE_SOURCE = 'transport-quote';

/** A booking token is never posted to '*': without parent-origin these go without it. */
const CARRIES_TOKEN: ReadonlySet<HostMessageType> = new Set(['travel_creation_succeed', 'travel_update_succeed']);

/** The message any framing page may read: the same, less its token. */
function withoutToken(payload: object): object {
  return Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'token'));
}

export interface MessengerOptions {
  host: HTMLElement;
  /** Target origin for postMessage (attribute parent-origin); null when unknown. */
  parentOrigin: () => string | null;
  win?: Window;
  warn?: (message: string) => void;
  error?: (message: string) => void;
}

/** An origin as `parent-origin` must give it: 'https://www.transporteur.fr', never '*' or a path. */
export function isExactOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

export function isFramed(win: Window): boolean {
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

/**
 * WordPress's preview frames (the block editor's sandbox, also behind the Custom HTML block's
 * preview) mark their body with this attribute and take their height from a `resize` message,
 * which their own script sends only when the light DOM changes: an element growing inside its
 * shadow root is never seen, so the frame kept the height it had before the element rendered.
 * The element says it in their words, with the body's size, as their script would.
 */
function tellPreviewFrame(win: Window): void {
  const body = win.document?.body;
  if (!body?.hasAttribute('data-resizable-iframe-connected')) return;
  const { width, height } = body.getBoundingClientRect();
  win.parent.postMessage({ action: 'resize', width, height }, '*');
}

/** Sends a protocol message: a CustomEvent on the element and, when framed, a postMessage. */
export function createMessenger({
  host,
  parentOrigin,
  win = window,
  warn = (m) => console.warn(m),
  error = (m) => console.error(m),
}: MessengerOptions) {
  let refused: string | null = null;
  return function send<T extends HostMessageType>(type: T, payload: HostMessages[T]): void {
    if (type !== 'height_changed') host.dispatchEvent(new CustomEvent(type, { detail: payload, bubbles: true, composed: true }));
    if (!isFramed(win)) return;
    const origin = parentOrigin();
    // parent-origin="*" (or anything but an exact origin) would hand the booking token to any
    // page framing the element: refused, said once, and nothing is posted.
    if (origin && !isExactOrigin(origin)) {
      if (refused !== origin)
        error(
          `transport-quote : parent-origin « ${origin} » refusé : indiquez l’origine exacte de la page parente (par exemple https://www.transporteur.fr). Aucun message n’est envoyé.`,
        );
      refused = origin;
      return;
    }
    if (type === 'height_changed') tellPreviewFrame(win);
    if (!origin) {
      // Spec §2: the parent learns of the booking in any case; only its token waits for parent-origin.
      if (CARRIES_TOKEN.has(type) && 'token' in payload)
        warn(
          `transport-quote\u00a0: message «\u00a0${type}\u00a0» envoyé à la page parente sans son jeton\u00a0: définissez l’attribut parent-origin pour le recevoir (un jeton n’est jamais envoyé à «\u00a0*\u00a0»).`,
        );
      win.parent.postMessage({ source: MESSAGE_SOURCE, type, ...withoutToken(payload) }, '*');
      return;
    }
    win.parent.postMessage({ source: MESSAGE_SOURCE, type, ...payload }, origin);
  };
}
export type Messenger = ReturnType<typeof createMessenger>;

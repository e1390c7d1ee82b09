import { lazyApiClient, type Api } from '../services/lazy-api-client.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { localDraftStorage } from '../services/drafts.ts';
import { createMessenger } from '../services/host-messaging.ts';
import { chooseProviderKind, createProvider } from '../services/maps/select-provider.ts';
import type { MapsProvider } from '../services/maps/provider.ts';
import { lazyPricingSandbox, type PricingSandbox } from '../services/pricing/lazy-sandbox.ts';
import type { ElementConfig } from './attributes.ts';
import type { Services } from './services.atoms.ts';

/** What the services read from their session, each read at every call: attributes and properties change live. */
export interface ServiceInputs {
  host: HTMLElement;
  /** URL of the pricing sandbox's worker script. */
  workerUrl: string;
  config: () => ElementConfig;
  /** The element's `clock` property, or the machine's. */
  clock: () => Clock;
  /** The element's `fetch` property, or null for the page's. */
  fetch: () => typeof fetch | null;
}

/**
 * The outside world of one element: its API client, maps provider, pricing sandbox,
 * messenger, drafts and clock. They read the element's attributes where the atoms do, in its
 * store (the session gives them configAtom's value), at every call.
 */
export function makeServices(inputs: ServiceInputs): { services: Services; releaseSandbox: () => void } {
  let api: { base: string; client: Api } | null = null;
  let provider: { key: string; promise: Promise<MapsProvider> } | null = null;
  let sandbox: PricingSandbox | null = null;
  let adoptedKey: string | null = null;
  // The worker is the one heavy thing a session owns: ended with the element, made again on need.
  const releaseSandbox = () => {
    sandbox?.dispose();
    sandbox = null;
  };
  const services: Services = {
    // A changed api-base or maps provider takes effect at the next call.
    get api() {
      const base = inputs.config().apiBase;
      if (!api || api.base !== base)
        api = {
          base,
          client: lazyApiClient({
            apiBase: base,
            fetchImpl: (input, init) => (inputs.fetch() ?? globalThis.fetch)(input, init),
            log: (message, error) => console.warn(`transport-quote : ${message}`, error),
            carrierKey: () => inputs.config().carrierKey || adoptedKey,
          }),
        };
      return api.client;
    },
    adoptCarrierKey(key) {
      adoptedKey = key;
    },
    messenger: createMessenger({ host: inputs.host, parentOrigin: () => inputs.config().parentOrigin }),
    drafts: localDraftStorage(),
    provider() {
      const { mapsProvider, mapsKey, apiBase } = inputs.config();
      const hasGoogleOnPage = Boolean((window as unknown as { google?: { maps?: unknown } }).google?.maps);
      const kind = chooseProviderKind({ requested: mapsProvider, mapsKey, hasGoogleOnPage });
      const key = `${kind}|${mapsKey}|${apiBase}`;
      if (!provider || provider.key !== key) {
        const promise = createProvider(kind, { requested: mapsProvider, mapsKey, apiBase, hasGoogleOnPage });
        provider = { key, promise };
        promise.catch(() => {
          if (provider?.promise === promise) provider = null;
        });
      }
      return provider.promise;
    },
    sandbox() {
      sandbox ??= lazyPricingSandbox(inputs.workerUrl);
      return sandbox;
    },
    now: () => {
      // A host clock that answers nonsense must not break the dates: the machine's clock stands in.
      const now = inputs.clock()();
      return now instanceof Date && !Number.isNaN(now.getTime()) ? now : systemClock();
    },
  };
  return { services, releaseSandbox };
}

import { createStore } from 'jotai';
import type { Variant } from '../domain/steps/step-model.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import type { ElementConfig } from './attributes.ts';
import { applyConfigAtom, configAtom } from './config.atoms.ts';
import { readDataBlocks, type DataBlockName } from './data-blocks.ts';
import { setDraftOwnerAtom, startDraftSync } from './draft-sync.ts';
import { startEngine } from './engine.ts';
import { load, type LoadMemory, type LoadRequest } from './load.ts';
import { mapsStatusAtom } from './maps-status.atoms.ts';
import { makeServices } from './services.ts';
import { servicesAtom, type Services } from './services.atoms.ts';
import type { QuoteStore } from './store.ts';
import { setVariantAtom } from './variant.atoms.ts';

export interface SessionOptions {
  /** URL of the pricing sandbox's worker script. */
  workerUrl: string;
  /** Which element: its steps and, for the lite one, the earlier variant's price grid (spec §2, §9). */
  variant: Variant;
}

export interface Session {
  /** The element the session belongs to: its drafts, its messages, its place in the page. */
  host: HTMLElement;
  store: QuoteStore;
  services: Services;
  /** Data given through the element's properties (travelStore, companyStore, travelInfos). */
  setProperty(name: DataBlockName, value: unknown): void;
  /** The element's clock (its `clock` property); set before start, it also sets the default day. */
  setClock(clock: () => unknown): void;
  /** The fetch the booking API calls go through (the element's `fetch` property); null for the page's. */
  setFetch(fetchImpl: typeof fetch | null): void;
  /**
   * The element entered the page: the first time, its data is loaded (at once for what the
   * page holds, so the first render shows it); every time, the engine and the draft sync run.
   */
  connect(config: ElementConfig): void;
  /** The element left the page: subscriptions, timers and the pricing worker end; the data stays. */
  disconnect(): void;
  /** A changed attribute: the new configuration; a new company token or booking is loaded. */
  updateConfig(config: ElementConfig): void;
}

/**
 * One element's session: its store, its services and its configuration, made once by the
 * element (elements/quote-element.ts), which keeps it for its whole life and hands it to each
 * React root r2wc mounts (a new one each time the element enters the page): what the visitor
 * typed outlives the root. The configuration is held once, in the store (configAtom): the
 * atoms and the services read it there.
 */
export function createSession(host: HTMLElement, options: SessionOptions): Session {
  const store: QuoteStore = createStore();
  let clock: Clock = systemClock;
  let hostFetch: typeof fetch | null = null;
  const { services, releaseSandbox } = makeServices({
    host,
    workerUrl: options.workerUrl,
    config: () => store.get(configAtom),
    clock: () => clock,
    fetch: () => hostFetch,
  });
  // The atoms' one way to the services, given once.
  store.set(servicesAtom, services);
  store.set(setVariantAtom, options.variant);

  // Properties a host set before the element started: read with the page's blocks at start.
  const early: Partial<Record<DataBlockName, unknown>> = {};
  const memory: LoadMemory = { infos: null, noticesGiven: new Set() };
  // The attributes the last load took in; null until the first.
  let loaded: ElementConfig | null = null;
  // Loads run one after another, each in its fixed order: a second never interleaves with a first.
  let loading: Promise<void> | null = null;
  let ready: Promise<void> = Promise.resolve();
  let attributesChanged = false;
  let connected = false;
  // What runs while the element is in the page: the engine and the draft sync.
  let running: (() => void)[] = [];

  const runLoad = (blocks: LoadRequest['blocks']): Promise<void> => {
    const start = () => {
      const config = store.get(configAtom);
      const request: LoadRequest = { blocks, config, previous: loaded };
      loaded = config;
      return load(store, services, memory, request);
    };
    // Nothing under way: at once, so a load at start writes before the first render.
    const next = loading ? loading.then(start) : start();
    const settled = next.catch((error: unknown) => console.error('transport-quote : chargement interrompu', error));
    loading = settled;
    void settled.then(() => {
      if (loading === settled) loading = null;
    });
    return settled;
  };

  return {
    host,
    store,
    services,
    setProperty(name, value) {
      if (loaded === null) early[name] = value;
      else void runLoad({ [name]: value });
    },
    setFetch(fetchImpl) {
      hostFetch = fetchImpl;
    },
    setClock(next) {
      clock = next as Clock;
    },
    updateConfig(next) {
      store.set(applyConfigAtom, next);
      if (loaded === null || attributesChanged) return;
      // Attributes set together (company-token and travel-id, say) are one change: one load.
      attributesChanged = true;
      queueMicrotask(() => {
        attributesChanged = false;
        void runLoad({});
      });
    },
    connect(next) {
      connected = true;
      store.set(applyConfigAtom, next);
      if (loaded === null) {
        // Without an id, the element's rank among its kind on the page keeps drafts apart.
        const tag = host.localName;
        store.set(setDraftOwnerAtom, {
          tag,
          instance: String([...document.querySelectorAll(tag)].indexOf(host)),
          path: window.location.pathname,
        });
        services.provider().then(
          () => store.set(mapsStatusAtom, { kind: 'ready' }),
          (error: unknown) =>
            store.set(mapsStatusAtom, { kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
        );
        ready = runLoad({ ...readDataBlocks(host), ...early });
      }
      void ready.then(() => {
        // Removed again before the data came, or already running: nothing to start.
        if (!connected || running.length > 0) return;
        running = [startEngine(store, services), startDraftSync(store, services)];
      });
    },
    disconnect() {
      connected = false;
      running.forEach((stop) => stop());
      running = [];
      releaseSandbox();
    },
  };
}

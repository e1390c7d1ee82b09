import { publicCompanyData, type CompanyData, type TravelInfos, type TravelState } from '../domain/index.ts';
import { ApiClient, type StoredTravelResponse } from '../services/api-client.ts';
import { localDraftStorage } from '../services/drafts.ts';
import { createMessenger } from '../services/host-messaging.ts';
import { chooseProviderKind, createProvider } from '../services/maps/select-provider.ts';
import type { MapsProvider } from '../services/maps/provider.ts';
import { createPricingSandbox, type PricingSandbox } from '../services/pricing/sandbox.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { applyCompany, applyInfos, applyTravelState } from './apply.ts';
import { showBannerAtom } from './banner.atoms.ts';
import { pinCompanyPrices, reopenedTravel, reportReopenFailure } from './link.atoms.ts';
import { configAtom, type ElementConfig } from './config.atoms.ts';
import { parseDataBlocks, readDataBlocks, type DataBlockName } from './data-blocks.ts';
import { draftOwners, restoreDraft, startDraftSync } from './draft-sync.ts';
import { startEngine } from './engine.ts';
import type { Services } from './services.atoms.ts';
import { servicesAtom } from './services.atoms.ts';
import { mapsStatusAtom } from './maps-status.atoms.ts';
import { priceVariantAtom } from './fees.atoms.ts';
import { storeFor, type QuoteStore } from './store.ts';

export interface SessionOptions {
  /** URL of the pricing sandbox's worker script. */
  workerUrl: string;
  /** Which element: the lite one prices with the earlier variant's grid (spec §9). */
  variant: 'wizard' | 'lite';
}

export interface Session {
  store: QuoteStore;
  services: Services;
  /** Data given through the element's properties (travelStore, companyStore, travelInfos). */
  setProperty(name: DataBlockName, value: unknown): void;
  /** The element's clock (its `clock` property); set before start, it also sets the default day. */
  setClock(clock: () => unknown): void;
  /** The fetch the booking API calls go through (the element's `fetch` property); null for the page's. */
  setFetch(fetchImpl: typeof fetch | null): void;
  /**
   * The element entered the page: the first time, its data is read (synchronously for inline
   * blocks, so the first render shows them); every time, the engine and the draft sync run.
   */
  connect(config: ElementConfig): void;
  /** The element left the page: subscriptions, timers and the pricing worker end; the data stays. */
  disconnect(): void;
  /** A changed attribute: the new configuration, and a new company token or booking is fetched. */
  updateConfig(config: ElementConfig): void;
}

const sessions = new WeakMap<Element, Session>();

function makeServices(
  store: QuoteStore,
  host: HTMLElement,
  options: SessionOptions,
  clock: () => Clock,
  hostFetch: () => typeof fetch | null,
): { services: Services; releaseSandbox: () => void } {
  let api: { base: string; client: ApiClient } | null = null;
  let provider: { key: string; promise: Promise<MapsProvider> } | null = null;
  let sandbox: PricingSandbox | null = null;
  const config = () => store.get(configAtom);
  // The worker is the one heavy thing a session owns: ended with the element, made again on need.
  const releaseSandbox = () => {
    sandbox?.dispose();
    sandbox = null;
  };
  const services: Services = {
    // Attributes are read live: a changed api-base or maps provider takes effect at the next call.
    get api() {
      const base = config().apiBase;
      if (!api || api.base !== base)
        api = {
          base,
          client: new ApiClient({
            apiBase: base,
            // The host's fetch when it gave one (its `fetch` property), read at each call.
            fetchImpl: (input, init) => (hostFetch() ?? globalThis.fetch)(input, init),
            log: (message, error) => console.warn(`transport-quote : ${message}`, error),
          }),
        };
      return api.client;
    },
    messenger: createMessenger({ host, parentOrigin: () => config().parentOrigin }),
    drafts: localDraftStorage(),
    provider() {
      const { mapsProvider, mapsKey, apiBase } = config();
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
      sandbox ??= createPricingSandbox(options.workerUrl);
      return sandbox;
    },
    now: () => clock()(),
  };
  return { services, releaseSandbox };
}

const COMPANY_LOAD_FAILED = 'Les données de l’entreprise n’ont pas pu être chargées\u00a0: le devis fonctionne sans elles.';

/**
 * A travel taken in (from its block, the API, or the draft when there is none), then what
 * every travel gets on arrival: the infos block's facts, the time-window migration of an old
 * booking, the default schedule. The one way a travel enters the store.
 */
function settleTravel(store: QuoteStore, services: Services, travel: TravelState | null, infos: TravelInfos | undefined): void {
  if (travel) applyTravelState(store, travel);
  else restoreDraft(store, services);
  // The infos block states facts about the booking (its state, its pool): it wins over the travel.
  if (infos) applyInfos(store, infos);
  void import('./time-parts.ts').then(
    (schedule) => schedule.settleSchedule(store, services.now()),
    // Without it the travel keeps the dates it has; the stop times will say they cannot load.
    (error: unknown) => console.warn('transport-quote : horaires indisponibles', error),
  );
}

/** The booking of an edit link, from the API; a refusal shows the invalid-link screen. */
async function fetchBooking(store: QuoteStore, services: Services, id: string, token: string): Promise<StoredTravelResponse | null> {
  try {
    return await services.api.fetchTravel(id, token);
  } catch (error) {
    reportReopenFailure(store, error);
    return null;
  }
}

/** The company of a company token; without it the quote works as public (or keeps what it had). */
async function fetchCompanyData(store: QuoteStore, services: Services, token: string, fallback: CompanyData | null): Promise<void> {
  try {
    applyCompany(store, await services.api.fetchCompany(token));
  } catch {
    store.set(showBannerAtom, { id: 'company', kind: 'error', text: COMPANY_LOAD_FAILED });
    if (fallback) applyCompany(store, fallback);
  }
}

/**
 * Reads the page's data: the inline blocks synchronously (so the first render already shows
 * them and nothing typed is overwritten later), then whatever must be fetched.
 */
function bootstrap(
  store: QuoteStore,
  services: Services,
  host: HTMLElement,
  properties: Partial<Record<DataBlockName, unknown>>,
): { infos: TravelInfos | undefined; ready: Promise<void> } {
  const parsed = parseDataBlocks({ ...readDataBlocks(host), ...properties });
  parsed.errors.forEach((text, index) => store.set(showBannerAtom, { id: `block-${index}`, kind: 'error', text }));
  const infos = parsed.infos as TravelInfos | undefined;
  const config = store.get(configAtom);
  const needsCompany = !parsed.company && Boolean(config.companyToken);
  const needsTravel = !parsed.travel && Boolean(config.travelId && config.travelToken);

  if (!needsTravel) settleTravel(store, services, parsed.travel ?? null, infos);
  if (!needsCompany) applyCompany(store, parsed.company ?? publicCompanyData());
  if (!needsCompany && !needsTravel) return { infos, ready: Promise.resolve() };

  const ready = (async () => {
    let reopened: StoredTravelResponse | null = null;
    if (needsTravel) {
      reopened = await fetchBooking(store, services, config.travelId!, config.travelToken!);
      settleTravel(store, services, reopened ? reopenedTravel(reopened, config.travelToken!) : null, infos);
    }
    if (needsCompany) await fetchCompanyData(store, services, config.companyToken!, publicCompanyData());
    // Company mode is known only once the company data is in.
    if (reopened) pinCompanyPrices(store, reopened);
  })();
  return { infos, ready };
}

/** The element's session: its store and services, made once and kept across remounts. */
export function sessionFor(host: HTMLElement, options: SessionOptions): Session {
  const existing = sessions.get(host);
  if (existing) return existing;
  const store = storeFor(host);
  let clock: Clock = systemClock;
  let hostFetch: typeof fetch | null = null;
  const { services, releaseSandbox } = makeServices(
    store,
    host,
    options,
    () => clock,
    () => hostFetch,
  );
  store.set(servicesAtom, services);
  store.set(priceVariantAtom, options.variant);
  const properties: Partial<Record<DataBlockName, unknown>> = {};
  let started = false;
  let ready: Promise<void> = Promise.resolve();
  let connected = false;
  // What runs while the element is in the page: the engine and the draft sync.
  let running: (() => void)[] = [];
  // The page's infos block, kept for a travel reopened later by a live attribute change.
  let infos: TravelInfos | undefined;
  const session: Session = {
    store,
    services,
    setProperty(name, value) {
      properties[name] = value;
      if (!started) return;
      // A property set after start: applied at once, parsed like a data block.
      const parsed = parseDataBlocks({ [name]: value });
      parsed.errors.forEach((text) => store.set(showBannerAtom, { id: `property-${name}`, kind: 'error', text }));
      if (parsed.company) applyCompany(store, parsed.company);
      if (parsed.travel) applyTravelState(store, parsed.travel);
      if (parsed.infos) {
        infos = parsed.infos;
        applyInfos(store, parsed.infos);
      }
    },
    setFetch(fetchImpl) {
      hostFetch = fetchImpl;
    },
    setClock(next) {
      // A host clock that answers nonsense must not break the dates: the machine's clock stands in.
      clock = () => {
        const now = next();
        return now instanceof Date && !Number.isNaN(now.getTime()) ? now : systemClock();
      };
    },
    updateConfig(config) {
      const previous = store.get(configAtom);
      store.set(configAtom, config);
      if (!started) return;
      // Set live, the attributes load what they name by the same steps as at start; a failed
      // load keeps what the element already shows.
      if (config.companyToken && config.companyToken !== previous.companyToken)
        void fetchCompanyData(store, services, config.companyToken, null);
      const travelChanged = config.travelId !== previous.travelId || config.travelToken !== previous.travelToken;
      if (travelChanged && config.travelId && config.travelToken) {
        const token = config.travelToken;
        void fetchBooking(store, services, config.travelId, token).then((stored) => {
          const travel = stored ? reopenedTravel(stored, token) : null;
          if (!stored || !travel) return;
          settleTravel(store, services, travel, infos);
          pinCompanyPrices(store, stored);
        });
      }
    },
    connect(config) {
      connected = true;
      store.set(configAtom, config);
      if (!started) {
        started = true;
        // Without an id, the element's rank among its kind on the page keeps drafts apart.
        const tag = host.localName;
        draftOwners.set(store, {
          tag,
          instance: String([...document.querySelectorAll(tag)].indexOf(host)),
          path: window.location.pathname,
        });
        services.provider().then(
          () => store.set(mapsStatusAtom, { kind: 'ready' }),
          (error: unknown) =>
            store.set(mapsStatusAtom, { kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
        );
        const boot = bootstrap(store, services, host, properties);
        infos = boot.infos;
        ready = boot.ready;
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
  sessions.set(host, session);
  return session;
}

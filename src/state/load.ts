import { publicCompanyData, type CompanyData } from '../domain/entities/company.ts';
import type { TravelInfos, TravelState } from '../domain/entities/travel.ts';
import type { StoredTravelResponse } from '../services/api-client.ts';
import { applyCompanyAtom, applyInfosAtom, applyTravelAtom } from './apply.ts';
import type { ElementConfig } from './attributes.ts';
import { showBannerAtom } from './banner.atoms.ts';
import { settleScheduleAtom } from './dates-chunk.ts';
import { parseDataBlocks, type DataBlockName } from './data-blocks.ts';
import { restoreDraft } from './draft-sync.ts';
import { pinCompanyPricesAtom, reopenedTravel, reportReopenFailureAtom, warnClosedEditsAtom } from './link.atoms.ts';
import type { Services } from './services.atoms.ts';
import { setDevisSignedAtom } from './booking.atoms.ts';
import type { QuoteStore } from './store.ts';

/** What a load is asked to take in. */
export interface LoadRequest {
  /** Data given now: the page's blocks and early properties at start, or one property set later. */
  blocks: Partial<Record<DataBlockName, unknown>>;
  /** The attributes now. */
  config: ElementConfig;
  /** The attributes the previous load took in; null for the first, at start. */
  previous: ElementConfig | null;
}

/** What a load remembers for the next: the infos block, which wins over any travel taken in later. */
export interface LoadMemory {
  infos: TravelInfos | null;
  /** Console notices already given, so a block read again is not reported twice. */
  noticesGiven: Set<string>;
}

const CARRIER_LOAD_FAILED =
  'Les données du transporteur n’ont pas pu être chargées (clé inconnue, remplacée, ou site non autorisé)\u00a0: le devis ne peut pas être fait à ses tarifs.';
const COMPANY_LOAD_FAILED = 'Les données de l’entreprise n’ont pas pu être chargées\u00a0: le devis fonctionne sans elles.';

/** Where a part of the data comes from this time: given, fetched (already on its way), or nowhere new. */
type Source<Given, Fetched> =
  { kind: 'given'; value: Given } | { kind: 'fetched'; answer: Promise<Fetched | null> } | { kind: 'unchanged' };

/**
 * The one way data enters a session, at start, for a property set later and for a changed
 * attribute alike. What must be fetched is asked for at once, so the two requests overlap,
 * and what comes is applied in a fixed order whichever answers first:
 *
 * 1. the travel: its block or property, the booking of travel-id and travel-token, or at
 *    start the visitor's draft;
 * 2. the infos block, which states facts about the booking and wins over the travel;
 * 3. the company: its block or property, the company of company-token, the carrier of
 *    carrier-key (its public data), or at start the public defaults; a new travel then takes
 *    the company's default pool;
 * 4. a reopened booking's company prices, pinned when it is seen outside company mode,
 *    which only the company tells;
 * 5. the schedule every travel gets (default day and time, the move to time windows).
 *
 * Until the first await, everything runs at once: data written in the page shows in the
 * first render, and nothing typed is overwritten later.
 */
export async function load(store: QuoteStore, services: Services, memory: LoadMemory, request: LoadRequest): Promise<void> {
  const { config, previous } = request;
  const first = previous === null;
  const parsed = parseDataBlocks(request.blocks);
  for (const { block, text } of parsed.errors) store.set(showBannerAtom, { id: `data-${block}`, kind: 'error', text });
  for (const notice of parsed.notices) {
    if (memory.noticesGiven.has(notice)) continue;
    memory.noticesGiven.add(notice);
    console.warn(notice);
  }
  if (parsed.infos) memory.infos = parsed.infos;

  const travelNamed = first || config.travelId !== previous.travelId || config.travelToken !== previous.travelToken;
  const companyNamed = first || config.companyToken !== previous.companyToken || config.carrierKey !== previous.carrierKey;
  const travel: Source<TravelState, StoredTravelResponse> = parsed.travel
    ? { kind: 'given', value: parsed.travel }
    : travelNamed && config.travelId && config.travelToken
      ? { kind: 'fetched', answer: fetchBooking(store, services, config.travelId, config.travelToken) }
      : { kind: 'unchanged' };
  let company: Source<CompanyData, CompanyData> = parsed.company
    ? { kind: 'given', value: parsed.company }
    : companyNamed && config.companyToken
      ? { kind: 'fetched', answer: fetchCompany(store, services, config.companyToken) }
      : companyNamed && config.carrierKey
        ? { kind: 'fetched', answer: fetchCarrier(store, services) }
        : first
          ? { kind: 'given', value: publicCompanyData() }
          : { kind: 'unchanged' };
  // A booking reopened by its link on a page that names no carrier (the e-mail's edit page):
  // its carrier is the one whose public page made it, read once the booking says which.
  const carrierFromBooking = first && !parsed.company && !config.companyToken && !config.carrierKey && travel.kind === 'fetched';

  // 1. The travel.
  let reopened: StoredTravelResponse | null = null;
  let travelTaken = false;
  if (travel.kind === 'given') {
    store.set(applyTravelAtom, travel.value);
    travelTaken = true;
  } else if (travel.kind === 'fetched') {
    const stored = await travel.answer;
    const state = stored && config.travelToken ? reopenedTravel(stored, config.travelToken) : null;
    if (stored && state) {
      store.set(applyTravelAtom, state);
      store.set(setDevisSignedAtom, stored.devis_signed === true);
      reopened = stored;
      travelTaken = true;
    }
  }
  // Nothing to show from the page at start: the visitor's draft, if one was left.
  if (first && !travelTaken) travelTaken = restoreDraft(store, services);

  if (carrierFromBooking && reopened?.carrier_key)
    company = { kind: 'fetched', answer: adoptBookingCarrier(services, reopened.carrier_key) };

  // 2. The infos block's facts.
  if (memory.infos && (travelTaken || parsed.infos)) store.set(applyInfosAtom, memory.infos);

  // 3. The company.
  if (company.kind === 'given') store.set(applyCompanyAtom, company.value);
  else if (company.kind === 'fetched') {
    const data = await company.answer;
    // Without it the quote works as public at start, and keeps what it had after a change.
    if (data) store.set(applyCompanyAtom, data);
    else if (first) store.set(applyCompanyAtom, publicCompanyData());
  }

  // 4. A company's prices, once company mode is known.
  if (reopened) store.set(pinCompanyPricesAtom, reopened);
  // A booking past its carrier's edit deadline says so before anything is typed.
  if (reopened) store.set(warnClosedEditsAtom, reopened, services.now());

  // 5. The schedule.
  if (first || travelTaken) void store.set(settleScheduleAtom);
}

/** The booking of an edit link, from the API; a refusal shows the invalid-link screen. */
async function fetchBooking(store: QuoteStore, services: Services, id: string, token: string): Promise<StoredTravelResponse | null> {
  try {
    return await services.api.fetchTravel(id, token);
  } catch (error) {
    store.set(reportReopenFailureAtom, error);
    return null;
  }
}

/**
 * The carrier a reopened booking names (its carrier_key), for a page that names none. A key this
 * page may not use (the carrier lists its sites, and this page is not one of them) leaves the
 * page as it was, on the public pages' data, as before the booking named its carrier.
 */
async function adoptBookingCarrier(services: Services, key: string): Promise<CompanyData | null> {
  services.adoptCarrierKey(key);
  try {
    return await services.api.fetchCarrier();
  } catch (error) {
    services.adoptCarrierKey(null);
    console.warn('transport-quote : la clé du transporteur de la réservation n’est pas acceptée sur cette page', error);
    return null;
  }
}

/** The carrier of a page's carrier-key (a visitor's company data); null, said in a banner, when it cannot be had. */
async function fetchCarrier(store: QuoteStore, services: Services): Promise<CompanyData | null> {
  try {
    return await services.api.fetchCarrier();
  } catch {
    store.set(showBannerAtom, { id: 'company', kind: 'error', text: CARRIER_LOAD_FAILED });
    return null;
  }
}

/** The company of a company token; null, said in a banner, when it cannot be had. */
async function fetchCompany(store: QuoteStore, services: Services, token: string): Promise<CompanyData | null> {
  try {
    return await services.api.fetchCompany(token);
  } catch {
    store.set(showBannerAtom, { id: 'company', kind: 'error', text: COMPANY_LOAD_FAILED });
    return null;
  }
}

/** Drives a wizard from a known travel to the finalisation panel and records what it sends. */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-wizard.ts';
import {
  allByRole,
  apiBase,
  byRole,
  choose,
  findByRole,
  type,
  uniqueId,
  createQuoteElement,
  dayAfterToday,
  giveElementsFetch,
  NAME_FIELD,
} from './support.ts';

export const STOPS = [
  {
    type: 'pickup',
    address: '10 Rue de Rivoli 75004 Paris',
    lat: 48.8601,
    lng: 2.3507,
    locality: 'Paris',
    postalCode: '75004',
    country: 'France',
    geocodeResolved: true,
    floor: 3,
    elevator: false,
  },
  {
    type: 'dropoff',
    address: '3 Place Bellecour 69002 Lyon',
    lat: 45.7542,
    lng: 4.8309,
    locality: 'Lyon',
    postalCode: '69002',
    country: 'France',
    geocodeResolved: true,
    floor: 0,
    label: 'Appartement Bellecour',
  },
];
export const PREFERRED = [{ id: 901, name: 'Canapé 3 places', volume: 2, persons_needed: 2, time_factor: 0.5, elevator: false }];
export const DEMO_COMPANY_TOKEN = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';

// JSON bodies read field by field: their shape is what the assertions check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

export interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, Json>;
  response?: Record<string, Json>;
}

/**
 * Records the booking calls of the given element, or of the elements made from now on (through their `fetch`
 * property), letting them through to the reference server.
 */
export function recordBookings(failNext = 0, element?: HTMLElement): { sent: Sent[]; restore: () => void } {
  const original = (input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init);
  const sent: Sent[] = [];
  let failures = failNext;
  const recording: typeof fetch = async (input, init) => {
    const url = String(input);
    if (!url.includes('/api/v1/travels') || !init?.body) return original(input, init);
    const record: Sent = {
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: JSON.parse(String(init.body)),
    };
    sent.push(record);
    const response = await original(input, init);
    record.response = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (failures > 0) {
      failures -= 1;
      // The booking reached the server but the answer is lost on the way back.
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
  // An element already on the page records through its own property; later ones get it at creation.
  if (element) (element as HTMLElement & { fetch: typeof fetch | null }).fetch = recording;
  else giveElementsFetch(recording);
  return {
    sent,
    restore: () => (element ? ((element as HTMLElement & { fetch: typeof fetch | null }).fetch = null) : giveElementsFetch(null)),
  };
}

export interface WizardOptions {
  attributes?: Record<string, string>;
  company?: Record<string, unknown> | null;
  travel?: Record<string, unknown>;
  infos?: Record<string, unknown>;
}

export async function mountWizard({ attributes = {}, company = null, travel = {}, infos }: WizardOptions = {}): Promise<ShadowRoot> {
  const el = createQuoteElement('transport-quote-wizard');
  el.id = uniqueId('book');
  el.setAttribute('api-base', await apiBase());
  el.setAttribute('maps-provider', 'local');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const blocks = [`<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS, ...travel })}</script>`];
  if (company) blocks.push(`<script type="application/json" data-store="company">${JSON.stringify(company)}</script>`);
  if (infos) blocks.push(`<script type="application/json" data-store="infos">${JSON.stringify(infos)}</script>`);
  el.innerHTML = blocks.join('');
  (await fixture(html`<div></div>`)).append(el);
  await findByRole(el.shadowRoot!, 'heading', 'Vos adresses');
  return el.shadowRoot!;
}

export async function next(root: ShadowRoot, heading: string) {
  (await findByRole(root, 'button', 'Suivant', 6000)).click();
  await findByRole(root, 'heading', heading, 6000);
  // The items panel's code comes in a chunk of its own: its heading may show before its controls.
  if (heading === 'Vos objets') await findByRole(root, 'combobox', 'Rechercher un objet', 6000);
}

/** From the addresses to the finalisation, adding the preferred sofa on the way. */
export async function toFinalisation(root: ShadowRoot, prices = true) {
  await next(root, 'Vos objets');
  if (allByRole(root, 'button', 'Ajouter : Canapé 3 places').length > 0) byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
  else if (root.querySelectorAll('.item-row').length === 0) throw new Error('no item to add');
  await next(root, prices ? 'Votre estimation' : 'Finalisation');
  if (prices) {
    await waitUntil(() => /Total|Prix non disponible|fixé ultérieurement/.test(root.textContent ?? ''), 'no estimate', { timeout: 6000 });
    await next(root, 'Finalisation');
  }
}

export function fillCustomer(root: ShadowRoot, date = dayAfterToday(1)) {
  type(byRole<HTMLInputElement>(root, 'textbox', NAME_FIELD), 'Marie Curie');
  type(byRole<HTMLInputElement>(root, 'textbox', 'Téléphone'), '06 12 34 56 78');
  type(byRole<HTMLInputElement>(root, 'textbox', 'E-mail'), 'marie@exemple.fr');
  choose(byRole<HTMLSelectElement>(root, 'combobox', 'Date du transport'), date);
  return waitUntil(() => [...byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début').options].some((o) => o.value === '09:00')).then(
    () => choose(byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début'), '09:00'),
  );
}

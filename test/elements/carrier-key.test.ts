// The carrier-key attribute (issue 42, DESIGN §3): a page that carries a carrier's public key
// gets that carrier's public data as its company data, and every call to the API says the key
// (X-Carrier-Key), read live; a key the server refuses is said in a French banner.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-wizard.ts';
import { companyDataAtom } from '../../src/state/company.atoms.ts';
import {
  allLiveRegions,
  apiBase,
  byRole,
  createQuoteElement,
  findByRole,
  giveElementsFetch,
  storeOf,
  textOf,
  type,
  uniqueId,
} from './support.ts';

const MARTIN_KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
const DUPONT_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';

/** Every call the element makes, with the key it sent. */
const calls: { url: string; key: string | null }[] = [];
const watching: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  calls.push({ url: String(input), key: headers.get('x-carrier-key') });
  return fetch(input, init);
};

async function wizard(attributes: Record<string, string>): Promise<HTMLElement> {
  const el = createQuoteElement('transport-quote-wizard');
  el.id = uniqueId();
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const container = await fixture(html`<div></div>`);
  container.append(el);
  await findByRole(el.shadowRoot!, 'heading', 'Vos adresses');
  return el;
}

async function resolveAddress(root: ShadowRoot, step: number, text: string) {
  const input = byRole<HTMLInputElement>(root, 'combobox', `Adresse ${step}`);
  type(input, text);
  const option = await findByRole(root, 'option', new RegExp(text.split(' ').slice(0, 3).join(' '), 'i'), 5000);
  option.click();
  await waitUntil(() => textOf(input.closest('.combobox')!).includes('Adresse vérifiée'), `Adresse ${step} non vérifiée`, {
    timeout: 5000,
  });
}

describe('carrier-key', () => {
  beforeEach(() => {
    calls.length = 0;
    giveElementsFetch(watching);
  });
  afterEach(() => giveElementsFetch(null));

  it('takes the carrier’s public data as the company data, in public mode, and says the key on every call', async () => {
    const el = await wizard({ 'carrier-key': MARTIN_KEY, 'api-base': await apiBase(), 'maps-provider': 'local' });
    const store = storeOf(el);
    await waitUntil(
      () => store.get(companyDataAtom).transportation_company?.name === 'Transports Martin & Fils',
      'les données du transporteur',
    );
    const company = store.get(companyDataAtom);
    expect(company.company_mode).to.equal(false);
    expect(company.transportation_company?.siret).to.equal('81234567800013');
    expect(calls.find((call) => call.url.endsWith('/api/v1/carrier'))?.key).to.equal(MARTIN_KEY);

    const root = el.shadowRoot!;
    await resolveAddress(root, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(root, 2, '3 place Bellecour 69002 Lyon');
    (await findByRole(root, 'button', 'Suivant', 5000)).click();
    type(await findByRole<HTMLInputElement>(root, 'combobox', 'Rechercher un objet', 5000), 'table');
    await waitUntil(() => calls.some((call) => call.url.includes('/api/v1/items/search')), 'une recherche d’objets');
    expect(calls.filter((call) => call.url.includes('/api/v1/items/search')).every((call) => call.key === MARTIN_KEY)).to.equal(true);

    // Read live: another carrier's key from now on, and its data.
    el.setAttribute('carrier-key', DUPONT_KEY);
    await waitUntil(() => store.get(companyDataAtom).transportation_company?.name === 'Déménagements Dupont', 'les données de Dupont');
    expect(calls.at(-1)?.key).to.equal(DUPONT_KEY);
  });

  it('says in a French banner that a key the server refuses gives no carrier data', async () => {
    const el = await wizard({ 'carrier-key': `tqw_pk_${'Z'.repeat(32)}`, 'api-base': await apiBase() });
    const root = el.shadowRoot!;
    await waitUntil(() => allLiveRegions(root, 'alert').length > 0, 'un bandeau');
    expect(textOf(allLiveRegions(root, 'alert')[0]!)).to.contain('Les données du transporteur n’ont pas pu être chargées');
  });
});

import type { TravelPayload } from '../../src/domain/payload/travel-payload-schema.ts';
import type { Quote } from '../../src/domain/quotes/quote-answer.ts';
import { quoteRequestOfBooking } from '../../src/domain/quotes/booking-choices.ts';
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-wizard.ts';
import {
  apiBase,
  allByRole,
  byRole,
  findByRole,
  textOf,
  type,
  uniqueId,
  createQuoteElement,
  allLiveRegions,
  TEST_NOW,
  storeOf,
  giveElementsFetch,
} from './support.ts';
import { companyDataAtom } from '../../src/state/company.atoms.ts';
import { bookingStatusAtom } from '../../src/state/booking.atoms.ts';
import { companyModeAtom } from '../../src/state/company.atoms.ts';
import { customerAtom } from '../../src/state/customer.atoms.ts';
import { fixedPriceAtom } from '../../src/state/price-choices.atoms.ts';

const DEMO_COMPANY_TOKEN = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';

async function wizard(attributes: Record<string, string> = {}, inner = ''): Promise<HTMLElement> {
  const el = createQuoteElement('transport-quote-wizard');
  el.id = uniqueId();
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.innerHTML = inner;
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

/** Paris → Lyon, the two stops a reopened booking carries. */
const REOPEN_STOPS = [
  { type: 'pickup', address: '10 Rue de Rivoli 75004 Paris', lat: 48.86, lng: 2.35, geocodeResolved: true, index: 0, step: 1 },
  { type: 'dropoff', address: '3 Place Bellecour 69002 Lyon', lat: 45.75, lng: 4.83, geocodeResolved: true, index: 1, step: 2 },
];

/** A booking body of spec §7 for those stops, with the prices given (cents; zero by default). */
/** A public booking as the elements make it: the carrier's quote asked first, its price and id sent. */
async function bookAtCarrierPrice(
  base: string,
  body: ReturnType<typeof bookingBody>,
  carrierKey: string | null = null,
): Promise<{ id: number; token: string }> {
  const json = { 'content-type': 'application/json', ...(carrierKey ? { 'x-carrier-key': carrierKey } : {}) };
  const request = quoteRequestOfBooking(body as unknown as TravelPayload, 'wizard', null);
  const quote = (await (
    await fetch(`${base}/api/v1/quotes`, { method: 'POST', headers: json, body: JSON.stringify(request) })
  ).json()) as Quote;
  const priced = {
    ...body,
    quote_id: quote.id,
    travel: { ...body.travel, price_transportation: quote.figures.price_transportation, price_handling: quote.figures.price_handling },
  };
  return (await fetch(`${base}/api/v1/travels`, { method: 'POST', headers: json, body: JSON.stringify(priced) })).json();
}

function bookingBody(prices: { transportHt: number; handlingHt: number; vat: number } = { transportHt: 0, handlingHt: 0, vat: 0.2 }) {
  const stops = REOPEN_STOPS;
  return {
    addresses: stops.map((stop) => ({
      type_name: stop.type,
      address_complete: stop.address,
      postal_code: '',
      floor_nb: -1,
      elevator_presence: false,
      notes: '',
      step: stop.step,
      locality: '',
      label: '',
      country: 'France',
      lat: stop.lat,
      lng: stop.lng,
      timewindow_earliest: null,
      timewindow_latest: null,
      order_item_ids: [],
      seek_days: 0,
      duration_min: 5,
    })),
    customer: { phone_number: '0612345678', email: 'a@b.fr', name: 'Marie Curie' },
    travel: {
      travel_id: null,
      driver_pool_id: null,
      vehicle_category_id: null,
      beginning_date: null,
      ending_date: null,
      truck_capacity_needed: 3,
      distance_transportation: 930000,
      duration_transportation: 16500,
      price_transportation: prices.transportHt * (1 + prices.vat),
      price_handling: prices.handlingHt * (1 + prices.vat),
      price_transportation_ht: prices.transportHt,
      price_handling_ht: prices.handlingHt,
      handling_needed: false,
      duration_handling: 0,
      persons_needed: 0,
      additional_notes: '',
      timewindow_enabled: false,
    },
    items: [],
    contacts: [],
    // A price given here is the company's own, fixed with its price editor (spec §6).
    store_serialized: JSON.stringify({
      version: 1,
      state: {
        stops,
        customer: { name: 'Marie Curie' },
        ...(prices.transportHt > 0
          ? { fixedPrice: { transportationPriceVatExcluded: prices.transportHt / 100, handlingPriceVatExcluded: prices.handlingHt / 100 } }
          : {}),
      },
    }),
  };
}

describe('<transport-quote-wizard> shell', () => {
  it('S003 S010 renders the first panel in French, in an open shadow root, accessible', async () => {
    const el = await wizard({ 'maps-provider': 'local', 'api-base': await apiBase() });
    const root = el.shadowRoot!;
    expect(root.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(root.querySelector('style')).to.equal(null);
    byRole(root, 'combobox', 'Adresse 1');
    byRole(root, 'combobox', 'Adresse 2');
    await expect(el).to.be.accessible();
  });

  it('two elements on one page keep separate state', async () => {
    const first = await wizard();
    const second = await wizard();
    type(byRole<HTMLInputElement>(first.shadowRoot!, 'combobox', 'Adresse 1'), '8 rue de la Paix');
    await waitUntil(() => byRole<HTMLInputElement>(first.shadowRoot!, 'combobox', 'Adresse 1').value === '8 rue de la Paix');
    expect(byRole<HTMLInputElement>(second.shadowRoot!, 'combobox', 'Adresse 1').value).to.equal('');
  });

  it('an element moved in the page keeps what the visitor typed', async () => {
    const el = await wizard();
    type(byRole<HTMLInputElement>(el.shadowRoot!, 'combobox', 'Adresse 2'), '1 quai des Brumes');
    const elsewhere = await fixture(html`<section></section>`);
    elsewhere.append(el);
    await findByRole(el.shadowRoot!, 'heading', 'Vos adresses');
    await waitUntil(
      () => byRole<HTMLInputElement>(el.shadowRoot!, 'combobox', 'Adresse 2').value === '1 quai des Brumes',
      'state lost after the move',
    );
  });

  it('S016 S111 an attribute changed live takes effect: mode company shows task types, public hides them', async () => {
    const el = await wizard({ mode: 'company' });
    const root = el.shadowRoot!;
    byRole(root, 'button', 'Ajouter une étape après l’adresse 1').click();
    await findByRole(root, 'combobox', 'Type de tâche de l’adresse 3');
    el.setAttribute('mode', 'public');
    await waitUntil(() => allByRole(root, 'combobox', /Type de tâche/).length === 0, 'task types still shown');
    el.removeAttribute('mode');
    await waitUntil(() => allByRole(root, 'combobox', /Type de tâche/).length === 0);
  });

  it('S010 a bad data block shows a French banner and the rest works', async () => {
    const el = await wizard(
      {},
      '<script type="application/json" data-store="company">"vingt"</script><script type="application/json" data-store="infos">{pas du json</script>',
    );
    const root = el.shadowRoot!;
    await waitUntil(() => allLiveRegions(root, 'alert').length === 2, 'two banners expected');
    const banners = allLiveRegions(root, 'alert').map((alert) => textOf(alert));
    expect(banners.some((text) => text.includes('Les données de l’entreprise fournies par la page sont invalides (racine'))).to.equal(true);
    expect(
      banners.some((text) =>
        text.includes('Les données d’informations sur la réservation fournies par la page sont invalides (JSON illisible)'),
      ),
    ).to.equal(true);
    byRole(root, 'combobox', 'Adresse 1');
  });

  it('S158 S010 a company block of nulls, a bad VAT and an unknown field stays in company mode, said once in French', async () => {
    const said: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => said.push(args);
    try {
      const block = {
        company_mode: true,
        currency_symbol: null,
        vat: 'vingt',
        places: [{ id: 1, address_complete: '1 Rue de la Paix 75002 Paris', lat: 48.87, lng: 2.33, notes: null, floor_nb: null }],
        transportation_company: null,
        couleur: 'vert',
      };
      const el = await wizard({}, `<script type="application/json" data-store="company">${JSON.stringify(block)}</script>`);
      await waitUntil(() => storeOf(el).get(companyModeAtom), 'the block was dropped: public mode');
      expect(allLiveRegions(el.shadowRoot!, 'alert')).to.have.length(0);
      const notices = said.filter(([text]) => typeof text === 'string' && text.includes('données de l’entreprise'));
      expect(notices).to.have.length(1);
      expect(notices[0]![0]).to.include('vat').and.to.include('couleur').and.not.include('currency_symbol');
    } finally {
      console.warn = warn;
    }
  });

  it('S010 S057 with company-token and no data block, the company store is fetched from the API', async () => {
    const el = await wizard({ 'company-token': DEMO_COMPANY_TOKEN, 'api-base': await apiBase() });
    const root = el.shadowRoot!;
    byRole(root, 'button', 'Ajouter une étape après l’adresse 1').click();
    await findByRole(root, 'combobox', 'Type de tâche de l’adresse 3', 5000);
  });

  it('S009 S012 S060 step 0 becomes valid once the stops resolve; Suivant sends next_step to the document', async () => {
    const el = await wizard({ 'maps-provider': 'local', 'api-base': await apiBase() });
    const root = el.shadowRoot!;
    expect(allByRole(root, 'button', 'Suivant')).to.have.length(0);
    await resolveAddress(root, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(root, 2, '3 place Bellecour 69002 Lyon');
    const next = await findByRole(root, 'button', 'Suivant', 5000);
    const received: CustomEvent[] = [];
    const listener = (event: Event) => received.push(event as CustomEvent);
    document.addEventListener('next_step', listener);
    next.click();
    document.removeEventListener('next_step', listener);
    expect(received).to.have.length(1);
    expect(received[0]!.detail).to.deep.equal({ step: 1 });
    expect(received[0]!.composed).to.equal(true);
    await findByRole(root, 'heading', 'Vos objets');
  });

  it('a reload restores the draft of the same element', async () => {
    const id = uniqueId('draft');
    const first = createQuoteElement('transport-quote-wizard');
    first.id = id;
    (await fixture(html`<div></div>`)).append(first);
    const input = await findByRole<HTMLInputElement>(first.shadowRoot!, 'combobox', 'Adresse 1');
    type(input, '5 avenue Foch 75116 Paris');
    await waitUntil(
      () => Object.keys(localStorage).some((key) => key.includes(id) && (localStorage.getItem(key) ?? '').includes('5 avenue Foch')),
      'draft not saved',
    );
    first.remove();
    const second = createQuoteElement('transport-quote-wizard');
    second.id = id;
    (await fixture(html`<div></div>`)).append(second);
    await waitUntil(
      () =>
        allByRole(second.shadowRoot!, 'combobox', 'Adresse 1')[0]?.matches('input') &&
        byRole<HTMLInputElement>(second.shadowRoot!, 'combobox', 'Adresse 1').value === '5 avenue Foch 75116 Paris',
      'draft not restored',
      { timeout: 4000 },
    );
  });

  it('two elements without an id keep separate drafts', async () => {
    // Elements of earlier tests had no id either: their drafts (some on a later panel) must not be restored here.
    Object.keys(localStorage)
      .filter((key) => key.startsWith('tqw-draft:transport-quote-wizard:'))
      .forEach((key) => localStorage.removeItem(key));
    const container = await fixture(html`<div></div>`);
    const [a, b] = [createQuoteElement('transport-quote-wizard'), createQuoteElement('transport-quote-wizard')];
    container.append(a, b);
    type(await findByRole<HTMLInputElement>(a.shadowRoot!, 'combobox', 'Adresse 1'), '1 rue du Premier');
    type(await findByRole<HTMLInputElement>(b.shadowRoot!, 'combobox', 'Adresse 1'), '2 rue du Second');
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('tqw-draft:transport-quote-wizard:'));
    const values = () => drafts().map((key) => localStorage.getItem(key) ?? '');
    await waitUntil(
      () => values().some((v) => v.includes('1 rue du Premier')) && values().some((v) => v.includes('2 rue du Second')),
      'both drafts saved',
    );
    expect(values().some((v) => v.includes('1 rue du Premier') && v.includes('2 rue du Second'))).to.equal(false);
    drafts().forEach((key) => localStorage.removeItem(key));
  });

  it('S122 with travel-id and travel-token the booking is reopened from the API', async () => {
    const base = await apiBase();
    const created = await bookAtCarrierPrice(base, bookingBody());
    const el = await wizard({ 'api-base': base, 'travel-id': String(created.id), 'travel-token': created.token, 'maps-provider': 'local' });
    await waitUntil(
      () => byRole<HTMLInputElement>(el.shadowRoot!, 'combobox', 'Adresse 2').value === '3 Place Bellecour 69002 Lyon',
      'booking not reopened',
      { timeout: 5000 },
    );
    // Set live, after the start, the attributes reopen the booking as well.
    const late = await wizard({ 'api-base': base, 'maps-provider': 'local' });
    late.setAttribute('travel-id', String(created.id));
    late.setAttribute('travel-token', created.token);
    await waitUntil(
      () => byRole<HTMLInputElement>(late.shadowRoot!, 'combobox', 'Adresse 2').value === '3 Place Bellecour 69002 Lyon',
      'booking not reopened live',
      { timeout: 5000 },
    );
  });

  it('S122 a booking made on a carrier’s page reopens from the e-mail’s edit page (no key of its own) as that carrier’s: its data, and its key on every call (issue 55)', async () => {
    const base = await apiBase();
    const martinKey = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
    const created = await bookAtCarrierPrice(base, bookingBody(), martinKey);
    const calls: { url: string; key: string | null }[] = [];
    giveElementsFetch((input, init) => {
      calls.push({ url: String(input), key: new Headers(init?.headers).get('x-carrier-key') });
      return fetch(input, init);
    });
    try {
      const el = await wizard({
        'api-base': base,
        'travel-id': String(created.id),
        'travel-token': created.token,
        'maps-provider': 'local',
      });
      const store = storeOf(el);
      await waitUntil(
        () => store.get(companyDataAtom).transportation_company?.name === 'Transports Martin & Fils',
        'les données de Martin, lues avec la clé que la réservation donne',
        { timeout: 5000 },
      );
      expect(store.get(companyDataAtom).company_mode).to.equal(false);
      // The booking read without a key (the page has none); the carrier and everything after it with Martin's.
      const reading = calls.findIndex((call) => call.url.includes(`/api/v1/travels/${created.id}`));
      expect(calls[reading]?.key).to.equal(null);
      const after = calls.slice(reading + 1);
      expect(after.map((call) => call.url).some((url) => url.endsWith('/api/v1/carrier'))).to.equal(true);
      expect(after.every((call) => call.key === martinKey)).to.equal(true);
    } finally {
      giveElementsFetch(null);
    }
  });

  it('S122 a booking past its carrier’s edit deadline says so on reopening, by the element’s own clock, before anything is typed (issue 46)', async () => {
    const base = await apiBase();
    // The move the day after the element's clock: the carrier closes edits 2 days before (its default).
    const move = TEST_NOW.plus({ days: 1 }).set({ hour: 9, minute: 0 });
    const body = bookingBody();
    body.travel = { ...body.travel, beginning_date: move.toISO(), ending_date: move.plus({ hours: 6 }).toISO() } as typeof body.travel;
    const late = await bookAtCarrierPrice(base, body);
    const el = await wizard({ 'api-base': base, 'travel-id': String(late.id), 'travel-token': late.token, 'maps-provider': 'local' });
    const closedOn = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    })
      .format(move.minus({ days: 2 }).toJSDate())
      .replace(/^(\S+) 1 /, '$1 1er ');
    const said = `Cette réservation ne se modifie plus en ligne depuis le ${closedOn} : contactez le transporteur pour tout changement.`;
    await waitUntil(() => textOf(el.shadowRoot!).includes(said), `the element should say « ${said} »`, { timeout: 5000 });
    // A move far enough ahead of the clock opens without it.
    const far = bookingBody();
    const farMove = TEST_NOW.plus({ days: 30 }).set({ hour: 9, minute: 0 });
    far.travel = { ...far.travel, beginning_date: farMove.toISO(), ending_date: farMove.plus({ hours: 6 }).toISO() } as typeof far.travel;
    const open = await bookAtCarrierPrice(base, far);
    const opened = await wizard({ 'api-base': base, 'travel-id': String(open.id), 'travel-token': open.token, 'maps-provider': 'local' });
    await waitUntil(
      () => byRole<HTMLInputElement>(opened.shadowRoot!, 'combobox', 'Adresse 2').value === '3 Place Bellecour 69002 Lyon',
      'booking not reopened',
      { timeout: 5000 },
    );
    expect(textOf(opened.shadowRoot!)).not.to.include('ne se modifie plus en ligne');
  });

  it('S122 S002 a booking made on the company’s page reopens there in company mode (HT); its public link shows the company’s price TTC and says why', async () => {
    const base = await apiBase();
    // The company's own price, before VAT, in cents as the API carries it.
    const transportHt = 50_000;
    const handlingHt = 10_000;
    const vat = 0.2;
    const body = { company_token: DEMO_COMPANY_TOKEN, ...bookingBody({ transportHt, handlingHt, vat }) };
    const response = await fetch(`${base}/api/v1/travels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).to.equal(201);
    const created = (await response.json()) as { id: number; token: string };
    const notice = /Réservation créée par un client professionnel : les prix affichés sont ceux qu’il a fixés\./;
    const barTotal = (el: HTMLElement) => textOf(el.shadowRoot!.querySelector('.bar-total') ?? el.shadowRoot!);

    const atCompany = await wizard({
      'api-base': base,
      'company-token': DEMO_COMPANY_TOKEN,
      'travel-id': String(created.id),
      'travel-token': created.token,
      'maps-provider': 'local',
    });
    await waitUntil(() => barTotal(atCompany).includes('Total HT'), 'the company page should price in HT', { timeout: 5000 });
    expect(textOf(atCompany.shadowRoot!)).not.to.match(notice);

    const publicLink = await wizard({
      'api-base': base,
      'travel-id': String(created.id),
      'travel-token': created.token,
      'maps-provider': 'local',
    });
    const expectedTtc = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
      .format(((transportHt + handlingHt) / 100) * (1 + vat))
      .replace(/\s/g, ' ');
    await waitUntil(
      () => barTotal(publicLink).includes('Total TTC') && barTotal(publicLink).includes(expectedTtc),
      `the public link should show ${expectedTtc} TTC, shows « ${barTotal(publicLink)} »`,
      { timeout: 5000 },
    );
    // The notice comes with the booking's banners, which may render a moment after the total.
    await waitUntil(() => notice.test(textOf(publicLink.shadowRoot!)), 'the public link should say why its price is the company’s', {
      timeout: 5000,
    });
  });

  it('S122 S002 company-token and travel-id set together load as one, in order: the company’s booking opens in company mode even when the company answers last', async () => {
    const base = await apiBase();
    const response = await fetch(`${base}/api/v1/travels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ company_token: DEMO_COMPANY_TOKEN, ...bookingBody({ transportHt: 50_000, handlingHt: 10_000, vat: 0.2 }) }),
    });
    const created = (await response.json()) as { id: number; token: string };
    const el = await wizard({ 'api-base': base, 'maps-provider': 'local' });
    // The company's answer is held back until the booking's has come: the slower of the two.
    let releaseCompany = () => {};
    const companyHeld = new Promise<void>((resolve) => (releaseCompany = resolve));
    let bookingAnswered = false;
    (el as HTMLElement & { fetch: typeof fetch }).fetch = async (input, init) => {
      const url = String(input);
      if (url.includes('/api/v1/companies/')) await companyHeld;
      const answer = await fetch(input, init);
      if (url.includes('/api/v1/travels/')) bookingAnswered = true;
      return answer;
    };
    el.setAttribute('company-token', DEMO_COMPANY_TOKEN);
    el.setAttribute('travel-id', String(created.id));
    el.setAttribute('travel-token', created.token);
    const root = el.shadowRoot!;
    await waitUntil(() => bookingAnswered, 'the booking should be asked for', { timeout: 5000 });
    releaseCompany();
    const store = storeOf(el);
    await waitUntil(() => store.get(companyModeAtom), 'the company should come', { timeout: 5000 });
    await waitUntil(() => byRole<HTMLInputElement>(root, 'combobox', 'Adresse 2').value === '3 Place Bellecour 69002 Lyon', 'booking', {
      timeout: 5000,
    });
    // Seen in company mode, the company's own booking keeps the price it fixed, as its own choice, without a notice.
    expect(store.get(fixedPriceAtom)).to.deep.equal({ transportationPriceVatExcluded: 500, handlingPriceVatExcluded: 100 });
    expect(textOf(root)).not.to.match(/Réservation créée par un client professionnel/);
  });

  it('S010 a travelStore set after start is taken in as at start: the infos block still wins, and it gets the default day and time', async () => {
    const infos = JSON.stringify({ travel_id: 77, token: 'jeton-77', state: 'accepted' });
    const el = await wizard({}, `<script type="application/json" data-store="infos">${infos}</script>`);
    const store = storeOf(el);
    expect(store.get(bookingStatusAtom)).to.equal('accepted');
    (el as HTMLElement & { travelStore: unknown }).travelStore = { stops: REOPEN_STOPS, customer: { name: 'Marie Curie' } };
    await waitUntil(() => store.get(customerAtom).name === 'Marie Curie', 'the travel should be taken in');
    // The infos block states the booking's state: a travel given later does not undo it.
    expect(store.get(bookingStatusAtom)).to.equal('accepted');
    // spec §9: today, at the next quarter hour after 10:00 by the element's clock.
    await waitUntil(() => store.get(customerAtom).time !== '', 'the default schedule should be applied');
    expect(store.get(customerAtom)).to.include({ date: TEST_NOW.toISODate(), time: '10:15' });
  });
});

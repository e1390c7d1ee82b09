import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/transport-quote-lite.ts';
import { recordBookings } from './booking-support.ts';
import {
  allByRole,
  apiBase,
  byRole,
  choose,
  reach,
  findByRole,
  press,
  textOf,
  type,
  uniqueId,
  createQuoteElement,
  dayAfterToday,
  TEST_NOW,
  LATER_MONDAY,
  LATER_TUESDAY,
  longFrenchDay,
  findLiveRegion,
  allLiveRegions,
  NAME_FIELD,
} from './support.ts';

const STOPS = [
  { type: 'pickup', address: '10 Rue de Rivoli 75004 Paris', lat: 48.8601, lng: 2.3507, geocodeResolved: true },
  { type: 'dropoff', address: '25 Rue de la Boétie 75008 Paris', lat: 48.8728, lng: 2.3127, geocodeResolved: true },
];

async function lite({
  attributes = {} as Record<string, string>,
  company = null as Record<string, unknown> | null,
  travel = {} as Record<string, unknown>,
} = {}): Promise<ShadowRoot> {
  const el = createQuoteElement('transport-quote-lite');
  el.id = uniqueId('lite');
  el.setAttribute('api-base', await apiBase());
  if (!('maps-provider' in attributes)) el.setAttribute('maps-provider', 'local');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.innerHTML = `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS, ...travel })}</script>${company ? `<script type="application/json" data-store="company">${JSON.stringify(company)}</script>` : ''}`;
  (await fixture(html`<div></div>`)).append(el);
  await findByRole(el.shadowRoot!, 'tablist', 'Étapes du devis');
  return el.shadowRoot!;
}

const tab = (root: ShadowRoot, name: string) => byRole<HTMLButtonElement>(root, 'tab', name);

describe('<transport-quote-lite>, the earlier four-step variant', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('S032 S042 steps Adresses, Chargement, Prix, Contacts; Prix only with prices', async () => {
    const root = await lite();
    expect(allByRole(root, 'tab').map((t) => t.lastChild?.textContent)).to.deep.equal(['Adresses', 'Chargement', 'Prix', 'Contacts']);
    const hidden = await lite({ company: { permissions: [{ name: 'prices', can_read: false }] } });
    await waitUntil(() => allByRole(hidden, 'tab').length === 3);
    expect(allByRole(hidden, 'tab').map((t) => t.lastChild?.textContent)).to.deep.equal(['Adresses', 'Chargement', 'Contacts']);
  });

  it('S033 S063 a step label is clickable only when navigable; the current step is highlighted; arrows skip the others', async () => {
    const root = await lite({ company: { preferred_items: [{ id: 1, name: 'Canapé 3 places', volume: 2 }] } });
    expect(tab(root, 'Adresses').getAttribute('aria-selected')).to.equal('true');
    expect(tab(root, 'Adresses').getAttribute('part')).to.contain('step-current');
    // A step not yet navigable does nothing when clicked.
    tab(root, 'Contacts').click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(tab(root, 'Adresses').getAttribute('aria-selected')).to.equal('true');
    expect(tab(root, 'Chargement').getAttribute('aria-disabled')).to.equal('true');
    expect(tab(root, 'Prix').getAttribute('aria-disabled')).to.equal('true');
    expect(tab(root, 'Contacts').getAttribute('aria-disabled')).to.equal('true');
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    await waitUntil(() => tab(root, 'Chargement').getAttribute('aria-selected') === 'true', 'Chargement not selected');
    expect(tab(root, 'Adresses').getAttribute('aria-disabled')).to.equal(null);
    expect(tab(root, 'Prix').getAttribute('aria-disabled')).to.equal('true');
    // The panel's part may still be on its way (a lazily loaded chunk): waited for, not assumed.
    (await findByRole(root, 'button', 'Ajouter : Canapé 3 places')).click();
    await waitUntil(
      () => !tab(root, 'Contacts').hasAttribute('aria-disabled') && !tab(root, 'Prix').hasAttribute('aria-disabled'),
      'Prix and Contacts not enabled',
    );
    tab(root, 'Chargement').focus();
    press(tab(root, 'Chargement'), 'ArrowRight');
    await waitUntil(() => tab(root, 'Prix').getAttribute('aria-selected') === 'true', 'arrow to Prix');
    press(tab(root, 'Prix'), 'ArrowRight');
    await waitUntil(() => tab(root, 'Contacts').getAttribute('aria-selected') === 'true', 'arrow to Contacts');
    press(tab(root, 'Contacts'), 'ArrowRight');
    await waitUntil(() => tab(root, 'Adresses').getAttribute('aria-selected') === 'true', 'arrow back to Adresses');
  });

  it('S034 S035 S036 S107 the header: a long French date, days before today refused, the time-window toggle', async () => {
    const root = await lite({ travel: { customer: { date: LATER_MONDAY } } });
    const date = await findByRole<HTMLSelectElement>(root, 'combobox', 'Date du transport');
    expect(date.selectedOptions[0]!.textContent).to.equal(longFrenchDay(LATER_MONDAY));
    reach(date);
    // Days before the element's today are not offered, so none can be chosen.
    const days = [...date.options].map((option) => option.value);
    expect(days[0]).to.equal(TEST_NOW.toISODate());
    expect(days.every((day) => day >= TEST_NOW.toISODate()!)).to.equal(true);
    choose(date, LATER_TUESDAY);
    await waitUntil(() => date.selectedOptions[0]!.textContent === longFrenchDay(LATER_TUESDAY), 'day not chosen');
    const toggle = byRole<HTMLInputElement>(root, 'switch', 'Créneaux horaires');
    toggle.click();
    await findByRole(root, 'combobox', 'Heure au plus tard à l’adresse 2');
  });

  it('S034 S106 S081 a closed date or time list holds its choice; reached, it has every option, the same name and value, and arrows move', async () => {
    const root = await lite({ travel: { customer: { date: LATER_MONDAY } } });
    const date = await findByRole<HTMLSelectElement>(root, 'combobox', 'Date du transport');
    const time = await findByRole<HTMLSelectElement>(root, 'combobox', 'Heure souhaitée à l’adresse 2');
    // Closed, the time holds its 'Indifférent' alone (nothing chosen yet); the date holds its
    // day until reached or until the page is idle.
    expect([...time.options].map((option) => option.value)).to.deep.equal(['']);
    expect([...date.options].map((option) => option.value)).to.include(LATER_MONDAY);

    // Reached by the keyboard: one year of days from the element's today, the name and value unchanged.
    date.focus();
    const days = [...date.options].map((option) => option.value);
    expect(days[0]).to.equal(TEST_NOW.toISODate());
    expect(days.at(-1)).to.equal(TEST_NOW.plus({ years: 1 }).toISODate());
    expect(byRole(root, 'combobox', 'Date du transport')).to.equal(date);
    expect(date.value).to.equal(LATER_MONDAY);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => date.value === LATER_TUESDAY, `after ArrowDown: ${date.value}`);
    expect(date.selectedOptions[0]!.textContent).to.equal(longFrenchDay(LATER_TUESDAY));
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => date.value === LATER_MONDAY, `after ArrowUp: ${date.value}`);

    // The stop's time: 'Indifférent' then the quarter hours of a later day, from midnight (spec §5).
    time.focus();
    const times = [...time.options].map((option) => option.value);
    expect(times.slice(0, 3)).to.deep.equal(['', '00:00', '00:15']);
    expect(times).to.have.length(1 + 24 * 4);
    expect(byRole(root, 'combobox', 'Heure souhaitée à l’adresse 2')).to.equal(time);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => time.value === '00:00', `after ArrowDown: ${time.value}`);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => time.value === '00:15', `after a second ArrowDown: ${time.value}`);
  });

  it('S037 S054 the save icon is hidden for a new trip, shown for an existing one once every step is valid', async () => {
    const fresh = await lite({ travel: { items: [{ name: 'Canapé 3 places', volume: 2 }] } });
    await findByRole(fresh, 'button', 'Suivant', 6000);
    expect(allByRole(fresh, 'button', 'Enregistrer les modifications')).to.have.length(0);
    const existing = await lite({
      travel: { travelId: 5, travelToken: 'tok', isMigratedToTimewindow: true, items: [{ name: 'Canapé 3 places', volume: 2 }] },
    });
    (await findByRole(existing, 'button', 'Enregistrer les modifications', 6000)).click();
    // The contact form is empty: the Contacts step opens with what to fix, focus on the first field.
    await waitUntil(() => tab(existing, 'Contacts').getAttribute('aria-selected') === 'true');
    await findLiveRegion(existing, 'alert', /À corriger avant d’enregistrer/);
    await waitUntil(() => existing.activeElement === byRole(existing, 'textbox', NAME_FIELD), 'focus not on the first field in error');
  });

  it('S038 S039 Choix Véhicule is hidden by default and when the list is empty, shown when the company allows it', async () => {
    const byDefault = await lite();
    expect(allByRole(byDefault, 'combobox', 'Choix Véhicule')).to.have.length(0);
    const empty = await lite({ company: { hide_vl_selector: false, vehicle_categories: [] } });
    expect(allByRole(empty, 'combobox', 'Choix Véhicule')).to.have.length(0);
    const shown = await lite({ company: { hide_vl_selector: false } });
    const select = await findByRole<HTMLSelectElement>(shown, 'combobox', 'Choix Véhicule');
    expect([...select.options].map((o) => o.text)).to.deep.equal([
      'Choix Véhicule',
      'Véhicule 3 m³',
      'Véhicule 6 m³',
      'Véhicule 12 m³',
      'Véhicule 20 m³',
    ]);
  });

  it('S040 S123 Choix Grille shows while the public grid is selected and lists the other pools', async () => {
    const root = await lite({
      company: {
        driver_pools: [
          { id: 'public', name: 'Grille publique' },
          { id: 2, name: 'Grille Pro' },
          { id: 3, name: 'Partenaires' },
        ],
      },
    });
    const select = await findByRole<HTMLSelectElement>(root, 'combobox', 'Choix Grille');
    expect([...select.options].map((o) => o.text)).to.deep.equal(['Choix Grille', 'Grille Pro', 'Partenaires']);
    choose(select, '3');
    await waitUntil(() => allByRole(root, 'combobox', 'Choix Grille').length === 0, 'the grid select stays');
  });

  // Priced to the whole m³ (spec §9 "rounded sum"), a tier's edge falls at its half m³ below.
  const tiers = [4.4, 4.5, 9.4, 9.5, 12.4, 12.5, 17.4, 17.5, 22.4, 22.5];
  for (const volume of tiers) {
    it(`S041 S161 S162 S163 the displayed total for a known route and ${volume} m³`, async () => {
      const root = await lite({ travel: { items: [{ name: 'Caisse', volume }] } });
      const expected = specLitePrice(STOPS, volume).total;
      const shown = () => root.querySelector('.lite-total strong')?.textContent ?? '';
      await waitUntil(() => amountOf(shown()) === expected, `expected ${expected} €, got ${shown()}`, { timeout: 6000 });
      // The local maps provider does not route: the figures are a straight-line estimate, said once in words.
      expect(shown()).not.to.contain('≈');
    });
  }

  it('S041 no total without the prices permission', async () => {
    const root = await lite({
      company: { permissions: [{ name: 'prices', can_read: false }] },
      travel: { items: [{ name: 'Caisse', volume: 3 }] },
    });
    await findByRole(root, 'button', 'Suivant', 6000);
    expect(textOf(root)).not.to.contain('Total');
  });

  it('S043 S152 without the maps service, no address input but the French-variant alert', async () => {
    const root = await lite({ attributes: { 'maps-provider': 'google' } });
    const alert = await findLiveRegion(root, 'alert', /^Error!/, 5000);
    expect(textOf(alert)).to.contain('Goolgle api is not setup, reload the page');
    expect(allByRole(root, 'combobox', 'Adresse 1')).to.have.length(0);
  });

  it('S043 S153 S044 once loaded: the street number field, and a geocode failure is a red alert headed Error!', async () => {
    const root = await lite();
    const field = await findByRole<HTMLInputElement>(root, 'combobox', 'Adresse 1', 5000);
    type(field, '12 rue Imaginaire Zzyzxville');
    await findByRole(root, 'textbox', 'Numéro de rue de l’adresse 1');
    press(field, 'Escape');
    press(field, 'Enter');
    const alert = await findLiveRegion(root, 'alert', /^Error!/, 5000);
    expect(alert.className).to.contain('alert-red');
    expect(textOf(alert)).to.contain('Adresse introuvable');
  });

  it('S054 the earlier variant’s own stop fields: the placeholder shows in the input, and the street number completes an address typed without one', async () => {
    const root = await lite({
      travel: {
        stops: [
          { type: 'pickup', placeholder: 'Adresse de chargement' },
          { type: 'dropoff', placeholder: 'Adresse de livraison' },
        ],
      },
    });
    const field = await findByRole<HTMLInputElement>(root, 'combobox', 'Adresse 1', 5000);
    expect(field.placeholder).to.equal('Adresse de chargement');
    expect(byRole<HTMLInputElement>(root, 'combobox', 'Adresse 2').placeholder).to.equal('Adresse de livraison');
    type(byRole<HTMLInputElement>(root, 'textbox', 'Numéro de rue de l’adresse 1'), '10');
    // Without the number, 'rue de Rivoli' has no street number and could not be verified (spec §5).
    type(field, 'rue de Rivoli 75004 Paris');
    press(field, 'Escape');
    press(field, 'Enter');
    await waitUntil(() => textOf(field.closest('.combobox')!).includes('Adresse vérifiée'), 'address with the street number not verified', {
      timeout: 6000,
    });
    expect(byRole<HTMLInputElement>(root, 'combobox', 'Adresse 1').value).to.match(/^10 Rue de Rivoli/);
    // Verified, the number is in the address line: the field that asked it goes, not to repeat it (issue 44).
    expect(allByRole(root, 'textbox', 'Numéro de rue de l’adresse 1')).to.have.length(0);
    expect(allByRole(root, 'textbox', 'Numéro de rue de l’adresse 2')).to.have.length(1);
  });

  it('S041 the total once on Prix: the second bar’s, neither a ‘Prix :’ line nor the action bar’s; and what the price depends on', async () => {
    const root = await lite({ company: { preferred_items: [{ id: 901, name: 'Canapé 3 places', volume: 2, persons_needed: 2 }] } });
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    (await findByRole(root, 'button', 'Ajouter : Canapé 3 places', 6000)).click();
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    await waitUntil(() => tab(root, 'Prix').getAttribute('aria-selected') === 'true');
    await waitUntil(() => root.querySelector('.price-coverage') !== null, 'no Prix figures', { timeout: 6000 });
    expect(root.querySelectorAll('.lite-total')).to.have.length(1);
    expect(root.querySelectorAll('.action-bar [part~="price"]')).to.have.length(0);
    expect(textOf(root)).not.to.match(/Prix\s:/);
    expect(textOf(root.querySelector('.price-depends')!)).to.contain('Il dépend de la distance');
    // Back on Chargement, the action bar carries the total again.
    press(tab(root, 'Prix'), 'ArrowLeft');
    press(tab(root, 'Chargement'), 'Enter');
    await waitUntil(() => root.querySelectorAll('.action-bar [part~="price"]').length === 1, 'no total in the bar on Chargement');
  });

  it('S067 the lite element books a move with the same contract and events', async () => {
    const recorder = recordBookings();
    const events: CustomEvent[] = [];
    const listen = (event: Event) => events.push(event as CustomEvent);
    document.addEventListener('travel_creation_succeed', listen);
    try {
      const root = await lite({ travel: { items: [{ name: 'Canapé 3 places', volume: 2 }] } });
      (await findByRole(root, 'button', 'Suivant', 6000)).click();
      (await findByRole(root, 'button', 'Suivant')).click();
      await waitUntil(() => tab(root, 'Prix').getAttribute('aria-selected') === 'true');
      (await findByRole(root, 'button', 'Suivant')).click();
      type(await findByRole<HTMLInputElement>(root, 'textbox', NAME_FIELD), 'Marie Curie');
      type(byRole<HTMLInputElement>(root, 'textbox', 'Téléphone'), '0612345678');
      type(byRole<HTMLInputElement>(root, 'textbox', 'E-mail'), 'marie@exemple.fr');
      choose(await findByRole<HTMLSelectElement>(root, 'combobox', 'Date du transport'), dayAfterToday(1));
      await waitUntil(
        () =>
          allByRole(root, 'combobox', 'Heure de début').length === 1 &&
          [...byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début').options].some((o) => o.value === '10:00'),
      );
      choose(byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début'), '10:00');
      byRole(root, 'button', 'Enregistrer').click();
      await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
      expect(recorder.sent[0]!.method).to.equal('POST');
      expect(recorder.sent[0]!.body.addresses).to.have.length(2);
      expect(events).to.have.length(1);
    } finally {
      recorder.restore();
      document.removeEventListener('travel_creation_succeed', listen);
    }
  });

  it('works at 320 px and axe finds nothing; tabs are reachable by keyboard', async () => {
    await setViewport({ width: 320, height: 700 });
    const root = await lite({
      company: {
        hide_vl_selector: false,
        driver_pools: [
          { id: 'public', name: 'Grille publique' },
          { id: 2, name: 'Grille Pro' },
        ],
      },
    });
    await findByRole(root, 'combobox', 'Adresse 1', 5000);
    tab(root, 'Adresses').focus();
    await sendKeys({ press: 'Tab' });
    expect((root.host as HTMLElement).scrollWidth).to.be.at.most(320);
    // The tab bar fits on one line: four tabs side by side, no label wrapped or cut.
    const tabs = allByRole(root, 'tab');
    expect(new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))).size).to.equal(1);
    for (const t of tabs) {
      const label = t.lastElementChild as HTMLElement;
      const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
      expect(label.getBoundingClientRect().height, `${label.textContent} on one line`).to.be.at.most(lineHeight * 1.5);
      expect(label.scrollWidth, `${label.textContent} not cut`).to.be.at.most(label.clientWidth + 1);
    }
    await expect(root.host).to.be.accessible();
  });
});

/**
 * The earlier variant's price, written here from spec §9 alone: straight line × 1.5 at
 * 15/30/80 km/h per leg (the local maps provider does not route), the driver's way back from
 * the last stop to the first added, then km × 0.7 + hours × 15 + the tier of the volume
 * rounded to the whole m³, rounded, at least 38; the tier is the handling, the rest the transport.
 */
function specLitePrice(points: { lat: number; lng: number }[], volume: number) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const leg = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
    const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
    const km = 2 * 6371 * Math.asin(Math.sqrt(h)) * 1.5;
    return { km, hours: km / (km > 100 ? 80 : km > 10 ? 30 : 15) };
  };
  const legs = [...points.slice(1).map((to, i) => leg(points[i]!, to)), leg(points[0]!, points[points.length - 1]!)];
  const km = legs.reduce((sum, l) => sum + l.km, 0);
  const hours = legs.reduce((sum, l) => sum + l.hours, 0);
  const tiers: [number, number][] = [
    [5, 20],
    [10, 30],
    [13, 45],
    [18, 65],
    [23, 95],
    [1000, 120],
  ];
  // Volume is the rounded sum (spec §9): the whole m³ picks the tier.
  const tier = tiers.find(([under]) => Math.round(volume) < under)![1];
  const total = Math.max(38, Math.round(km * 0.7 + hours * 15 + tier));
  return { total, transport: total - tier, handling: tier };
}

/** The amount in a French price text ('1 074 € TTC', '38,50 €'). */
function amountOf(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

async function bookFromLite(root: ShadowRoot): Promise<void> {
  (await findByRole(root, 'button', 'Suivant', 6000)).click();
  (await findByRole(root, 'button', 'Suivant', 6000)).click();
  await waitUntil(() => tab(root, 'Prix').getAttribute('aria-selected') === 'true');
  (await findByRole(root, 'button', 'Suivant', 6000)).click();
  type(await findByRole<HTMLInputElement>(root, 'textbox', NAME_FIELD), 'Marie Curie');
  type(byRole<HTMLInputElement>(root, 'textbox', 'Téléphone'), '0612345678');
  type(byRole<HTMLInputElement>(root, 'textbox', 'E-mail'), 'marie@exemple.fr');
  byRole(root, 'button', 'Enregistrer').click();
  await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
}

describe('<transport-quote-lite> saves the price it shows', () => {
  const cases = [
    {
      name: 'a short trip in Paris with a sofa (the 38 € minimum)',
      stops: STOPS,
      items: [{ name: 'Canapé 3 places', volume: 2, quantity: 1 }],
      volume: 2,
    },
    {
      name: 'Paris → Lyon with five tables',
      stops: [STOPS[0]!, { type: 'dropoff', address: '3 Place Bellecour 69002 Lyon', lat: 45.7542, lng: 4.8309, geocodeResolved: true }],
      items: [{ name: 'Table', volume: 1.2, quantity: 5 }],
      volume: 6,
    },
  ];
  for (const trip of cases) {
    it(`S163 S162 S160 ${trip.name}: the total read on the screen is the price in the POST body, to the cent`, async () => {
      const expected = specLitePrice(trip.stops, trip.volume);
      const recorder = recordBookings();
      try {
        const root = await lite({ travel: { stops: trip.stops, items: trip.items } });
        const total = await waitUntil(() => root.querySelector('.lite-total strong'), 'no total shown', { timeout: 6000 }).then(
          () => root.querySelector('.lite-total strong')!.textContent!,
        );
        expect(amountOf(total)).to.equal(expected.total);
        await bookFromLite(root);
        const travel = recorder.sent[0]!.body.travel;
        expect(travel.price_transportation + travel.price_handling).to.equal(amountOf(total) * 100);
        expect([travel.price_transportation, travel.price_handling]).to.deep.equal([expected.transport * 100, expected.handling * 100]);
        expect(travel.price_transportation_ht).to.equal(Math.round((expected.transport / 1.2) * 100));
        expect(travel.price_handling_ht).to.equal(Math.round((expected.handling / 1.2) * 100));
      } finally {
        recorder.restore();
      }
    });
  }
});

describe('the store’s messages (spec §2: an error banner and an info banner)', () => {
  it('S042 S054 the travel store’s errorMessage and infoMessage show as an alert and a status line, in the lite element and the wizard', async () => {
    const messages = { errorMessage: 'Le créneau demandé n’est plus libre.', infoMessage: 'Le tarif d’hiver s’applique à ce trajet.' };
    const root = await lite({ travel: { lite: messages } });
    const alert = await findLiveRegion(root, 'alert', /Le créneau demandé/);
    expect(alert.className).to.contain('banner-error');
    const status = await findLiveRegion(root, 'status', /Le tarif d’hiver/);
    expect(status.className).to.contain('banner-info');

    const wizard = createQuoteElement('transport-quote-wizard');
    wizard.setAttribute('api-base', await apiBase());
    wizard.setAttribute('maps-provider', 'local');
    wizard.travelStore = { stops: STOPS, lite: messages };
    (await fixture(html`<div></div>`)).append(wizard);
    await findLiveRegion(wizard.shadowRoot!, 'alert', /Le créneau demandé/);
    await findLiveRegion(wizard.shadowRoot!, 'status', /Le tarif d’hiver/);
  });

  it('S042 S071 a grid’s info message shows as the info banner; its defect as the error banner; each can be closed', async () => {
    const pools = [
      { id: 'public', name: 'Grille publique' },
      {
        id: 2,
        name: 'Grille Hiver',
        apply_to: 'apply_to_travels',
        compute_price_func_body: 'return { transportation: 100, handling: 50, info: "Majoration hivernale incluse" };',
      },
      {
        id: 3,
        name: 'Grille Cassée',
        apply_to: 'apply_to_travels',
        compute_price_func_body: 'return { transportation: "beaucoup", handling: 1 };',
      },
    ];
    const root = await lite({ company: { driver_pools: pools }, travel: { items: [{ name: 'Canapé 3 places', volume: 2 }] } });
    choose(await findByRole<HTMLSelectElement>(root, 'combobox', 'Choix Grille'), '2');
    const info = await findLiveRegion(root, 'status', /Majoration hivernale incluse/, 8000);
    byRole(info, 'button', 'Fermer le message').click();
    await waitUntil(() => allLiveRegions(root, 'status', /Majoration hivernale/).length === 0, 'info not closed');
    const travel = root.host as HTMLElement & { travelStore: unknown };
    travel.travelStore = { stops: STOPS, items: [{ name: 'Canapé 3 places', volume: 2 }], driverPoolSelector: 3 };
    await findLiveRegion(root, 'alert', /La grille de \[Grille Cassée\] présente un défaut technique/, 8000);
  });
});

describe('pools and their notes in the lite element (spec §4, as in the wizard)', () => {
  const marker = '====';
  it('S083 S077 a new travel on the default pool carries the pool’s notes; choosing a grid with Choix Grille replaces them', async () => {
    const recorder = recordBookings();
    try {
      const pools = [
        { id: 'public', name: 'Grille publique', default: true },
        { id: 2, name: 'Grille Déménagement', default_notes: 'Prévoir des sangles et deux diables.' },
      ];
      const root = await lite({
        company: { driver_pools: pools },
        travel: { items: [{ name: 'Canapé 3 places', volume: 2 }], customer: { notes: 'Interphone en panne.' } },
      });
      choose(await findByRole<HTMLSelectElement>(root, 'combobox', 'Choix Grille'), '2');
      await bookFromLite(root);
      const travel = recorder.sent[0]!.body.travel;
      expect(travel.driver_pool_id).to.equal(2);
      expect(travel.additional_notes).to.contain(`Interphone en panne.\n${marker}\nPrévoir des sangles et deux diables.`);

      const second = await lite({
        company: {
          driver_pools: [
            { id: 'public', name: 'Grille publique' },
            { id: 5, name: 'Grille Pro', default: true, default_notes: 'Client régulier : facturer au mois.' },
          ],
        },
        travel: { items: [{ name: 'Canapé 3 places', volume: 2 }] },
      });
      await bookFromLite(second);
      expect(recorder.sent[1]!.body.travel.driver_pool_id).to.equal(5);
      expect(recorder.sent[1]!.body.travel.additional_notes).to.contain(`${marker}\nClient régulier : facturer au mois.`);
    } finally {
      recorder.restore();
    }
  });
});

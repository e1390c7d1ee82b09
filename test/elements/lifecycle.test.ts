import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { TransportQuoteWizardElement } from '../../elements/transport-quote-wizard.ts';
import { liveResources } from '../../src/services/live-resources.ts';
import { fillCustomer, mountWizard, PREFERRED, toFinalisation } from './booking-support.ts';
import { apiBase, byRole, findByRole, testClock, type, uniqueId } from './support.ts';

const STOPS = [
  { type: 'pickup', address: '10 Rue de Rivoli 75004 Paris', lat: 48.8601, lng: 2.3507, geocodeResolved: true },
  { type: 'dropoff', address: '3 Place Bellecour 69002 Lyon', lat: 45.7542, lng: 4.8309, geocodeResolved: true },
];

const total = () => Object.values(liveResources()).reduce((sum, count) => sum + count, 0);

describe('element lifecycle: one path in, nothing left behind', () => {
  it('connected and removed 100 times, the elements leave no subscription, timer or worker running', async () => {
    const before = liveResources();
    const container = await fixture(html`<div></div>`);
    const base = await apiBase();
    for (let round = 0; round < 100; round += 1) {
      const el = document.createElement('transport-quote-wizard');
      el.clock = testClock;
      el.id = uniqueId('cycle');
      el.setAttribute('api-base', base);
      el.setAttribute('maps-provider', 'local');
      el.innerHTML = `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS })}</script>`;
      container.append(el);
      // Every tenth one is left running long enough to subscribe, so both orders are tried.
      if (round % 10 === 0)
        await waitUntil(() => liveResources().subscription > before.subscription, 'the engine should run while connected');
      el.remove();
    }
    await waitUntil(
      () => total() === Object.values(before).reduce((sum, count) => sum + count, 0),
      `left running: ${JSON.stringify(liveResources())}`,
    );
    expect(liveResources()).to.deep.equal(before);
  });

  it('the pricing worker of a grid with code ends when its element is removed', async () => {
    const before = liveResources().worker;
    const root = await mountWizard({
      company: {
        driver_pools: [
          { id: 'public', name: 'Grille publique' },
          {
            id: 2,
            name: 'Grille Pro',
            default: true,
            apply_to: 'apply_to_travels',
            compute_price_func_body: 'return { transportation: 100, handling: 50 };',
          },
        ],
      },
    });
    await waitUntil(() => liveResources().worker === before + 1, 'the grid’s code should run in a worker', { timeout: 10000 });
    (root.host as HTMLElement).remove();
    await waitUntil(() => liveResources().worker === before, 'the worker should end with its element');
  });

  it('moved in the page, an element keeps what the visitor typed and runs again', async () => {
    const root = await mountWizard();
    const host = root.host as HTMLElement;
    type(byRole<HTMLInputElement>(root, 'combobox', 'Adresse 1'), '12 rue des Lilas');
    await waitUntil(() => liveResources().subscription > 0, 'the engine should run');
    const running = liveResources().subscription;
    const elsewhere = await fixture(html`<section></section>`);
    elsewhere.append(host);
    await waitUntil(
      () => host.shadowRoot!.querySelector('input') !== null && liveResources().subscription === running,
      'the engine should run again after the move',
    );
    expect(byRole<HTMLInputElement>(host.shadowRoot!, 'combobox', 'Adresse 1').value).to.equal('12 rue des Lilas');
  });

  it('properties a host set before the tag was defined reach the element', async () => {
    // A framework rendered the tag and set its properties before this script defined it.
    const tag = `tqw-late-${Math.random().toString(36).slice(2, 8)}`;
    const el = document.createElement(tag) as HTMLElement & Record<string, unknown>;
    el.clock = testClock;
    el.apiBase = await apiBase();
    el.mapsProvider = 'local';
    el.travelStore = { stops: STOPS, customer: { name: 'Marie Curie' } };
    (await fixture(html`<div></div>`)).append(el);
    customElements.define(tag, class extends TransportQuoteWizardElement {});
    const root = el.shadowRoot!;
    await findByRole(root, 'heading', 'Vos adresses');
    expect(el.getAttribute('api-base')).to.equal(await apiBase());
    expect(el.getAttribute('maps-provider')).to.equal('local');
    await waitUntil(
      () => byRole<HTMLInputElement>(root, 'combobox', 'Adresse 2').value === STOPS[1]!.address,
      'travelStore set before the upgrade should fill the stops',
    );
  });

  it('an attribute property reads and writes its attribute; an empty value removes it', async () => {
    const root = await mountWizard();
    const host = root.host as HTMLElement & { parentOrigin?: string };
    host.parentOrigin = 'https://transporteur.example';
    expect(host.getAttribute('parent-origin')).to.equal('https://transporteur.example');
    expect(host.parentOrigin).to.equal('https://transporteur.example');
    host.parentOrigin = '';
    expect(host.hasAttribute('parent-origin')).to.equal(false);
    expect(host.parentOrigin).to.equal(undefined);
  });

  it('a finished booking leaves no draft behind, at once: a page closed on the success panel reopens empty', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    const host = root.host as HTMLElement;
    // This element's own drafts (other tests' drafts share the page's storage).
    const drafts = () => Object.keys(localStorage).filter((key) => key.includes(`#${host.id}:`));
    await toFinalisation(root);
    await fillCustomer(root);
    await waitUntil(
      () => drafts().some((key) => (localStorage.getItem(key) ?? '').includes('Marie Curie')),
      'the draft should be saved while typing',
    );
    byRole(root, 'button', 'Enregistrer').click();
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    // No wait for the draft's delay: the success panel is the moment it goes.
    expect(drafts().filter((key) => (localStorage.getItem(key) ?? '').includes('Marie Curie'))).to.deep.equal([]);
    host.remove();
  });
});

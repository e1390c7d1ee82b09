/**
 * The vehicle shown is the one the carrier quoted, stored and prints (issue 41): a page's own
 * list of vehicles (here a data block naming a 20 m³ van only) may differ from the carrier's
 * records, which the reference server prices from (the spec's default trucks). Until the quote
 * comes, the page's estimate; once it is in, the quote's vehicle.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-wizard.ts';
import { PREFERRED, STOPS } from './booking-support.ts';
import { apiBase, createQuoteElement, findByRole, giveElementsFetch, textOf, uniqueId } from './support.ts';

// Quote answers read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

/** The value of the estimate's 'Véhicule' line. */
function vehicleShown(root: ShadowRoot): string | null {
  const term = [...root.querySelectorAll('dt')].find((dt) => dt.textContent === 'Véhicule');
  return term?.nextElementSibling?.textContent ?? null;
}

describe('the vehicle shown is the quote’s', () => {
  it('a page listing its own vans shows, once the quote is in, the vehicle the carrier priced', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const answers: Json[] = [];
    giveElementsFetch(async (input, init) => {
      if (!String(input).endsWith('/api/v1/quotes') || init?.method !== 'POST') return window.fetch(input, init);
      await released;
      const response = await window.fetch(input, init);
      answers.push(await response.clone().json());
      return response;
    });
    try {
      const el = createQuoteElement('transport-quote-wizard');
      el.id = uniqueId('vehicle');
      el.setAttribute('api-base', await apiBase());
      el.setAttribute('maps-provider', 'local');
      const company = { preferred_items: PREFERRED, vehicle_categories: [{ id: 31, name: 'Camionnette de la page 20 m³', capacity: 20 }] };
      el.innerHTML = [
        `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS })}</script>`,
        `<script type="application/json" data-store="company">${JSON.stringify(company)}</script>`,
      ].join('');
      (await fixture(html`<div></div>`)).append(el);
      const root = el.shadowRoot!;
      (await findByRole(root, 'button', 'Suivant', 6000)).click();
      (await findByRole(root, 'button', 'Ajouter : Canapé 3 places', 6000)).click();
      (await findByRole(root, 'button', 'Suivant', 6000)).click();
      await findByRole(root, 'heading', 'Votre estimation', 6000);
      await waitUntil(() => vehicleShown(root) !== null, 'no vehicle shown', { timeout: 6000 });
      expect(vehicleShown(root)).to.equal('Camionnette de la page 20 m³');

      release();
      await waitUntil(() => textOf(root).includes('Prix garanti'), 'no quote shown', { timeout: 8000 });
      const quoted = answers.at(-1)!.figures.vehicle;
      expect(quoted.name).not.to.equal('Camionnette de la page 20 m³');
      expect(vehicleShown(root)).to.equal(quoted.name);
    } finally {
      giveElementsFetch(null);
    }
  });
});

/**
 * The price a visitor sees before the carrier's quote comes is the carrier's, to the cent: the
 * element's own estimate and the reference server's quote agree, in both elements, on the public
 * grid and with a grid's code, for visitors (TTC) and companies (HT). The quote is held on its
 * way, so the screen read first is the element's estimate alone.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-lite.ts';
import '../../elements/transport-quote-wizard.ts';
import { PREFERRED, STOPS } from './booking-support.ts';
import { apiBase, byRole, choose, createQuoteElement, findByRole, giveElementsFetch, textOf, uniqueId } from './support.ts';

// The public grid with code that the reference server's test records hold (server/test/fixtures/public-pricing.json).
const FORFAIT_POOL = {
  id: 6,
  name: 'Grille Forfait',
  default: true,
  apply_to: 'apply_to_travels',
  compute_price_func_body:
    'return { transportation: 30 + input.distance_km * 1.15, handling: input.handling_hours * Math.max(1, input.persons) * 31.5, info: "Tarif forfaitaire appliqué." };',
};
const DEMO_COMPANY_TOKEN = 'tqw_demo_5b2f0c8e9d1a4e67b3c2a9f0e1d4c7b6';

// Quote answers read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

/** Holds every quote request until release(); records what the server answered. */
function holdQuotes() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: Json[] = [];
  const answers: Json[] = [];
  const held: typeof fetch = async (input, init) => {
    if (!String(input).endsWith('/api/v1/quotes') || init?.method !== 'POST') return window.fetch(input, init);
    asked.push(JSON.parse(String(init.body)));
    await released;
    const response = await window.fetch(input, init);
    answers.push(await response.clone().json());
    return response;
  };
  giveElementsFetch(held);
  return { asked, answers, release, restore: () => giveElementsFetch(null) };
}

/** Cents in a French price text ('1 190,40 €', '≈ 38,00 € TTC'). */
function centsOf(text: string): number {
  return Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

async function mount(tag: 'transport-quote-wizard' | 'transport-quote-lite', attributes: Record<string, string>, company: object | null) {
  const el = createQuoteElement(tag);
  el.id = uniqueId('agree');
  el.setAttribute('api-base', await apiBase());
  el.setAttribute('maps-provider', 'local');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const blocks = [`<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS })}</script>`];
  if (company) blocks.push(`<script type="application/json" data-store="company">${JSON.stringify(company)}</script>`);
  el.innerHTML = blocks.join('');
  (await fixture(html`<div></div>`)).append(el);
  return el.shadowRoot!;
}

async function clickNext(root: ShadowRoot) {
  (await findByRole(root, 'button', 'Suivant', 6000)).click();
}

/** The sofa loaded, on the wizard's estimate or the lite's Prix step. */
async function toPrice(root: ShadowRoot, lite: boolean) {
  await clickNext(root);
  (await findByRole(root, 'button', 'Ajouter : Canapé 3 places', 6000)).click();
  await clickNext(root);
  if (!lite) await findByRole(root, 'heading', 'Votre estimation', 6000);
  else await waitUntil(() => byRole(root, 'tab', 'Prix').getAttribute('aria-selected') === 'true', 'not on Prix');
}

const PRICE = { wizard: '.total-amount', lite: '.total-price strong' };

interface Case {
  name: string;
  tag: 'transport-quote-wizard' | 'transport-quote-lite';
  attributes?: Record<string, string>;
  company: object | null;
  /** A grid chosen on the price step, by its name. */
  pool?: string;
  /** Text that shows once the grid's code answered in the element. */
  poolAnswered?: string;
  /** Amounts shown HT (company mode, spec §6). */
  ht?: boolean;
}

const cases: Case[] = [
  { name: 'the wizard, a visitor on the public grid', tag: 'transport-quote-wizard', company: { preferred_items: PREFERRED } },
  {
    name: 'the wizard, a visitor on a grid priced by its code',
    tag: 'transport-quote-wizard',
    company: { preferred_items: PREFERRED, driver_pools: [{ id: 'public', name: 'Grille publique' }, FORFAIT_POOL] },
    poolAnswered: 'Tarif forfaitaire appliqué.',
  },
  {
    name: 'the wizard, a company on its Grille Pro (code), HT',
    tag: 'transport-quote-wizard',
    attributes: { 'company-token': DEMO_COMPANY_TOKEN, mode: 'company' },
    company: null,
    pool: 'Grille Pro',
    poolAnswered: 'Longue distance : le chauffeur peut prévoir une nuit sur place.',
    ht: true,
  },
  { name: 'the lite element, a visitor on the public grid', tag: 'transport-quote-lite', company: { preferred_items: PREFERRED } },
  {
    name: 'the lite element, a visitor on a grid priced by its code',
    tag: 'transport-quote-lite',
    company: { preferred_items: PREFERRED, driver_pools: [{ id: 'public', name: 'Grille publique' }, FORFAIT_POOL] },
    poolAnswered: 'Tarif forfaitaire appliqué.',
  },
];

describe('the element’s estimate is the carrier’s quote, to the cent (DESIGN §5)', () => {
  for (const trip of cases) {
    it(`${trip.name}: the price shown before the quote is the quote’s, and stays when it comes`, async () => {
      const quotes = holdQuotes();
      try {
        const lite = trip.tag === 'transport-quote-lite';
        const root = await mount(trip.tag, trip.attributes ?? {}, trip.company);
        await toPrice(root, lite);
        if (trip.pool) {
          const select = await findByRole<HTMLSelectElement>(root, 'combobox', /Grille tarifaire|Choix Grille/);
          const option = [...select.options].find((o) => o.text === trip.pool)!;
          choose(select, option.value);
        }
        if (trip.poolAnswered)
          await waitUntil(() => textOf(root).includes(trip.poolAnswered!), 'the grid’s code did not answer', { timeout: 8000 });
        await waitUntil(() => quotes.asked.length > 0 && root.querySelector(PRICE[lite ? 'lite' : 'wizard']), 'no price', {
          timeout: 6000,
        });
        const estimated = root.querySelector(PRICE[lite ? 'lite' : 'wizard'])!.textContent!;
        expect(textOf(root)).not.to.contain('Prix garanti');

        quotes.release();
        await waitUntil(() => textOf(root).includes('Prix garanti'), 'no quote shown', { timeout: 8000 });
        const figures = quotes.answers.at(-1)!.figures;
        expect(figures.source).to.equal(trip.poolAnswered ? 'pool' : 'public');
        const carrier = lite ? figures.price_transportation + figures.price_handling : trip.ht ? figures.total_ht : figures.total;
        expect(centsOf(estimated), `shown ${estimated}, quoted ${carrier}`).to.equal(carrier);
        expect(root.querySelector(PRICE[lite ? 'lite' : 'wizard'])!.textContent).to.equal(estimated);
        expect(textOf(root)).not.to.contain('a recalculé');
      } finally {
        quotes.restore();
      }
    });
  }
});

/**
 * What the visitor sees before booking is what the carrier's quote priced (issue 52): the load
 * (volume, vehicle, handlers) on the estimate and the recap, and no guaranteed price when the
 * quote says the carrier sets the price later. The quotes come from the reference server; the
 * last suite gives the elements the answer a carrier whose tariff is at 0 € gives (the server's
 * side of it is proven in server/test/reliability/price-holes.test.ts).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../elements/transport-quote-wizard.ts';
import '../../elements/transport-quote-lite.ts';
import { mountWizard, next, STOPS } from './booking-support.ts';
import { apiBase, byRole, createQuoteElement, findByRole, giveElementsFetch, textOf, type, uniqueId } from './support.ts';

// Quote answers read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

/** Spec §8's words, with their spaces read as textOf reads them. */
const PRICE_LATER = 'Le prix sera fixé ultérieurement !';

/** '3,4 m³', as a French reader writes it (Intl, not the element's formatter), its spaces as textOf reads them. */
const m3 = (volume: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(volume)} m³`;
/** A text with its spaces (no-break ones included) as single spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

/**
 * The elements' fetch from now on: quote answers recorded as the server gave them, and given to
 * the element as `change` makes them.
 */
function watchQuotes(change: (quote: Json) => Json = (quote) => quote): Json[] {
  const answers: Json[] = [];
  giveElementsFetch(async (input, init) => {
    if (!String(input).endsWith('/api/v1/quotes') || init?.method !== 'POST') return window.fetch(input, init);
    const response = await window.fetch(input, init);
    if (!response.ok) return response;
    const quote = await response.json();
    answers.push(quote);
    return new Response(JSON.stringify(change(quote)), { status: response.status, headers: { 'content-type': 'application/json' } });
  });
  return answers;
}

/** The value of a facts line (the estimate's, the lite's Prix). */
function fact(root: ShadowRoot, term: string): string {
  const dt = [...root.querySelectorAll('.facts dt')].find((element) => element.textContent === term);
  return plain(dt?.nextElementSibling?.textContent);
}

/** The value of a recap line, whose term may carry a 'Modifier' link. */
function recapLine(root: ShadowRoot, term: string): string {
  const dt = [...root.querySelectorAll('.recap dt')].find((element) => element.firstChild?.textContent?.trim() === term);
  return plain(dt?.nextElementSibling?.textContent);
}

const handlers = (count: number) => (count === 1 ? '1 manutentionnaire' : `${count} manutentionnaires`);

describe('issue 52: the load the quote priced is the load shown', () => {
  afterEach(() => giveElementsFetch(null));

  async function checkScreens(root: ShadowRoot, answers: Json[]) {
    await findByRole(root, 'heading', 'Votre estimation', 6000);
    await waitUntil(() => answers.length > 0 && textOf(root).includes('Prix garanti'), 'no quote shown', { timeout: 8000 });
    const figures = answers.at(-1).figures;
    expect(fact(root, 'Volume')).to.equal(m3(figures.shown_volume));
    expect(fact(root, 'Véhicule')).to.equal(plain(figures.vehicle.name));
    expect(fact(root, 'Manutentionnaires')).to.equal(String(figures.persons_needed));
    await next(root, 'Finalisation');
    await waitUntil(() => root.querySelector('.recap') !== null, 'no recap', { timeout: 6000 });
    expect(textOf(root.querySelector('.recap')!)).to.contain(`Volume total : ${m3(figures.shown_volume)}`);
    expect(recapLine(root, 'Véhicule')).to.equal(plain(figures.vehicle.name));
    expect(recapLine(root, 'Manutention')).to.match(new RegExp(`^${handlers(figures.persons_needed)} · `));
    return figures;
  }

  it('S161 a visitor’s own object named like a catalogue entry (‘Armoire ancienne’, 3.4 m³, one handler) is priced and shown as typed', async () => {
    const answers = watchQuotes();
    const root = await mountWizard();
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter un objet qui n’est pas dans la liste').click();
    const dialog = await findByRole(root, 'dialog');
    type(byRole<HTMLInputElement>(dialog, 'textbox', 'Description'), 'Armoire ancienne');
    type(byRole<HTMLInputElement>(dialog, 'textbox', 'Volume par unité (m³)'), '3,4');
    byRole(dialog, 'button', 'Ajouter l’objet').click();
    await waitUntil(() => textOf(root).includes('Armoire ancienne'), 'the object is not listed');
    await next(root, 'Votre estimation');
    const figures = await checkScreens(root, answers);
    // The visitor's figures, not the catalogue's wardrobe (2.5 m³, three handlers).
    expect(figures.shown_volume).to.equal(3.4);
    expect(figures.persons_needed).to.equal(1);
  });

  it('a catalogue item the page describes otherwise (3.4 m³, one handler) shows the catalogue’s figures the carrier priced', async () => {
    const answers = watchQuotes();
    const found = await (await fetch(`${await apiBase()}/api/v1/items/search?q=${encodeURIComponent('armoire ancienne')}`)).json();
    const entry = found.find((item: Json) => item.name === 'Armoire ancienne');
    const root = await mountWizard({
      company: { preferred_items: [{ id: entry.id, name: 'Armoire ancienne', volume: 3.4, persons_needed: 1, time_factor: 0.5 }] },
    });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Armoire ancienne').click();
    await next(root, 'Votre estimation');
    const figures = await checkScreens(root, answers);
    expect(figures.shown_volume).to.equal(entry.volume);
    expect(figures.persons_needed).to.equal(entry.persons_needed);
  });
});

/** A quote as a carrier whose tariff is at 0 € answers it: no price, and it says the price is to be set. */
const atZero = (quote: Json) => ({
  ...quote,
  price_to_set: true,
  figures: {
    ...quote.figures,
    price_transportation: 0,
    price_handling: 0,
    price_transportation_ht: 0,
    price_handling_ht: 0,
    additional_costs: 0,
    total: 0,
    total_ht: 0,
  },
});

const PREFERRED = [{ id: 901, name: 'Canapé 3 places', volume: 2, persons_needed: 2, time_factor: 0.5, elevator: false }];

describe('S147 issue 52: a price to set is never a guaranteed price', () => {
  afterEach(() => giveElementsFetch(null));

  it('the lite’s Prix says ‘Le prix sera fixé ultérieurement !’, with no ‘Prix garanti’ line and no total', async () => {
    const answers = watchQuotes(atZero);
    const el = createQuoteElement('transport-quote-lite');
    el.id = uniqueId('lite');
    el.setAttribute('api-base', await apiBase());
    el.setAttribute('maps-provider', 'local');
    el.innerHTML = [
      `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS })}</script>`,
      `<script type="application/json" data-store="company">${JSON.stringify({ preferred_items: PREFERRED })}</script>`,
    ].join('');
    (await fixture(html`<div></div>`)).append(el);
    const root = el.shadowRoot!;
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    (await findByRole(root, 'button', 'Ajouter : Canapé 3 places', 6000)).click();
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    // The page's own estimate has a price; the carrier's answer says it will set it.
    await waitUntil(() => answers.length > 0 && textOf(root).includes(PRICE_LATER), 'no price to set shown', { timeout: 8000 });
    expect(textOf(root)).not.to.contain('Prix garanti');
    expect(root.querySelectorAll('.lite-total')).to.have.length(0);
  });

  it('the wizard’s estimate and recap say it too, with no ‘Prix garanti’ line', async () => {
    const answers = watchQuotes(atZero);
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => answers.length > 0 && textOf(root).includes(PRICE_LATER), 'no price to set shown', { timeout: 8000 });
    expect(textOf(root)).not.to.contain('Prix garanti');
    await next(root, 'Finalisation');
    await waitUntil(() => root.querySelector('.recap') !== null, 'no recap', { timeout: 6000 });
    expect(textOf(root.querySelector('.recap')!)).to.contain(PRICE_LATER);
    expect(textOf(root)).not.to.contain('Prix garanti');
  });
});

import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { DateTime } from 'luxon';
import '../../elements/transport-quote-lite.ts';
import '../../elements/transport-quote-wizard.ts';
import { fixedClock } from '../../src/services/clock.ts';
import { apiBase, findByRole, reach, textOf, uniqueId } from './support.ts';

const STOPS = [
  { type: 'pickup', address: '10 Rue de Rivoli 75004 Paris', lat: 48.8601, lng: 2.3507, geocodeResolved: true },
  { type: 'dropoff', address: '25 Rue de la Boétie 75008 Paris', lat: 48.8728, lng: 2.3127, geocodeResolved: true },
];

/** An element living at `instant` (Paris wall clock), whatever the machine's date. */
async function mountAt(tag: 'transport-quote-wizard' | 'transport-quote-lite', instant: string): Promise<ShadowRoot> {
  const el = document.createElement(tag);
  el.clock = fixedClock(DateTime.fromISO(instant, { zone: 'Europe/Paris' }).toJSDate());
  el.id = uniqueId('clock');
  el.setAttribute('api-base', await apiBase());
  el.setAttribute('maps-provider', 'local');
  el.innerHTML = `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS })}</script>`;
  (await fixture(html`<div></div>`)).append(el);
  return el.shadowRoot!;
}

const optionValues = (select: HTMLSelectElement) => [...select.options].map((option) => option.value).filter(Boolean);

describe('one clock per element (spec §9 defaults, §5 past days)', () => {
  it('S170 S034 at 23:30 by its clock, the lite element starts tomorrow at 07:00 and refuses the clock’s yesterday', async () => {
    // A date far from the machine's: only the element's clock can give these answers.
    const root = await mountAt('transport-quote-lite', '2031-06-15T23:30');
    await findByRole(root, 'tablist', 'Étapes du devis');
    const date = await findByRole<HTMLSelectElement>(root, 'combobox', 'Date du transport');
    await waitUntil(() => date.value === '2031-06-16', `default day ${date.value}`);
    reach(date);
    // The clock's today is the first day offered; its yesterday is not offered at all.
    expect(optionValues(date)[0]).to.equal('2031-06-15');
    expect(optionValues(date)).not.to.include('2031-06-14');
    expect(date.selectedOptions[0]!.textContent).to.equal('lundi 16 juin 2031');
  });

  it('S170 S106 S107 at 10:07 by its clock, the wizard offers today from 10:15 and no earlier day', async () => {
    const root = await mountAt('transport-quote-wizard', '2031-06-16T10:07');
    await findByRole(root, 'heading', 'Vos adresses');
    const first = reach(await findByRole<HTMLSelectElement>(root, 'combobox', 'Heure souhaitée à l’adresse 1'));
    await waitUntil(() => optionValues(first)[0] === '10:15', `first time ${optionValues(first)[0]}`);
    expect(optionValues(first)).not.to.include('10:00');
    expect(optionValues(first).at(-1)).to.equal('23:45');
  });

  it('S170 two elements on one page keep their own clocks', async () => {
    const late = await mountAt('transport-quote-lite', '2031-06-15T22:05');
    const early = await mountAt('transport-quote-lite', '2031-06-15T08:00');
    await findByRole(late, 'tablist', 'Étapes du devis');
    await findByRole(early, 'tablist', 'Étapes du devis');
    await waitUntil(() => textOf(late).includes('lundi 16 juin 2031') && textOf(early).includes('dimanche 15 juin 2031'));
  });
});

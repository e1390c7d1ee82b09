import { expect, waitUntil } from '@open-wc/testing';
import { DateTime } from 'luxon';
import { setViewport } from '@web/test-runner-commands';
import { STEPS } from '../../src/domain/steps/step-model.ts';
import { bindBookingAtom } from '../../src/state/booking.atoms.ts';
import { showStepAtom } from '../../src/state/steps.atoms.ts';
import { fillCustomer, mountWizard, next, PREFERRED, STOPS, toFinalisation } from './booking-support.ts';
import {
  allByRole,
  byRole,
  choose,
  dayAfterToday,
  findByRole,
  findLiveRegion,
  giveElementsFetch,
  storeOf,
  textOf,
  TEST_NOW,
} from './support.ts';

// Issue 44, item 5 and 6: what a customer doubts on Finalisation and on the success panel.

const CARRIER = { name: 'Transports Martin & Fils', phone_number: '0148203100', email: 'contact@martin.example', answer_within_hours: 4 };
const SPEC_SAVE_FAILURE = 'Une error est survenue, veuillez réessayer dans un instant';
const fold = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A carrier's tariff at spec §9's rates with its Sundays closed, and more of its day rules when given. */
const sundaysClosed = (days: Record<string, unknown> = {}) => ({
  vat: 0.2,
  handling: { rate_standard: 18, rate_moving: 30 },
  transport: { minimum: 38, per_km: 0.7, per_hour: 15 },
  vehicles: [{ id: -4, name: 'Véhicule 20 m³', capacity: 20 }],
  days: { closed_weekdays: [7], ...days },
});

/** The drive from Paris to Lyon as the tests' route gives it: the straight line × 1.5 at 80 km/h (spec §9). */
function driveSeconds(): number {
  const [from, to] = STOPS.map((stop) => ({ lat: (stop.lat * Math.PI) / 180, lng: (stop.lng * Math.PI) / 180 }));
  const h = Math.sin((to!.lat - from!.lat) / 2) ** 2 + Math.cos(from!.lat) * Math.cos(to!.lat) * Math.sin((to!.lng - from!.lng) / 2) ** 2;
  return ((2 * 6371 * Math.asin(Math.sqrt(h)) * 1.5) / 80) * 3600;
}

/** The arrival at Lyon for a start on a day at 'HH:mm': 5 minutes on site at the first stop, then the drive. */
function arrivalAt(day: string, time: string) {
  const start = DateTime.fromISO(day, { zone: 'Europe/Paris' });
  const [hours, minutes] = time.split(':').map(Number);
  return start.plus({ hours, minutes: minutes! + 5, seconds: Math.round(driveSeconds()) });
}
const clock = (moment: ReturnType<typeof arrivalAt>) => `${moment.hour} h ${String(moment.minute).padStart(2, '0')}`;

describe('the customer’s last doubts (issue 44)', () => {
  afterEach(async () => {
    giveElementsFetch(null);
    await setViewport({ width: 800, height: 600 });
  });

  it('S089 S078 Finalisation shows the travel day already chosen and the first stop’s start, never asking them again', async () => {
    const root = await mountWizard({
      company: { preferred_items: PREFERRED },
      travel: {
        stops: STOPS.map((stop, index) =>
          index === 0 ? { ...stop, timewindowEarliest: TEST_NOW.set({ hour: 15 }).toISO({ suppressMilliseconds: true })! } : stop,
        ),
      },
    });
    await toFinalisation(root);
    // Spec §9: before 22:00 the default day is today; the form shows it, and the start given on the first stop.
    expect(byRole<HTMLSelectElement>(root, 'combobox', 'Date du transport').value).to.equal(TEST_NOW.toISODate());
    await waitUntil(
      () => byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début').value === '15:00',
      'start not taken from the first stop',
    );
    // Changed here, the first stop's time follows: one start for the arrivals and the recap.
    choose(byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début'), '16:00');
    await waitUntil(() => /vers 16 h/.test(fold(textOf(root.querySelector('.recap')!))), 'the first stop kept its own start');
  });

  it('S089 a start whose arrival passes 21 h is said under it; the next day is dated, in the note and the recap', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await toFinalisation(root);
    const day = dayAfterToday(1);
    choose(byRole<HTMLSelectElement>(root, 'combobox', 'Date du transport'), day);
    const time = byRole<HTMLSelectElement>(root, 'combobox', 'Heure de début');
    await waitUntil(() => [...time.options].some((option) => option.value === '23:00'));

    choose(time, '09:00');
    expect(arrivalAt(day, '09:00').hour).to.be.below(21);
    await waitUntil(() => textOf(root).includes(`arrivée ≈ ${clock(arrivalAt(day, '09:00'))}`), 'no arrival in the recap');
    expect(allByRole(root, 'status').filter((line) => /après 21 h/.test(fold(line.textContent ?? '')))).to.have.length(0);

    choose(time, '14:30');
    const evening = arrivalAt(day, '14:30');
    expect(evening.hour * 60 + evening.minute).to.be.above(21 * 60);
    const note = await findLiveRegion(root, 'status', /après 21 h/);
    expect(fold(note.textContent ?? '')).to.contain(`estimée à ${clock(evening)}, après 21 h`);

    choose(time, '23:00');
    const night = arrivalAt(day, '23:00');
    expect(night.toISODate()).to.equal(dayAfterToday(2));
    const short = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Europe/Paris' })
      .format(night.toJSDate())
      .replace(/\s/g, ' ');
    await waitUntil(
      () => fold(textOf(root.querySelector('.recap')!)).includes(`arrivée le ${short} ≈ ${clock(night)}`),
      'next day not said in the recap',
    );
    expect(fold(textOf(root.querySelector('.recap')!))).not.to.contain(`· arrivée ≈ ${clock(night)}`);
    await findLiveRegion(root, 'status', new RegExp(`estimée le ${short} à ${clock(night)}`));
  });

  it('S026 S165 no handler: ‘Aucun’, no hours beside it until one is chosen; the estimate says what the price depends on', async () => {
    const street = STOPS.map((stop) => ({ ...stop, floor: -1, elevator: false }));
    const root = await mountWizard({ company: { preferred_items: PREFERRED }, travel: { stops: street } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => root.querySelector('.price-depends') !== null, 'no price line', { timeout: 6000 });
    expect(textOf(root.querySelector('.price-depends')!)).to.contain('du volume de vos objets');
    expect(textOf(root.querySelector('.facts')!)).to.contain('Aucun (sans manutention)');
    expect(allByRole(root, 'combobox', 'Heures de manutention')).to.have.length(0);
    choose(byRole<HTMLSelectElement>(root, 'combobox', 'Nombre de manutentionnaires'), '2');
    const hours = await findByRole<HTMLSelectElement>(root, 'combobox', 'Heures de manutention');
    expect(textOf(root.querySelector('.facts')!)).not.to.contain('Aucun');
    // The hours shown are the hours priced (issue 55, point 6): ½ h (spec §9's least) × 2 handlers
    // × 30 € (a moving: 2 persons on the sofa) × 1,2 of VAT, never 'Manutention 0 €' beside '30 min'.
    expect(hours.value).to.equal('0.5');
    const handling = `${0.5 * 2 * 30 * 1.2} €`;
    await waitUntil(() => textOf(root.querySelector('.facts')!).includes(`Manutention${handling}`), `not ${handling}`, { timeout: 6000 });
  });

  it('a trip outside the carrier’s départements is stopped at the addresses, with why and its phone (issue 55, point 10)', async () => {
    const carrier = { ...CARRIER, service_area: '33, 40' };
    const root = await mountWizard({ company: { preferred_items: PREFERRED, transportation_company: carrier } });
    // Paris → Lyon for a Bordeaux mover: no way on, and the reason in the panel.
    const alert = await findLiveRegion(root, 'alert', /hors de notre zone/);
    expect(fold(textOf(alert))).to.equal(
      'Ce trajet est hors de notre zone : nous déménageons au départ ou à destination des départements 33, 40. Pour une demande particulière, appelez-nous au 01 48 20 31 00.',
    );
    // The phone one tap away.
    expect(byRole<HTMLAnchorElement>(alert, 'link', '01 48 20 31 00').href).to.equal('tel:0148203100');
    expect(allByRole(root, 'button', 'Suivant')).to.have.length(0);
    expect(fold(textOf(root))).to.contain('Trajet hors de la zone du transporteur');
    // Nor a price the server would not give.
    expect(fold(textOf(root))).not.to.contain('Total TTC');
  });

  it('the days the carrier takes: nearer than its notice and closed days are greyed and said in the date list; the default day is its first (issue 55, point 1)', async () => {
    // Two days of notice, Sundays closed; the test clock is a Monday at 10 h.
    const tariff = sundaysClosed({ lead_days: 2 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED, tariff } });
    const select = await findByRole<HTMLSelectElement>(root, 'combobox', 'Date du transport');
    select.focus();
    await waitUntil(() => select.options.length > 300, 'the year of days not listed');
    const option = (day: string) => [...select.options].find((candidate) => candidate.value === day)!;
    for (const day of [dayAfterToday(0), dayAfterToday(1)]) {
      expect(option(day).disabled, day).to.equal(true);
      expect(option(day).textContent).to.match(/\(trop tôt\)$/);
    }
    expect(option(dayAfterToday(6)).disabled).to.equal(true);
    expect(option(dayAfterToday(6)).textContent).to.match(/\(fermé\)$/);
    // Spec §9's default day (today) moved on to the first the carrier takes: Wednesday.
    expect(option(dayAfterToday(2)).disabled).to.equal(false);
    expect(select.value).to.equal(dayAfterToday(2));
    expect(allByRole(root, 'alert')).to.have.length(0);
  });

  it('a closed day come from the page’s data is said at once under the date, and the step does not go on (issue 55, point 1)', async () => {
    const tariff = sundaysClosed();
    const root = await mountWizard({
      company: { preferred_items: PREFERRED, tariff },
      travel: { customer: { date: dayAfterToday(6), time: '09:00' } },
    });
    const alert = await findLiveRegion(root, 'alert', /ne travaille pas ce jour-là/);
    expect(fold(textOf(alert))).to.equal('Le transporteur ne travaille pas ce jour-là : choisissez une autre date.');
    expect(allByRole(root, 'button', 'Suivant')).to.have.length(0);
    expect(fold(textOf(root))).to.contain('Choisissez un autre jour');
  });

  it('the deposit the carrier asks is said on the estimate, the recap and the success panel, sized on the total shown (issue 55, point 4)', async () => {
    const deposit = { kind: 'percent', percent: 30, due: 'devis_accepted' };
    const root = await mountWizard({ company: { preferred_items: PREFERRED, transportation_company: CARRIER, deposit } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => root.querySelector('.deposit-note') !== null, 'no deposit on the estimate', { timeout: 6000 });
    // The carrier's 30 % of the total TTC the page shows, written as the devis will write it.
    const totalCents = Math.round(
      Number(
        fold(textOf(root.querySelector('.total-amount')!))
          .replace(/[ €]/g, '')
          .replace(',', '.'),
      ) * 100,
    );
    const cents = Math.round((totalCents * 30) / 100);
    const euros = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(
      cents / 100,
    );
    const said = `Acompte : ${euros} € TTC (30 % du total TTC), à régler en ligne une fois le devis accepté, déduit du prix.`;
    await waitUntil(() => fold(textOf(root.querySelector('.deposit-note')!)) === said, `not: ${said}`);
    await next(root, 'Finalisation');
    expect(fold(textOf(root.querySelector('.recap')!))).to.contain(said);
    await fillCustomer(root);
    byRole(root, 'button', 'Enregistrer').click();
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    expect(fold(textOf(root.querySelector('.success-facts')!))).to.contain(`Acompte${said.slice('Acompte : '.length, -1)}`);
    // The next step of the commitment: the devis to read and sign.
    expect(byRole<HTMLAnchorElement>(root, 'link', 'Lire et signer le devis').href).to.match(/\/devis\/\d+\?token=/);
    // The customer's links are the confirmation e-mail's (issue 55, point 5): the edit page and the status page, not the carrier's record.
    expect(byRole<HTMLAnchorElement>(root, 'link', 'Modifier ma réservation').href).to.match(/\/edit\.html\?id=\d+&token=/);
    expect(byRole<HTMLAnchorElement>(root, 'link', 'Suivre ma réservation').href).to.match(/\/suivi\/\d+\?token=/);
  });

  it('S068 S146 the success panel says the request is sent, under the spec’s title, with the carrier’s card and when it answers', async () => {
    await setViewport({ width: 1280, height: 800 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED, transportation_company: CARRIER } });
    await toFinalisation(root);
    await fillCustomer(root);
    byRole(root, 'button', 'Enregistrer').click();
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    const success = root.querySelector('.success')!;
    expect(textOf(success)).to.contain('Demande envoyée');
    expect(textOf(success)).not.to.contain('Réservation confirmée');
    const card = byRole(success, 'region', 'Transports Martin & Fils');
    expect(fold(textOf(card))).to.contain('Répond en général sous 4 h');
    expect(byRole<HTMLAnchorElement>(card, 'link', '01 48 20 31 00').href).to.equal('tel:0148203100');
    expect(byRole<HTMLAnchorElement>(card, 'link', 'contact@martin.example').href).to.equal('mailto:contact@martin.example');
    // The number no bigger than the message; at 1280 the follow-up frame in its own styled column.
    const size = (selector: string) => parseFloat(getComputedStyle(success.querySelector(selector)!).fontSize);
    expect(size('.booking-number')).to.be.at.most(size('.success-lead'));
    const aside = success.querySelector('.success-aside')!;
    expect(aside.getBoundingClientRect().left).to.be.above(success.querySelector('.success-main')!.getBoundingClientRect().right);
    expect(getComputedStyle(aside).backgroundColor).not.to.equal('rgba(0, 0, 0, 0)');
    await expect(root.host).to.be.accessible();
  });

  it('S048 a booking the carrier accepted says ‘Réservation confirmée’ under the same title', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED, transportation_company: CARRIER } });
    const store = storeOf(root.host);
    store.set(bindBookingAtom, { travelId: 5, travelToken: 'jeton', travelState: 'accepted' });
    store.set(showStepAtom, STEPS.success);
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    await waitUntil(() => textOf(root).includes('Réservation confirmée'));
    expect(textOf(root)).not.to.contain('Demande envoyée');
  });

  it('S146 a 409 (the carrier’s price changed) shows spec §8’s save banner first, then the new price', async () => {
    let lastQuote: Record<string, unknown> | null = null;
    giveElementsFetch(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/v1/travels') && init?.method === 'POST') {
        const quote = lastQuote as { id: string; figures: Record<string, number> };
        const raised = { ...quote, id: `${quote.id}-2`, figures: { ...quote.figures, total: quote.figures.total! + 5000 } };
        return new Response(JSON.stringify({ error: 'Le prix a changé', quote: raised }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        });
      }
      const response = await window.fetch(input, init);
      if (url.endsWith('/api/v1/quotes')) lastQuote = await response.clone().json();
      return response;
    });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => lastQuote !== null, 'no quote asked', { timeout: 6000 });
    await next(root, 'Finalisation');
    await fillCustomer(root);
    byRole(root, 'button', 'Enregistrer').click();
    const banner = await findLiveRegion(root, 'alert', /Le prix du transporteur a changé/, 6000);
    const said = fold(textOf(banner));
    expect(said.startsWith(SPEC_SAVE_FAILURE)).to.equal(true, said);
    const total = ((lastQuote as unknown as { figures: { total: number } }).figures.total + 5000) / 100;
    const money = fold(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(total));
    expect(said).to.contain(`${SPEC_SAVE_FAILURE}. Le prix du transporteur a changé : ${money} TTC`);
    expect(allByRole(root, 'heading', 'Votre réservation est enregistrée !')).to.have.length(0);
  });
});

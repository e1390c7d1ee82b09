import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import '../../elements/transport-quote-lite.ts';
import { PREFERRED, STOPS, fillCustomer, mountWizard, next, toFinalisation } from './booking-support.ts';
import {
  allByRole,
  allLiveRegions,
  apiBase,
  byRole,
  choose,
  createQuoteElement,
  dayAfterToday,
  giveElementsFetch,
  findByRole,
  findLiveRegion,
  textOf,
  type,
  uniqueId,
  shortFrenchDay,
  parisInstant,
} from './support.ts';

/**
 * What a customer reads on the price (issue 32, "A price a customer can believe"). Every figure
 * is worked out here from the spec's rules (§9), never by the code under test: the demo's local
 * provider has no road network, so the route is the straight line.
 */
function straightLine() {
  const [from, to] = STOPS.map((stop) => ({ lat: (stop.lat * Math.PI) / 180, lng: (stop.lng * Math.PI) / 180 }));
  const haversine =
    Math.sin((to!.lat - from!.lat) / 2) ** 2 + Math.cos(from!.lat) * Math.cos(to!.lat) * Math.sin((to!.lng - from!.lng) / 2) ** 2;
  const roadKm = 2 * 6371 * Math.asin(Math.sqrt(haversine)) * 1.5;
  expect(roadKm).to.be.above(100);
  return { roadKm, driveSeconds: (roadKm / 80) * 3600 };
}

/** '7 h 32 min' as UX §7.2 writes a duration, folded spaces. */
function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes % 60 === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const km = (value: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(value).replace(/\s/g, ' ')} km`;

describe('a price a customer can believe (issue 32)', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('S026 S160 no ≈ on the figures: the straight line is said once in words, and the aside gives the estimate’s one duration', async () => {
    await setViewport({ width: 1280, height: 800 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await waitUntil(() => root.querySelector('.total-amount') !== null, 'no total', { timeout: 6000 });
    const { roadKm, driveSeconds } = straightLine();
    // The sofa: 1 h of handling (3rd floor to ground floor, billed by the half hour), 5 min on site at each stop.
    const whole = duration(driveSeconds + 3600 + 2 * 5 * 60);
    await waitUntil(() => textOf(root).includes(whole), `no ${whole} in ${textOf(root)}`, { timeout: 6000 });
    expect(textOf(root)).not.to.contain('≈');
    const facts = textOf(root.querySelector('.facts')!);
    expect(facts).to.contain(`Durée totale${whole}dont ${duration(driveSeconds)} de route, 1 h de manutention, 10 min sur place`);
    expect(facts).to.contain(`Distance${km(roadKm)}`);
    // The aside says the same duration as the estimate beside it.
    expect(textOf(root.querySelector('.trip-summary')!)).to.contain(`${km(roadKm)} · ${whole}`);
    // The bar at 1280 px: Précédent, the total, then Suivant, side by side, nothing over another.
    const previous = byRole(root, 'button', 'Précédent').getBoundingClientRect();
    const barTotal = root.querySelector('.action-bar .bar-total-inner')!.getBoundingClientRect();
    const suivant = byRole(root, 'button', 'Suivant').getBoundingClientRect();
    expect(barTotal.left).to.be.at.least(previous.right);
    expect(barTotal.right).to.be.at.most(suivant.left);
    expect(Math.abs(barTotal.top + barTotal.height / 2 - (suivant.top + suivant.height / 2))).to.be.below(12);
    expect(
      root.elementFromPoint(previous.left + previous.width / 2, previous.top + previous.height / 2)?.closest('button')?.textContent,
    ).to.contain('Précédent');
    const notes = [...root.querySelectorAll('.banner')].filter((banner) => /vol d’oiseau/.test(banner.textContent ?? ''));
    expect(notes).to.have.length(1);
    expect(textOf(notes[0]!)).to.match(/ligne droite entre les adresses majorée de 50 %/);
    expect(textOf(root.querySelector('.price-coverage')!)).to.equal(
      'Le prix comprend le véhicule avec son chauffeur et 2 manutentionnaires pendant 1 h.',
    );
  });

  it('S165 objects carried at street level add no handling (spec §9: floor multiplier 0): the estimate says what the price covers', async () => {
    const street = STOPS.map((stop) => ({ ...stop, floor: -1, elevator: false }));
    const root = await mountWizard({ company: { preferred_items: PREFERRED }, travel: { stops: street } });
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    const coverage = await waitUntil(() => root.querySelector('.price-coverage'), 'no coverage line', { timeout: 6000 }).then(() =>
      textOf(root.querySelector('.price-coverage')!),
    );
    expect(coverage).to.equal(
      'Le prix comprend le véhicule avec son chauffeur. Vos objets sont chargés et déchargés au pied du véhicule, sans manutention : indiquez l’étage de chaque adresse pour qu’elle soit comptée.',
    );
  });

  it('S041 S160 the lite’s Prix shows the customer’s distance and the one duration; the driver’s round trip is labelled as such', async () => {
    const el = createQuoteElement('transport-quote-lite');
    el.id = uniqueId('lite');
    el.setAttribute('api-base', await apiBase());
    el.setAttribute('maps-provider', 'local');
    el.innerHTML = `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS, items: [{ name: 'Caisse', volume: 3 }] })}</script>`;
    (await fixture(html`<div></div>`)).append(el);
    const root = el.shadowRoot!;
    await findByRole(root, 'tablist', 'Étapes du devis');
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    (await findByRole(root, 'button', 'Suivant', 6000)).click();
    await waitUntil(() => root.querySelector('.facts'), 'no Prix figures', { timeout: 6000 });
    const { roadKm, driveSeconds } = straightLine();
    // The driver's route is the customer's plus the straight way back (spec §9): twice the distance here.
    const facts = textOf(root.querySelector('.facts')!);
    expect(facts).to.contain(`Distance${km(roadKm)}`);
    expect(facts).to.contain(`Trajet du chauffeur, retour compris${km(2 * roadKm)}`);
    // The same whole duration as the wizard's: a 3 m³ crate without a handling time takes 0.25 h a m³, carried from
    // the 3rd floor (× 1.1) to the ground floor (× 1): 0.75 × 1.05 h, billed by the half hour as 1 h.
    expect(facts).to.contain(`Durée totale${duration(driveSeconds + 3600 + 2 * 5 * 60)}`);
    expect(facts).not.to.contain('Durée de conduite');
    // One word per thing across both elements (UX §7.4): the wizard's 'Manutention', not a second name for it.
    expect(facts).to.contain('Manutention');
    expect(facts).not.to.contain('Forfait de manutention');
    expect(textOf(root)).not.to.contain('≈');
    // On a phone the terms keep their words whole beside the figures.
    await setViewport({ width: 375, height: 812 });
    await waitUntil(() => {
      const term = [...root.querySelectorAll('.facts dt')].find((dt) => dt.textContent === 'Distance')!;
      return term.getBoundingClientRect().width > 80;
    }, 'the term ‘Distance’ squeezed to a column of letters');
  });
});

describe('nothing under the action bar (issue 32, WCAG 2.4.11)', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  for (const width of [375, 1280]) {
    it(`S018 at ${width} px an address typed just above the bar: the field and its whole suggestion list end above the bar`, async () => {
      await setViewport({ width, height: width === 375 ? 812 : 800 });
      const spacer = document.createElement('div');
      spacer.style.height = '1200px';
      document.body.prepend(spacer);
      try {
        const el = createQuoteElement('transport-quote-wizard');
        el.id = uniqueId('bar');
        el.setAttribute('api-base', await apiBase());
        el.setAttribute('maps-provider', 'local');
        (await fixture(html`<div style="padding-bottom: 1200px"></div>`)).append(el);
        const root = el.shadowRoot!;
        await findByRole(root, 'heading', 'Vos adresses');
        const field = byRole<HTMLInputElement>(root, 'combobox', 'Adresse 2');
        const bar = root.querySelector('.action-bar')!;
        // The page scrolled so that the field sits right above the sticky bar, where a thumb leaves it.
        // (The stop's times come in a chunk of their own and make the card taller: scrolled again until it holds.)
        const gap = () => field.getBoundingClientRect().bottom - (bar.getBoundingClientRect().top - 4);
        await waitUntil(
          () => {
            window.scrollBy(0, gap());
            return Math.abs(gap()) < 2 && allLiveRegions(root, 'status', 'Chargement…').length === 0;
          },
          'the field could not be brought above the bar',
          { timeout: 6000 },
        );
        field.focus();
        type(field, '3 place Bellecour 69002 Lyon');
        const list = await findByRole(root, 'listbox', 'Suggestions pour Adresse 2', 5000);
        await waitUntil(() => allByRole(list, 'option').length > 0, 'no suggestion', { timeout: 5000 });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const barTop = bar.getBoundingClientRect().top;
        expect(list.getBoundingClientRect().bottom).to.be.at.most(barTop);
        expect(field.getBoundingClientRect().top).to.be.at.least(0);
        expect(list.getBoundingClientRect().height).to.be.at.least(48);
      } finally {
        spacer.remove();
      }
    });
  }

  it('S018 at 375 px a verified address that gets focus comes up with its ‘Adresse vérifiée’ line, not half under the bar', async () => {
    await setViewport({ width: 375, height: 812 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    const field = byRole<HTMLInputElement>(root, 'combobox', 'Adresse 2');
    const verifiedLine = field.closest('.combobox')!.querySelector('.resolved')!;
    const bar = root.querySelector('.action-bar')!;
    const gap = () => field.getBoundingClientRect().bottom - (bar.getBoundingClientRect().top - 4);
    await waitUntil(
      () => {
        window.scrollBy(0, gap());
        return Math.abs(gap()) < 2 && allLiveRegions(root, 'status', 'Chargement…').length === 0;
      },
      'the field could not be brought above the bar',
      { timeout: 6000 },
    );
    expect(verifiedLine.getBoundingClientRect().bottom).to.be.above(bar.getBoundingClientRect().top);
    field.focus();
    await waitUntil(
      () => verifiedLine.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top,
      'the verified line stays under the bar',
    );
  });
});

describe('when, first (issue 32)', () => {
  it('S079 S034 the customer’s date is asked at the top of the addresses, moves every stop, and is the one Finalisation shows', async () => {
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    const date = await findByRole<HTMLSelectElement>(root, 'combobox', 'Date du transport', 6000);
    const firstAddress = byRole(root, 'combobox', 'Adresse 1');
    // Before any address, in the page's order.
    expect(date.compareDocumentPosition(firstAddress) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    choose(date, dayAfterToday(3));
    // The test clock is a Monday: three days on is a Thursday.
    const second = await findByRole<HTMLSelectElement>(root, 'combobox', 'Jour de l’adresse 2');
    const moved = `Même jour · ${shortFrenchDay(dayAfterToday(3))}`;
    expect(moved).to.match(/^Même jour · jeu\. /);
    await waitUntil(() => second.options[0]?.text === moved, `stop 2 not moved: ${second.options[0]?.text}`, {
      timeout: 4000,
    });
    expect(second.options[1]!.text).to.equal(`Le lendemain · ${shortFrenchDay(dayAfterToday(4))}`);
    await next(root, 'Vos objets');
    byRole(root, 'button', 'Ajouter : Canapé 3 places').click();
    await next(root, 'Votre estimation');
    await next(root, 'Finalisation');
    expect(byRole<HTMLSelectElement>(root, 'combobox', 'Date du transport').value).to.equal(dayAfterToday(3));
  });
});

/** The rows the action bar takes: its visible parts, a new row wherever one starts below all those before it. */
function barRows(root: ShadowRoot): number {
  const boxes = [...root.querySelector('.action-bar')!.children]
    .map((part) => part.getBoundingClientRect())
    .filter((box) => box.height > 0)
    .sort((a, b) => a.top - b.top);
  let rows = 0;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const box of boxes) {
    if (box.top >= bottom - 1) rows += 1;
    bottom = Math.max(bottom, box.bottom);
  }
  return rows;
}

describe('Finalisation for a private customer, and a bar of two rows at most (issue 32)', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('S086 S090 a visitor gives ‘Nom et prénom’, no reference, and reads under the bar that nothing is paid now', async () => {
    await setViewport({ width: 375, height: 812 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await toFinalisation(root);
    expect(allByRole(root, 'textbox', 'Nom et prénom')).to.have.length(1);
    expect(allByRole(root, 'textbox', 'Référence (facultatif)')).to.have.length(0);
    const bar = root.querySelector('.action-bar')!;
    expect(textOf(bar)).to.contain('Aucun paiement maintenant : le transporteur confirme votre réservation.');
    // Two lines at most beside the total on a phone, the rest of the sentence read out but not shown.
    expect(bar.querySelector('.bar-note')!.getBoundingClientRect().height).to.be.at.most(2 * 14 * 1.5 + 1);
    byRole(root, 'button', 'Enregistrer').click();
    // The summary names the field as the form does; the spec's message stays word for word (§5).
    await findLiveRegion(root, 'alert', /Nom et prénom : Ce champ doit contenir le nom du contact !/, 4000);
    expect(barRows(root)).to.be.at.most(2);
  });

  it('S030 S114 company Finalisation at 375 px: ‘Référence’ shown, the bar in two rows, ‘Dupliquer’ away from ‘Enregistrer’', async () => {
    await setViewport({ width: 375, height: 812 });
    const root = await mountWizard({ company: { company_mode: true, preferred_items: PREFERRED } });
    await toFinalisation(root);
    expect(allByRole(root, 'textbox', 'Nom du contact')).to.have.length(1);
    expect(allByRole(root, 'textbox', 'Référence (facultatif)')).to.have.length(1);
    expect(textOf(root.querySelector('.action-bar')!)).not.to.contain('Aucun paiement');
    const duplicate = byRole(root, 'button', 'Dupliquer').getBoundingClientRect();
    const save = byRole(root, 'button', 'Enregistrer').getBoundingClientRect();
    const previous = byRole(root, 'button', 'Précédent').getBoundingClientRect();
    expect(barRows(root)).to.be.at.most(2);
    // 'Dupliquer' on the total's row, the main action with 'Précédent' on the row under it.
    expect(duplicate.bottom).to.be.at.most(save.top);
    expect(Math.abs(previous.top - save.top)).to.be.below(2);
  });

  it('S009 an empty Objets step at 375 px: what is missing beside the total, two rows in all', async () => {
    await setViewport({ width: 375, height: 812 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await next(root, 'Vos objets');
    await findByRole(root, 'button', 'Ajoutez au moins un objet', 4000);
    await waitUntil(() => textOf(root.querySelector('.action-bar')!).includes('Total TTC'), 'no total in the bar', { timeout: 6000 });
    expect(barRows(root)).to.be.at.most(2);
  });
});

describe('one way of writing addresses (issue 32, UX §7)', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('the recap and the aside write ‘10 Rue de Rivoli, 75004 Paris’ held together, and no bare ‘· Rue’', async () => {
    await setViewport({ width: 1280, height: 800 });
    const street = STOPS.map((stop, index) => (index === 0 ? { ...stop, floor: -1, elevator: false } : stop));
    const root = await mountWizard({ company: { preferred_items: PREFERRED }, travel: { stops: street } });
    const aside = await waitUntil(() => root.querySelector('.trip-summary'), 'no aside', { timeout: 6000 }).then(() =>
      root.querySelector('.trip-summary')!,
    );
    // The postcode and the town joined by a no-break space, after a comma.
    await waitUntil(() => (aside.textContent ?? '').includes('10 Rue de Rivoli, 75004\u00a0Paris'), `aside: ${aside.textContent}`, {
      timeout: 6000,
    });
    await toFinalisation(root);
    const recap = root.querySelector('.recap')!;
    expect(recap.textContent).to.contain('10 Rue de Rivoli, 75004\u00a0Paris');
    expect(recap.textContent).to.contain('3 Place Bellecour, 69002\u00a0Lyon');
    expect(textOf(recap)).not.to.match(/· Rue(\s|$)/);
    expect(textOf(recap)).to.contain('au niveau de la rue');
  });

  it('S007 the success panel writes its addresses the same way, and never breaks ‘ci-dessous’ across two lines', async () => {
    await setViewport({ width: 375, height: 812 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await toFinalisation(root);
    await fillCustomer(root);
    byRole(root, 'button', 'Enregistrer').click();
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    const success = root.querySelector('.success')!;
    expect(success.textContent).to.contain('10 Rue de Rivoli, 75004\u00a0Paris');
    const held = [...success.querySelectorAll('.nowrap')].find((span) => span.textContent === 'ci-dessous');
    expect(held, 'ci-dessous not held on one line').to.not.equal(undefined);
    expect(getComputedStyle(held!).whiteSpace).to.equal('nowrap');
    // In the sentence's column, not in the list's number column.
    const item = held!.closest('li')!.getBoundingClientRect();
    expect(held!.getBoundingClientRect().left).to.be.at.least(item.left + 28);
  });
});

describe('a success that reassures (issue 32)', () => {
  it('issue 52: when the server says no confirmation e-mail will come, the success panel says so and what to keep; not otherwise', async () => {
    // The server's word on the e-mail, as its answer to the POST gives it (server/test/api/mail-abuse.test.ts proves when it says which).
    const saying =
      (word: string): typeof fetch =>
      async (input, init) => {
        const response = await window.fetch(input, init);
        if (!String(input).includes('/api/v1/travels') || (init?.method ?? 'GET') !== 'POST') return response;
        const answer = await response.json();
        return new Response(JSON.stringify({ ...answer, confirmation_email: word }), {
          status: response.status,
          headers: response.headers,
        });
      };
    const notes = {
      withheld: 'Aucun e-mail de confirmation ne vous sera envoyé : cette adresse en a déjà reçu plusieurs aujourd’hui.',
      none: 'Aucun e-mail de confirmation ne vous sera envoyé.',
    };
    for (const word of ['withheld', 'none', 'sent'] as const) {
      giveElementsFetch(saying(word));
      try {
        const root = await mountWizard({ company: { preferred_items: PREFERRED } });
        await toFinalisation(root);
        await fillCustomer(root, dayAfterToday(1));
        byRole(root, 'button', 'Enregistrer').click();
        await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
        const note = root.querySelector('.success [role="note"]');
        if (word === 'sent') {
          expect(note, 'no note when the e-mail leaves').to.equal(null);
          continue;
        }
        expect(textOf(note!)).to.contain(notes[word]);
        expect(textOf(note!)).to.contain('Notez le numéro de votre réservation et gardez le lien ci-dessous pour la retrouver.');
        await expect(root.querySelector('.success')).to.be.accessible();
      } finally {
        giveElementsFetch(null);
      }
    }
  });

  it('S007 the success panel says how to reach the carrier and offers ‘Ajouter à mon agenda’, an .ics of the booking', async () => {
    const carrier = { name: 'Transports Martin & Fils', phone_number: '0123456789', email: 'contact@martin.example' };
    const root = await mountWizard({ company: { preferred_items: PREFERRED, transportation_company: carrier } });
    await toFinalisation(root);
    await fillCustomer(root, dayAfterToday(1));
    byRole(root, 'button', 'Enregistrer').click();
    await findByRole(root, 'heading', 'Votre réservation est enregistrée !', 6000);
    const success = root.querySelector('.success')!;
    const card = byRole(success, 'region', 'Transports Martin & Fils');
    expect(textOf(card)).to.contain('Vous répond par téléphone ou par e-mail.');
    expect(byRole<HTMLAnchorElement>(success, 'link', '01 23 45 67 89').href).to.equal('tel:0123456789');
    expect(byRole<HTMLAnchorElement>(success, 'link', 'contact@martin.example').href).to.equal('mailto:contact@martin.example');
    const add = byRole<HTMLAnchorElement>(success, 'link', 'Ajouter à mon agenda');
    const number = /n°\s*(\d+)/.exec(textOf(success))![1]!;
    expect(add.download).to.equal(`reservation-${number}.ics`);
    const ics = decodeURIComponent(add.href.replace(/^data:text\/calendar;charset=utf-8,/, ''));
    // The next day at 9:00 in Paris, written in UTC (8:00 in winter, 7:00 in summer); the event lasts
    // the estimate's whole duration: the straight line at 80 km/h, 1 h of handling, 2 × 5 min on site.
    const { driveSeconds } = straightLine();
    const start = parisInstant(dayAfterToday(1), '09:00');
    const end = new Date(start.getTime() + Math.round((driveSeconds + 3600 + 600) / 60) * 60_000);
    const stamp = (date: Date) =>
      date
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z');
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).to.match(/^BEGIN:VCALENDAR\r\n/);
    expect(unfolded).to.contain(`DTSTART:${stamp(start)}\r\n`);
    expect(unfolded).to.contain(`DTEND:${stamp(end)}\r\n`);
    expect(unfolded).to.contain(`UID:reservation-${number}@`);
    expect(unfolded).to.contain('LOCATION:10 Rue de Rivoli\\, 75004\u00a0Paris\r\n');
    // Every physical line holds 75 octets at most (RFC 5545 §3.1).
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).to.be.at.most(75);
  });
});

describe('layouts that hold (issue 32)', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('S018 the lite’s times at 1280 px: one row across the card, whole labels, fields on one line', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = createQuoteElement('transport-quote-lite');
    el.setAttribute('api-base', await apiBase());
    el.setAttribute('maps-provider', 'local');
    el.innerHTML = `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS })}</script>`;
    (await fixture(html`<div style="width: 1000px"></div>`)).append(el);
    const root = el.shadowRoot!;
    const day = await findByRole<HTMLSelectElement>(root, 'combobox', 'Jour de l’adresse 1', 6000);
    const time = byRole<HTMLSelectElement>(root, 'combobox', 'Heure souhaitée à l’adresse 1');
    const minutes = byRole<HTMLInputElement>(root, 'textbox', 'Minutes sur place à l’adresse 1');
    const card = day.closest('.stop')!.getBoundingClientRect();
    const boxes = [day, time, minutes].map((control) => control.getBoundingClientRect());
    // On one line, bottom-aligned, and together as wide as most of the card.
    for (const box of boxes) expect(Math.abs(box.bottom - boxes[0]!.bottom)).to.be.below(1);
    expect(boxes[2]!.right - boxes[0]!.left).to.be.above(0.8 * card.width);
    // 'Indifférent' whole in its select (its text narrower than the select), 'Minutes sur place' on one line.
    expect(time.scrollWidth).to.be.at.most(time.clientWidth);
    const label = minutes.closest('label')!;
    expect(label.getBoundingClientRect().height - minutes.getBoundingClientRect().height).to.be.below(30);
  });

  it('S086 S087 Finalisation at 1280 px: ‘Téléphone’ in line with ‘Nom et prénom’, before and after a refused save', async () => {
    await setViewport({ width: 1280, height: 800 });
    const root = await mountWizard({ company: { preferred_items: PREFERRED } });
    await toFinalisation(root);
    const inLine = () => {
      const name = byRole(root, 'textbox', 'Nom et prénom');
      const phone = byRole(root, 'textbox', 'Téléphone');
      const [nameLabel, phoneLabel] = [name, phone].map((field) =>
        field.closest('.field')!.querySelector('label')!.getBoundingClientRect(),
      );
      expect(Math.abs(name.getBoundingClientRect().top - phone.getBoundingClientRect().top)).to.be.below(1);
      expect(Math.abs(nameLabel!.top - phoneLabel!.top)).to.be.below(1);
    };
    inLine();
    byRole(root, 'button', 'Enregistrer').click();
    await findLiveRegion(root, 'alert', /Nom et prénom : Ce champ doit contenir le nom du contact !/, 4000);
    inLine();
  });

  it('the chips row cut by a phone’s edge fades there, and no longer once scrolled to its end', async () => {
    await setViewport({ width: 375, height: 812 });
    const preferred = ['Carton standard', 'Canapé 3 places', 'Réfrigérateur', 'Machine à laver', 'Table basse'].map((name, id) => ({
      id: id + 1,
      name,
      volume: 0.5,
    }));
    const root = await mountWizard({ company: { preferred_items: preferred } });
    await next(root, 'Vos objets');
    const chips = byRole(root, 'group', 'Objets fréquents');
    expect(chips.scrollWidth).to.be.above(chips.clientWidth);
    await waitUntil(() => getComputedStyle(chips).maskImage.includes('gradient'), 'no fade at the cut edge');
    expect(chips.dataset.more).to.equal('end');
    chips.scrollLeft = chips.scrollWidth;
    await waitUntil(() => chips.dataset.more === 'start', `still marked: ${chips.dataset.more}`);
    await setViewport({ width: 800, height: 600 });
    // Wider, the chips wrap: nothing is cut, nothing fades.
    await waitUntil(() => getComputedStyle(chips).maskImage === 'none', 'a fade on a row that wraps', { timeout: 3000 });
  });
});

describe('a lighter first panel; moves that read as moves (issue 32)', () => {
  afterEach(async () => setViewport({ width: 800, height: 600 }));

  it('S013 S015 S016 S017 company mode at 375 px, four stops: each card header on one row, its move buttons drawn as arrows', async () => {
    await setViewport({ width: 375, height: 812 });
    const stops = [
      { ...STOPS[0], label: 'Entrepôt principal de Saint-Denis' },
      { ...STOPS[1], label: 'Agence Lyon Bellecour' },
      { ...STOPS[0], type: 'pickup', label: 'Bureau de Paris' },
      { ...STOPS[1], type: 'dropoff' },
    ];
    const root = await mountWizard({ company: { company_mode: true }, travel: { stops } });
    const heads = await waitUntil(() => root.querySelectorAll('.stop-head').length === 4, 'not four stops').then(() => [
      ...root.querySelectorAll<HTMLElement>('.stop-head'),
    ]);
    for (const head of heads) {
      const tops = [...head.children].map((part) => part.getBoundingClientRect()).filter((box) => box.height > 0);
      const first = Math.min(...tops.map((box) => box.top));
      // Every part of the header starts on its first row (nothing wrapped under it), and stays in the card.
      for (const box of tops) expect(box.top - first).to.be.below(20);
      // The task's name whole on one line ('Enlèvement', never 'Enlève / ment').
      const title = head.querySelector('.stop-title, .task-select');
      if (title) expect(title.getBoundingClientRect().height).to.be.below(2 * 18 * 1.25);
      expect(head.scrollWidth).to.be.at.most(head.clientWidth + 1);
    }
    const up = byRole(root, 'button', 'Monter l’adresse 2');
    // A shaft and a head, not a chevron: the icon's first stroke is the arrow's shaft.
    expect(up.querySelector('path')!.getAttribute('d')).to.equal('M5 12h14');
    expect(byRole(root, 'button', 'Descendre l’adresse 2').querySelector('path')!.getAttribute('d')).to.equal('M5 12h14');
  });

  it('S082 the window switch comes after the stops, saying what it does in a customer’s words', async () => {
    const root = await mountWizard();
    const toggle = await findByRole(root, 'switch', 'Créneaux horaires');
    const lastAddress = byRole(root, 'combobox', 'Adresse 2');
    expect(lastAddress.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(textOf(toggle.closest('label')!)).to.contain('Pour chaque adresse, une heure au plus tôt et une heure au plus tard');
  });

  it('S018 at 375 × 812 a two-stop trip shows both address fields above the bar on the first screen', async () => {
    await setViewport({ width: 375, height: 812 });
    const el = createQuoteElement('transport-quote-wizard');
    el.setAttribute('api-base', await apiBase());
    el.setAttribute('maps-provider', 'local');
    (await fixture(html`<div></div>`)).append(el);
    const root = el.shadowRoot!;
    await findByRole(root, 'heading', 'Vos adresses');
    await waitUntil(() => allLiveRegions(root, 'status', 'Chargement…').length === 0, 'times still loading', { timeout: 6000 });
    window.scrollTo(0, 0);
    const bar = root.querySelector('.action-bar')!;
    const second = byRole(root, 'combobox', 'Adresse 2');
    expect(second.getBoundingClientRect().bottom).to.be.at.most(bar.getBoundingClientRect().top);
    // The floor select keeps the card's width ('Rez-de-chaussée' whole), the lift on the label's line above it.
    const floor = byRole(root, 'combobox', 'Étage de l’adresse 1').getBoundingClientRect();
    const lift = byRole(root, 'checkbox', 'Ascenseur à l’adresse 1').getBoundingClientRect();
    expect(floor.width).to.be.above(0.8 * root.querySelector('.stop')!.getBoundingClientRect().width);
    expect(lift.bottom).to.be.at.most(floor.top);
    // The contacts fold with the times, and open with them.
    expect(allByRole(root, 'button', 'Ajouter un contact à l’adresse 1')).to.have.length(0);
    byRole(root, 'button', /^Horaires et contacts de l’adresse 1 : /).click();
    await findByRole(root, 'button', 'Ajouter un contact à l’adresse 1');
  });
});

describe('the lite’s Contacts step (issue 32)', () => {
  it('S032 no tabs inside the Contacts tab: the visitor’s details, then the contacts on site, and a refused save lands on the name', async () => {
    const el = createQuoteElement('transport-quote-lite');
    el.setAttribute('api-base', await apiBase());
    el.setAttribute('maps-provider', 'local');
    el.innerHTML = `<script type="application/json" data-store="travel">${JSON.stringify({ stops: STOPS, items: [{ name: 'Caisse', volume: 3 }] })}</script>`;
    (await fixture(html`<div></div>`)).append(el);
    const root = el.shadowRoot!;
    await findByRole(root, 'tablist', 'Étapes du devis');
    for (let step = 0; step < 3; step += 1) (await findByRole(root, 'button', 'Suivant', 6000)).click();
    const name = await findByRole<HTMLInputElement>(root, 'textbox', 'Nom et prénom', 6000);
    expect(allByRole(root, 'tablist', 'Informations de la réservation')).to.have.length(0);
    const contacts = byRole(root, 'heading', 'Contacts sur place');
    expect(name.compareDocumentPosition(contacts) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    byRole(root, 'button', 'Enregistrer').click();
    await waitUntil(() => root.activeElement === name, 'focus not on the first field in error', { timeout: 4000 });
  });
});

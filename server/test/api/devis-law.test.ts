// Issue 54: a devis the law would pass. A booking made on a public page and one made on an
// intranet page each give a devis (page and PDF) on which every mention of the arrêté of 27
// April 2010, art. 1, is found with the booking's own figures, computed here from spec §9
// (spec-prices.ts) and from the carrier's records as the demo sets them (demo/companies.ts);
// the carrier writes its mediator, its devis's validity and its general conditions in
// Réglages; a devis holds its price until its validity, and after it the customer gets a devis
// at today's price; 'Votre devis est-il complet ?' names what a carrier's records lack.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, fixtureStartInFrench, HANDLING_CENTS, LYON, PARIS, TRANSPORT_CENTS } from './booking-body.ts';
import { pdfPages, plain } from './pdf-text.ts';
import { htCents, straightRoute } from './spec-prices.ts';
import { startStripeStandIn, stripeEnvFor, type StripeStandIn } from './stripe-stand-in.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, startServer, withServerPrice, type TestServer } from './support.ts';

/** Stripe's stand-in (stripe-stand-in.ts): the deposit of a devis accepted days after it was made. */
const WEBHOOK_SECRET = 'whsec_devis_loi_0123456789';
const stripeEnv = (standIn: StripeStandIn) => stripeEnvFor(standIn, WEBHOOK_SECRET);

const CUSTOMER = {
  phone_number: '0612345678',
  email: 'amandine.lefort@exemple.fr',
  name: 'Amandine Lefort',
  address: '18 avenue Jean Jaurès, 69007 Lyon',
};
/** A visitor's own object besides the catalogue's sofa (2 m³): the load is 3,45 m³, printed as declared. */
const WARDROBE = { name: 'Armoire normande démontée', category: 'item' as const, volume: 1.45, quantity: 1 };

/** '1 190 €', '991,67 €' as the devis writes amounts. */
const euros = (cents: number) =>
  `${(cents / 100)
    .toFixed(2)
    .replace(/\.00$/, '')
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} €`;
const dayInWords = (day: DateTime) => {
  const words = day.setLocale('fr').toFormat('cccc d LLLL yyyy');
  return day.day === 1 ? words.replace(/ 1 /, ' 1er ') : words;
};

/** Every mention of art. 1 (and what the consumer code adds), for a booking of this suite's body. */
function mentions({ publicPage }: { publicPage: boolean }): string[] {
  const km = Math.round(straightRoute([PARIS, LYON]).customer.km);
  const today = DateTime.now().setZone('Europe/Paris');
  const total = TRANSPORT_CENTS + HANDLING_CENTS;
  return [
    // The carrier's references (Réglages, Entreprise; the demo's Transports Martin & Fils).
    'Transports Martin & Fils',
    'SAS au capital de 50 000 €',
    'RCS Bobigny 812 345 678',
    'Registre des entreprises de transport : n° 2026 11 0004512',
    'SIRET 812 345 678 00013',
    '12 rue des Docks, 93200 Saint-Denis',
    'Assurance responsabilité civile professionnelle : Mutuelle des Transporteurs (démonstration), contrat n° RC-2026-004512',
    // The customer's name and postal address.
    CUSTOMER.name,
    CUSTOMER.address,
    // The date of the move, the loading and delivery places, the outbound distance.
    `Le ${fixtureStartInFrench()}`,
    'Chargement · 10 Rue de Rivoli 75004 Paris',
    'Livraison · 3 Place Bellecour 69002 Lyon',
    `Distance aller : ${km} km`,
    // The date the devis was made, and until when it holds (the carrier's 30 days).
    `établi le ${dayInWords(today)}`,
    `Devis valable jusqu’au ${dayInWords(today.plus({ days: 30 }))}`,
    // The volume as declared (2 + 1,45 m³), never rounded down.
    'Volume du mobilier : 3,45 m³',
    // The type of trip and the exact service.
    'Type de voyage : voyage spécial',
    'Manutention : 2 manutentionnaires, 2 h',
    'Emballage et démontage du mobilier : par le client',
    '1 × Canapé 3 places',
    `1 × ${WARDROBE.name}`,
    // The procedure for reserves (art. 3, and L224-63).
    'inscrire vos réserves sur la lettre de voiture',
    'dix jours calendaires',
    'article 3',
    // Precise payment terms.
    `Le prix, ${euros(total)} TTC, est dû à la fin du déménagement`,
    'Solde par virement, chèque ou carte bancaire à la livraison',
    // The carrier's liability and how to claim it, the mediator included.
    'Notre responsabilité couvre la perte et les avaries des biens confiés',
    'vous pouvez saisir gratuitement le médiateur Médiation des déménageurs (démonstration) (https://www.mediation-demenagement.example, 1 rue de la Médiation, 75001 Paris)',
    // HT and TTC, and the price said final.
    euros(htCents(TRANSPORT_CENTS)),
    euros(TRANSPORT_CENTS),
    euros(htCents(HANDLING_CENTS)),
    euros(HANDLING_CENTS),
    euros(total),
    'Ce prix est définitif : le déménageur ne peut facturer aucun frais supplémentaire, sauf si les termes de ce devis sont modifiés d’un commun accord.',
    // A consumer is told plainly that no withdrawal right applies, and why (L221-28, 12°).
    ...(publicPage ? ['il n’ouvre pas de droit de rétractation (code de la consommation, articles L221-28, 12°, et L221-5)'] : []),
  ];
}

async function book(server: TestServer, extra: Record<string, unknown> = {}) {
  const body = bookingBody({ customer: CUSTOMER, ...extra });
  body.items = [...body.items, WARDROBE];
  const created = await json(server.base, 'POST', '/api/v1/travels', { body: await withServerPrice(server.base, body) });
  assert.equal(created.status, 201, created.text);
  return created.data as { id: number; token: string };
}

const pageText = (html: string) =>
  plain(
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&rsquo;/g, '’'),
  );

describe(`a devis the law would pass (issue 54), on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  for (const publicPage of [true, false])
    it(`every mention of the arrêté of 27 April 2010, art. 1, on the page and the PDF of a booking made on ${publicPage ? 'a public page' : 'an intranet page'}`, async () => {
      const booking = await book(server, publicPage ? {} : { company_token: DEMO_COMPANY_TOKEN });
      const query = new URLSearchParams({ token: booking.token });
      const page = pageText(await (await fetch(`${server.base}/devis/${booking.id}?${query}`)).text());
      const pdf = (await pdfPages(Buffer.from(await (await fetch(`${server.base}/devis/${booking.id}.pdf?${query}`)).arrayBuffer()))).join(
        ' ',
      );
      for (const mention of mentions({ publicPage })) {
        assert.ok(page.includes(plain(mention)), `« ${mention} » missing from the page`);
        assert.ok(pdf.includes(plain(mention)), `« ${mention} » missing from the PDF`);
      }
      if (!publicPage)
        assert.ok(!page.includes('droit de rétractation'), 'a business customer’s devis says nothing of the consumer’s withdrawal');
      // The general conditions the product holds for the carrier: linked by the page, the PDF's annex.
      assert.match(page, /Ce devis est accompagné des conditions générales du transporteur, qui en font partie/);
      assert.ok(pdf.includes(plain('Annexe : conditions générales')), 'the annex');
      assert.ok(
        pdf.includes(plain('Le prix indiqué au devis, hors taxes et toutes taxes comprises, est définitif')),
        'the conditions’ text in the annex',
      );
    });
});

const DUPONT_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';
/** Dupont's references as its administrator types them in Réglages, Entreprise. */
const DUPONT = {
  name: 'Déménagements Dupont',
  legal_name: 'Dupont et Fils SARL',
  legal_form: 'SARL au capital de 8 000 €',
  trade_register: 'RCS Bordeaux 552 100 554',
  transport_register: 'n° 2019 75 0001234, Nouvelle-Aquitaine',
  registration: '',
  siret: '55210055400013',
  address: '8 rue de l’Industrie\n33000 Bordeaux',
  phone_number: '05 56 00 11 22',
  email: 'contact@demenagements-dupont.example',
  insurer: 'Assurances du Sud-Ouest',
  insurance_policy: 'RC 55-7781',
  payment_terms: 'Solde par virement à la livraison.',
  liability_terms: 'Valeur déclarée du mobilier : 20 000 € au plus.',
  devis_validity_days: '15',
  terms_url: '',
  mediator_name: 'CMAP Consommation',
  mediator_website: 'https://www.cmap.example',
  mediator_address: '39 avenue Franklin Roosevelt\n75008 Paris',
  brand_color: '',
};
const DUPONT_TERMS = 'Conditions générales de Dupont\n\nArticle 1. Nos devis valent quinze jours.';

describe(`what a carrier writes for its devis, and a devis past its validity (issue 54), on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  let standIn: StripeStandIn;
  before(async () => {
    standIn = await startStripeStandIn();
    server = await startServer(undefined, 0, stripeEnv(standIn));
  });
  after(async () => {
    await server?.stop();
    await standIn?.close();
  });

  const devisPage = async (booking: { id: number; token: string }) =>
    (await fetch(`${server.base}/devis/${booking.id}?${new URLSearchParams({ token: booking.token })}`)).text();
  const post = async (path: string, fields: Record<string, string>) => {
    const response = await fetch(`${server.base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, html: await response.text() };
  };
  const accept = (booking: { id: number; token: string }, hash: string) =>
    post(`/devis/${booking.id}/accord`, { token: booking.token, empreinte: hash, nom: 'Amandine Lefort', cgv: 'oui', valeur: 'oui' });
  const shownHash = (html: string) => /name="empreinte" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? '';

  it('the mediator, the validity and the general conditions a carrier writes are on its devis; until then its first page says the devis is incomplete', async () => {
    const office = await new BackOffice(server.base).signInAs(2);
    // The demo's Dupont has a name and nothing else: its devis lacks most mentions, and it is told so.
    assert.match((await office.get('/espace-transporteur/reservations')).text, /Votre devis est incomplet/);
    const before = (await office.get('/espace-transporteur/reglages/devis-complet')).text;
    for (const mention of [
      'Médiateur de la consommation',
      'Inscription au registre des entreprises de transport',
      'Conditions générales jointes au devis',
    ])
      assert.match(before, new RegExp(`${mention}[^]*?À compléter`));
    await office.get('/espace-transporteur/reglages/entreprise');
    assert.equal((await office.post('/espace-transporteur/reglages/entreprise', DUPONT)).status, 303);
    const terms = await office.get('/espace-transporteur/reglages/conditions-generales');
    // Nothing saved yet: the product's model, said to be a model to have checked.
    assert.match(terms.text, /Voici un modèle écrit pour ce logiciel, à adapter/);
    assert.match(terms.text, /Conditions générales de déménagement/);
    assert.equal((await office.post('/espace-transporteur/reglages/conditions-generales', { texte: DUPONT_TERMS })).status, 303);
    assert.doesNotMatch((await office.get('/espace-transporteur/reglages/devis-complet')).text, /À compléter/);
    assert.doesNotMatch((await office.get('/espace-transporteur/reservations')).text, /Votre devis est incomplet/);
    assert.match((await office.get('/espace-transporteur/reglages/journal')).text, /Conditions générales\u00a0: nouveau texte/);

    const body = bookingBody({ customer: CUSTOMER, price_grid: 'wizard' });
    const made = await json(server.base, 'POST', '/api/v1/travels', { body, headers: { 'x-carrier-key': DUPONT_KEY } });
    assert.equal(made.status, 201, made.text);
    const html = await devisPage(made.data);
    const text = pageText(html);
    const today = DateTime.now().setZone('Europe/Paris');
    for (const mention of [
      'SARL au capital de 8 000 €',
      'RCS Bordeaux 552 100 554',
      'Registre des entreprises de transport : n° 2019 75 0001234, Nouvelle-Aquitaine',
      `Devis valable jusqu’au ${dayInWords(today.plus({ days: 15 }))}`,
      'vous pouvez saisir gratuitement le médiateur CMAP Consommation (https://www.cmap.example, 39 avenue Franklin Roosevelt, 75008 Paris)',
    ])
      assert.ok(text.includes(plain(mention)), `« ${mention} » missing from the page`);
    // The conditions, linked, and readable by anyone.
    assert.match(html, /href="\/conditions-generales\/2">lire les conditions générales<\/a>/);
    const published = await (await fetch(`${server.base}/conditions-generales/2`)).text();
    assert.match(published, /<h2>Conditions générales de Dupont<\/h2>/);
    assert.match(published, /<p>Article 1\. Nos devis valent quinze jours\.<\/p>/);

    // Accepted, then the conditions change: the devis asks to be accepted again, its acceptance covered them.
    const accepted = await accept(made.data, shownHash(html));
    assert.equal(accepted.status, 303, accepted.html.slice(0, 300));
    assert.match(await devisPage(made.data), /Accepté le/);
    await office.get('/espace-transporteur/reglages/conditions-generales');
    await office.post('/espace-transporteur/reglages/conditions-generales', { texte: `${DUPONT_TERMS}\nArticle 2. Ajouté après.` });
    const again = await devisPage(made.data);
    assert.doesNotMatch(again, /class="accepted-line"/);
    assert.match(again, /name="empreinte"/);
  });

  it('a devis is accepted two days after it was made at its own price, and its deposit paid on that price; past its validity, the customer gets one at today’s price', async () => {
    // Martin asks 30 % of the total once the devis is accepted (Réglages, Acompte).
    const office = await new BackOffice(server.base).signInAs(1);
    await office.get('/espace-transporteur/reglages/acompte');
    const deposit = await office.post('/espace-transporteur/reglages/acompte', {
      acompte: 'pourcentage',
      pourcentage: '30',
      echeance: 'devis',
    });
    assert.equal(deposit.status, 303, deposit.text.slice(0, 300));
    // Booked on Martin's intranet (its company token), priced at spec §9's grid as the public pages are.
    const booking = await book(server, { company_token: DEMO_COMPANY_TOKEN });
    const price = (await json(server.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`)).data.travel;
    const [{ quote_id: quoteId }] = await server.query('SELECT quote_id FROM travels WHERE id = ?', [booking.id]);
    const madeAgo = async (days: number) => {
      const at = (date: DateTime) => date.toUTC().toISO();
      const made = DateTime.now().minus({ days });
      await server.query('UPDATE quotes SET created_at = ?, expires_at = ? WHERE id = ?', [
        at(made),
        at(made.plus({ minutes: 30 })),
        quoteId,
      ]);
    };
    // Two days on, its quote long expired: the devis holds, and is accepted as it stands.
    await madeAgo(2);
    const held = await devisPage(booking);
    assert.doesNotMatch(held, /Obtenir un devis à jour/);
    assert.equal((await accept(booking, shownHash(held))).status, 303);
    const kept = (await json(server.base, 'GET', `/api/v1/travels/${booking.id}?token=${booking.token}`)).data.travel;
    assert.deepEqual([kept.price_transportation, kept.price_handling], [price.price_transportation, price.price_handling]);
    // Its deposit, due once the devis is accepted (Martin asks 30 %), is paid on the devis's price: spec §9's total.
    const payment = await post(`/devis/${booking.id}/acompte?token=${encodeURIComponent(booking.token)}`, {});
    assert.equal(payment.status, 303, payment.html.slice(0, 300));
    const [session] = [...standIn.sessions.values()].filter((one) => one.metadata.travel_id === String(booking.id));
    assert.equal(session?.amount_total, Math.round(((TRANSPORT_CENTS + HANDLING_CENTS) * 30) / 100), 'the deposit on the devis’s price');
    standIn.pay(session!.id);
    const event = standIn.event('checkout.session.completed', session!, WEBHOOK_SECRET);
    const paid = await fetch(`${server.base}/paiements/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    });
    assert.deepEqual(await paid.json(), { received: true, outcome: 'acompte payé' });
    assert.ok(
      pageText(await devisPage(booking)).includes(plain(`Acompte de ${euros(session!.amount_total)} payé le`)),
      'paid, on the devis',
    );

    // Thirty-one days on (Martin gives 30): no acceptance, and why; a devis at today's price instead.
    const late = await book(server);
    const [{ quote_id: lateQuote }] = await server.query('SELECT quote_id FROM travels WHERE id = ?', [late.id]);
    const made = DateTime.now().minus({ days: 31 });
    await server.query('UPDATE quotes SET created_at = ?, expires_at = ? WHERE id = ?', [
      made.toUTC().toISO(),
      made.plus({ minutes: 30 }).toUTC().toISO(),
      lateQuote,
    ]);
    const expired = await devisPage(late);
    const ended = dayInWords(made.setZone('Europe/Paris').plus({ days: 30 }));
    assert.ok(pageText(expired).includes(plain(`Ce devis était valable jusqu’au ${ended} : le transporteur ne s’engage plus à son prix.`)));
    assert.doesNotMatch(expired, /name="empreinte"/);
    const refused = await post(`/devis/${late.id}/accord`, {
      token: late.token,
      empreinte: '0'.repeat(64),
      nom: 'Amandine Lefort',
      cgv: 'oui',
      valeur: 'oui',
    });
    assert.notEqual(refused.status, 303);
    assert.equal(Number((await server.query('SELECT COUNT(*) AS n FROM devis_acceptances WHERE travel_id = ?', [late.id]))[0].n), 0);
    const refreshed = await post(`/devis/${late.id}/actualiser`, { token: late.token });
    assert.equal(refreshed.status, 303, refreshed.html.slice(0, 300));
    const fresh = await devisPage(late);
    const text = pageText(fresh);
    assert.ok(text.includes(`établi le ${dayInWords(DateTime.now().setZone('Europe/Paris'))}`), 'made today');
    // Spec §9's price of the same trip, today as then.
    assert.ok(text.includes(plain(euros(TRANSPORT_CENTS + HANDLING_CENTS))));
    assert.equal((await accept(late, shownHash(fresh))).status, 303);
  });
});

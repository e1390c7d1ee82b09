// Issue 53: money is computed once and read everywhere. One booking of Martin's intranet with
// the carrier's options (Réglages, Options, as demo/companies.ts sets them), two cost lines (a
// parking permit and packing material, priced in the body), a deposit (Réglages, Acompte) and a
// counter-offer at another price accepted by the customer: the total TTC its inputs give,
// computed here by hand (spec §9, the options' settings, the cost lines' prices, the prices the
// carrier typed), is the one every surface shows, to the cent: the API's quote and booking, the
// carrier's new-booking alert, the customer's e-mails, the counter-offer, the back office's list,
// page and CSV, the booking.accepted webhook, the devis page and PDF, and Stripe Checkout's
// deposit. Each surface's figure is collected, then all are compared at once, so a failure names
// every surface that disagrees.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { TravelPayload } from 'transport-quote-wizard/domain';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, FIXTURE_DAY, HANDLING_CENTS, TRANSPORT_CENTS } from './booking-body.ts';
import { pdfPages, plain } from './pdf-text.ts';
import { startInbox } from './smtp-inbox.ts';
import { startStripeStandIn, stripeEnvFor, type StripeStandIn } from './stripe-stand-in.ts';
import { BUILT_DOMAIN, DATABASE_NAME, DEMO_COMPANY_TOKEN, type Domain, json, type Row, startServer, type TestServer } from './support.ts';
import { registerEndpoint, startReceiver, waitFor } from './webhook-receiver.ts';

const VAT = 0.2;
const WEBHOOK_SECRET = 'whsec_un_seul_total_0123456789';
const CUSTOMER_MAIL = 'helene.total@exemple.fr';
const MARTIN_MAIL = 'bureau@transports-martin.example';
const DEPOSIT_PERCENT = 30;

/**
 * Martin's options as demo/companies.ts sets them (euros HT), and the customer's choices: the
 * packing once, 25 boxes, the dismantling of each object of the inventory (the body's one sofa),
 * the insurance at 0,5 % of 15 000 € declared.
 */
const CHOICES = [{ id: 'emballage' }, { id: 'cartons', quantity: 25 }, { id: 'demontage' }, { id: 'assurance', declared_value: 15_000 }];
const INVENTORY_PIECES = 1;
const OPTIONS_HT_CENTS = [
  180 * 100, // Emballage et déballage: 180 € HT per move.
  350 * 25, // Cartons fournis: 3,50 € HT each.
  600 * INVENTORY_PIECES, // Démontage et remontage: 6 € HT per object.
  (15_000 * 100 * 0.5) / 100, // Assurance ad valorem: 0,5 % of the declared value.
];

/** The cost lines the body carries (spec §3: category cost or custom-cost, customPrice € HT per unit). */
const COST_LINES = [
  { name: 'Autorisation de stationnement (mairie)', category: 'cost' as const, customPrice: 45.5, quantity: 1, volume: 0 },
  { name: 'Papier bulle et adhésif', category: 'custom-cost' as const, customPrice: 12.35, quantity: 3, volume: 0 },
];

/** The prices the carrier types in its counter-offer (euros TTC, as a French carrier writes them), and in cents. */
const OFFER = { transport: '1 189,90', handling: '264,50' };
const OFFER_CENTS = { transport: 118_990, handling: 26_450 };

/** Every option's TTC, to the cent, at the carrier's VAT. */
const optionsCents = OPTIONS_HT_CENTS.reduce((sum, ht) => sum + Math.round(ht * (1 + VAT)), 0);
/** Spec §9 (S166): the cost lines' sum HT, times 1.2. */
const costsCents = Math.round(COST_LINES.reduce((sum, line) => sum + Math.round(line.customPrice * 100) * line.quantity, 0) * (1 + VAT));
/** The total TTC at creation: the grid's transport and handling (spec §9, booking-body.ts), the cost lines, the options. */
const TOTAL_AT_CREATION = TRANSPORT_CENTS + HANDLING_CENTS + costsCents + optionsCents;
/** The total TTC once the counter-offer is accepted: the carrier's transport and handling, the same cost lines and options. */
const TOTAL_AFTER_OFFER = OFFER_CENTS.transport + OFFER_CENTS.handling + costsCents + optionsCents;
const DEPOSIT_CENTS = Math.round((TOTAL_AFTER_OFFER * DEPOSIT_PERCENT) / 100);

/** '1 971,66 €', '2 048 €': cents as a French reader reads them (spaces normalised to plain ones). */
function frenchEuros(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const rest = cents % 100;
  return `${whole}${rest ? `,${String(rest).padStart(2, '0')}` : ''} €`;
}
/** '1971,66': a sum as the CSV writes it (decimal comma, two decimals, no thousands separator). */
const csvEuros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/** A page's visible text, its spaces of every kind plain. */
const pageText = (html: string) =>
  plain(
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&rsquo;/g, '’'),
  );
/** The first group of `pattern` in `text`, spaces normalised; '(absent)' when it is not found, so the comparison names it. */
const found = (text: string | null | undefined, pattern: RegExp) => {
  const match = pattern.exec(text ?? '');
  return match ? plain(match[1]!) : '(absent)';
};

/** A booking's row in a list page. */
const rowOf = (html: string, id: number) => html.split('<tr class="job">').find((part) => part.includes(`/reservations/${id}"`)) ?? '';

/** A CSV line's fields (semicolons, fields quoted with doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields;
}

/** What each surface shows, beside what the inputs give: compared all at once. */
class Surfaces {
  shown: Record<string, string | number> = {};
  expected: Record<string, string | number> = {};
  add(name: string, shown: string | number, expected: string | number) {
    this.shown[name] = shown;
    this.expected[name] = expected;
  }
  check(when: string) {
    assert.deepEqual(this.shown, this.expected, `${when}: every surface shows the total its inputs give`);
  }
}

/** The booking's total as the API's parts give it: transport, handling, and each line the company's prices and options add. */
const partsTotal = (booking: Row) =>
  booking.travel.price_transportation +
  booking.travel.price_handling +
  (booking.price_lines ?? []).reduce((sum: number, line: Row) => sum + line.amount, 0);

describe(`one total, to the cent, on every surface (issue 53), on ${DATABASE_NAME}: S130 S166 options, cost lines, a deposit and a counter-offer`, () => {
  let standIn: StripeStandIn;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: TestServer;
  let office: BackOffice;
  let booking: { id: number; token: string } | null = null;

  before(async () => {
    standIn = await startStripeStandIn();
    inbox = await startInbox();
    receiver = await startReceiver();
    server = await startServer(undefined, 0, {
      SMTP_URL: inbox.url,
      OUTBOX_POLL_MS: '100',
      OUTBOX_FIRST_RETRY_MS: '200',
      MAIL_TIMEOUT_MS: '2000',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_ALLOW_LOOPBACK: '1',
      ...stripeEnvFor(standIn, WEBHOOK_SECRET),
    });
    office = await new BackOffice(server.base).signInAs(1);
    // Martin's administrator: the new-booking alert, a webhook endpoint, 30 % of the total once the booking is accepted.
    await office.get('/espace-transporteur/compte/alertes');
    const alert = await office.post('/espace-transporteur/compte/alertes', { nouvelle_reservation: 'oui' });
    assert.equal(alert.status, 303, `the alert chosen: ${alert.text.slice(0, 300)}`);
    await registerEndpoint(office, receiver.url);
    await office.get('/espace-transporteur/reglages/acompte');
    const deposit = await office.post('/espace-transporteur/reglages/acompte', {
      acompte: 'pourcentage',
      pourcentage: String(DEPOSIT_PERCENT),
      echeance: 'reservation',
    });
    assert.equal(deposit.status, 303, `the deposit set: ${deposit.text.slice(0, 300)}`);
  });
  after(async () => {
    await server?.stop();
    await Promise.all([standIn?.close(), inbox?.close(), receiver?.close()]);
  });

  const readBooking = async (id: number, token: string) => {
    const read = await json(server.base, 'GET', `/api/v1/travels/${id}?token=${token}`);
    assert.equal(read.status, 200, read.text);
    return read.data;
  };
  const quoteTotal = async (quoteId: string) => {
    const quote = await json(server.base, 'GET', `/api/v1/quotes/${encodeURIComponent(quoteId)}`);
    assert.equal(quote.status, 200, quote.text);
    return quote.data.figures.total as number;
  };
  const mailTo = (address: string, subject: RegExp) => inbox.to(address).find((message) => subject.test(message.mail.subject ?? ''));
  const waitForMail = async (address: string, subject: RegExp, what: string) => {
    await waitFor(() => mailTo(address, subject), what);
    return plain(mailTo(address, subject)!.mail.text ?? '');
  };
  const bookingPageTotal = async (id: number) =>
    found(
      (await office.get(`/espace-transporteur/reservations/${id}`)).text,
      /<tr class="total"><th scope="row">Total[^<]*(?:<span[^>]*>[^<]*<\/span>)?<\/th><td>([^<]+) TTC<\/td>/,
    );

  it('at creation: the quote, the booking and its quote read back, the carrier’s alert, the customer’s confirmation and the booking page show the inputs’ total', async () => {
    const body = bookingBody({
      company_token: DEMO_COMPANY_TOKEN,
      customer: { name: 'Hélène Total', phone_number: '0612345678', email: CUSTOMER_MAIL },
      options: CHOICES,
    });
    body.items = [...body.items, ...COST_LINES];
    const surfaces = new Surfaces();

    // As the elements book: the server quotes the choices, the booking is saved with that quote.
    const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
    const quote = await json(server.base, 'POST', '/api/v1/quotes', {
      body: quoteRequestOfBooking(body as unknown as TravelPayload, 'wizard', null),
    });
    assert.equal(quote.status, 201, quote.text);
    assert.deepEqual(
      [quote.data.figures.price_transportation, quote.data.figures.price_handling],
      [TRANSPORT_CENTS, HANDLING_CENTS],
      'the grid’s transport and handling of spec §9',
    );
    surfaces.add('POST /api/v1/quotes: figures.total', quote.data.figures.total, TOTAL_AT_CREATION);
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: { ...body, quote_id: quote.data.id } });
    assert.equal(created.status, 201, created.text);
    booking = { id: created.data.id, token: created.data.token };
    const { id, token } = booking;

    const read = await readBooking(id, token);
    assert.equal(read.quote_id, quote.data.id, 'the booking keeps the quote it was shown');
    surfaces.add('GET /api/v1/travels/:id: its quote’s figures.total', await quoteTotal(read.quote_id), TOTAL_AT_CREATION);
    surfaces.add('GET /api/v1/travels/:id: transport + handling + price_lines', partsTotal(read), TOTAL_AT_CREATION);

    const alert = await waitForMail(MARTIN_MAIL, new RegExp(`^Nouvelle réservation n°\\s${id}$`), 'the new-booking alert');
    surfaces.add('new-booking alert e-mail (carrier)', found(alert, /Total : (.+?) TTC/), frenchEuros(TOTAL_AT_CREATION));
    const confirmation = await waitForMail(CUSTOMER_MAIL, /est enregistrée$/, 'the customer’s confirmation');
    surfaces.add('confirmation e-mail (customer)', found(confirmation, /Total : (.+?) TTC/), frenchEuros(TOTAL_AT_CREATION));
    // The deposit the devis will ask, announced with the booking (issue 55): the same share of the same total.
    surfaces.add(
      'confirmation e-mail (customer): the deposit',
      found(confirmation, new RegExp(`Acompte : Un acompte de (.+?) TTC \\(${DEPOSIT_PERCENT} % du total TTC\\)`)),
      frenchEuros(Math.round((TOTAL_AT_CREATION * DEPOSIT_PERCENT) / 100)),
    );
    surfaces.add('back office booking page, Total', await bookingPageTotal(id), frenchEuros(TOTAL_AT_CREATION));
    surfaces.check('at creation');
  });

  it('after the customer accepts the counter-offer: the API, the back office’s list, page and CSV, the webhook, the e-mails, the devis page and PDF, and the Stripe deposit show the new total', async () => {
    assert.ok(booking, 'the booking made at creation');
    const { id, token } = booking;
    const surfaces = new Surfaces();

    // The carrier proposes the next day at 8 h 30, at its own transport and handling.
    const day = DateTime.fromISO(FIXTURE_DAY, { zone: 'Europe/Paris' }).plus({ days: 1 });
    await office.get(`/espace-transporteur/reservations/${id}`);
    const sent = await office.post(`/espace-transporteur/reservations/${id}/contre-proposition`, {
      date: day.toFormat('dd/LL/yyyy'),
      heure: '8h30',
      transport: OFFER.transport,
      manutention: OFFER.handling,
    });
    assert.equal(sent.status, 201, sent.text.slice(0, 500));
    const jeton = /jeton=([\w-]+)/.exec(sent.text)?.[1];
    assert.ok(jeton, 'the counter-offer’s link shown to the carrier');
    const offerMail = await waitForMail(CUSTOMER_MAIL, /autre date$/, 'the counter-offer e-mail');
    surfaces.add('counter-offer e-mail (customer): proposed total', found(offerMail, /, pour (.+?) TTC\./), frenchEuros(TOTAL_AFTER_OFFER));
    const offerPage = await (await fetch(`${server.base}/contre-proposition/${id}?jeton=${jeton}`)).text();
    surfaces.add('counter-offer page: Prix demandé', found(offerPage, /Prix demandé<\/dt><dd>([^<]+) TTC/), frenchEuros(TOTAL_AT_CREATION));
    surfaces.add(
      'counter-offer page: Prix proposé',
      found(offerPage, /Prix proposé<\/dt><dd><strong>([^<]+) TTC/),
      frenchEuros(TOTAL_AFTER_OFFER),
    );

    const accepted = await fetch(`${server.base}/contre-proposition/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base, 'sec-fetch-site': 'same-origin' },
      body: `jeton=${jeton}`,
      redirect: 'manual',
    });
    assert.equal(accepted.status, 303, `the customer accepts: ${await accepted.text()}`);

    // The API: the booking at the carrier's price, accepted, and its quote.
    const read = await readBooking(id, token);
    assert.equal(read.state, 'accepted', 'accepted by the customer’s acceptance of the offer');
    assert.deepEqual(
      [read.travel.price_transportation, read.travel.price_handling],
      [OFFER_CENTS.transport, OFFER_CENTS.handling],
      'the prices the carrier typed',
    );
    surfaces.add('GET /api/v1/travels/:id: its quote’s figures.total', await quoteTotal(read.quote_id), TOTAL_AFTER_OFFER);
    surfaces.add('GET /api/v1/travels/:id: transport + handling + price_lines', partsTotal(read), TOTAL_AFTER_OFFER);

    // The back office: the list of every booking, the booking's page, the CSV.
    const list = (await office.get('/espace-transporteur/reservations?vue=toutes')).text;
    surfaces.add(
      'back office list (vue=toutes), Prix TTC',
      found(rowOf(list, id), /<td class="number total" data-label="Prix TTC">([^<]+)/),
      frenchEuros(TOTAL_AFTER_OFFER),
    );
    surfaces.add('back office booking page, Total', await bookingPageTotal(id), frenchEuros(TOTAL_AFTER_OFFER));
    const csv = (await office.get('/espace-transporteur/reservations.csv?vue=toutes')).text.replace(/^\ufeff/, '').split('\r\n');
    const header = csvFields(csv[0]!);
    const row = csv.map(csvFields).find((fields) => fields[0] === String(id));
    surfaces.add('CSV (vue=toutes), Prix TTC (€)', row?.[header.indexOf('Prix TTC (€)')] ?? '(absent)', csvEuros(TOTAL_AFTER_OFFER));

    // The webhook booking.accepted: the booking's public fields (no total of its own), whose parts add up.
    const acceptedEvent = () =>
      receiver.received.find((delivery) => delivery.event?.type === 'booking.accepted' && delivery.event.data.booking.id === id);
    await waitFor(acceptedEvent, 'the booking.accepted webhook');
    const event = acceptedEvent()!.event.data.booking;
    surfaces.add('webhook booking.accepted: transport + handling + price_lines', partsTotal(event), TOTAL_AFTER_OFFER);
    surfaces.add('webhook booking.accepted: its quote_id’s figures.total', await quoteTotal(event.quote_id), TOTAL_AFTER_OFFER);

    // The customer's acceptance e-mail.
    const acceptance = await waitForMail(CUSTOMER_MAIL, /est acceptée$/, 'the acceptance e-mail');
    surfaces.add('acceptance e-mail (customer)', found(acceptance, /Total : (.+?) TTC/), frenchEuros(TOTAL_AFTER_OFFER));

    // The devis, page and PDF.
    const query = new URLSearchParams({ token });
    const devisHtml = await (await fetch(`${server.base}/devis/${id}?${query}`)).text();
    surfaces.add(
      'devis page, Total TTC',
      found(devisHtml, /<tr><th scope="row">Total<\/th><td>[^<]*<\/td><td><strong>([^<]+)<\/strong>/),
      frenchEuros(TOTAL_AFTER_OFFER),
    );
    const devisText = pageText(devisHtml);
    surfaces.add('devis page, payment terms', found(devisText, /Le prix, (.+?) TTC, est dû/), frenchEuros(TOTAL_AFTER_OFFER));
    surfaces.add(
      'devis page, deposit mention',
      found(devisText, new RegExp(`Un acompte de (.+?) TTC \\(${DEPOSIT_PERCENT} % du total TTC\\)`)),
      frenchEuros(DEPOSIT_CENTS),
    );
    const pdf = await fetch(`${server.base}/devis/${id}.pdf?${query}`);
    assert.equal(pdf.status, 200, 'the devis PDF');
    const pdfText = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join(' ');
    surfaces.add('devis PDF, Total TTC', found(pdfText, /Total [\d ]+(?:,\d\d)? € ([\d ]+(?:,\d\d)? €)/), frenchEuros(TOTAL_AFTER_OFFER));
    surfaces.add('devis PDF, payment terms', found(pdfText, /Le prix, (.+?) TTC, est dû/), frenchEuros(TOTAL_AFTER_OFFER));

    // Stripe Checkout: the deposit due once accepted, 30 % of that total.
    const pay = await fetch(`${server.base}/devis/${id}/acompte?${query}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assert.equal(pay.status, 303, `Payer l’acompte: ${await pay.text()}`);
    const sessions = [...standIn.sessions.values()].filter((session) => session.metadata.travel_id === String(id));
    assert.equal(sessions.length, 1, 'one Checkout Session');
    assert.equal(pay.headers.get('location'), sessions[0]!.url, 'the customer is sent to it');
    assert.equal(sessions[0]!.currency, 'eur', 'in euros');
    surfaces.add(`Stripe Checkout amount (${DEPOSIT_PERCENT} % of the total), cents`, sessions[0]!.amount_total, DEPOSIT_CENTS);

    surfaces.check('after the counter-offer');
  });
});

// The devis as a PDF, made by the server (PDFKit), read back as a reader extracts its text
// (pdfjs): the carrier's references from its Réglages, the customer, the date, the stops, the
// volume and service, its logo, the prices HT, VAT and TTC (computed here from spec §9), the validity,
// payment, liability and the L224-63 procedure, and once accepted the acceptance; a booking of
// 50 stops runs over several pages and loses none; the same tokens as the page open it; the
// confirmation e-mail carries it, while the outbox keeps only a mark, never its bytes. Since
// issue 54 it is kept as evidence and read by anyone: names in any Latin script print as typed,
// qpdf finds nothing wrong in any PDF made here, and it is a tagged PDF/A-2b in French.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody, fixtureStartInFrench, HANDLING_CENTS, TRANSPORT_CENTS } from './booking-body.ts';
import { largestBooking } from './largest-booking.ts';
import { pdfAccessibility, pdfObjects, qpdfProblems } from './pdf-archive.ts';
import { firstPageImages, pdfPages, pdfTitle, plain } from './pdf-text.ts';
import { carrierLogo } from '../../../test/support/logo-png.ts';
import { htCents } from './spec-prices.ts';
import { startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, json, queryDatabase, startServer, tempDatabase, withServerPrice, type TestServer } from './support.ts';
import { waitFor } from './webhook-receiver.ts';

const DUPONT_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';

/** The Luhn check digit, computed here: a SIRET is valid when its digits' Luhn sum ends in 0. */
function luhnComplete(thirteen: string): string {
  for (let last = 0; last < 10; last += 1) {
    const digits = `${thirteen}${last}`;
    const sum = [...digits].reverse().reduce((total, char, index) => {
      const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
      return total + (digit > 9 ? digit - 9 : digit);
    }, 0);
    if (sum % 10 === 0) return digits;
  }
  throw new Error('impossible');
}
const SIRET = luhnComplete('4401234560001');

/** Dupont's references as its Réglages take them. */
const REFERENCES = {
  name: 'Déménagements Dupont',
  legal_name: 'Dupont et Fils SARL',
  siret: SIRET,
  registration: 'SARL au capital de 8 000 € · RCS Bordeaux',
  address: '8 rue de l’Industrie\n33000 Bordeaux',
  phone_number: '05 56 00 11 22',
  email: 'contact@demenagements-dupont.example',
  insurer: 'Assurances du Sud-Ouest',
  insurance_policy: 'RC 55-7781',
  payment_terms: 'Acompte de 30 % à la commande, solde à la livraison.',
  liability_terms: 'Valeur déclarée du mobilier : 20 000 €. Réclamations au médiateur de la FFD.',
  terms_url: 'https://www.demenagements-dupont.example/conditions',
  brand_color: '#8A1C1C',
};

/** Euros as the devis writes them (fr-FR), from cents. */
const euros = (cents: number) =>
  plain(
    new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: cents % 100 ? 2 : 0,
      maximumFractionDigits: 2,
    }).format(cents / 100),
  );

describe(`the devis as a PDF, on ${DATABASE_NAME}`, () => {
  let server: TestServer;
  let database: string;
  let inbox: Awaited<ReturnType<typeof startInbox>>;

  before(async () => {
    database = await tempDatabase();
    inbox = await startInbox();
    server = await startServer(database, 0, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'devis@exemple.fr',
      OUTBOX_FIRST_RETRY_MS: '200',
      OUTBOX_POLL_MS: '100',
      MAIL_TIMEOUT_MS: '2000',
    });
  });
  after(async () => {
    await server?.stop();
    await inbox?.close();
  });

  /** The devis's PDF as the customer's link answers it; every PDF answered passes `qpdf --check`. */
  const pdfOf = async (id: number, token: string) => {
    const response = await fetch(`${server.base}/devis/${id}.pdf?token=${encodeURIComponent(token)}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status === 200) assert.equal(qpdfProblems(bytes), null, `the devis PDF of booking ${id}`);
    return { status: response.status, type: response.headers.get('content-type'), bytes };
  };

  it('carries every mention of the devis: the references set in Réglages, the trip, the service, HT, VAT and TTC, validity, payment, L224-63', async () => {
    const office = await new BackOffice(server.base).signInAs(2);
    await office.get('/espace-transporteur/reglages/entreprise');
    assert.equal((await office.post('/espace-transporteur/reglages/entreprise', REFERENCES)).status, 303);
    await office.get('/espace-transporteur/reglages/entreprise');
    const logo = await office.upload(
      '/espace-transporteur/reglages/entreprise/logo',
      {},
      { logo: { bytes: carrierLogo(), filename: 'logo.png', type: 'image/png' } },
    );
    assert.equal(logo.status, 303, logo.text.slice(0, 300));
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ price_grid: 'wizard' }),
      headers: { 'x-carrier-key': DUPONT_KEY },
    });
    assert.equal(created.status, 201, created.text);
    const { id, token } = created.data;
    const pdf = await pdfOf(id, token);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.type, 'application/pdf');
    const text = (await pdfPages(pdf.bytes)).join(' ');
    const grouped = `${SIRET.slice(0, 3)} ${SIRET.slice(3, 6)} ${SIRET.slice(6, 9)} ${SIRET.slice(9)}`;
    for (const expected of [
      'Déménagements Dupont',
      'Dupont et Fils SARL',
      `SIRET ${grouped}`,
      'SARL au capital de 8 000 € · RCS Bordeaux',
      '8 rue de l’Industrie',
      '33000 Bordeaux',
      '05 56 00 11 22',
      'contact@demenagements-dupont.example',
      'Assurance responsabilité civile professionnelle : Assurances du Sud-Ouest, contrat n° RC 55-7781',
      'Acompte de 30 % à la commande, solde à la livraison.',
      'Valeur déclarée du mobilier : 20 000 €. Réclamations au médiateur de la FFD.',
      'https://www.demenagements-dupont.example/conditions',
      'Marie Curie',
      '0612345678',
      `Le ${fixtureStartInFrench()}`,
      'Chargement · 10 Rue de Rivoli 75004 Paris',
      'Livraison · 3 Place Bellecour 69002 Lyon',
      'Accès : 3e étage, avec ascenseur',
      'Distance aller :',
      'Volume du mobilier :',
      'Type de voyage : voyage spécial, le véhicule est affecté à ce seul déménagement.',
      'Ce prix est définitif',
      'Devis valable jusqu’au',
      'article L224-63',
      `Devis de déménagement`,
      `réservation n° ${id}`,
    ])
      assert.ok(text.includes(plain(expected)), `« ${expected} » missing from the PDF`);
    assert.match((await pdfTitle(pdf.bytes)) ?? '', /^Devis de déménagement n° /);
    assert.equal(await firstPageImages(pdf.bytes), 1, 'the carrier’s logo');
  });

  it('issue 54: is a PDF/A-2b (fonts embedded, sRGB output intent, XMP) tagged in French: headings, paragraphs, the price table, the logo described, the footers as artifacts', async () => {
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ price_grid: 'wizard' }),
      headers: { 'x-carrier-key': DUPONT_KEY },
    });
    assert.equal(created.status, 201, created.text);
    const { bytes } = await pdfOf(created.data.id, created.data.token);
    const { catalog, resolve, dictionaries } = pdfObjects(bytes);
    assert.equal(catalog['/Lang'], 'u:fr-FR', 'the document’s language');
    assert.equal((resolve(catalog['/MarkInfo']) as Record<string, unknown>)['/Marked'], true, 'a tagged PDF');
    assert.ok(resolve(catalog['/StructTreeRoot']), 'a structure tree');
    assert.equal(
      (resolve(catalog['/ViewerPreferences']) as Record<string, unknown>)['/DisplayDocTitle'],
      true,
      'the title shown, not the file’s name',
    );
    const [intent] = catalog['/OutputIntents'] as string[];
    const outputIntent = resolve(intent) as Record<string, string>;
    assert.equal(outputIntent['/S'], '/GTS_PDFA1');
    assert.equal((resolve(outputIntent['/DestOutputProfile']) as Record<string, unknown>)['/N'], 3, 'an RGB profile');
    const fonts = dictionaries.filter((dictionary) => dictionary['/Type'] === '/FontDescriptor');
    assert.ok(fonts.length >= 2, 'the regular and bold faces');
    for (const font of fonts) {
      assert.ok(font['/FontFile2'] ?? font['/FontFile3'], `${String(font['/FontName'])} embedded`);
      assert.match(String(font['/FontName']), /^\/[A-Z]{6}\+NotoSans-/, 'a subset of Noto Sans');
    }
    const reader = await pdfAccessibility(bytes);
    assert.equal(reader.xmp['pdfaid:part'], '2');
    assert.equal(reader.xmp['pdfaid:conformance'], 'B');
    assert.equal(reader.xmp['dc:title'], await pdfTitle(bytes), 'the XMP says what the Info dictionary says');
    assert.deepEqual(reader.xmp['dc:creator'], [REFERENCES.name]);
    for (const role of ['Document', 'H1', 'H2', 'P', 'Table', 'TR', 'TH', 'TD', 'Figure'])
      assert.ok(reader.roles.has(role), `a ${role} in ${[...reader.roles]}`);
    assert.deepEqual(reader.figures, [`Logo de ${REFERENCES.name}`]);
    const pages = await pdfPages(bytes);
    assert.deepEqual(
      reader.artifacts.map(plain),
      pages.map((_, index) => plain(`Devis n° ${/Devis n° (\S+)/.exec(pages[0]!)![1]} · page ${index + 1} sur ${pages.length}`)),
      'each page’s footer, and nothing else, marked as an artifact',
    );
  });

  it('issue 54: prints names and addresses in Polish, Vietnamese and Danish exactly as typed', async () => {
    const people = [
      { name: 'Łukasz Żółć', address: 'ul. Długa 5, 80-827 Gdańsk, Polska' },
      { name: 'Nguyễn Thị Ánh', address: '12 Đường Lê Lợi, Quận 1, Hồ Chí Minh, Việt Nam' },
      { name: 'Søren Ørsted', address: 'Søndergade 3, 8000 Århus C, Danmark' },
    ];
    for (const { name, address } of people) {
      const body = bookingBody({ customer: { ...bookingBody().customer, name } });
      const [pickup, ...rest] = body.addresses;
      const typed = `${pickup!.address_complete} (adresse de facturation : ${address})`;
      const created = await json(server.base, 'POST', '/api/v1/travels', {
        body: { ...body, addresses: [{ ...pickup, address_complete: typed }, ...rest] },
      });
      assert.equal(created.status, 201, created.text);
      const text = (await pdfPages((await pdfOf(created.data.id, created.data.token)).bytes)).join(' ');
      assert.ok(text.includes(`Client ${name}`), `« ${name} » in ${text.slice(0, 300)}`);
      assert.ok(text.includes(plain(typed)), `« ${typed} » in ${text.slice(0, 600)}`);
    }
  });

  it('prints the prices of spec §9, HT, VAT and TTC, and the acceptance once the customer accepted this very devis', async () => {
    const created = await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() });
    assert.equal(created.status, 201, created.text);
    const { id, token } = created.data;
    const before = (await pdfPages((await pdfOf(id, token)).bytes)).join(' ');
    const totalHt = htCents(TRANSPORT_CENTS) + htCents(HANDLING_CENTS);
    const total = TRANSPORT_CENTS + HANDLING_CENTS;
    for (const [label, ht, ttc] of [
      ['Transport', htCents(TRANSPORT_CENTS), TRANSPORT_CENTS],
      ['Manutention', htCents(HANDLING_CENTS), HANDLING_CENTS],
      ['Total', totalHt, total],
    ] as const)
      assert.ok(before.includes(`${label} ${euros(ht)} ${euros(ttc)}`), `${label} ${euros(ht)} ${euros(ttc)} in ${before}`);
    assert.ok(before.includes(`dont TVA 20 % ${euros(total - totalHt)}`), 'the VAT');
    assert.ok(before.includes(plain('précédés de la mention « Bon pour accord » :')), 'a box to sign by hand, before acceptance');
    assert.ok(!before.includes('Accepté le'));

    const page = await (await fetch(`${server.base}/devis/${id}?token=${token}`)).text();
    assert.ok(page.includes(`href="/devis/${id}.pdf?token=${token}"`), 'the page links its PDF');
    const hash = /name="empreinte" value="([0-9a-f]{64})"/.exec(page)![1]!;
    const accepted = await fetch(`${server.base}/devis/${id}/accord`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, empreinte: hash, nom: 'Marie Curie', cgv: 'oui', valeur: 'oui' }).toString(),
    });
    assert.equal(accepted.status, 303);
    const after = (await pdfPages((await pdfOf(id, token)).bytes)).join(' ');
    assert.match(after, /Accepté le [a-z]+ \d{1,2}(er)? [a-zéû]+ \d{4} à \d{1,2} h( \d{2})? par Marie Curie\./);
    assert.ok(after.includes(hash), 'the hash of the devis accepted');
  });

  it('runs a booking of 50 stops over several pages, every stop and item on them, each page numbered', async () => {
    const body = await withServerPrice(server.base, largestBooking());
    const created = await json(server.base, 'POST', '/api/v1/travels', { body });
    assert.equal(created.status, 201, created.text);
    const { id, token } = created.data;
    const stored = await json(server.base, 'GET', `/api/v1/travels/${id}?token=${token}`);
    const pages = await pdfPages((await pdfOf(id, token)).bytes);
    assert.ok(pages.length >= 3, `${pages.length} pages`);
    pages.forEach((page, index) => assert.ok(page.includes(`page ${index + 1} sur ${pages.length}`), `the foot of page ${index + 1}`));
    const text = pages.join(' ');
    for (const address of stored.data.addresses as { address_complete: string }[])
      assert.ok(text.includes(plain(address.address_complete)), address.address_complete);
    assert.equal(stored.data.addresses.length, 50);
    for (const item of stored.data.items as { name: string; quantity: number; category: string }[])
      if (item.category !== 'cost' && item.category !== 'custom-cost')
        assert.ok(text.includes(plain(`${item.quantity} × ${item.name}`)), item.name);
    // The devis ends with the mentions and the box to sign; the carrier's conditions follow, from a page of their own.
    const annex = pages.findIndex((page) => page.includes(plain('Annexe : conditions générales')));
    assert.ok(annex > 0, 'the general conditions in annex');
    assert.ok(pages[annex - 1]!.includes('Bon pour accord'), 'the page before the annex ends with the box to sign');
  });

  it('opens with the booking’s token or the e-mail’s read-only one, never another booking’s', async () => {
    const mine = (await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).data;
    const other = (await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).data;
    for (const token of [other.token, '', 'x'.repeat(43)]) assert.equal((await pdfOf(mine.id, token)).status, 404);
    assert.equal((await fetch(`${server.base}/devis/${mine.id}.pdf`)).status, 404);
  });

  it('goes with the confirmation e-mail as a PDF, made when the message leaves: the outbox keeps no file', async () => {
    const email = 'pdf-joint@exemple.fr';
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ customer: { phone_number: '0612345678', email, name: 'Marie Curie' } }),
    });
    assert.equal(created.status, 201, created.text);
    const [queued] = await queryDatabase(database, "SELECT message_json FROM mail_outbox WHERE travel_id = ? AND kind = 'confirmation'", [
      created.data.id,
    ]);
    assert.ok(queued, 'the confirmation is queued');
    const message = JSON.parse(queued.message_json);
    assert.equal(message.attachDevis, true);
    assert.ok(queued.message_json.length < 20_000, 'no PDF in the outbox');
    await waitFor(() => inbox.to(email).length === 1, 'la confirmation');
    const { mail } = inbox.to(email)[0]!;
    const [attachment] = mail.attachments;
    assert.ok(attachment, 'a file attached');
    assert.equal(attachment.contentType, 'application/pdf');
    assert.equal(attachment.filename, `devis-${created.data.id}.pdf`);
    assert.equal(qpdfProblems(new Uint8Array(attachment.content)), null, 'the PDF attached');
    const text = (await pdfPages(new Uint8Array(attachment.content))).join(' ');
    assert.ok(text.includes(euros(TRANSPORT_CENTS + HANDLING_CENTS)), 'the total TTC');
    assert.ok(text.includes(`réservation n° ${created.data.id}`));
    assert.match(mail.text ?? '', /Votre devis est aussi joint à ce message, en PDF\./);
  });
});

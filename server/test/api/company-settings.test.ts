// Réglages, Entreprise (issue 42): the references a devis must carry (arrêté du 27 avril 2010),
// the logo and the brand colour, set by an administrator only, each change journaled; bad input
// refused in French with nothing saved and nothing typed lost; the devis, the carrier's public
// data and the back office show what was saved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DATABASE_NAME, json, startServer } from './support.ts';
import { startInbox } from './smtp-inbox.ts';
import { waitFor } from './webhook-receiver.ts';

const PAGE = '/espace-transporteur/reglages/entreprise';
const DUPONT_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';

/** The Luhn check digit, computed here: a SIRET is valid when its digits' Luhn sum ends in 0. */
function luhnComplete(thirteen) {
  for (let last = 0; last < 10; last += 1) {
    const digits = `${thirteen}${last}`;
    let sum = 0;
    [...digits].reverse().forEach((char, index) => {
      let digit = Number(char);
      if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    });
    if (sum % 10 === 0) return digits;
  }
  throw new Error('impossible');
}
const SIRET = luhnComplete('4401234560001');
/** The same SIRET with its last digit changed: the check no longer holds. */
const WRONG_SIRET = `${SIRET.slice(0, 13)}${(Number(SIRET[13]) + 1) % 10}`;

/** A PNG as far as its header goes (signature, then the IHDR chunk): the server reads no further. */
function pngHeader(width, height, padTo = 0) {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(6, 17);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    Buffer.from('0000000049454e44ae426082', 'hex'),
  ]);
  return padTo > bytes.length ? Buffer.concat([bytes, Buffer.alloc(padTo - bytes.length)]) : bytes;
}

/** A JPEG's start: SOI, an APP0 segment, then a baseline start of frame saying its size. */
function jpegHeader(width, height) {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const VALID = {
  name: 'Déménagements Dupont',
  legal_name: 'Dupont et Fils SARL',
  siret: `${SIRET.slice(0, 3)} ${SIRET.slice(3, 6)} ${SIRET.slice(6, 9)} ${SIRET.slice(9)}`,
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

const references = async (server) => {
  const [row] = await server.query('SELECT name, store_json FROM companies WHERE id = 2');
  return { name: row.name, ...JSON.parse(row.store_json).transportation_company };
};
const journal = async (server) => server.query('SELECT summary, user_email FROM settings_journal WHERE company_id = 2 ORDER BY id');

describe(`Réglages, Entreprise on ${DATABASE_NAME}`, () => {
  let server;
  let office;
  before(async () => {
    server = await startServer();
    office = await new BackOffice(server.base).signInAs(2);
  });
  after(async () => {
    await server?.stop();
  });

  it('refuses a SIRET whose check fails, in French, saves nothing and keeps every field typed', async () => {
    await office.get(PAGE);
    const before = await references(server);
    const refused = await office.post(PAGE, { ...VALID, siret: WRONG_SIRET });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /Ce SIRET n’existe pas\u00a0: son dernier chiffre ne correspond pas aux autres/);
    assert.match(refused.text, /aria-invalid="true"/);
    assert.match(refused.text, /Rien n’est enregistré\u00a0: un champ à corriger/);
    for (const value of [WRONG_SIRET, 'Dupont et Fils SARL', 'Assurances du Sud-Ouest', 'RC 55-7781'])
      assert.ok(refused.text.includes(`value="${value}"`), value);
    assert.ok(refused.text.includes('Acompte de 30 % à la commande'));
    const short = await office.post(PAGE, { ...VALID, siret: '123 456 789' });
    assert.match(short.text, /Le SIRET compte 14\u00a0chiffres\u00a0: vous en avez saisi 9/);
    assert.deepEqual(await references(server), before);
    assert.deepEqual(await journal(server), []);
  });

  it('refuses a brand colour white text cannot be read on, and proposes a darker one', async () => {
    await office.get(PAGE);
    const refused = await office.post(PAGE, { ...VALID, brand_color: '#facc15' });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /qu’un contraste de 1,[0-9]:1\u00a0: il en faut 4,5:1/);
    const proposed = /par exemple (#[0-9a-f]{6})/.exec(refused.text)![1];
    // The proposed shade passes the same rule it was refused by.
    assert.equal((await office.post(PAGE, { ...VALID, brand_color: proposed })).status, 303);
    await office.get(PAGE);
    assert.equal((await office.post(PAGE, { ...VALID, brand_color: 'bleu' })).status, 422);
  });

  it('saves the references, one journal line per change, and the devis, the public data and the e-mail side read them', async () => {
    await office.get(PAGE);
    const saved = await office.post(PAGE, VALID);
    assert.equal(saved.status, 303);
    assert.equal(saved.location, `${PAGE}?fait=entreprise`);
    const page = await office.get(saved.location);
    assert.match(page.text, /Références enregistrées/);
    const stored = await references(server);
    assert.equal(stored.siret, SIRET);
    assert.equal(stored.brand_color, '#8a1c1c');
    assert.equal(stored.address, '8 rue de l’Industrie\n33000 Bordeaux');
    const lines = (await journal(server)).map((entry) => entry.summary);
    assert.ok(
      lines.some((line) => line.startsWith('Entreprise, SIRET\u00a0: ') && line.endsWith(`${SIRET.slice(9)}`)),
      lines.join('\n'),
    );
    assert.ok(lines.includes('Entreprise, Modalités de paiement\u00a0: nouveau texte'), lines.join('\n'));
    assert.ok((await journal(server)).every((entry) => entry.user_email === DEMO_ACCOUNTS[1].email));
    const shown = await office.get('/espace-transporteur/reglages/journal');
    assert.match(shown.text, /Entreprise, Assureur\u00a0: \(vide\) → Assurances du Sud-Ouest/);

    // The same form again changes nothing, and says so.
    await office.get(PAGE);
    const count = (await journal(server)).length;
    assert.equal((await office.post(PAGE, VALID)).location, `${PAGE}?fait=entreprise-inchangee`);
    assert.equal((await journal(server)).length, count);

    // A page of Dupont's (its key) gets them; a booking made there prints them on its devis.
    const carrier = await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': DUPONT_KEY } });
    assert.equal(carrier.data.transportation_company.siret, SIRET);
    assert.equal(carrier.data.transportation_company.insurer, 'Assurances du Sud-Ouest');
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ price_grid: 'wizard' }),
      headers: { 'x-carrier-key': DUPONT_KEY },
    });
    assert.equal(created.status, 201, created.text);
    const devis = await fetch(`${server.base}/devis/${created.data.id}?token=${created.data.token}`);
    const html = await devis.text();
    const grouped = `${SIRET.slice(0, 3)}\u00a0${SIRET.slice(3, 6)}\u00a0${SIRET.slice(6, 9)}\u00a0${SIRET.slice(9)}`;
    assert.ok(html.includes(`SIRET\u00a0${grouped}`), 'SIRET sur le devis');
    assert.match(html, /Dupont et Fils SARL/);
    assert.match(html, /Assurance responsabilité civile professionnelle\u00a0: Assurances du Sud-Ouest, contrat n°\u00a0RC 55-7781/);
    assert.match(html, /Acompte de 30 % à la commande/);
    assert.match(html, /href="https:\/\/www\.demenagements-dupont\.example\/conditions"/);
    // Its colour, and the page's policy allowing that one style by its hash.
    assert.match(html, /<style>:root\{--brand:#8a1c1c\}<\/style>/);
    assert.match(devis.headers.get('content-security-policy')!, /style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it('the départements served: a trip that neither leaves nor arrives there is refused on the key’s page, naming the area and the phone (issue 55, point 10)', async () => {
    await office.get(PAGE);
    const typo = await office.post(PAGE, { ...VALID, service_area: '33, 99' });
    assert.equal(typo.status, 422);
    assert.ok(typo.text.includes('«\u00a099\u00a0» n’est pas un département'), 'the wrong code named in French');
    assert.ok(typo.text.includes('value="33, 99"'), 'what was typed is kept');
    assert.equal((await office.post(PAGE, { ...VALID, service_area: '33 40;  33' })).status, 303);
    assert.equal((await references(server)).service_area, '33, 40');
    try {
      // Paris → Lyon with a Bordeaux mover: no price, no booking, and the reason the page gives.
      const parisLyon = await json(server.base, 'POST', '/api/v1/travels', {
        body: bookingBody({ price_grid: 'wizard' }),
        headers: { 'x-carrier-key': DUPONT_KEY },
      });
      assert.equal(parisLyon.status, 422, parisLyon.text);
      const said =
        'Ce trajet est hors de notre zone\u00a0: nous déménageons au départ ou à destination des départements 33, 40. Pour une demande particulière, appelez-nous au 05\u00a056\u00a000\u00a011\u00a022.';
      assert.ok(parisLyon.text.includes(JSON.stringify(said).slice(1, -1)), parisLyon.text);
      // From Bordeaux, the same carrier books it.
      const fromBordeaux = bookingBody({ price_grid: 'wizard' });
      fromBordeaux.addresses[0] = {
        ...fromBordeaux.addresses[0],
        address_complete: '12 Cours de l’Intendance 33000 Bordeaux',
        postal_code: '33000',
        locality: 'Bordeaux',
        lat: 44.8413,
        lng: -0.5768,
      };
      // Priced (the body's price was Paris's: the server answers its own, which the visitor confirms), then booked.
      const priced = await json(server.base, 'POST', '/api/v1/travels', { body: fromBordeaux, headers: { 'x-carrier-key': DUPONT_KEY } });
      assert.equal(priced.status, 409, priced.text);
      const { figures, id: quoteId } = priced.data.quote;
      const travel = { ...fromBordeaux.travel, price_transportation: figures.price_transportation, price_handling: figures.price_handling };
      const booked = await json(server.base, 'POST', '/api/v1/travels', {
        body: { ...fromBordeaux, quote_id: quoteId, travel },
        headers: { 'x-carrier-key': DUPONT_KEY },
      });
      assert.equal(booked.status, 201, booked.text);
      // The pages get the area to say it at the address step.
      const carrier = await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': DUPONT_KEY } });
      assert.equal(carrier.data.transportation_company.service_area, '33, 40');
    } finally {
      await office.get(PAGE);
      assert.equal((await office.post(PAGE, { ...VALID, service_area: '' })).status, 303);
    }
  });

  it('takes a PNG or a JPEG by its bytes, whatever its name, and shows it on the devis and in the back office', async () => {
    await office.get(PAGE);
    const sent = await office.upload(`${PAGE}/logo`, {}, { logo: { bytes: pngHeader(240, 80), filename: 'logo.jpg', type: 'image/jpeg' } });
    assert.equal(sent.status, 303, sent.text.slice(0, 400));
    const page = await office.get(`${PAGE}?fait=logo`);
    const src = /<img class="logo-preview" src="(\/logos\/[0-9a-f]{40}\.png)"/.exec(page.text)?.[1];
    assert.ok(src, 'aperçu du logo');
    assert.match(page.text, /class="company-logo" src="\/logos\//);
    const served = await fetch(server.base + src);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), pngHeader(240, 80));
    assert.ok(
      (await journal(server)).some(
        (entry) => entry.summary === 'Entreprise, Logo\u00a0: ajouté (PNG, 240\u00a0×\u00a080\u00a0pixels, 1\u00a0Ko)',
      ),
    );
    await office.get(PAGE);
    const jpeg = await office.upload(
      `${PAGE}/logo`,
      {},
      { logo: { bytes: jpegHeader(300, 120), filename: 'logo.png', type: 'image/png' } },
    );
    assert.equal(jpeg.status, 303);
    assert.match((await office.get(PAGE)).text, /JPEG, 300\u00a0×\u00a0120\u00a0pixels/);
  });

  it('refuses a 20 MB logo, an SVG with a script, a text renamed .png and an image too wide, in French, nothing saved', async () => {
    const [before] = await server.query('SELECT hash FROM company_logos WHERE company_id = 2');
    const count = (await journal(server)).length;
    await office.get(PAGE);
    const heavy = await office.upload(
      `${PAGE}/logo`,
      {},
      { logo: { bytes: pngHeader(400, 100, 20 * 1024 * 1024), filename: 'logo.png', type: 'image/png' } },
    );
    assert.equal(heavy.status, 303);
    assert.equal(heavy.location, `${PAGE}?logo=trop-lourd`);
    assert.match((await office.get(heavy.location)).text, /Ce fichier est trop lourd\u00a0: un logo pèse 256\u00a0Ko au plus/);
    // Just past the limit, below the server's body limit: refused while it is read.
    await office.get(PAGE);
    const past = await office.upload(
      `${PAGE}/logo`,
      {},
      { logo: { bytes: pngHeader(400, 100, 256 * 1024 + 10), filename: 'logo.png', type: 'image/png' } },
    );
    assert.equal(past.location, `${PAGE}?logo=trop-lourd`);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await office.get(PAGE);
    const script = await office.upload(`${PAGE}/logo`, {}, { logo: { bytes: svg, filename: 'logo.png', type: 'image/png' } });
    assert.equal(script.status, 422);
    assert.match(script.text, /Les images SVG \(et tout fichier texte\) ne sont pas acceptées/);
    const text = await office.upload(
      `${PAGE}/logo`,
      {},
      { logo: { bytes: Buffer.from('GIF89a pas un logo'), filename: 'logo.png', type: 'image/png' } },
    );
    assert.match(text.text, /Ce fichier n’est ni un PNG ni un JPEG/);
    const wide = await office.upload(
      `${PAGE}/logo`,
      {},
      { logo: { bytes: pngHeader(5000, 100), filename: 'logo.png', type: 'image/png' } },
    );
    assert.match(wide.text, /Ce logo mesure 5\u202f000\u00a0×\u00a0100\u00a0pixels\u00a0: 2\u202f000\u00a0pixels au plus/);
    const [after] = await server.query('SELECT hash FROM company_logos WHERE company_id = 2');
    assert.equal(after.hash, before.hash);
    assert.equal((await journal(server)).length, count);
  });

  it('refuses every form without its token (CSRF), and an exploitant’s crafted posts with one: 403, nothing changed', async () => {
    const stored = await references(server);
    const count = (await journal(server)).length;
    const [logo] = await server.query('SELECT hash FROM company_logos WHERE company_id = 2');
    await office.get(PAGE);
    const forged = await office.post(PAGE, { ...VALID, siret: '' }, { csrf: null });
    assert.equal(forged.status, 403);
    assert.match(forged.text, /Formulaire expiré/);
    const forgedLogo = await office.upload(
      `${PAGE}/logo`,
      {},
      { logo: { bytes: pngHeader(100, 100), filename: 'a.png', type: 'image/png' } },
      { csrf: null },
    );
    assert.equal(forgedLogo.status, 403);
    assert.equal((await office.post(`${PAGE}/logo/retirer`, {}, { csrf: 'faux' })).status, 403);

    await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['exploitant', DEMO_ACCOUNTS[1].email]);
    try {
      const dispatcher = await new BackOffice(server.base).signInAs(2);
      // A token of its own session, from a page it may see: the role is what refuses.
      assert.ok(dispatcher.csrf);
      const crafted = await dispatcher.post(PAGE, { ...VALID, siret: '', brand_color: '' });
      assert.equal(crafted.status, 403);
      assert.match(crafted.text, /réservés à ses administrateurs/);
      const upload = await dispatcher.upload(
        `${PAGE}/logo`,
        {},
        { logo: { bytes: pngHeader(64, 64), filename: 'a.png', type: 'image/png' } },
      );
      assert.equal(upload.status, 403);
      assert.equal((await dispatcher.post(`${PAGE}/logo/retirer`)).status, 403);
      assert.equal((await dispatcher.get(PAGE)).status, 403);
    } finally {
      await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['administrateur', DEMO_ACCOUNTS[1].email]);
    }
    assert.deepEqual(await references(server), stored);
    assert.equal((await journal(server)).length, count);
    assert.deepEqual(await server.query('SELECT hash FROM company_logos WHERE company_id = 2'), [logo]);
  });
});

describe(`Réglages, Entreprise on ${DATABASE_NAME}: the customer’s e-mails carry the references`, () => {
  let inbox;
  let server;
  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { SMTP_URL: inbox.url, OUTBOX_POLL_MS: '100', MAIL_FROM: 'reservations@serveur.example' });
  });
  after(async () => {
    await server?.stop();
    await inbox?.close();
  });

  it('signs the confirmation of a booking made on the carrier’s page with its name, legal name, SIRET and address, its links in its colour', async () => {
    const office = await new BackOffice(server.base).signInAs(2);
    await office.get(PAGE);
    assert.equal((await office.post(PAGE, VALID)).status, 303);
    const email = 'cliente@exemple.fr';
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ customer: { phone_number: '0612345678', email, name: 'Marie Curie' } }),
      headers: { 'x-carrier-key': DUPONT_KEY },
    });
    assert.equal(created.status, 201, created.text);
    await waitFor(() => inbox.to(email).length === 1, 'la confirmation');
    const { mail } = inbox.to(email)[0];
    assert.deepEqual(mail.from.value, [{ address: 'reservations@serveur.example', name: 'Déménagements Dupont' }]);
    assert.equal(mail.replyTo.value[0].address, 'contact@demenagements-dupont.example');
    const grouped = `${SIRET.slice(0, 3)}\u00a0${SIRET.slice(3, 6)}\u00a0${SIRET.slice(6, 9)}\u00a0${SIRET.slice(9)}`;
    assert.ok(mail.text.includes(`Dupont et Fils SARL · SIRET\u00a0${grouped}`), mail.text);
    assert.ok(mail.text.includes('8 rue de l’Industrie, 33000 Bordeaux'), mail.text);
    assert.match(mail.html, /style="color:#8a1c1c">Modifier ma réservation<\/a>/);
  });
});

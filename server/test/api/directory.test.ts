// The carrier's directory and catalogue (issue 43): saved places, customers, contacts and its
// own objects written from the back office, found at once by the element's searches (spec §7)
// and priced by the quote from their records; the CSV a French spreadsheet writes and reads;
// one company's rows out of every other's reach, whatever session, token or key asks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as v from 'valibot';
import { CompanyDataSchema } from 'transport-quote-wizard/domain';
import { BackOffice } from './back-office-client.ts';
import { LYON, PARIS } from './booking-body.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DATABASE_NAME, DEMO_COMPANY_TOKEN, json, OTHER_COMPANY_TOKEN, startServer } from './support.ts';

const DEMO_PUBLIC_KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
const OTHER_PUBLIC_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';
const R = '/espace-transporteur/repertoire';
const CATALOGUE = '/espace-transporteur/reglages/catalogue';

const places = (token, q) => json(globalThis.base, 'GET', `/api/v1/companies/${token}/places?q=${encodeURIComponent(q)}`);
const contacts = (token, q) => json(globalThis.base, 'GET', `/api/v1/companies/${token}/contacts?q=${encodeURIComponent(q)}`);
const store = (token) => json(globalThis.base, 'GET', `/api/v1/companies/${token}`);
const itemSearch = (q: string, headers: Record<string, string> = {}, company: number | null = null) =>
  json(globalThis.base, 'GET', `/api/v1/items/search?q=${encodeURIComponent(q)}${company ? `&c=${company}` : ''}`, { headers });
const csvFile = (bytes, filename = 'fichier.csv') => ({ fichier: { bytes, filename, type: 'text/csv' } });
const decoded = (html) =>
  html
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const customers = (token, q) => json(globalThis.base, 'GET', `/api/v1/companies/${token}/customers?q=${encodeURIComponent(q)}`);
/** The text the preview carries back to its confirmation, as the browser sends it. */
const carried = (html: string) =>
  /name="texte" value="([^"]*)"/
    .exec(html)![1]!
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Windows-1252's bytes 0x80 to 0x9F (Microsoft's code page 1252, as Unicode's mapping file
 * bestfit1252 and WHATWG's index give it); the five absent are the bytes it leaves undefined.
 */
const WINDOWS_1252_HIGH: Record<number, string> = {
  0x80: '\u20ac',
  0x82: '\u201a',
  0x83: '\u0192',
  0x84: '\u201e',
  0x85: '\u2026',
  0x86: '\u2020',
  0x87: '\u2021',
  0x88: '\u02c6',
  0x89: '\u2030',
  0x8a: '\u0160',
  0x8b: '\u2039',
  0x8c: '\u0152',
  0x8e: '\u017d',
  0x91: '\u2018',
  0x92: '\u2019',
  0x93: '\u201c',
  0x94: '\u201d',
  0x95: '\u2022',
  0x96: '\u2013',
  0x97: '\u2014',
  0x98: '\u02dc',
  0x99: '\u2122',
  0x9a: '\u0161',
  0x9b: '\u203a',
  0x9c: '\u0153',
  0x9e: '\u017e',
  0x9f: '\u0178',
};
const UNDEFINED_IN_WINDOWS_1252 = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

/** A text as a spreadsheet saves it in Windows-1252; a character U+0081… stands for the raw byte 0x81… (the undefined ones). */
function windows1252(text: string): Buffer {
  const byteOf = new Map(Object.entries(WINDOWS_1252_HIGH).map(([byte, char]) => [char, Number(byte)]));
  return Buffer.from(
    [...text].map((char) => {
      const byte = byteOf.get(char) ?? char.codePointAt(0)!;
      assert.ok(byte <= 0xff && (byteOf.has(char) || byte < 0x80 || byte > 0x9f || UNDEFINED_IN_WINDOWS_1252.includes(byte)), char);
      return byte;
    }),
  );
}

const count = async (server, table, companyId) =>
  Number((await server.query(`SELECT COUNT(*) AS n FROM ${table} WHERE company_id = ?`, [companyId]))[0].n);

describe(`the carrier's directory and catalogue on ${DATABASE_NAME}`, () => {
  let server;
  let martin;
  let dupont;
  before(async () => {
    server = await startServer();
    globalThis.base = server.base;
    martin = await new BackOffice(server.base).signInAs(1);
    dupont = await new BackOffice(server.base).signInAs(2);
  });
  after(async () => {
    await server.stop();
  });

  it('S116 S117 S058 lists the demo’s saved places, customers and contacts, seeded from demo/, with a search that ignores case and accents', async () => {
    const list = await martin.get(`${R}/adresses`);
    assert.equal(list.status, 200);
    assert.match(list.text, /Entrepôt Saint-Denis/);
    assert.match(list.text, /Siège Paris 8e/);
    const searched = await martin.get(`${R}/clients?q=${encodeURIComponent('LEFEVRE')}`);
    assert.match(searched.text, /Cabinet Lefèvre Avocats/);
    assert.doesNotMatch(searched.text, /Boulangerie Durand/);
    assert.doesNotMatch((await martin.get(`${R}/contacts`)).text, /Paul Dupont/);
  });

  it('S116 S117 S140 S141 S057 the element in company mode finds a place, a contact and a customer right after the carrier adds them', async () => {
    await martin.get(`${R}/adresses`);
    const added = await martin.post(`${R}/adresses`, {
      nom: 'Dépôt Rivoli Été',
      adresse: '8 Rue de Rivoli 75004 Paris',
      etage: '2',
      ascenseur: 'on',
      notes: 'Sonner deux fois.',
      contacts: 'Lucie Vidal, 06 12 34 56 78, lucie@exemple.fr\nMarc Roy, 01 40 00 00 00',
    });
    assert.equal(added.status, 303);
    const [place] = (await places(DEMO_COMPANY_TOKEN, 'depot rivoli ete')).data;
    assert.equal(place.label, 'Dépôt Rivoli Été');
    assert.equal(place.postal_code, '75004');
    assert.equal(place.floor_nb, 2);
    assert.equal(place.elevator_presence, true);
    assert.deepEqual(
      place.contacts.map((contact) => [contact.name, contact.phone_number, contact.email]),
      [
        ['Lucie Vidal', '06 12 34 56 78', 'lucie@exemple.fr'],
        ['Marc Roy', '01 40 00 00 00', ''],
      ],
    );

    await martin.get(`${R}/contacts`);
    assert.equal((await martin.post(`${R}/contacts`, { nom: 'Élodie Marchand', telephone: '06 99 88 77 66', email: '' })).status, 303);
    assert.deepEqual(
      (await contacts(DEMO_COMPANY_TOKEN, 'ELODIE')).data.map((contact) => contact.name),
      ['Élodie Marchand'],
    );

    await martin.get(`${R}/clients`);
    assert.equal(
      (await martin.post(`${R}/clients`, { nom: 'Brasserie Zoé', reference: 'CLI-900', email: 'zoe@brasserie.example', telephone: '' }))
        .status,
      303,
    );
    const customers = (await store(DEMO_COMPANY_TOKEN)).data.customers;
    assert.ok(customers.some((customer) => customer.name === 'Brasserie Zoé' && customer.reference === 'CLI-900'));
  });

  it('refuses an address the geocoder does not find, in French, keeping what was typed, and saves nothing', async () => {
    const before = await count(server, 'places', 1);
    await martin.get(`${R}/adresses`);
    const refused = await martin.post(`${R}/adresses`, { nom: 'Lieu introuvable', adresse: 'zzzz qqqq', etage: '14', notes: 'à garder' });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /Adresse\u00a0: introuvable/);
    assert.match(refused.text, /Étage\u00a0: de -1/);
    assert.match(refused.text, /value="Lieu introuvable"/);
    assert.match(refused.text, />à garder<\/textarea>/);
    assert.equal(await count(server, 'places', 1), before);
  });

  it('edits and deletes a row, each change in the journal', async () => {
    const list = await martin.get(`${R}/contacts?q=julien`);
    const id = /href="\/espace-transporteur\/repertoire\/contacts\/(\d+)"/.exec(list.text)![1];
    await martin.get(`${R}/contacts/${id}`);
    assert.equal(
      (await martin.post(`${R}/contacts/${id}`, { nom: 'Julien Moreau', telephone: '07 88 99 00 12', email: 'julien@exemple.fr' })).status,
      303,
    );
    assert.deepEqual(
      (await contacts(DEMO_COMPANY_TOKEN, 'julien')).data.map((contact) => contact.phone_number),
      ['07 88 99 00 12'],
    );
    await martin.get(`${R}/contacts/${id}`);
    assert.equal((await martin.post(`${R}/contacts/${id}/supprimer`)).status, 303);
    assert.deepEqual((await contacts(DEMO_COMPANY_TOKEN, 'julien')).data, []);
    const journal = decoded((await martin.get('/espace-transporteur/reglages/journal')).text);
    assert.match(journal, /Contacts, modification\u00a0: «\u202fJulien Moreau\u202f»/);
    assert.match(journal, /Contacts, suppression\u00a0: «\u202fJulien Moreau\u202f»/);
    assert.match(journal, /Lieux enregistrés, ajout\u00a0: «\u202fDépôt Rivoli Été\u202f»/);
  });

  it('refuses every directory form without its form token (CSRF), and writes nothing', async () => {
    const before = await count(server, 'contacts', 1);
    await martin.get(`${R}/contacts`);
    const forged = await martin.post(`${R}/contacts`, { nom: 'Sans jeton' }, { csrf: null });
    assert.equal(forged.status, 403);
    const wrong = await martin.post(`${R}/contacts`, { nom: 'Jeton faux' }, { csrf: 'faux' });
    assert.equal(wrong.status, 403);
    const upload = await martin.upload(`${R}/contacts/import`, {}, csvFile(Buffer.from('Nom\r\nSans jeton\r\n')), { csrf: null });
    assert.equal(upload.status, 403);
    const confirm = await martin.upload(`${R}/contacts/import/confirmer`, { texte: 'Nom\r\nSans jeton\r\n' }, {}, { csrf: null });
    assert.equal(confirm.status, 403);
    await martin.get(CATALOGUE);
    assert.equal(
      (
        await martin.post(
          `${CATALOGUE}/objets`,
          { nom: 'Sans jeton', volume: '1', poids: '10', porteurs: '1', temps: '0,1' },
          { csrf: null },
        )
      ).status,
      403,
    );
    assert.equal(await count(server, 'contacts', 1), before);
    assert.equal((await server.query('SELECT COUNT(*) AS n FROM items WHERE name = ?', ['Sans jeton']))[0].n, 0);
  });

  it('imports a CSV written by LibreOffice in Windows-1252 with accents, after a preview that writes nothing', async () => {
    const file = Buffer.from(
      'Nom;Référence;E-mail;Téléphone\r\nCafé de l’Étoile;CLI-950;contact@etoile.example;01 42 00 00 09\r\n"Crèmerie; Fromages & Cie";CLI-951;;\r\n'.replace(
        '’',
        "'",
      ),
      'latin1',
    );
    assert.ok(file.includes(0xe9), 'é is one byte in Windows-1252');
    const before = await count(server, 'customers', 1);
    await martin.get(`${R}/clients`);
    const preview = await martin.upload(`${R}/clients/import`, {}, csvFile(file));
    assert.equal(preview.status, 200);
    const text = decoded(preview.text);
    assert.match(text, /Windows-1252/);
    assert.match(text, /Café de l'Étoile/);
    assert.match(text, /Crèmerie; Fromages & Cie/);
    assert.match(text, /2\u00a0ajouts/);
    assert.equal(await count(server, 'customers', 1), before, 'nothing written before the confirmation');
    assert.equal(
      (
        await martin.upload(`${R}/clients/import/confirmer`, {
          texte: /name="texte" value="([^"]*)"/
            .exec(preview.text)![1]!
            .replace(/&#39;/g, "'")
            .replace(/&quot;/g, '"')
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>'),
        })
      ).status,
      303,
    );
    const customers = (await store(DEMO_COMPANY_TOKEN)).data.customers;
    assert.ok(customers.some((customer) => customer.name === "Café de l'Étoile" && customer.phone_number === '01 42 00 00 09'));
    assert.ok(customers.some((customer) => customer.name === 'Crèmerie; Fromages & Cie' && customer.reference === 'CLI-951'));
  });

  it('issue 52 reads every byte from 0x80 to 0x9F of a Windows-1252 sheet as Windows does; the five it leaves undefined refuse their line, in French', async () => {
    const bytes = Array.from({ length: 0x20 }, (_, index) => 0x80 + index);
    const hex = (byte: number) => byte.toString(16).toUpperCase();
    const file = windows1252(
      `Nom;Référence\r\n${bytes.map((byte) => `Octet ${hex(byte)} ${WINDOWS_1252_HIGH[byte] ?? String.fromCharCode(byte)} fin;OCTET-${hex(byte)}\r\n`).join('')}`,
    );
    const before = await count(server, 'customers', 1);
    await martin.get(`${R}/clients`);
    const preview = await martin.upload(`${R}/clients/import`, {}, csvFile(file));
    assert.equal(preview.status, 200);
    const text = decoded(preview.text);
    assert.match(text, /Fichier lu en Windows-1252/);
    const defined = bytes.filter((byte) => WINDOWS_1252_HIGH[byte]);
    assert.equal(defined.length, 27);
    assert.match(text, /27\u00a0ajouts, 0\u00a0modification, 0\u00a0ligne inchangée, 5\u00a0lignes refusées/);
    for (const byte of defined) assert.ok(text.includes(`Octet ${hex(byte)} ${WINDOWS_1252_HIGH[byte]} fin</div>`), hex(byte));
    for (const byte of UNDEFINED_IN_WINDOWS_1252) {
      const line = byte - 0x80 + 2;
      assert.ok(
        text.includes(
          `<td data-label="Ligne"><div class="cell">${line}</div></td><td data-label="Nom"><div class="cell">Octet ${hex(byte)} \ufffd fin</div></td><td data-label="Ce que fera l’import"><div class="cell"><strong>Refusée</strong>\u00a0: Caractères illisibles dans la colonne «\u202fNom\u202f»\u00a0: le fichier a été mal enregistré. Rien de cette ligne ne sera écrit\u202f;`,
        ),
        `0x${hex(byte)}: line ${line} refused`,
      );
    }
    assert.equal(await count(server, 'customers', 1), before, 'nothing written before the confirmation');

    assert.equal((await martin.upload(`${R}/clients/import/confirmer`, { texte: carried(preview.text) })).status, 303);
    const stored = await server.query("SELECT name, reference FROM customers WHERE company_id = 1 AND reference LIKE 'OCTET-%'");
    assert.deepEqual(
      stored.map((row) => [row.reference, row.name]).sort(),
      defined.map((byte) => [`OCTET-${hex(byte)}`, `Octet ${hex(byte)} ${WINDOWS_1252_HIGH[byte]} fin`]).sort(),
    );
  });

  it('issue 52 a real sheet saved in Windows-1252 keeps ’ € œ Œ – — … from the preview to the stored rows; a damaged line never overwrites a saved place', async () => {
    const placeRow = async (label: string) =>
      (
        await server.query(
          'SELECT label, address_complete, lat, lng, locality, postal_code, floor_nb, elevator_presence, notes, contacts_json FROM places WHERE company_id = 1 AND label = ?',
          [label],
        )
      )[0];
    await martin.get(`${R}/adresses`);
    for (const [nom, notes] of [
      ['Les Cœurs', 'Code 1234.'],
      ['Cour Carrée', 'Badge à l’accueil, 2 € la journée.'],
    ])
      assert.equal((await martin.post(`${R}/adresses`, { nom, adresse: '8 Rue de Rivoli 75004 Paris', etage: '1', notes })).status, 303);
    const courCarree = await placeRow('Cour Carrée');
    const notes = 'Clé chez l’Œil du Coin — parking 12 € la journée…';
    const file = windows1252(
      [
        'Nom;Adresse;Étage;Ascenseur;Notes;Contacts;Latitude;Longitude',
        `Les Cœurs;8 Rue de Rivoli 75004 Paris;3;oui;${notes};Zoé Lefèvre, 06 12 34 56 78;48,8556;2,3589`,
        'Dépôt L’Haÿ-les-Roses;3 rue Jean Jaurès 94240 L’Haÿ-les-Roses;0;non;Quai n° 2 – « fragile »;;;',
        // A byte no Windows sheet writes: this line's text was damaged on its way.
        'Cour Carrée;8 Rue de Rivoli 75004 Paris;4;oui;Badge \u0081 l’accueil;;1,5;1,5',
        '',
      ].join('\r\n'),
    );
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(file), 'not UTF-8: read as Windows-1252');
    await martin.get(`${R}/adresses`);
    const preview = await martin.upload(`${R}/adresses/import`, {}, csvFile(file));
    assert.equal(preview.status, 200);
    const text = decoded(preview.text);
    assert.match(text, /Fichier lu en Windows-1252\u00a0: 1\u00a0ajout, 1\u00a0modification, 0\u00a0ligne inchangée, 1\u00a0ligne refusée/);
    assert.match(text, /<div class="cell">Les Cœurs<\/div><\/td><td[^>]*><div class="cell">Modification\u00a0: [^<]*notes/);
    assert.match(text, /<div class="cell">Dépôt L’Haÿ-les-Roses<\/div><\/td><td[^>]*><div class="cell">Ajout<\/div>/);
    assert.match(
      text,
      /<div class="cell">4<\/div><\/td><td data-label="Nom"><div class="cell">Cour Carrée<\/div><\/td><td[^>]*><div class="cell"><strong>Refusée<\/strong>\u00a0: Caractères illisibles dans la colonne «\u202fNotes\u202f»/,
    );
    assert.equal((await martin.upload(`${R}/adresses/import/confirmer`, { texte: carried(preview.text) })).status, 303);

    const cœurs = await placeRow('Les Cœurs');
    assert.equal(cœurs.notes, notes);
    assert.deepEqual([cœurs.floor_nb, Boolean(cœurs.elevator_presence), cœurs.lat, cœurs.lng], [3, true, 48.8556, 2.3589]);
    assert.deepEqual(JSON.parse(cœurs.contacts_json), [{ name: 'Zoé Lefèvre', phone_number: '06 12 34 56 78', email: '' }]);
    const depot = await placeRow('Dépôt L’Haÿ-les-Roses');
    assert.deepEqual(
      [depot.address_complete, depot.locality, depot.postal_code, depot.notes],
      ['3 rue Jean Jaurès 94240 L’Haÿ-les-Roses', "L'Haÿ-les-Roses", '94240', 'Quai n° 2 – « fragile »'],
    );
    assert.deepEqual(await placeRow('Cour Carrée'), courCarree, 'the damaged line changed nothing');
    // The element finds them by their letters.
    assert.deepEqual(
      (await places(DEMO_COMPANY_TOKEN, 'les cœurs')).data.map((place) => [place.label, place.notes]),
      [['Les Cœurs', notes]],
    );

    // The same damage forged into the confirmation (the text as Latin-1 reads it: ’ as U+0092) is refused too.
    await martin.get(`${R}/adresses`);
    const forged = await martin.upload(`${R}/adresses/import/confirmer`, {
      texte: 'Nom;Adresse;Notes;Latitude;Longitude\r\nCour Carrée;8 Rue de Rivoli 75004 Paris;Badge \u00e0 l\u0092accueil;1,5;1,5\r\n',
    });
    assert.equal(forged.status, 303);
    assert.equal(forged.location, `${R}/adresses?fait=import&n=0`);
    assert.deepEqual(await placeRow('Cour Carrée'), courCarree);
  });

  it('refuses a bad line by its number, imports nothing until confirmed, then the good lines only', async () => {
    const file = Buffer.from(
      '\ufeffNom;Téléphone;E-mail\r\nAnne Petit;06 01 02 03 04;anne@exemple.fr\r\nBruno Sans Arobase;06 05 06 07 08;bruno.exemple.fr\r\nChloé Martin;;chloe@exemple.fr\r\n',
      'utf8',
    );
    const before = await count(server, 'contacts', 1);
    await martin.get(`${R}/contacts`);
    const preview = await martin.upload(`${R}/contacts/import`, {}, csvFile(file));
    const text = decoded(preview.text);
    assert.match(text, /UTF-8/);
    assert.match(
      text,
      /<td data-label="Ligne"><div class="cell">3<\/div><\/td><td data-label="Nom"><div class="cell">Bruno Sans Arobase<\/div><\/td><td[^>]*><div class="cell"><strong>Refusée<\/strong>\u00a0: E-mail\u00a0: «\u202fbruno\.exemple\.fr\u202f» n’est pas une adresse e-mail/,
    );
    assert.match(text, /2\u00a0ajouts, 0\u00a0modification, 0\u00a0ligne inchangée, 1\u00a0ligne refusée/);
    assert.equal(await count(server, 'contacts', 1), before);
    const texte = /name="texte" value="([^"]*)"/
      .exec(preview.text)![1]!
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    assert.equal((await martin.upload(`${R}/contacts/import/confirmer`, { texte })).status, 303);
    assert.equal(await count(server, 'contacts', 1), before + 2);
    assert.equal((await contacts(DEMO_COMPANY_TOKEN, 'bruno')).data.length, 0);
    assert.equal((await contacts(DEMO_COMPANY_TOKEN, 'chloe')).data[0].email, 'chloe@exemple.fr');
  });

  it('refuses a file it cannot read, saying why in French, and imports nothing', async () => {
    const before = await count(server, 'contacts', 1);
    await martin.get(`${R}/contacts`);
    const none = await martin.upload(`${R}/contacts/import`, {}, {});
    assert.equal(none.status, 422);
    assert.match(none.text, /Choisissez un fichier CSV à importer/);
    const headless = await martin.upload(`${R}/contacts/import`, {}, csvFile(Buffer.from('Jean;0601020304\r\n')));
    assert.equal(headless.status, 422);
    assert.match(decoded(headless.text), /La première ligne doit nommer les colonnes, dont «\u202fNom\u202f»/);
    for (const kilobytes of [210, 400]) {
      // Past the import's limit, and past the server's body limit (refused before it is read): the list says why.
      const heavy = await martin.upload(`${R}/contacts/import`, {}, csvFile(Buffer.alloc(kilobytes * 1024, 'a')));
      assert.equal(heavy.status, 303, `${kilobytes} Ko`);
      assert.equal(heavy.location, `${R}/contacts?refus=trop-lourd`);
      assert.match(
        decoded((await martin.get(heavy.location)).text),
        /Fichier trop lourd\u00a0: 200\u00a0Ko au plus. Rien n’a été importé./,
      );
    }
    assert.equal(await count(server, 'contacts', 1), before);
  });

  it('says which fields a line changes, matching a customer by its reference', async () => {
    await martin.get(`${R}/clients`);
    const file = Buffer.from(
      'Nom;Référence;E-mail;Téléphone\r\nCabinet Lefèvre Avocats;CLI-0107;accueil@lefevre-avocats.example;04 78 00 00 99\r\n',
    );
    const preview = decoded((await martin.upload(`${R}/clients/import`, {}, csvFile(file))).text);
    assert.match(preview, /0\u00a0ajout, 1\u00a0modification, 0\u00a0ligne inchangée, 0\u00a0ligne refusée/);
    assert.match(preview, /<div class="cell">Modification\u00a0: téléphone<\/div>/);
    const [stored] = await server.query('SELECT phone_number FROM customers WHERE company_id = 1 AND reference = ?', ['CLI-0107']);
    assert.equal(stored.phone_number, '0478000002', 'nothing written before the confirmation');
  });

  it('re-imports its own export to the same rows: nothing to change, and a deleted place comes back as it was', async () => {
    const exported = await fetch(`${server.base}${R}/adresses/export`, { headers: { cookie: martin.cookieHeader() } });
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type')!, /text\/csv; charset=utf-8/);
    const bytes = Buffer.from(await exported.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with its byte-order mark, for Excel');
    const csv = bytes.toString('utf8');
    assert.match(csv, /^\ufeffNom;Adresse;Étage;Ascenseur;Notes;Contacts;Latitude;Longitude\r\n/);
    assert.match(csv, /Entrepôt Saint-Denis;12 Rue des Docks 93200 Saint-Denis;0;non;/);
    assert.match(csv, /;48,9362;2,3574\r\n/, 'decimal commas');

    await martin.get(`${R}/adresses`);
    const same = decoded((await martin.upload(`${R}/adresses/import`, {}, csvFile(bytes))).text);
    assert.match(same, /0\u00a0ajout, 0\u00a0modification, \d+\u00a0lignes inchangées, 0\u00a0ligne refusée/);
    assert.match(same, /Rien à importer/);

    const before = await server.query(
      'SELECT label, address_complete, lat, lng, locality, postal_code, floor_nb, elevator_presence, notes, contacts_json FROM places WHERE company_id = 1 AND label = ?',
      ['Siège Paris 8e'],
    );
    const list = await martin.get(`${R}/adresses?q=siege`);
    const id = /href="\/espace-transporteur\/repertoire\/adresses\/(\d+)"/.exec(list.text)![1];
    await martin.get(`${R}/adresses/${id}`);
    await martin.post(`${R}/adresses/${id}/supprimer`);
    await martin.get(`${R}/adresses`);
    const preview = await martin.upload(`${R}/adresses/import`, {}, csvFile(bytes));
    assert.match(decoded(preview.text), /1\u00a0ajout, 0\u00a0modification/);
    const texte = /name="texte" value="([^"]*)"/
      .exec(preview.text)![1]!
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    await martin.upload(`${R}/adresses/import/confirmer`, { texte });
    const normal = (rows) =>
      rows.map((row) => ({ ...row, contacts_json: JSON.parse(row.contacts_json).map((contact) => ({ email: '', ...contact })) }));
    const after = await server.query(
      'SELECT label, address_complete, lat, lng, locality, postal_code, floor_nb, elevator_presence, notes, contacts_json FROM places WHERE company_id = 1 AND label = ?',
      ['Siège Paris 8e'],
    );
    assert.deepEqual(normal(after), normal(before));
    const again = Buffer.from(
      await (await fetch(`${server.base}${R}/adresses/export`, { headers: { cookie: martin.cookieHeader() } })).arrayBuffer(),
    );
    assert.equal(again.toString('utf8'), csv);
  });

  it('S139 finds an own object right after the carrier adds it, with its key or token, and the quote prices it from its record', async () => {
    await martin.get(CATALOGUE);
    const refused = await martin.post(`${CATALOGUE}/objets`, {
      nom: 'Coffre-fort 300 kg',
      volume: '0,0005',
      poids: '300',
      porteurs: '3',
      temps: '1,5',
    });
    assert.equal(refused.status, 422);
    assert.match(refused.text, /Volume\u00a0: entre 0,001 et 50\u00a0m³/);
    assert.match(refused.text, /value="1,5"/, 'what was typed is kept');
    const dense = await martin.post(`${CATALOGUE}/objets`, {
      nom: 'Coffre-fort 300 kg',
      volume: '0,01',
      poids: '300',
      porteurs: '3',
      temps: '1,5',
    });
    assert.match(dense.text, /plus dense que l’acier/);
    const added = await martin.post(`${CATALOGUE}/objets`, {
      nom: 'Coffre-fort 300 kg',
      volume: '2,4',
      poids: '300',
      porteurs: '3',
      temps: '1,5',
    });
    assert.equal(added.status, 303);
    const [record] = await server.query('SELECT * FROM items WHERE company_id = 1 AND name = ?', ['Coffre-fort 300 kg']);
    assert.equal(record.volume, 2.4);
    /** Spec §9: the priced volume is the sum of volume × quantity rounded to the m³, at least the largest minimal truck. */
    const pricedVolume = (volume, quantity) => Math.max(Math.round(volume * quantity), record.minimal_truck_capacity);

    const byToken = await itemSearch('coffre fort', { authorization: `Bearer ${DEMO_COMPANY_TOKEN}` }, 1);
    assert.equal(byToken.data[0].name, 'Coffre-fort 300 kg');
    const byKey = await itemSearch('coffre fort', { 'x-carrier-key': DEMO_PUBLIC_KEY });
    assert.equal(byKey.data[0].name, 'Coffre-fort 300 kg');
    assert.ok(!(await itemSearch('coffre fort')).data.some((item) => item.company_id !== null), 'not on keyless pages');
    assert.ok(!(await itemSearch('coffre fort', { 'x-carrier-key': OTHER_PUBLIC_KEY })).data.some((item) => item.company_id === 1));
    const forged = await itemSearch('coffre fort', { authorization: `Bearer ${OTHER_COMPANY_TOKEN}` }, 1);
    assert.equal(forged.status, 403);

    // The browser says 0.01 m³ and one person in a minute: the record says otherwise.
    const trip = (extra: Record<string, unknown> = {}) => ({
      addresses: [
        { type_name: 'pickup', ...PARIS, floor_nb: -1, elevator_presence: false },
        { type_name: 'dropoff', ...LYON, floor_nb: -1, elevator_presence: false },
      ],
      items: [{ name: 'Coffre-fort 300 kg', category: 'item', quantity: 2, volume: 0.01, persons_needed: 1, time_factor: 0.01 }],
      ...extra,
    });
    const quoted = await json(server.base, 'POST', '/api/v1/quotes', { body: trip({ company_token: DEMO_COMPANY_TOKEN }) });
    assert.equal(quoted.status, 201, quoted.text);
    assert.equal(quoted.data.figures.volume, pricedVolume(record.volume, 2));
    const keyed = await json(server.base, 'POST', '/api/v1/quotes', { body: trip(), headers: { 'x-carrier-key': DEMO_PUBLIC_KEY } });
    assert.equal(keyed.status, 201, keyed.text);
    assert.equal(keyed.data.figures.volume, pricedVolume(record.volume, 2));
    // Changed in the back office, priced at once from the new record.
    const id = record.id;
    await martin.get(`${CATALOGUE}/objets/${id}`);
    await martin.post(`${CATALOGUE}/objets/${id}`, { nom: 'Coffre-fort 300 kg', volume: '3,1', poids: '300', porteurs: '3', temps: '1,5' });
    const requoted = await json(server.base, 'POST', '/api/v1/quotes', { body: trip({ company_token: DEMO_COMPANY_TOKEN }) });
    assert.equal(requoted.data.figures.volume, pricedVolume(3.1, 2));
  });

  it('S020 S057 sets the preferred items in the carrier’s order, its own objects among them', async () => {
    const names = async () => (await store(DEMO_COMPANY_TOKEN)).data.preferred_items.map((item) => item.name);
    // The demo's chips (demo/companies.ts), those the shared catalogue holds, in the demo's order.
    const demo = ['Carton standard', 'Canapé 3 places', 'Lit double', 'Réfrigérateur', 'Lave-linge'];
    const held = new Set((await server.query('SELECT name FROM items WHERE company_id IS NULL')).map((row) => row.name));
    assert.deepEqual(
      await names(),
      demo.filter((name) => held.has(name)),
    );
    await martin.get(CATALOGUE);
    assert.equal((await martin.post(`${CATALOGUE}/preferes`, { nom: 'coffre-fort 300 KG' })).status, 303);
    assert.deepEqual((await names()).at(-1), 'Coffre-fort 300 kg');
    const unknown = await martin.post(`${CATALOGUE}/preferes`, { nom: 'Licorne' });
    assert.equal(unknown.status, 422);
    assert.match(decoded(unknown.text), /«\u202fLicorne\u202f» n’est ni dans le catalogue ni parmi vos objets/);
    const [safe] = await server.query('SELECT id FROM items WHERE company_id = 1 AND name = ?', ['Coffre-fort 300 kg']);
    await martin.get(CATALOGUE);
    assert.equal((await martin.post(`${CATALOGUE}/preferes/${safe.id}/monter`)).status, 303);
    assert.deepEqual((await names()).slice(-2), ['Coffre-fort 300 kg', 'Lave-linge']);
    const keyed = await json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': DEMO_PUBLIC_KEY } });
    assert.deepEqual(keyed.data.preferred_items.map((item) => item.name).slice(-2), ['Coffre-fort 300 kg', 'Lave-linge']);
    assert.match(
      decoded((await martin.get('/espace-transporteur/reglages/journal')).text),
      /Catalogue, objet préféré «\u202fCoffre-fort 300 kg\u202f» monté d’un rang/,
    );
  });

  it('keeps each company’s rows out of another’s reach: session, token and key (forged requests)', async () => {
    const [place] = await server.query('SELECT id FROM places WHERE company_id = 1 AND label = ?', ['Entrepôt Saint-Denis']);
    const [customer] = await server.query('SELECT id FROM customers WHERE company_id = 1 AND reference = ?', ['CLI-0042']);
    const [safe] = await server.query('SELECT id FROM items WHERE company_id = 1 AND name = ?', ['Coffre-fort 300 kg']);
    await dupont.get(`${R}/adresses`);
    assert.equal((await dupont.get(`${R}/adresses/${place.id}`)).status, 404);
    assert.equal((await dupont.post(`${R}/adresses/${place.id}`, { nom: 'Volé', adresse: '8 Rue de Rivoli 75004 Paris' })).status, 404);
    assert.equal((await dupont.post(`${R}/adresses/${place.id}/supprimer`)).status, 404);
    assert.equal((await dupont.post(`${R}/clients/${customer.id}/supprimer`)).status, 404);
    assert.equal((await server.query('SELECT label FROM places WHERE id = ?', [place.id]))[0].label, 'Entrepôt Saint-Denis');
    assert.equal((await server.query('SELECT COUNT(*) AS n FROM customers WHERE id = ?', [customer.id]))[0].n, 1);

    const list = await dupont.get(`${R}/clients?q=durand`);
    assert.doesNotMatch(list.text, /Boulangerie Durand/);
    const exported = await (await fetch(`${server.base}${R}/clients/export`, { headers: { cookie: dupont.cookieHeader() } })).text();
    assert.match(exported, /Client Secret Dupont/);
    assert.doesNotMatch(exported, /Boulangerie|Brasserie Zoé/);
    // An import by Dupont of Martin's names adds Dupont rows; Martin's stay as they were.
    await dupont.get(`${R}/clients`);
    const preview = await dupont.upload(
      `${R}/clients/import`,
      {},
      csvFile(Buffer.from('Nom;Référence\r\nBoulangerie Durand;CLI-0042\r\n')),
    );
    assert.match(decoded(preview.text), /1\u00a0ajout, 0\u00a0modification/);

    assert.deepEqual((await places(OTHER_COMPANY_TOKEN, 'rivoli')).data, []);
    assert.deepEqual((await contacts(OTHER_COMPANY_TOKEN, 'elodie')).data, []);
    assert.ok(!(await store(OTHER_COMPANY_TOKEN)).data.customers.some((entry) => entry.name === 'Brasserie Zoé'));

    await dupont.get(CATALOGUE);
    assert.equal((await dupont.get(`${CATALOGUE}/objets/${safe.id}`)).status, 404);
    assert.equal((await dupont.post(`${CATALOGUE}/objets/${safe.id}/supprimer`)).status, 404);
    assert.equal(
      (await dupont.post(`${CATALOGUE}/preferes`, { nom: 'Coffre-fort 300 kg' })).status,
      422,
      'another company’s object is no chip',
    );
    const [dupontSafe] = await server.query('SELECT COUNT(*) AS n FROM items WHERE id = ?', [safe.id]);
    assert.equal(dupontSafe.n, 1);
    // A quote of Dupont's naming Martin's object is priced as a visitor's own object, never from Martin's record.
    const quoted = await json(server.base, 'POST', '/api/v1/quotes', {
      body: {
        company_token: OTHER_COMPANY_TOKEN,
        addresses: [
          { type_name: 'pickup', ...PARIS, floor_nb: -1, elevator_presence: false },
          { type_name: 'dropoff', ...LYON, floor_nb: -1, elevator_presence: false },
        ],
        items: [
          {
            id: safe.id,
            name: 'Coffre-fort 300 kg',
            category: 'item',
            quantity: 1,
            volume: 5,
            weight: 20,
            persons_needed: 1,
            time_factor: 0.1,
          },
        ],
      },
    });
    assert.equal(quoted.status, 201, quoted.text);
    assert.equal(quoted.data.figures.volume, 5, 'the visitor’s 5 m³, not Martin’s 3,1');
  });

  it('opens the directory to an exploitant, and refuses the Catalogue (administrators only)', async () => {
    const account = DEMO_ACCOUNTS[1];
    await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['exploitant', account.email]);
    try {
      const office = await new BackOffice(server.base).signInAs(2);
      assert.match((await office.get('/espace-transporteur/reservations')).text, /href="\/espace-transporteur\/repertoire"/);
      await office.get(`${R}/contacts`);
      assert.equal((await office.post(`${R}/contacts`, { nom: 'Contact de l’exploitant' })).status, 303);
      assert.equal((await office.get(CATALOGUE)).status, 403);
      await office.get(`${R}/contacts`);
      const forged = await office.post(`${CATALOGUE}/objets`, {
        nom: 'Piano de l’exploitant',
        volume: '3',
        poids: '400',
        porteurs: '4',
        temps: '2',
      });
      assert.equal(forged.status, 403);
      assert.equal((await server.query('SELECT COUNT(*) AS n FROM items WHERE name = ?', ['Piano de l’exploitant']))[0].n, 0);
    } finally {
      await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['administrateur', account.email]);
    }
  });
  it('issue 52 a directory of 10,000 customers: the company block answers 200 within its published schema, the first 2,000 by name, and the search finds every one', async () => {
    const LARGE = 10000;
    const BLOCK = 2000; // CompanyData's published maxItems for customers
    // Inserted behind the API's back, as ten imports of a thousand lines would.
    await server.query(
      `INSERT INTO customers (company_id, name, reference, email, phone_number)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${LARGE})
       SELECT 1, 'Client importé ' || (100000 + i), 'IMP-' || (100000 + i), '', '' FROM n`,
    );
    const total = await count(server, 'customers', 1);
    assert.ok(total > LARGE);

    const answer = await store(DEMO_COMPANY_TOKEN); // checked against the published contract by json()
    assert.equal(answer.status, 200, answer.text.slice(0, 300));
    assert.ok(v.safeParse(CompanyDataSchema, answer.data).success, 'what the elements parse it with');
    const block = answer.data.customers;
    assert.equal(block.length, BLOCK);
    assert.equal(answer.data.customers_partial, true);
    const names = block.map((customer) => customer.name);
    assert.deepEqual(names, [...names].sort(new Intl.Collator('fr').compare), 'by name, in French order');
    assert.ok(!names.includes('Client importé 110000'));
    assert.deepEqual(
      (await customers(DEMO_COMPANY_TOKEN, 'importe 110000')).data.map((customer) => [customer.name, customer.reference]),
      [['Client importé 110000', 'IMP-110000']],
    );
    assert.equal((await customers(DEMO_COMPANY_TOKEN, 'IMP-10999')).data.length, 10, 'IMP-109990 to IMP-109999');
    assert.deepEqual((await customers(OTHER_COMPANY_TOKEN, 'importe 110000')).data, [], 'another company’s token finds none of them');
    assert.equal((await customers('inconnu', 'importe')).status, 404);
    // A company with few customers sends them all, and says so.
    const small = await store(OTHER_COMPANY_TOKEN);
    assert.equal(small.data.customers_partial, false);
    assert.equal(small.data.customers.length, await count(server, 'customers', 2));

    // The back office lists the first rows, counts them all, and exports every one.
    const list = decoded((await martin.get(`${R}/clients`)).text);
    assert.match(list, new RegExp(`${total}\u00a0au total`));
    assert.match(list, /Les 500\u00a0premiers par ordre alphabétique sont listés\u00a0: cherchez pour trouver les autres./);
    assert.match(decoded((await martin.get(`${R}/clients?q=${encodeURIComponent('importe 110000')}`)).text), /Client importé 110000/);
    const exported = await (await fetch(`${server.base}${R}/clients/export`, { headers: { cookie: martin.cookieHeader() } })).text();
    assert.equal(exported.split('\r\n').filter(Boolean).length, total + 1, 'every customer, under its header');
  });
});

// Issue 42's journey, on an empty production server (server/dist/main.mjs, not the demo): the
// operator's CLI creates two carriers and their administrators; the first administrator signs
// in, sets its SIRET and the site allowed to carry its key; a page served from that other
// origin with the carrier's snippet shows the carrier's price in both elements and books; the
// booking is in this carrier's back office and in no other, and its devis prints the SIRET; the
// second carrier's key, on the same server, prices on its own records.
import type { Quote, TravelPayload } from 'transport-quote-wizard/domain';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../../server/test/api/back-office-client.ts';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import {
  BUILT_DOMAIN,
  CLOCK_ENV,
  closeClient,
  DATABASE_KIND,
  DATABASE_NAME,
  type Domain,
  GENEROUS_LIMITS,
  ROOT,
  SERVER_MAIN,
  json,
  queryDatabase,
  tempDatabase,
} from '../../server/test/api/support.ts';
import { waitFor } from '../../server/test/api/webhook-receiver.ts';
import { fillCustomer, launchBrowser, openPage, resolveAddress, watchPage } from './support.ts';

const CLI = path.join(ROOT, 'server/dist/carrier.mjs');

/** A SIRET with its Luhn check digit, computed here. */
function siretFrom(thirteen) {
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
const SIRET = siretFrom('5234567890001');
const GROUPED = `${SIRET.slice(0, 3)}\u00a0${SIRET.slice(3, 6)}\u00a0${SIRET.slice(6, 9)}\u00a0${SIRET.slice(9)}`;

const databaseEnv = (database) =>
  DATABASE_KIND === 'postgres' ? { DATABASE_URL: database } : { DATABASE_PATH: database, DATABASE_URL: '' };

function carrierCli(database, ...args) {
  return execFileSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...CLOCK_ENV, ...databaseEnv(database) },
  });
}

/** The production server, started as an operator starts it: no demo, no company, the straight-line route (no internet here). */
function startProduction(database) {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...CLOCK_ENV,
      ...GENEROUS_LIMITS,
      ...databaseEnv(database),
      PORT: '0',
      HOST: '127.0.0.1',
      ROUTE_SERVICE: 'straight-line',
      // The carrier's site shows both elements: the operator offers both grids to the public (wizard alone by default).
      PUBLIC_PRICE_GRIDS: 'wizard,lite',
      // No load balancer to turn away: stop() need not wait out the 5-second drain (operations.test.ts proves it).
      SHUTDOWN_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  return new Promise((resolve, reject) => {
    // Killed past the bound, so its pipes do not keep the suite alive after the failure.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`le serveur n’a pas démarré :\n${logs}`));
    }, 60000);
    const onData = (chunk) => {
      logs += chunk;
      const ready = /READY (http:\/\/\S+)/.exec(logs);
      if (ready) {
        clearTimeout(timer);
        resolve({
          base: ready[1],
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`le serveur s’est arrêté (${code}) :\n${logs}`)));
  });
}

/** The carrier's own site: another origin, its pages holding the snippet the Réglages gave. */
async function startCarrierSite() {
  const pages = new Map();
  const server = http.createServer((request, response) => {
    const html = pages.get(request.url);
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'introuvable');
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    publish(url, title, snippet) {
      pages.set(
        url,
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>\n${snippet}\n</body></html>`,
      );
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const line = (output, after) => {
  const lines = output.trim().split('\n');
  return lines[lines.findIndex((text) => text.startsWith(after)) + 1];
};

describe(`a carrier alone on a production server (${DATABASE_NAME}): references, key, site, booking`, () => {
  let database;
  let server;
  let site;
  let browser;
  const carriers = {};

  before(async () => {
    database = await tempDatabase();
    server = await startProduction(database);
    site = await startCarrierSite();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await server?.stop();
    await closeClient(database);
  });

  it('the operator’s CLI creates two carriers, with their keys and tokens apart, and an administrator for each', () => {
    for (const [name, email] of [
      ['Déménagements Lefèvre', 'bureau@lefevre.example'],
      ['Transports Girard', 'bureau@girard.example'],
    ]) {
      const made = carrierCli(database, 'add-company', name, '--telephone', '02 40 12 34 56');
      const id = Number(/Entreprise n° (\d+) créée/.exec(made)![1]);
      const key = line(made, 'Clé publique');
      const token = made.trim().split('\n').pop();
      assert.match(key, /^tqw_pk_[\w-]{32}$/);
      assert.match(token!, /^[\w-]{43}$/);
      const user = carrierCli(database, 'add-user', '--entreprise', String(id), email);
      carriers[name] = { id, key, token, email, password: user.trim().split('\n')[3] };
    }
  });

  it('the administrator sets the SIRET and its site; a page of that site shows the carrier’s price in both elements and books; the booking is its own; the devis prints the SIRET', async () => {
    const lefevre = carriers['Déménagements Lefèvre'];
    const admin = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await admin.goto(`${server.base}/espace-transporteur/connexion`);
    await admin.getByLabel('Adresse e-mail').fill(lefevre.email);
    await admin.getByLabel('Mot de passe').fill(lefevre.password);
    await admin.getByRole('button', { name: 'Se connecter' }).click();
    await admin.getByRole('link', { name: 'Réglages' }).click();
    await admin.getByRole('link', { name: 'Entreprise' }).click();
    await admin.getByLabel('SIRET').fill(`${SIRET.slice(0, 9)} ${SIRET.slice(9)}`);
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByRole('status').filter({ hasText: 'Références enregistrées' }).waitFor();
    await admin.goto(`${server.base}/espace-transporteur/reglages/integration`);
    await admin.getByLabel('Adresses de vos sites').fill(site.origin);
    await admin.getByRole('button', { name: 'Enregistrer les sites' }).click();
    await admin.getByRole('status').filter({ hasText: 'Sites autorisés enregistrés' }).waitFor();
    const snippet = await admin.getByLabel('Extrait pour une page publique').inputValue();
    assert.ok(snippet.includes(`carrier-key="${lefevre.key}"`), snippet);

    // The snippet as pasted, with the server's offline geocoder (no internet here), on both elements.
    const local = snippet.replaceAll('carrier-key=', 'maps-provider="local" carrier-key=');
    site.publish('/devis.html', 'Devis en ligne', local);
    site.publish('/devis-rapide.html', 'Devis rapide', local.replaceAll('transport-quote-wizard', 'transport-quote-lite'));

    const visitor = await openPage(browser, { viewport: { width: 1000, height: 1400 } });
    const problems = watchPage(visitor);
    // Every quote the server gave the pages, with the key the page sent: the price shown must be one of them.
    const quotes: { key: string | undefined; figures: Quote['figures'] }[] = [];
    visitor.on('response', async (response) => {
      if (!response.url().endsWith('/api/v1/quotes') || response.status() !== 201) return;
      // An answer to a page the visitor has already left cannot be read any more, and showed nothing.
      const answer = await response.json().catch(() => null);
      if (answer) quotes.push({ key: response.request().headers()['x-carrier-key'], figures: answer.figures });
    });
    const euros = (cents) =>
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 ? 2 : 0 }).format(
        cents / 100,
      );
    const spaced = (text) => text.replace(/\s/g, ' ');
    /** Waits until the element's totals (its price parts, in its shadow root) show the latest quote of its grid; returns that quote. */
    const shownQuote = async (element, grid): Promise<(typeof quotes)[number] | null> => {
      let shown: (typeof quotes)[number] | null = null;
      await waitFor(async () => {
        shown = quotes.filter((quote) => quote.figures.grid === grid).at(-1) ?? null;
        if (!shown) return false;
        return spaced((await visitor.locator(element).allTextContents()).join(' ')).includes(spaced(euros(shown.figures.total)));
      }, `le prix du devis (${grid}) affiché`);
      return shown;
    };
    await visitor.goto(`${site.origin}/devis.html`);
    await resolveAddress(visitor, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(visitor, 2, '3 place Bellecour 69002 Lyon');
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await visitor.getByRole('combobox', { name: 'Rechercher un objet' }).fill('canapé');
    await visitor.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await visitor.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    const wizardQuote = await shownQuote('transport-quote-wizard [part~="price"]', 'wizard');
    assert.equal(wizardQuote!.key, lefevre.key);
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await fillCustomer(visitor);
    const booked = visitor.waitForResponse(
      (response) => response.url().endsWith('/api/v1/travels') && response.request().method() === 'POST',
    );
    await visitor.getByRole('button', { name: 'Enregistrer' }).click();
    const booking = await booked;
    assert.equal(booking.status(), 201);
    assert.equal(booking.request().headers()['x-carrier-key'], lefevre.key);
    const { id, token } = await booking.json();
    await visitor.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();

    // The lite on the other page: the same carrier's price for its grid.
    await visitor.goto(`${site.origin}/devis-rapide.html`);
    await resolveAddress(visitor, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(visitor, 2, '3 place Bellecour 69002 Lyon');
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await visitor.getByRole('combobox', { name: 'Rechercher un objet' }).fill('canapé');
    await visitor.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    const liteQuote = await shownQuote('transport-quote-lite [part~="price"]', 'lite');
    assert.equal(liteQuote!.key, lefevre.key);
    assert.ok(
      quotes.every((quote) => quote.key === lefevre.key),
      'chaque devis demandé avec la clé',
    );
    assert.deepEqual(problems, []);

    // In Lefèvre's back office, in no other.
    await admin.goto(`${server.base}/espace-transporteur/reservations`);
    assert.ok(BackOffice.listedIds(await admin.content()).includes(id), 'chez Lefèvre');
    const girard = carriers['Transports Girard'];
    const other = new BackOffice(server.base);
    assert.equal((await other.signIn(girard.email, girard.password)).status, 303);
    assert.ok(!BackOffice.listedIds((await other.get('/espace-transporteur/reservations')).text).includes(id), 'pas chez Girard');
    assert.equal((await other.get(`/espace-transporteur/reservations/${id}`)).status, 404);

    const devis = await (await fetch(`${server.base}/devis/${id}?token=${encodeURIComponent(token)}`)).text();
    assert.ok(devis.includes(`SIRET\u00a0${GROUPED}`), 'le SIRET sur le devis');
    assert.match(devis, /Déménagements Lefèvre/);
    await admin.close();
    await visitor.close();
  });

  it('the second carrier’s key prices on its own records, and a site Lefèvre did not list is refused its key', async () => {
    const lefevre = carriers['Déménagements Lefèvre'];
    const girard = carriers['Transports Girard'];
    // Girard's own handling rates, written as its Réglages will write them (the Tarifs page, another issue's).
    const [row] = await queryDatabase(database, 'SELECT store_json FROM companies WHERE id = ?', [girard.id]);
    const store = { ...JSON.parse(row.store_json), handling_rates: { standard: 25, moving: 45 } };
    await queryDatabase(database, 'UPDATE companies SET store_json = ? WHERE id = ?', [JSON.stringify(store), girard.id]);
    const { quoteRequestOfBooking }: Domain = await import(BUILT_DOMAIN);
    const request = quoteRequestOfBooking(bookingBody() as TravelPayload, 'wizard', null);
    const priced = async (key, origin?) =>
      json(server.base, 'POST', '/api/v1/quotes', { body: request, headers: { 'x-carrier-key': key, ...(origin ? { origin } : {}) } });
    const ofLefevre = await priced(lefevre.key, site.origin);
    const ofGirard = await priced(girard.key);
    assert.equal(ofLefevre.status, 201);
    assert.equal(ofGirard.status, 201);
    // Two handlers, two hours, a sofa (a moving): 30 € at Lefèvre (the spec's), 45 € at Girard; VAT 20 %.
    assert.equal(ofLefevre.data.figures.price_handling, Math.round(2 * 2 * 30 * 1.2) * 100);
    assert.equal(ofGirard.data.figures.price_handling, Math.round(2 * 2 * 45 * 1.2) * 100);
    assert.equal((await priced(lefevre.key, 'https://copie.example')).status, 403);
  });
});

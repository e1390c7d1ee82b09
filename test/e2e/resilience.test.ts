import assert from 'node:assert/strict';
import { type AddressInfo, createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { startServer, tempDatabasePath } from '../../server/test/api/support.ts';
import { dayAfterToday, launchBrowser, openPage, resolveAddress } from './support.ts';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let server;
let browser;

describe('nothing typed is lost', () => {
  before(async () => {
    server = await startServer(tempDatabasePath(), await freePort());
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a reload restores the draft; with the API stopped the save keeps everything; once it is back one retry makes one booking', async () => {
    const page = await openPage(browser, { viewport: { width: 1000, height: 1400 } });
    await page.goto(`${server.base}/`);
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((key) => key.startsWith('tqw-draft:') && localStorage.getItem(key)!.includes('Canapé 3 places')),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Vos objets' }).waitFor();
    assert.equal(await page.locator('transport-quote-wizard .item-name').first().textContent(), 'Canapé 3 places');
    await page.getByRole('button', { name: 'Précédent' }).click();
    assert.equal(await page.getByRole('combobox', { name: 'Adresse 2', exact: true }).inputValue(), '3 Place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Marie Curie');
    await page.getByLabel('Téléphone', { exact: true }).fill('0612345678');
    await page.getByLabel('E-mail', { exact: true }).fill('marie@exemple.fr');
    await page.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await page.getByLabel('Heure de début').selectOption('09:00');

    const { databasePath } = server;
    const port = new URL(server.base).port;
    await server.stop();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Une error est survenue, veuillez réessayer dans un instant' }).waitFor();
    assert.equal(await page.getByLabel(/^(Nom et prénom|Nom du contact)$/).inputValue(), 'Marie Curie');

    server = await startServer(databasePath, Number(port));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    const db = new Database(databasePath, { readonly: true });
    const count = (db.prepare("SELECT COUNT(*) AS n FROM travels WHERE customer_name = 'Marie Curie'").get() as { n: number }).n;
    db.close();
    assert.equal(count, 1);
    await page.close();
  });
});

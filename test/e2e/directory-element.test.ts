// Issue 43: what the carrier adds in its back office, the element in company mode finds on the
// next page it opens: a saved place (Adresses), one of its own objects (Chargement), a customer
// and a contact (Finalisation), each typed as a user would, accents and case aside.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from '../../server/test/api/back-office-client.ts';
import { startServer } from '../../server/test/api/support.ts';
import { launchBrowser, openPage, pickSuggestion, resolveAddress, watchPage } from './support.ts';

const R = '/espace-transporteur/repertoire';
const CATALOGUE = '/espace-transporteur/reglages/catalogue';

describe('the element in company mode finds what the carrier just added', () => {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('S019 S028 S030 S116 S117 S139 a place, an own object, a customer and a contact, found right after they are added', async () => {
    const office = await new BackOffice(server.base).signInAs(1);
    const added = async (path, fields) => {
      await office.get(path.replace(/\/objets$/, ''));
      const answer = await office.post(path, fields);
      assert.equal(answer.status, 303, `${path}: ${answer.text.slice(0, 300)}`);
    };
    await added(`${R}/adresses`, { nom: 'Dépôt Rivoli Été', adresse: '8 Rue de Rivoli 75004 Paris', etage: '2', ascenseur: 'on' });
    await added(`${R}/contacts`, { nom: 'Élodie Marchand', telephone: '06 99 88 77 66' });
    await added(`${R}/clients`, { nom: 'Brasserie Zoé', reference: 'CLI-900', email: 'zoe@brasserie.example' });
    await added(`${CATALOGUE}/objets`, { nom: 'Piano de concert Steinway', volume: '3,2', poids: '480', porteurs: '4', temps: '2' });

    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const problems = watchPage(page);
    await page.goto(`${server.base}/company.html`);
    await pickSuggestion(page, 1, 'depot rivoli ete', /Dépôt Rivoli Été/);
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();

    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('PIANO CONCERT');
    await page
      .getByRole('listbox', { name: 'Objets trouvés' })
      .getByRole('option', { name: /Piano de concert Steinway/ })
      .click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Total HT', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: 'Finalisation' }).waitFor();

    await page.getByRole('combobox', { name: 'Rechercher un client' }).fill('zoe');
    await page.getByRole('option', { name: /Brasserie Zoé \(CLI-900\)/ }).click();
    assert.equal(await page.getByLabel('E-mail', { exact: true }).inputValue(), 'zoe@brasserie.example');

    await page.getByRole('tab', { name: 'Contacts sur place' }).click();
    await page.getByRole('combobox', { name: 'Rechercher un contact' }).fill('elodie');
    await page.getByRole('option', { name: /Élodie Marchand/ }).click();
    await page.getByRole('listitem', { name: 'Contact Élodie Marchand' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
  it('issue 52 S117 past the 2,000 customers the company block carries, the customer search still finds any of them', async () => {
    // Inserted behind the API's back, as imports would: 'Zénith…' sorts after the first 2,000 by name.
    await server.query(
      `INSERT INTO customers (company_id, name, reference, email, phone_number)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
       SELECT 1, 'Client importé ' || (100000 + i), 'IMP-' || (100000 + i), '', '' FROM n`,
    );
    await server.query('INSERT INTO customers (company_id, name, reference, email, phone_number) VALUES (1, ?, ?, ?, ?)', [
      'Zénith Transports Ouest',
      'CLI-7001',
      'zenith@transports-ouest.example',
      '02 40 00 00 01',
    ]);

    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    const problems = watchPage(page);
    await page.goto(`${server.base}/company.html`);
    await resolveAddress(page, 1, '8 Rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('refrigerateur');
    await page
      .getByRole('listbox', { name: 'Objets trouvés' })
      .getByRole('option', { name: /Réfrigérateur/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText('Total HT', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('heading', { name: 'Finalisation' }).waitFor();

    await page.getByRole('combobox', { name: 'Rechercher un client' }).fill('zenith');
    await page.getByRole('option', { name: /Zénith Transports Ouest \(CLI-7001\)/ }).click();
    assert.equal(await page.getByLabel('E-mail', { exact: true }).inputValue(), 'zenith@transports-ouest.example');
    assert.deepEqual(problems, []);
    await page.close();
  });
});

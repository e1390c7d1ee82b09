import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { fillCustomer, openPage, resolveAddress, useDemo, watchPage } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const meta: Metafile = JSON.parse(readFileSync(path.join(ROOT, 'dist/esm/meta.json'), 'utf8'));

/** The built chunk holding a source file, by the build's own record: its file name under esm/. */
function chunkOf(source) {
  const found = Object.entries(meta.outputs).find(([file, output]) => file.endsWith('.js') && source in output.inputs);
  assert.ok(found, `no chunk holds ${source}`);
  return path.basename(found[0]);
}

/** The element scripts a page asked for, by file name (loader, entry and chunks). */
function watchScripts(page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) asked.push(path.basename(url.pathname));
  });
  return asked;
}

async function toSecondPanel(page) {
  await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
  await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
  await page.getByRole('button', { name: 'Suivant' }).click();
}

describe('the one script tag loads what the first panel needs, and the rest when the visitor gets there', () => {
  const demo = useDemo({ before, after, startServer });
  const laterPanels = chunkOf('src/ui/items/ItemsPanel.tsx');
  const dragLibrary = chunkOf('node_modules/sortablejs/modular/sortable.core.esm.js');
  const timeParts = chunkOf('src/ui/addresses/StopTimes.tsx');
  const dates = chunkOf('node_modules/luxon/build/es6/luxon.mjs');
  const datesState = chunkOf('src/state/dates.ts');
  const savingCode = chunkOf('src/state/save.ts');
  const pricingCode = chunkOf('src/state/pricing.ts');
  const apiClient = chunkOf('src/services/api-client.ts');
  const mapViews = chunkOf('src/ui/map/SchematicMap.tsx');

  it('opening the wizard fetches no later panel and no drag library; Suivant fetches the panels once, a drag the library', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    const problems = watchPage(page);
    const asked = watchScripts(page);
    await page.goto(`${demo.server.base}/`);
    await page.getByRole('heading', { name: 'Vos adresses' }).waitFor();
    assert.ok(asked.includes('transport-quote-wizard.js'), 'the element script');
    assert.equal(asked.includes(laterPanels), false, 'a later panel came with the first');
    assert.equal(asked.includes(dragLibrary), false, 'the drag library came with the first panel');

    await toSecondPanel(page);
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).waitFor();
    assert.equal(asked.filter((file) => file === laterPanels).length, 1);
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('heading', { name: 'Vos adresses' }).waitFor();
    assert.equal(asked.includes(dragLibrary), false);

    // The first drag works as any other, even when the press comes before the library: held back
    // here until the handle is pressed, the download ends after it and the press is replayed.
    let release;
    const released = new Promise((resolve) => (release = resolve));
    await page.route(`**/${dragLibrary}`, async (route) => {
      await released;
      await route.continue();
    });
    const from = await page.locator('transport-quote-wizard .drag-handle').nth(0).boundingBox();
    const to = await page.locator('transport-quote-wizard li.stop-item').nth(1).boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    const arrived = page.waitForResponse((response) => response.url().endsWith(dragLibrary));
    release();
    await arrived;
    await page.mouse.move(from!.x + from!.width / 2, to!.y + to!.height * 0.8, { steps: 12 });
    await page.mouse.up();
    await page.waitForFunction(
      () =>
        document.querySelector('transport-quote-wizard')!.shadowRoot!.querySelector<HTMLInputElement>('input[role="combobox"]')!.value ===
        '3 Place Bellecour 69002 Lyon',
    );
    assert.equal(asked.filter((file) => file === dragLibrary).length, 1);
    assert.deepEqual(problems, []);
    await page.close();
  });

  it('a later panel whose download fails says so in French with Réessayer, which brings it once the network is back', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    await page.goto(`${demo.server.base}/`);
    await page.route(`**/${laterPanels}`, (route) => route.abort('internetdisconnected'));
    await toSecondPanel(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Impossible d’afficher la liste des objets' });
    await alert.waitFor();
    assert.match((await alert.textContent())!, /connexion/);
    await page.unroute(`**/${laterPanels}`);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).waitFor();
    await page.close();
  });

  it('the map comes only to a page that shows it; a failed download says so in French with Réessayer, the addresses work meanwhile', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    const asked = watchScripts(page);
    await page.goto(`${demo.server.base}/`);
    await page.getByRole('textbox', { name: 'Minutes sur place à l’adresse 2' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(asked.includes(mapViews), false, 'the map came to a page that does not show it');

    await page.route(`**/${mapViews}`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${demo.server.base}/?mapsVisible=true`);
    const alert = page.getByRole('alert').filter({ hasText: 'Impossible d’afficher la carte' });
    await alert.waitFor();
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await page.unroute(`**/${mapViews}`);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('img', { name: /^Schéma du trajet : / }).waitFor();
    // The address chosen while the map was missing is still there, now on the map.
    assert.match(await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).inputValue(), /^10 rue de Rivoli 75004 Paris$/i);
    assert.match((await page.getByRole('img', { name: /^Schéma du trajet : / }).getAttribute('aria-label'))!, /Rivoli/i);
    await page.close();
  });

  it('the first panel, its stop times included, comes without the dates library; the later panels bring it', async () => {
    // The loader names what the first panel needs (modulepreload): luxon is not among it.
    const loader = readFileSync(path.join(ROOT, 'dist/transport-quote-wizard.js'), 'utf8');
    assert.equal(loader.includes(dates), false, 'luxon is preloaded with the first panel');
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    const asked = watchScripts(page);
    await page.goto(`${demo.server.base}/`);
    await page.getByRole('textbox', { name: 'Minutes sur place à l’adresse 2' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(asked.filter((file) => file === timeParts).length, 1);
    assert.equal(asked.includes(dates), false, 'luxon came with the first panel');
    // The recap and the agenda file still write dates with luxon: it comes once, with them.
    await toSecondPanel(page);
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).waitFor();
    assert.equal(asked.filter((file) => file === dates).length, 1);
    await page.close();
  });

  it('stop times whose download fails say so in French with Réessayer; the addresses work meanwhile', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    await page.route(`**/${timeParts}`, (route) => route.abort('internetdisconnected'));
    await page.goto(`${demo.server.base}/`);
    const alerts = page.getByRole('alert').filter({ hasText: 'Impossible d’afficher les horaires' });
    await alerts.first().waitFor();
    assert.equal(await alerts.count(), 2, 'one per stop card');
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await page.unroute(`**/${timeParts}`);
    // One press brings the times to every card.
    await alerts.first().getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('textbox', { name: 'Minutes sur place à l’adresse 2' }).waitFor();
    await page.getByRole('textbox', { name: 'Minutes sur place à l’adresse 1' }).waitFor();
    assert.equal(await alerts.count(), 0);
    await page.close();
  });

  it('the dates’ code whose download fails is said once, in French, with Réessayer, which brings it', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    await page.route(`**/${datesState}`, (route) => route.abort('internetdisconnected'));
    const asked = watchScripts(page);
    await page.goto(`${demo.server.base}/`);
    const alerts = page.getByRole('alert').filter({ hasText: 'Les dates et horaires n’ont pas pu être chargés' });
    await alerts.first().waitFor();
    assert.equal(await alerts.count(), 1, 'one banner, whoever asked for the dates');
    assert.match((await alerts.textContent())!, /Rien de ce que vous avez saisi n’est perdu/);
    await page.unroute(`**/${datesState}`);
    await alerts.getByRole('button', { name: 'Réessayer' }).click();
    await alerts.waitFor({ state: 'detached' });
    assert.ok(asked.filter((file) => file === datesState).length >= 2, 'asked again');
    await page.close();
  });

  it('the pricing code comes with the first route; a failed download of it is said in French with Réessayer, which brings it', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    const asked = watchScripts(page);
    await page.goto(`${demo.server.base}/`);
    await page.getByRole('textbox', { name: 'Minutes sur place à l’adresse 2' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(asked.includes(pricingCode), false, 'the pricing code came before any route');
    await page.route(`**/${pricingCode}`, (route) => route.abort('internetdisconnected'));
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    const alert = page.getByRole('alert').filter({ hasText: 'Le calcul du prix n’a pas pu être chargé' });
    await alert.waitFor();
    assert.match((await alert.textContent())!, /Rien de ce que vous avez saisi n’est perdu/);
    await page.unroute(`**/${pricingCode}`);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await alert.waitFor({ state: 'detached' });
    assert.ok(asked.filter((file) => file === pricingCode).length >= 2, 'asked again');
    await page.close();
  });

  /**
   * The first panel shows without `chunk`; with its download failing, Enregistrer says in French
   * that the save could not be prepared and keeps what was typed; the next Enregistrer books.
   */
  async function saveFailsThenBooks(chunk, { quiet }) {
    const page = await openPage(demo.browser, { viewport: { width: 1000, height: 1400 } });
    const problems = watchPage(page);
    const asked = watchScripts(page);
    await page.goto(`${demo.server.base}/`);
    await page.getByRole('textbox', { name: 'Minutes sur place à l’adresse 2' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(asked.includes(chunk), false, `${chunk} came with the first panel`);
    await page.route(`**/${chunk}`, (route) => route.abort('internetdisconnected'));
    await toSecondPanel(page);
    await page.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await fillCustomer(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'L’enregistrement n’a pas pu être préparé' });
    await alert.waitFor();
    assert.match((await alert.textContent())!, /Rien de ce que vous avez saisi n’est perdu/);
    assert.equal(await page.getByLabel('E-mail', { exact: true }).inputValue(), 'marie@exemple.fr');
    await page.unroute(`**/${chunk}`);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/travels') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    assert.equal((await created).status(), 201);
    await page.getByRole('heading', { name: /^Votre réservation est enregistrée/ }).waitFor();
    if (quiet) {
      assert.equal(await alert.count(), 0);
      assert.deepEqual(problems, []);
    }
    await page.close();
  }

  it('the first panel comes without the saving code; a failed download of it is said on Enregistrer, which brings it next time', async () => {
    await saveFailsThenBooks(savingCode, { quiet: true });
  });

  it('the API client comes with the first call; a failed download of it is said in French on Enregistrer, which brings it next time', async () => {
    // The saving code imports the client: without it, Enregistrer says the save could not be prepared.
    await saveFailsThenBooks(apiClient, { quiet: false });
  });
});

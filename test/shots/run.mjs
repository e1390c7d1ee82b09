// `npm run shots`: every panel and main state of both elements, at 375 × 812 and 1280 × 800,
// rendered by Debian's Chromium against the real demo server into docs/screenshots/.
// The pictures are for people (release checklist of UX.md §9); the assertions live in the tests.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from '../server/support.mjs';
import { dayAfterToday, launchBrowser, openPage } from '../e2e/support.mjs';

const OUT = path.join(ROOT, 'docs', 'screenshots');
const VIEWPORTS = [
  { name: '375', viewport: { width: 375, height: 812 } },
  { name: '1280', viewport: { width: 1280, height: 800 } },
];
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;

async function pick(page, step, text) {
  await page.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
  await page.getByRole('listbox', { name: `Suggestions pour Adresse ${step}` }).getByRole('option').first().click();
  await page.locator('transport-quote-wizard, transport-quote-lite').getByText(/Adresse vérifiée/).nth(step - 1).waitFor();
}

async function shoot(page, name) {
  if (only && !only.test(name)) return;
  // Let fonts, layout and the sticky bar settle; the picture is of what a visitor sees now.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`  ${name}.png`);
}

async function next(page) {
  await page.getByRole('button', { name: 'Suivant' }).click();
}

/** Scenes: each gets a fresh page at one viewport and takes its pictures. */
const scenes = {
  async wizard(page, base, size) {
    await page.goto(`${base}/`);
    await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
    await shoot(page, `wizard-0-adresses-vide-${size}`);
    await pick(page, 1, '10 rue de Rivoli 75004 Paris');
    await page.getByRole('combobox', { name: 'Adresse 2', exact: true }).fill('3 place Bellecour 69002 Lyon');
    await shoot(page, `wizard-0-adresses-a-choisir-${size}`);
    await page.getByRole('listbox', { name: 'Suggestions pour Adresse 2' }).getByRole('option').first().click();
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    await shoot(page, `wizard-0-adresses-remplies-${size}`);
    await next(page);
    await page.getByRole('heading', { name: 'Vos objets' }).waitFor();
    await shoot(page, `wizard-1-objets-vide-${size}`);
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('5 table basse');
    await page.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await page.getByRole('button', { name: /Ajouter.*Carton standard/ }).click();
    await shoot(page, `wizard-1-objets-remplis-${size}`);
    await next(page);
    await page.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    await page.getByText(/€/).first().waitFor();
    await shoot(page, `wizard-2-estimation-${size}`);
    await next(page);
    await page.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await shoot(page, `wizard-3-finalisation-erreurs-${size}`);
    await page.getByLabel('Nom du contact').fill('Jeanne Martin');
    await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await page.getByLabel('E-mail', { exact: true }).fill('jeanne.martin@exemple.fr');
    await page.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await page.getByLabel('Heure de début').selectOption('14:30');
    await shoot(page, `wizard-3-finalisation-remplie-${size}`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    await shoot(page, `wizard-4-succes-${size}`);
  },
  async company(page, base, size) {
    await page.goto(`${base}/company.html`);
    await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).fill('entrepot');
    await page.getByRole('option', { name: /Entrepôt Saint-Denis/ }).click();
    await pick(page, 2, '3 place Bellecour 69002 Lyon');
    await shoot(page, `entreprise-0-adresses-${size}`);
    await next(page);
    await page.getByRole('button', { name: /Ajouter.*Carton standard/ }).click();
    await next(page);
    await page.getByText('Total HT', { exact: true }).first().waitFor();
    await shoot(page, `entreprise-2-estimation-${size}`);
    await next(page);
    await shoot(page, `entreprise-3-finalisation-${size}`);
  },
  async lite(page, base, size) {
    await page.goto(`${base}/lite.html`);
    await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
    await shoot(page, `lite-0-adresses-vide-${size}`);
    await pick(page, 1, '10 rue de Rivoli 75004 Paris');
    await pick(page, 2, '3 place Bellecour 69002 Lyon');
    await shoot(page, `lite-0-adresses-remplies-${size}`);
    await next(page);
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('canape');
    await page.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await shoot(page, `lite-1-chargement-${size}`);
    await next(page);
    await page.getByText(/^Prix/).first().waitFor();
    await shoot(page, `lite-2-prix-${size}`);
    await next(page);
    await shoot(page, `lite-3-contacts-${size}`);
  },
  async expired(page, base, size) {
    await page.goto(`${base}/edit.html?id=1&token=faux-jeton`);
    await page.getByRole('alert').first().waitFor();
    await shoot(page, `lien-expire-${size}`);
  },
};

mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [sceneName, scene] of Object.entries(scenes)) {
    for (const { name, viewport } of VIEWPORTS) {
      const page = await openPage(browser, { viewport });
      try {
        await scene(page, server.base, name);
      } catch (error) {
        await page.screenshot({ path: path.join(OUT, `_echec-${sceneName}-${name}.png`) });
        throw error;
      } finally {
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

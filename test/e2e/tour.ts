// The tours a visitor and a company user make through both elements, stopping at every
// panel and main state (empty, filled, error, loading, success). Shared by the
// experience test (which checks each stop) and `npm run shots` (which pictures it).
import type { Row } from '../../server/test/api/support.ts';
import { dayAfterToday } from './support.ts';
import { carrierLogo } from '../support/logo-png.ts';

const element = (page) => page.locator('transport-quote-wizard, transport-quote-lite');

async function pick(page, step, text) {
  await page.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
  await page
    .getByRole('listbox', { name: `Suggestions pour Adresse ${step}` })
    .getByRole('option')
    .first()
    .click();
  await element(page)
    .getByText(/Adresse vérifiée/)
    .nth(step - 1)
    .waitFor();
}

/** The visitor's own details on Finalisation (or the lite Contacts step). */
async function fillCustomer(page) {
  await page.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Jeanne Martin');
  await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
  await page.getByLabel('E-mail', { exact: true }).fill('jeanne.martin@exemple.fr');
}

/** The success panel's side frame, where it shows (wide screens): its page is in before the stop is seen. */
async function sideFrameLoaded(page) {
  const frame = element(page).locator('iframe');
  if ((await frame.count()) === 0 || !(await frame.isVisible())) return;
  await frame.contentFrame().getByRole('heading', { level: 1 }).waitFor();
}

/** The first panel with its times and date in: they come in a chunk of their own just after it. */
async function firstPanel(page) {
  await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
  await element(page).getByRole('status').filter({ hasText: 'Chargement…' }).first().waitFor({ state: 'detached' });
}

async function next(page) {
  await page.getByRole('button', { name: 'Suivant' }).click();
}

/**
 * Each tour is an async generator: it drives the page and yields a stop
 * `{ name, panel, primary }` where `primary` names the action that must be in reach
 * ('Suivant', 'Enregistrer', 'hint' for the line that says what is missing, or 'busy' for
 * the wait shown in the primary action's place).
 */
export const tours = {
  async *wizard(page, base) {
    await page.goto(`${base}/`);
    await firstPanel(page);
    yield { name: 'wizard-0-adresses-vide', panel: 'Adresses', primary: 'hint' };
    await pick(page, 1, '10 rue de Rivoli 75004 Paris');
    await page.getByRole('combobox', { name: 'Adresse 2', exact: true }).fill('3 place Bellecour 69002 Lyon');
    await page.getByRole('listbox', { name: 'Suggestions pour Adresse 2' }).getByRole('option').first().waitFor();
    yield { name: 'wizard-0-adresses-a-choisir', panel: 'Adresses', primary: 'hint' };
    await page.getByRole('listbox', { name: 'Suggestions pour Adresse 2' }).getByRole('option').first().click();
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    yield { name: 'wizard-0-adresses-remplies', panel: 'Adresses', primary: 'Suivant' };
    await next(page);
    await page.getByRole('heading', { name: 'Vos objets' }).waitFor();
    yield { name: 'wizard-1-objets-vide', panel: 'Objets', primary: 'hint' };
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('5 table basse');
    await page.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await page.getByRole('button', { name: 'Ajouter : Carton standard' }).click();
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    yield { name: 'wizard-1-objets-remplis', panel: 'Objets', primary: 'Suivant' };
    await next(page);
    await page.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    await element(page).locator('.total-amount').waitFor();
    yield { name: 'wizard-2-estimation', panel: 'Estimation', primary: 'Suivant' };
    await next(page);
    await page.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('alert').filter({ hasText: 'À corriger avant d’enregistrer' }).waitFor();
    yield { name: 'wizard-3-finalisation-erreurs', panel: 'Finalisation', primary: 'Enregistrer' };
    await fillCustomer(page);
    await page.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await page.getByLabel('Heure de début').selectOption('14:30');
    yield { name: 'wizard-3-finalisation-remplie', panel: 'Finalisation', primary: 'Enregistrer' };
    // The booking held at the server's door until this stop is seen: the wait in Enregistrer's place.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/travels', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await element(page).locator('.action-bar .busy').waitFor();
    yield { name: 'wizard-3-enregistrement', panel: 'Finalisation', primary: 'busy' };
    release();
    await page.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    await page.unroute('**/api/v1/travels');
    await sideFrameLoaded(page);
    yield { name: 'wizard-4-succes', panel: null, primary: null };
  },

  async *company(page, base) {
    await page.goto(`${base}/company.html`);
    await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).fill('entrepot');
    await page.getByRole('option', { name: /Entrepôt Saint-Denis/ }).click();
    await pick(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    yield { name: 'entreprise-0-adresses', panel: 'Adresses', primary: 'Suivant' };
    await next(page);
    await page.getByRole('button', { name: 'Ajouter : Carton standard' }).click();
    await next(page);
    await page.getByText('Total HT', { exact: true }).first().waitFor();
    yield { name: 'entreprise-2-estimation', panel: 'Estimation', primary: 'Suivant' };
    await next(page);
    await page.getByRole('heading', { name: 'Finalisation' }).waitFor();
    yield { name: 'entreprise-3-finalisation', panel: 'Finalisation', primary: 'Enregistrer' };
  },

  async *lite(page, base) {
    await page.goto(`${base}/lite.html`);
    await firstPanel(page);
    yield { name: 'lite-0-adresses-vide', panel: 'Adresses', primary: 'hint' };
    await pick(page, 1, '10 rue de Rivoli 75004 Paris');
    await pick(page, 2, '3 place Bellecour 69002 Lyon');
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    yield { name: 'lite-0-adresses-remplies', panel: 'Adresses', primary: 'Suivant' };
    await next(page);
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('canape');
    await page.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await page.getByRole('button', { name: 'Suivant' }).waitFor();
    yield { name: 'lite-1-chargement', panel: 'Chargement', primary: 'Suivant' };
    await next(page);
    await page
      .getByText(/^Prix\s:/)
      .first()
      .waitFor();
    yield { name: 'lite-2-prix', panel: 'Prix', primary: 'Suivant' };
    await next(page);
    await page.getByRole('button', { name: 'Enregistrer' }).waitFor();
    yield { name: 'lite-3-contacts', panel: 'Contacts', primary: 'Enregistrer' };
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('alert').filter({ hasText: 'À corriger avant d’enregistrer' }).waitFor();
    yield { name: 'lite-3-contacts-erreurs', panel: 'Contacts', primary: 'Enregistrer' };
    await fillCustomer(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    await sideFrameLoaded(page);
    yield { name: 'lite-4-succes', panel: null, primary: null };
  },

  async *expired(page, base) {
    await page.goto(`${base}/edit.html?id=1&token=faux-jeton`);
    await page.getByRole('alert').first().waitFor();
    yield { name: 'lien-expire', panel: null, primary: null };
  },
};

/**
 * Bookings a carrier finds in its back office: visitors' and its intranet's, on different days
 * and towns. Towns of the Lyon area: the body's coordinates (and price) are Lyon's, and the
 * server refuses a stop placed far from its postcode.
 */
async function carrierBookings(base) {
  const { bookingBody } = await import('../../server/test/api/booking-body.ts');
  const { DEMO_COMPANY_TOKEN } = await import('../../server/test/api/support.ts');
  const made: Row[] = [];
  for (const [name, town, postcode, day, company] of [
    ['Jeanne Martin', 'Lyon', '69002', '2026-12-14', false],
    ['Boulangerie Durand', 'Villeurbanne', '69100', '2026-12-15', true],
    ['Élodie Garnier', 'Vénissieux', '69200', '2026-12-17', false],
    ['Karim Benali', 'Caluire-et-Cuire', '69300', '2026-12-18', false],
    ['Cabinet Lefèvre Avocats', 'Lyon', '69003', '2026-12-21', true],
  ]) {
    const body = bookingBody({ customer: { name, phone_number: '0612345678', email: '' } });
    Object.assign(body.addresses[1], {
      locality: town,
      postal_code: postcode,
      address_complete: `12 rue de la République ${postcode} ${town}`,
    });
    body.travel.beginning_date = `${day}T08:30:00+01:00`;
    if (company) body.company_token = DEMO_COMPANY_TOKEN;
    const answer = await fetch(`${base}/api/v1/travels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    made.push(await answer.json());
  }
  return made;
}

/**
 * The carrier's back office (/espace-transporteur), signed in as the demo's first company:
 * the sign-in, the list, a booking with its decision, the refusal's form, the webhooks.
 * Pictured by `npm run shots` (its pages are not the elements: the experience test does not walk it).
 */
export const backOfficeTours = {
  async *backOffice(page, base) {
    const made = await carrierBookings(base);
    await page.goto(`${base}/espace-transporteur/connexion`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    yield { name: 'espace-transporteur-0-connexion' };
    await page.getByLabel('Adresse e-mail').fill('bureau@transports-martin.example');
    await page.getByLabel('Mot de passe').fill('martin-demo-2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Réservations', level: 1 }).waitFor();
    yield { name: 'espace-transporteur-1-reservations' };
    await page.goto(`${base}/espace-transporteur/reservations/${made[2].id}`);
    await page.getByRole('button', { name: 'Accepter' }).waitFor();
    yield { name: 'espace-transporteur-2-reservation' };
    await page.getByText('Refuser', { exact: true }).click();
    await page.getByLabel('Motif du refus (envoyé au client)').fill('Aucun véhicule disponible à cette date.');
    yield { name: 'espace-transporteur-3-refus' };
    await page.goto(`${base}/espace-transporteur/reservations/${made[0].id}`);
    await page.getByRole('button', { name: 'Accepter' }).click();
    await page.getByRole('status').filter({ hasText: 'Réservation acceptée' }).waitFor();
    yield { name: 'espace-transporteur-4-acceptee' };
    await page.goto(`${base}/espace-transporteur/webhooks`);
    await page.getByLabel('Adresse (https://…)').fill(`http://127.0.0.1:9/planning-${page.viewportSize().width}`);
    await page.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('status').filter({ hasText: 'Point de réception ajouté' }).waitFor();
    // A booking of the intranet for it: nothing answers at that address, so its delivery waits for a new try.
    await carrierBookings(base);
    const newest = page.locator('section.endpoint').last();
    for (let tries = 0; tries < 50 && (await newest.getByText('Nouvel essai').count()) === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await page.reload();
    }
    yield { name: 'espace-transporteur-5-webhooks' };
  },

  /**
   * The Réglages a carrier fills once (issue 42): Entreprise (refused, then saved with its logo),
   * Intégrer à mon site, the journal, and the test page its snippet opens.
   */
  async *reglages(page, base) {
    await page.goto(`${base}/espace-transporteur/connexion`);
    await page.getByLabel('Adresse e-mail').fill('bureau@transports-martin.example');
    await page.getByLabel('Mot de passe').fill('martin-demo-2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Réservations', level: 1 }).waitFor();
    await page.goto(`${base}/espace-transporteur/reglages`);
    await page.getByRole('heading', { name: 'Réglages', level: 1 }).waitFor();
    yield { name: 'reglages-0-index' };
    await page.getByRole('link', { name: 'Entreprise' }).click();
    await page.getByRole('heading', { name: 'Entreprise', level: 1 }).waitFor();
    yield { name: 'reglages-1-entreprise' };
    // A SIRET mistyped and a colour too light: refused, each said under its field, nothing lost.
    await page.getByLabel('SIRET').fill('812 345 678 00014');
    await page.getByLabel('Couleur de la marque').fill('#facc15');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Rien n’est enregistré' }).waitFor();
    yield { name: 'reglages-2-entreprise-a-corriger' };
    await page.getByLabel('SIRET').fill('812 345 678 00013');
    await page.getByLabel('Couleur de la marque').fill('#0f766e');
    await page.getByLabel('Modalités de paiement').fill('Acompte de 30 % à la commande, solde à la livraison, par virement ou par chèque.');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Références enregistrées' })
      .or(page.getByRole('status').filter({ hasText: 'Rien n’a changé' }))
      .waitFor();
    await page
      .getByLabel(/Ajouter un logo|Remplacer le logo/)
      .setInputFiles({ name: 'logo-martin.png', mimeType: 'image/png', buffer: carrierLogo() });
    await page.getByRole('button', { name: 'Envoyer le logo' }).click();
    await page.getByRole('status').filter({ hasText: 'Logo enregistré' }).waitFor();
    yield { name: 'reglages-3-entreprise-logo' };
    await page.goto(`${base}/espace-transporteur/reglages/integration`);
    await page.getByRole('heading', { name: 'Intégrer à mon site', level: 1 }).waitFor();
    const key = (await page.locator('code.key').textContent()).trim();
    yield { name: 'reglages-4-integration' };
    await page.goto(`${base}/espace-transporteur/reglages/journal`);
    await page.getByRole('heading', { name: 'Journal des changements', level: 1 }).waitFor();
    yield { name: 'reglages-5-journal' };
    await page.goto(`${base}/integration/essai?cle=${key}&adresses=local`);
    await page.locator('transport-quote-wizard').getByRole('heading', { name: 'Vos adresses' }).waitFor();
    yield { name: 'reglages-6-page-essai' };
  },

  /**
   * The Réglages' tariff side, signed in as the demo's first company (an administrator): the
   * index, the Tarifs form, the same refused (a negative rate, a coefficient of 0), a draft
   * simulated on the sample trip and on a trip typed, the versions after it is saved, the
   * grids and a grid's code refused because it loops.
   */
  async *settings(page, base) {
    await page.goto(`${base}/espace-transporteur/connexion`);
    await page.getByLabel('Adresse e-mail').fill('bureau@transports-martin.example');
    await page.getByLabel('Mot de passe').fill('martin-demo-2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('heading', { name: 'Réservations', level: 1 }).waitFor();
    await page.goto(`${base}/espace-transporteur/reglages`);
    await page.getByRole('heading', { name: 'Réglages', level: 1 }).waitFor();
    yield { name: 'reglages-tarifs-0-index' };
    await page.goto(`${base}/espace-transporteur/reglages/tarifs`);
    await page.getByRole('heading', { name: 'Tarifs', level: 1 }).waitFor();
    yield { name: 'reglages-tarifs-1-formulaire' };
    await page.getByLabel('Taux horaire de manutention').fill('-18');
    await page.getByLabel('Samedi', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Enregistrer le tarif' }).click();
    await page.getByRole('alert').filter({ hasText: 'Le tarif n’a pas été enregistré' }).waitFor();
    yield { name: 'reglages-tarifs-2-refuse' };
    // A draft: dearer km (another price at each width, so each run has a change to show), Saturdays 20 % dearer, simulated before it is saved.
    const perKm = page.viewportSize().width < 700 ? '0,8' : '0,9';
    await page.getByLabel('Taux horaire de manutention').fill('20');
    await page.getByLabel('Samedi', { exact: true }).fill('1,2');
    await page.getByLabel('Prix par km', { exact: true }).fill(perKm);
    await page.getByLabel('Prix minimum du transport').fill('40');
    await page.getByRole('button', { name: 'Simuler avant d’enregistrer' }).click();
    await page.getByRole('heading', { name: 'Simuler', level: 1 }).waitFor();
    await page.getByLabel('Départ', { exact: true }).fill('33000 Bordeaux');
    await page.getByLabel('Arrivée', { exact: true }).fill('Toulouse');
    await page.getByLabel('Volume', { exact: true }).fill('12');
    await page.getByLabel('Jour (facultatif)').fill('2026-12-19');
    await page.getByRole('button', { name: 'Simuler ce trajet' }).click();
    await page
      .getByRole('cell', { name: /Bordeaux → Toulouse/ })
      .or(page.getByRole('rowheader', { name: /Bordeaux → Toulouse/ }))
      .first()
      .waitFor();
    yield { name: 'reglages-tarifs-3-simuler' };
    await page.getByRole('button', { name: 'Enregistrer ce tarif' }).click();
    await page.getByRole('status').filter({ hasText: 'Tarif enregistré' }).waitFor();
    await page.goto(`${base}/espace-transporteur/reglages/versions`);
    await page.getByRole('heading', { name: 'Versions du tarif', level: 1 }).waitFor();
    yield { name: 'reglages-tarifs-4-versions' };
    await page.goto(`${base}/espace-transporteur/reglages/grilles`);
    await page.getByRole('heading', { name: 'Grilles tarifaires', level: 1 }).waitFor();
    yield { name: 'reglages-grilles-1-liste' };
    await page.getByLabel('Nom de la grille').last().fill(`Grille en boucle ${page.viewportSize().width}`);
    await page.getByLabel('Code de calcul (facultatif)').last().fill('while (true) {}\nreturn { transportation: 1, handling: 1 };');
    await page.getByRole('button', { name: 'Ajouter la grille' }).click();
    await page.getByRole('alert').filter({ hasText: 'La grille n’a pas été ajoutée' }).waitFor();
    yield { name: 'reglages-grilles-2-code-refuse' };
  },
};

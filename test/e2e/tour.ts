// The tours a visitor and a company user make through both elements, stopping at every
// panel and main state (empty, filled, error, loading, success). Shared by the
// experience test (which checks each stop) and `npm run shots` (which pictures it).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Row } from '../../server/test/api/support.ts';
import { dayAfterToday, pickSuggestion } from './support.ts';
import { carrierLogo } from '../support/logo-png.ts';

/** Transports Martin's public key, as the demo publishes it (demo/companies.ts). */
const MARTIN_PUBLIC_KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';

/** Types each address in one element (`part`: a page may hold both) and takes its first suggestion, checked. */
export async function fillStops(part: Locator, addresses: readonly string[]) {
  for (const [index, text] of addresses.entries()) {
    const step = index + 1;
    await part.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
    await part
      .getByRole('listbox', { name: `Suggestions pour Adresse ${step}` })
      .getByRole('option')
      .first()
      .click();
    await part
      .getByText(/Adresse vérifiée/)
      .nth(index)
      .waitFor();
  }
}

/** The customer's 'Bon pour accord' on the devis page open in `page`. */
export async function signDevis(page: Page, name: string) {
  await page.getByLabel('Vos prénom et nom').fill(name);
  await page.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await page.getByRole('checkbox', { name: /déclaration de valeur/ }).check();
  await page.getByRole('button', { name: 'Bon pour accord' }).click();
}

const element = (page) => page.locator('transport-quote-wizard, transport-quote-lite');

async function pick(page, step, text) {
  await page.getByRole('combobox', { name: `Adresse ${step}`, exact: true }).fill(text);
  // The list answering the text as typed: one still showing an earlier answer (the saved places
  // shown on focus) is busy and takes no click.
  await page
    .getByRole('listbox', { name: `Suggestions pour Adresse ${step}` })
    .and(page.locator(':not([aria-busy])'))
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
    // A realistic move: a 3rd floor without a lift, so the handling counts (spec §9's floor multipliers).
    await page.getByRole('combobox', { name: 'Étage de l’adresse 1' }).selectOption('3');
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
    // The carrier's quote in: 'Prix garanti jusqu’à …' under the total.
    await element(page)
      .getByText(/Prix garanti jusqu/)
      .first()
      .waitFor();
    yield { name: 'wizard-2-estimation', panel: 'Estimation', primary: 'Suivant' };
    await next(page);
    await page.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('alert').filter({ hasText: 'À corriger avant d’enregistrer' }).waitFor();
    yield { name: 'wizard-3-finalisation-erreurs', panel: 'Finalisation', primary: 'Enregistrer' };
    await fillCustomer(page);
    await page.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await page.getByLabel('Heure de début').selectOption('14:30');
    // Lyon is reached near 22 h: the note under the start says so (the picture shows it).
    await element(page)
      .locator('.late-note')
      .evaluate((note) => note.scrollIntoView({ block: 'center' }));
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
    await pickSuggestion(page, 1, 'entrepot', /Entrepôt Saint-Denis/);
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
    await element(page).locator('.price-coverage').waitFor();
    await element(page)
      .getByText(/Prix garanti jusqu/)
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

/** The e-mails the demo wrote so far whose file starts with `prefix`. */
const mailFiles = (folder: string, prefix: string) =>
  existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(prefix) && name.endsWith('.eml')) : [];

/**
 * The link of the newest e-mail the demo wrote whose file starts with `prefix` (and, when given,
 * that was sent to `to`), once it is there: the e-mail's text, quoted-printable undone. `earlier`:
 * the files there before the action that sends it (the server writes it after answering, and an
 * earlier run's link, already retired, must not be taken for it).
 */
async function linkInMail(folder: string, prefix: string, base: string, to: string | null = null, earlier: string[] = []) {
  for (let tries = 0; tries < 600; tries += 1) {
    const files = mailFiles(folder, prefix).filter((name) => !earlier.includes(name));
    const texts = files
      .map((name) => ({ name, at: statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .map(({ name }) =>
        readFileSync(path.join(folder, name), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      );
    const text = texts.find((candidate) => to === null || candidate.includes(to));
    const token = text && /jeton=([\w-]{43})/.exec(text)?.[1];
    if (token) return `${base}/espace-transporteur/${prefix === 'invitation-' ? 'invitation' : 'nouveau-mot-de-passe'}?jeton=${token}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`aucun e-mail ${prefix} dans ${folder}`);
}

/**
 * Bookings a carrier finds in its back office: visitors' and its intranet's, on different days
 * and towns. Towns of the Lyon area: the body's coordinates (and price) are Lyon's, and the
 * server refuses a stop placed far from its postcode.
 */
async function carrierBookings(base) {
  const { bookingBody } = await import('../../server/test/api/booking-body.ts');
  const { DEMO_COMPANY_TOKEN } = await import('../../server/test/api/support.ts');
  const made: Row[] = [];
  // The days of the dispatcher's tabs, from the server's clock (the machine's): today, then the coming weeks.
  const { DateTime } = await import('luxon');
  const day = (days: number) => DateTime.now().setZone('Europe/Paris').plus({ days }).toISODate();
  for (const [name, town, postcode, days, company, email, phone] of <Array<[string, string, string, number, boolean, string, string]>>[
    ['Jeanne Martin', 'Lyon', '69002', 17, false, '', '0612345678'],
    ['Boulangerie Durand', 'Villeurbanne', '69100', 18, true, 'contact@boulangerie-durand.example', '0478123456'],
    ['Élodie Garnier', 'Vénissieux', '69200', 20, false, 'elodie.garnier@exemple.fr', '0698765432'],
    ['Karim Benali', 'Caluire-et-Cuire', '69300', 21, false, '', '0611223344'],
    ['Cabinet Lefèvre Avocats', 'Lyon', '69003', 24, true, '', '0472000000'],
    // Today's job, and Jeanne Martin's sent a second time (a possible duplicate).
    ['Hugo Petit', 'Lyon', '69007', 0, false, '', '0655443322'],
    ['J. Martin', 'Lyon', '69002', 17, false, '', '06 12 34 56 78'],
  ]) {
    const body = bookingBody({ customer: { name, phone_number: phone, email } });
    Object.assign(body.addresses[1], {
      locality: town,
      postal_code: postcode,
      address_complete: `12 rue de la République ${postcode} ${town}`,
    });
    body.travel.beginning_date = `${day(days)}T08:30:00+01:00`;
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
    // Élodie Garnier's booking: it gave an e-mail, the answers reach her.
    await page.goto(`${base}/espace-transporteur/reservations/${made[2].id}`);
    await page.getByRole('button', { name: 'Accepter' }).waitFor();
    yield { name: 'espace-transporteur-2-reservation' };
    await page.getByText('Refuser', { exact: true }).click();
    await page.getByRole('radio', { name: 'Date indisponible' }).check();
    await page.getByLabel('Précisions pour le client (obligatoires avec « Autre »)').fill('Nous pouvons le faire la semaine suivante.');
    yield { name: 'espace-transporteur-3-refus' };
    // The bakery's booking (the intranet's, whose records allow another price): another date and price.
    await page.goto(`${base}/espace-transporteur/reservations/${made[1].id}`);
    await page.getByText('Proposer une autre date', { exact: true }).click();
    const { DateTime } = await import('luxon');
    await page
      .getByLabel('Date proposée (jj/mm/aaaa)')
      .fill(DateTime.now().setZone('Europe/Paris').plus({ days: 27 }).toFormat('dd/LL/yyyy'));
    await page.getByLabel('Heure de début (hh:mm)').fill('8:30');
    await page.getByLabel('Transport (€ TTC)').fill('980');
    await page.getByLabel('Manutention (€ TTC)').fill('120');
    await page.getByRole('button', { name: 'Envoyer la proposition' }).click();
    await page.getByRole('status').filter({ hasText: 'Proposition envoyée' }).waitFor();
    yield { name: 'espace-transporteur-4-contre-proposition' };
    // The customer's side: the link the e-mail carries, opened on the customer's phone or computer.
    const link = await page.locator('code.secret').textContent();
    await page.goto(link);
    await page.getByRole('button', { name: 'Accepter cette proposition' }).waitFor();
    yield { name: 'contre-proposition-client' };
    await page.getByRole('button', { name: 'Accepter cette proposition' }).click();
    await page.getByRole('heading', { name: 'C’est confirmé' }).waitFor();
    yield { name: 'contre-proposition-client-acceptee' };
    await page.goto(`${base}/espace-transporteur/reservations/${made[2].id}`);
    await page.getByRole('button', { name: 'Accepter' }).click();
    await page.getByRole('status').filter({ hasText: 'Réservation acceptée' }).waitFor();
    yield { name: 'espace-transporteur-5-acceptee' };
    await page.goto(`${base}/espace-transporteur/compte/alertes`);
    await page.getByRole('heading', { name: 'Mes alertes' }).waitFor();
    yield { name: 'espace-transporteur-7-alertes' };
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
    yield { name: 'espace-transporteur-6-webhooks' };
  },

  /**
   * The devis and its 'Bon pour accord' (issue 46): a customer's devis with its form, the same
   * accepted ('Accepté le … par …'), the first page of its PDF, and the carrier's page of the
   * booking marked 'Devis signé'.
   */
  async *devis(page, base) {
    const { bookingBody } = await import('../../server/test/api/booking-body.ts');
    const created = await fetch(`${base}/api/v1/travels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        bookingBody({
          customer: { phone_number: '0612345678', email: '', name: 'Jeanne Martin', address: '18 avenue Jean Jaurès, 69007 Lyon' },
        }),
      ),
    });
    if (created.status !== 201) throw new Error(`réservation refusée (${created.status}) : ${await created.text()}`);
    const { id, token } = await created.json();
    const devis = `${base}/devis/${id}?${new URLSearchParams({ token })}`;
    await page.goto(devis);
    await page.getByRole('heading', { name: 'Devis de déménagement' }).waitFor();
    await page.getByRole('heading', { name: 'Bon pour accord' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    yield { name: 'devis-0-bon-pour-accord' };
    // By keyboard, as the form is meant to be filled.
    await page.getByLabel('Vos prénom et nom').fill('Jeanne Martin');
    await page.getByRole('checkbox', { name: /conditions générales de vente/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: /déclaration de valeur/ }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText(/^Accepté le .+ par Jeanne Martin\.$/).waitFor();
    await page.getByRole('heading', { name: 'Bon pour accord' }).evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
    yield { name: 'devis-1-accepte' };
    const { showPdfFirstPage, showPdfPage } = await import('./pdf-view.ts');
    const { pdfPages, plain } = await import('../../server/test/api/pdf-text.ts');
    const pdf = await fetch(`${base}/devis/${id}.pdf?${new URLSearchParams({ token })}`);
    if (pdf.status !== 200) throw new Error(`PDF refusé (${pdf.status})`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    await showPdfFirstPage(page, bytes, `Devis n° ${id} en PDF, première page`);
    yield { name: 'devis-2-pdf' };
    // The devis's last page, its acceptance and box to sign; then the carrier's conditions, its annex, to their end.
    const pages = await pdfPages(bytes.slice());
    const annex = pages.findIndex((text) => text.includes(plain('Annexe : conditions générales')));
    await showPdfPage(page, bytes, `Devis n° ${id} en PDF, dernière page avant l’annexe`, annex > 0 ? annex : -1);
    yield { name: 'devis-3-pdf-acceptation' };
    await showPdfPage(page, bytes, `Devis n° ${id} en PDF, dernière page (conditions générales)`, -1);
    yield { name: 'devis-4-pdf-derniere-page' };
    await signInAsMartin(page, base);
    await page.goto(`${base}/espace-transporteur/reservations/${id}`);
    await page.locator('.devis-signed').evaluate((signed) => signed.scrollIntoView({ block: 'center' }));
    yield { name: 'devis-5-espace-transporteur' };
  },

  /**
   * The customer's page (issue 46, part 4) at its states: received, accepted, refused with the
   * carrier's reason, edited after its acceptance (back to the carrier), the day before, over;
   * then the carrier's deadline for edits in its Réglages. The states are made as the demo's
   * carrier makes them, in its back office; the page is opened by each booking's link.
   */
  async *suivi(page, base) {
    const { bookingBody } = await import('../../server/test/api/booking-body.ts');
    const { DEMO_COMPANY_TOKEN } = await import('../../server/test/api/support.ts');
    const { DateTime } = await import('luxon');
    const on = (days: number, name: string) => {
      const body = bookingBody({ customer: { name, phone_number: '0612345678', email: 'client@exemple.fr' } });
      const start = DateTime.now().setZone('Europe/Paris').plus({ days }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
      body.travel.beginning_date = start.toISO({ suppressMilliseconds: true });
      body.travel.ending_date = start.plus({ hours: 7 }).toISO({ suppressMilliseconds: true });
      body.addresses[0].timewindow_earliest = null;
      body.addresses[0].timewindow_latest = null;
      body.company_token = DEMO_COMPANY_TOKEN;
      return body;
    };
    const book = async (days: number, name: string) =>
      (await (
        await fetch(`${base}/api/v1/travels`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(on(days, name)),
        })
      ).json()) as { id: number; token: string };
    const received = await book(20, 'Jeanne Martin');
    const accepted = await book(20, 'Paul Langevin');
    const refused = await book(20, 'Irène Joliot');
    const edited = await book(20, 'Marie Curie');
    const eve = await book(1, 'Pierre Curie');
    const over = await book(-1, 'Louis Pasteur');
    await signInAsMartin(page, base);
    for (const booking of [accepted, edited, eve, over]) {
      await page.goto(`${base}/espace-transporteur/reservations/${booking.id}`);
      await page.getByRole('button', { name: 'Accepter' }).click();
      await page.getByRole('status').filter({ hasText: 'Réservation acceptée' }).waitFor();
    }
    await page.goto(`${base}/espace-transporteur/reservations/${refused.id}`);
    await page.getByText('Refuser', { exact: true }).click();
    await page.getByRole('radio', { name: 'Date indisponible' }).check();
    await page.getByLabel('Précisions pour le client (obligatoires avec « Autre »)').fill('Nous pouvons le faire la semaine suivante.');
    await page.getByRole('button', { name: 'Confirmer le refus' }).click();
    await page.getByRole('status').filter({ hasText: 'refusée' }).waitFor();
    // The customer changes the accepted booking (the same body, another name): back to the carrier.
    const { company_token: _company, ...change } = on(20, 'Marie Curie-Sklodowska');
    await fetch(`${base}/api/v1/travels/${edited.id}?token=${encodeURIComponent(edited.token)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(change),
    });
    const follow = async (booking: { id: number; token: string }) => {
      await page.goto(`${base}/suivi/${booking.id}?token=${encodeURIComponent(booking.token)}`);
      await page.getByRole('heading', { name: `Votre réservation n° ${booking.id}`, level: 1 }).waitFor();
    };
    await follow(received);
    yield { name: 'suivi-client-0-recue' };
    await follow(accepted);
    yield { name: 'suivi-client-1-acceptee' };
    await follow(refused);
    yield { name: 'suivi-client-2-refusee' };
    await follow(edited);
    await page.getByText('Modifiée, à accepter de nouveau').waitFor();
    yield { name: 'suivi-client-3-modifiee' };
    await follow(eve);
    yield { name: 'suivi-client-4-veille' };
    await follow(over);
    yield { name: 'suivi-client-5-terminee' };
    await page.goto(`${base}/espace-transporteur/reglages/modifications`);
    await page.getByRole('heading', { name: 'Modifications par le client', level: 1 }).waitFor();
    yield { name: 'reglages-modifications' };
  },

  /**
   * The Réglages a carrier fills once (issue 42): Entreprise (refused, then saved with its logo),
   * Intégrer à mon site, the journal, and the test page its snippet opens.
   */
  async *reglages(page, base) {
    await signInAsMartin(page, base);
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
    // Catalogue's preset inventories (issue 45): the 21 homes, then the T3 'normalement meublé'
    // made the carrier's own. The tour runs twice on one server: it starts from the shipped one.
    const preset = `${base}/espace-transporteur/reglages/catalogue/inventaires/t3/normalement-meuble`;
    await page.goto(preset);
    const back = page.getByRole('button', { name: 'Revenir à l’inventaire livré' });
    if ((await back.count()) > 0) {
      await back.click();
      await page.getByRole('status').filter({ hasText: 'Inventaire livré rétabli' }).waitFor();
    }
    await page.goto(`${base}/espace-transporteur/reglages/catalogue#inventaires`);
    await page.getByRole('heading', { name: 'Inventaires types' }).waitFor();
    yield { name: 'reglages-7-inventaires-types' };
    await page.getByRole('link', { name: /^T3 normalement meublé/ }).click();
    await page.getByRole('heading', { name: 'Inventaire type\u00a0: T3 normalement meublé', level: 1 }).waitFor();
    // Chairs typed as a word: refused under their line, every count typed kept.
    await page.getByLabel('Nombre de « Chaise »').fill('dix');
    await page.getByRole('button', { name: 'Enregistrer les nombres' }).click();
    await page.getByRole('alert').filter({ hasText: 'Les nombres n’ont pas été enregistrés' }).waitFor();
    yield { name: 'reglages-8-inventaire-a-corriger' };
    await page.getByLabel('Nombre de « Chaise »').fill('10');
    await page.getByRole('button', { name: 'Enregistrer les nombres' }).click();
    await page.getByRole('status').filter({ hasText: 'Nombres enregistrés' }).waitFor();
    await page.getByLabel('Objet', { exact: true }).fill('Palette Europe');
    await page.getByLabel('Nombre', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Objet ajouté à l’inventaire' }).waitFor();
    yield { name: 'reglages-9-inventaire-le-votre' };
  },

  /**
   * The carrier's options and a start from the home (issue 45), as Martin's public page (its
   * key) shows them to a visitor: the Options page of the Réglages, a T3 'normalement meublé'
   * filling the list, packing and ad valorem insurance chosen on the estimate, the booking saved,
   * then the same booking in the back office and on its devis, each option with its price.
   */
  async *options(page, base) {
    await signInAsMartin(page, base);
    await page.goto(`${base}/espace-transporteur/reglages/options`);
    await page.getByRole('heading', { name: 'Options', level: 1 }).waitFor();
    yield { name: 'options-0-reglages' };
    await page.goto(`${base}/espace-transporteur/reglages/integration`);
    const key = (await page.locator('code.key').textContent()).trim();
    await page.goto(`${base}/integration/essai?cle=${key}&adresses=local`);
    // The test page shows both elements: the wizard is the one walked.
    const wizard = page.locator('transport-quote-wizard');
    await wizard.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
    await fillStops(wizard, ['10 rue de Rivoli 75004 Paris', '3 place Bellecour 69002 Lyon']);
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByLabel('Logement').selectOption('T3');
    await wizard.getByLabel('Ameublement').selectOption('normalement meublé');
    await wizard.getByRole('button', { name: 'Remplir la liste' }).click();
    await wizard.getByRole('status').filter({ hasText: 'Liste remplie pour un T3 normalement meublé' }).waitFor();
    // The list it filled in view, under the choice.
    await wizard.locator('.home-preset-card').evaluate((card) => card.scrollIntoView({ block: 'start' }));
    yield { name: 'options-1-logement' };
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    // By keyboard: the box ticked with the space bar, the value typed in the field it opens.
    await wizard.getByRole('checkbox', { name: 'Emballage et déballage' }).focus();
    await page.keyboard.press('Space');
    await wizard.getByRole('checkbox', { name: 'Assurance ad valorem' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type('20000');
    await wizard.locator('.coverage-list .covered').filter({ hasText: 'assurance ad valorem' }).waitFor();
    // One price table (issue 55, point 6): the amounts listed add up to the total shown, the options among them.
    await wizard.locator('.facts dt').filter({ hasText: 'Assurance ad valorem' }).waitFor();
    const sums = await wizard.locator('.estimate').evaluate((panel) => {
      const euros = (text: string) => Number(text.replace(/[\s\u202f\u00a0€]|TTC|HT/g, '').replace(',', '.'));
      const amounts = [...panel.querySelectorAll('.facts dd')]
        .map((dd) => dd.textContent ?? '')
        .filter((text) => /€\s*(TTC|HT)?$/.test(text.trim()));
      return { texts: amounts, lines: amounts.map(euros), total: euros(panel.querySelector('.total-amount')?.textContent ?? '') };
    });
    const listed = Math.round(sums.lines.reduce((sum, amount) => sum + amount, 0) * 100) / 100;
    if (sums.lines.length < 4 || listed !== sums.total)
      throw new Error(`the lines ${sums.lines.join(' + ')} do not add up to ${sums.total}: ${sums.texts.join(' | ')}`);
    // What the price covers, and the options, in view.
    await wizard.locator('.coverage-list').evaluate((list) => list.scrollIntoView({ block: 'start' }));
    yield { name: 'options-2-estimation' };
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await wizard.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Jeanne Martin');
    await wizard.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await wizard.getByLabel('E-mail', { exact: true }).fill('jeanne.martin@exemple.fr');
    await wizard.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await wizard.getByRole('button', { name: 'Enregistrer' }).click();
    await wizard.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    yield { name: 'options-3-succes' };
    const devis = await wizard.getByRole('link', { name: 'Lire et signer le devis' }).getAttribute('href');
    // The booking just made, by the id its devis link carries (the list's first line is the soonest move, not the newest).
    const bookedId = new URL(devis!, base).pathname.split('/').at(-1);
    await page.goto(`${base}/espace-transporteur/reservations/${bookedId}`);
    await page.getByText('option choisie').first().waitFor();
    // The inventory and the options with their prices in view (the day and total head the page).
    await page
      .getByText('option choisie')
      .first()
      .evaluate((line) => line.scrollIntoView({ block: 'center' }));
    yield { name: 'options-4-reservation' };
    await page.goto(new URL(devis, base).href);
    await page.getByRole('heading', { name: 'Devis de déménagement' }).waitFor();
    yield { name: 'options-5-devis' };
  },

  /**
   * The directory and the catalogue (issue 43), signed in as the demo's first company (an
   * administrator): the Répertoire, its places refused then added, a place's page, an import's
   * preview with a refused line, the customers and contacts, then Réglages' Catalogue with an
   * object refused for an implausible weight, added, and its page. Names carry the width: the
   * tour runs twice on one server.
   */
  async *repertoire(page, base) {
    const width = page.viewportSize().width;
    await signInAsMartin(page, base);
    await page.getByRole('link', { name: 'Répertoire' }).click();
    await page.getByRole('heading', { name: 'Répertoire', level: 1 }).waitFor();
    yield { name: 'repertoire-0-index' };
    await page.getByRole('link', { name: 'Lieux enregistrés' }).first().click();
    await page.getByRole('heading', { name: 'Lieux enregistrés', level: 1 }).waitFor();
    yield { name: 'repertoire-1-adresses' };
    await page.getByLabel('Nom du lieu').fill(`Dépôt Rivoli ${width}`);
    await page.getByLabel('Adresse', { exact: true }).fill('quelque part');
    await page.getByLabel('Étage', { exact: true }).fill('15');
    await page.getByRole('button', { name: 'Ajouter un lieu' }).click();
    await page.getByRole('alert').filter({ hasText: 'Vos saisies sont gardées' }).waitFor();
    yield { name: 'repertoire-2-adresse-a-corriger' };
    await page.getByLabel('Adresse', { exact: true }).fill('8 rue de Rivoli 75004 Paris');
    await page.getByLabel('Étage', { exact: true }).fill('2');
    await page.getByLabel('Ascenseur (à partir du 1er étage)').check();
    await page.getByLabel('Contacts sur place (facultatifs)').fill('Lucie Vidal, 06 12 34 56 78, lucie@exemple.fr');
    await page.getByRole('button', { name: 'Ajouter un lieu' }).click();
    await page.getByRole('status').filter({ hasText: 'Ajouté' }).waitFor();
    await page.getByLabel('Chercher un lieu (nom, rue, ville)').fill('rivoli');
    await page.getByRole('button', { name: 'Chercher' }).click();
    await page.getByRole('link', { name: `Dépôt Rivoli ${width}` }).waitFor();
    yield { name: 'repertoire-3-adresses-cherchees' };
    await page.getByRole('link', { name: `Dépôt Rivoli ${width}` }).click();
    await page.getByRole('heading', { name: `Dépôt Rivoli ${width}`, level: 1 }).waitFor();
    yield { name: 'repertoire-4-adresse' };
    await page.goto(`${base}/espace-transporteur/repertoire/contacts`);
    await page.getByLabel('Fichier CSV à importer').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `Nom;Téléphone;E-mail\r\nAnne Petit ${width};06 01 02 03 04;anne@exemple.fr\r\nBruno Sans Arobase;06 05 06 07 08;bruno.exemple.fr\r\n`,
        'latin1',
      ),
    });
    await page.getByRole('button', { name: 'Voir ce que l’import fera' }).click();
    await page.getByRole('heading', { name: 'Import : ce qu’il fera', level: 1 }).waitFor();
    yield { name: 'repertoire-5-import-apercu' };
    await page.getByRole('button', { name: /^Importer 1/ }).click();
    await page.getByRole('status').filter({ hasText: 'Import enregistré' }).waitFor();
    yield { name: 'repertoire-6-contacts' };
    await page.getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    yield { name: 'repertoire-7-clients' };
    await page.goto(`${base}/espace-transporteur/reglages/catalogue`);
    await page.getByRole('heading', { name: 'Catalogue', level: 1 }).waitFor();
    yield { name: 'catalogue-0-page' };
    await page.getByLabel('Nom de l’objet').fill(`Coffre-fort ${width}`);
    await page.getByLabel('Volume', { exact: true }).fill('0,01');
    await page.getByLabel('Poids', { exact: true }).fill('300');
    await page.getByLabel('Manutentionnaires').fill('3');
    await page.getByLabel('Temps de manutention').fill('1,5');
    await page.getByRole('button', { name: 'Ajouter l’objet' }).click();
    await page.getByRole('alert').filter({ hasText: 'Vos saisies sont gardées' }).waitFor();
    yield { name: 'catalogue-1-objet-a-corriger' };
    await page.getByLabel('Volume', { exact: true }).fill('0,5');
    await page.getByRole('button', { name: 'Ajouter l’objet' }).click();
    await page.getByRole('status').filter({ hasText: 'Objet ajouté' }).waitFor();
    await page.getByLabel('Ajouter un objet préféré').fill(`Coffre-fort ${width}`);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Objet préféré ajouté' }).waitFor();
    await page.getByRole('button', { name: `Monter Coffre-fort ${width}` }).click();
    await page.getByRole('status').filter({ hasText: 'Objets préférés enregistrés' }).waitFor();
    yield { name: 'catalogue-2-preferes' };
    await page.getByRole('link', { name: `Coffre-fort ${width}` }).click();
    await page.getByRole('heading', { name: `Coffre-fort ${width}`, level: 1 }).waitFor();
    yield { name: 'catalogue-3-objet' };
  },

  /**
   * The team (issue 43): «Mot de passe oublié» and its answer, Équipe with an invitation refused
   * then sent, Mon compte and a wrong current password, then, signed out, the forgotten
   * password's link, an unknown link, the invitation's page and the account it creates. The
   * links come from the e-mails the demo writes beside its database (`server`: the started
   * server, for its database's folder).
   */
  async *equipe(page, base, server) {
    const width = page.viewportSize().width;
    const mails = path.join(path.dirname(server.databasePath), 'mails');
    await page.goto(`${base}/espace-transporteur/connexion`);
    await page.getByRole('link', { name: 'Mot de passe oublié\u00a0?' }).click();
    await page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }).waitFor();
    await page.getByLabel('Adresse e-mail').fill('bureau@transports-martin.example');
    const earlierResets = mailFiles(mails, 'mot-de-passe-');
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await page.getByRole('status').filter({ hasText: 'Si un compte existe' }).waitFor();
    yield { name: 'equipe-0-mot-de-passe-oublie' };
    const resetLink = await linkInMail(mails, 'mot-de-passe-', base, null, earlierResets);
    await signInAsMartin(page, base);
    await page.getByRole('link', { name: 'Équipe' }).click();
    await page.getByRole('heading', { name: 'Équipe', level: 1 }).waitFor();
    yield { name: 'equipe-1-equipe' };
    await page.getByLabel('Adresse e-mail').fill('camille roux');
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await page.getByRole('alert').filter({ hasText: 'L’invitation n’a pas été envoyée' }).waitFor();
    yield { name: 'equipe-2-invitation-refusee' };
    const invited = `camille.roux.${width}@transports-martin.example`;
    await page.getByLabel('Adresse e-mail').fill(invited);
    await page.getByRole('radio', { name: /Exploitant/ }).check();
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation envoyée' }).waitFor();
    yield { name: 'equipe-3-invitation-envoyee' };
    const invitationLink = await linkInMail(mails, 'invitation-', base, invited);
    await page.getByRole('link', { name: 'Mon compte' }).click();
    await page.getByRole('heading', { name: 'Mon compte', level: 1 }).waitFor();
    yield { name: 'equipe-4-compte' };
    await page.getByLabel('Mot de passe actuel').fill('pas le bon mot de passe');
    await page.getByLabel('Nouveau mot de passe').fill('une phrase de passe longue');
    await page.getByLabel('Le même, à nouveau').fill('une phrase de passe longue');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByRole('alert').filter({ hasText: 'le mot de passe actuel n’est pas le bon' }).waitFor();
    yield { name: 'equipe-5-compte-refuse' };
    await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Nouveau mot de passe', level: 1 }).waitFor();
    yield { name: 'equipe-6-nouveau-mot-de-passe' };
    await page.goto(`${base}/espace-transporteur/nouveau-mot-de-passe?jeton=ancien-lien`);
    await page.getByRole('heading', { name: 'Lien inconnu', level: 1 }).waitFor();
    yield { name: 'equipe-7-lien-inconnu' };
    await page.goto(invitationLink);
    await page.getByRole('heading', { name: /^Rejoindre/, level: 1 }).waitFor();
    yield { name: 'equipe-8-invitation' };
    await page.getByLabel('Nouveau mot de passe').fill('la phrase de Camille au bureau');
    await page.getByLabel('Le même, à nouveau').fill('la phrase de Camille au bureau');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByRole('status').filter({ hasText: 'Votre compte est créé' }).waitFor();
    yield { name: 'equipe-9-compte-cree' };
  },

  /**
   * The Réglages' tariff side, signed in as the demo's first company (an administrator): the
   * index, the Tarifs form, the same refused (a negative rate, a coefficient of 0), a draft
   * simulated on the sample trip and on a trip typed, the versions after it is saved, the
   * grids and a grid's code refused because it loops.
   */
  async *settings(page, base) {
    await signInAsMartin(page, base);
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
    await page.getByLabel('Jour (facultatif)').fill(dayAfterToday(19));
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

  /**
   * The day chosen by its price (issue 45): the carrier closes Sundays, makes Saturdays 1.25
   * times dearer and takes one booking a day in its Tarifs (the section of closed days and the
   * daily capacity), then its test page shows each element's next 14 days with their price.
   */
  async *jours(page, base) {
    await signInAsMartin(page, base);
    await page.goto(`${base}/espace-transporteur/reglages/tarifs`);
    await page.getByRole('heading', { name: 'Tarifs', level: 1 }).waitFor();
    await page.getByLabel('Samedi', { exact: true }).fill('1,25');
    await page.getByLabel('Fermé le dimanche').check();
    await page.getByLabel('Réservations par jour (facultatif)').fill('1');
    await page.getByRole('heading', { name: 'Fermetures' }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    yield { name: 'reglages-tarifs-5-jours' };
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Enregistrer le tarif' }).click()]);
    await page.goto(`${base}/integration/essai?cle=tqw_pk_demo_martin_2f6b1c9e4a7d3f58&adresses=local`);
    for (const tag of ['transport-quote-wizard', 'transport-quote-lite']) {
      const part = page.locator(tag);
      await fillStops(part, ['10 rue de Rivoli 75004 Paris', '3 place Bellecour 69002 Lyon']);
      const list = part.getByRole('listbox', { name: 'Jour du transport' });
      await list.getByRole('option').nth(13).waitFor();
      await list
        .getByRole('option', { name: /en cours de calcul/ })
        .first()
        .waitFor({ state: 'detached' });
      await part.getByLabel('Date du transport').evaluate((field) => field.scrollIntoView({ block: 'center' }));
      yield { name: tag === 'transport-quote-wizard' ? 'jours-assistant' : 'jours-legere' };
    }
  },

  /**
   * The deposit (issue 46, part 3) at each of its states, on the demo's stand-in for Stripe
   * (TOUR_SERVER_ENV): the carrier's Réglages, the devis accepted with its 'Payer l'acompte',
   * the payment cancelled, the customer back before Stripe's confirmation, paid on the devis,
   * on the customer's page and in the back office, then refunded after the carrier's refusal.
   */
  async *acompte(page, base) {
    await signInAsMartin(page, base);
    await page.goto(`${base}/espace-transporteur/reglages/acompte`);
    await page.getByRole('heading', { name: 'Acompte', level: 1 }).waitFor();
    yield { name: 'acompte-0-reglages' };
    const { bookingBody } = await import('../../server/test/api/booking-body.ts');
    // Booked on Transports Martin's site (its key): its Réglages, the deposit among them, apply.
    const created = await fetch(`${base}/api/v1/travels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-carrier-key': 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58' },
      body: JSON.stringify(bookingBody({ customer: { phone_number: '0612345678', email: 'jeanne@exemple.fr', name: 'Jeanne Martin' } })),
    });
    if (created.status !== 201) throw new Error(`réservation refusée (${created.status}) : ${await created.text()}`);
    const { id, token } = await created.json();
    const devis = `${base}/devis/${id}?${new URLSearchParams({ token })}`;
    const depositHeading = (name: string) => page.getByRole('heading', { name, exact: true });
    const showDeposit = (name: string) => depositHeading(name).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await page.goto(devis);
    await signDevis(page, 'Jeanne Martin');
    await showDeposit('Acompte à régler');
    yield { name: 'acompte-1-a-regler' };
    const pay = page.getByRole('button', { name: /^Payer l’acompte de / });
    await pay.click();
    await page.getByRole('heading', { name: 'Paiement de démonstration' }).waitFor();
    await page.getByRole('link', { name: 'Annuler et revenir au devis' }).click();
    await page.getByText('Paiement annulé\u00a0: rien n’a été prélevé. Vous pouvez réessayer.').waitFor();
    await showDeposit('Acompte à régler');
    yield { name: 'acompte-2-annule' };
    await pay.click();
    await page.getByRole('heading', { name: 'Paiement de démonstration' }).waitFor();
    const checkout = page.url();
    // The customer back on the devis before Stripe's webhook: the return link's page, the session still open.
    await page.goto(`${devis}&acompte=retour`);
    await showDeposit('Paiement en cours de confirmation');
    yield { name: 'acompte-3-en-cours' };
    await page.goto(checkout);
    await page.getByRole('button', { name: /^Payer / }).click();
    await showDeposit('Acompte payé');
    yield { name: 'acompte-4-paye' };
    await page.goto(`${base}/suivi/${id}?${new URLSearchParams({ token })}`);
    await page.locator('.step.done').filter({ hasText: 'Acompte payé' }).waitFor();
    yield { name: 'acompte-5-suivi' };
    await page.goto(`${base}/espace-transporteur/reservations/${id}`);
    await page.getByRole('heading', { name: 'Acompte', exact: true }).evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
    yield { name: 'acompte-6-espace-transporteur' };
    await page.getByText('Refuser', { exact: true }).click();
    await page.getByRole('radio', { name: 'Date indisponible' }).check();
    await page.getByRole('button', { name: 'Confirmer le refus' }).click();
    await page.getByRole('status').filter({ hasText: 'refusée' }).waitFor();
    // The refund goes to Stripe from the server's outbox: the devis says so once Stripe answered.
    await page.goto(devis);
    for (let tries = 0; tries < 100 && (await page.getByText(/a été remboursé le/).count()) === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await page.reload();
    }
    await showDeposit('Acompte remboursé');
    yield { name: 'acompte-7-rembourse' };
  },

  /**
   * The states of issue 55 the other tours do not reach: a trip outside the carrier's
   * départements, refused at the address step with its phone; the warning before an edit
   * undoes a signed devis; the customer declining the carrier's other date.
   */
  async *histoire(page, base) {
    await signInAsMartin(page, base);
    const saveAreas = async (codes: string) => {
      await page.goto(`${base}/espace-transporteur/reglages/entreprise`);
      await page.getByLabel('Départements desservis (facultatif)').fill(codes);
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Références enregistrées' })
        .or(page.getByRole('status').filter({ hasText: 'Rien n’a changé' }))
        .waitFor();
    };
    await saveAreas('75, 92, 93, 94');
    try {
      await page.goto(`${base}/integration/essai?cle=${MARTIN_PUBLIC_KEY}&adresses=local`);
      const wizard = page.locator('transport-quote-wizard');
      await wizard.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
      await fillStops(wizard, ['3 place Bellecour 69002 Lyon', '12 rue Sainte-Catherine 33000 Bordeaux']);
      const refusal = wizard.getByRole('alert').filter({ hasText: /départements/ });
      await refusal.waitFor();
      await refusal.evaluate((alert) => alert.scrollIntoView({ block: 'center' }));
      yield { name: 'histoire-0-hors-zone' };
    } finally {
      await saveAreas('');
    }

    // A booking on Martin's page, its devis signed, then its edit link: the warning before saving.
    await page.goto(`${base}/integration/essai?cle=${MARTIN_PUBLIC_KEY}&adresses=local`);
    const wizard = page.locator('transport-quote-wizard');
    await fillStops(wizard, ['10 rue de Rivoli 75004 Paris', '3 place Bellecour 69002 Lyon']);
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard
      .getByText(/Prix garanti jusqu/)
      .first()
      .waitFor();
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Hugo Lambert');
    await wizard.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await wizard.getByLabel('E-mail', { exact: true }).fill('hugo.lambert@exemple.fr');
    await wizard.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await wizard.getByRole('button', { name: 'Enregistrer' }).click();
    const devisLink = await wizard.getByRole('link', { name: 'Lire et signer le devis' }).getAttribute('href');
    const editLink = await wizard.getByRole('link', { name: 'Modifier ma réservation' }).getAttribute('href');
    const id = new URL(devisLink!, base).pathname.split('/').at(-1);
    await page.goto(new URL(devisLink!, base).href);
    await signDevis(page, 'Hugo Lambert');
    await page.locator('#resume-titre').waitFor();
    await page.goto(new URL(editLink!, base).href);
    const editor = page.locator('transport-quote-wizard');
    await editor.getByRole('button', { name: 'Suivant' }).click();
    await editor.getByRole('button', { name: 'Suivant' }).click();
    await editor.getByRole('button', { name: 'Suivant' }).click();
    await editor.getByRole('button', { name: 'Mettre à jour !' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Votre devis signé sera à signer de nouveau' });
    await dialog.waitFor();
    yield { name: 'histoire-1-devis-signe-avertissement' };
    await dialog.getByRole('button', { name: 'Annuler' }).click();

    // The carrier proposes another day; the customer declines it from the e-mail's link.
    await page.goto(`${base}/espace-transporteur/reservations/${id}`);
    await page.getByText('Proposer une autre date', { exact: true }).click();
    const { DateTime } = await import('luxon');
    await page
      .getByLabel('Date proposée (jj/mm/aaaa)')
      .fill(DateTime.now().setZone('Europe/Paris').plus({ days: 24 }).toFormat('dd/LL/yyyy'));
    await page.getByLabel('Heure de début (hh:mm)').fill('8:30');
    await page.getByRole('button', { name: 'Envoyer la proposition' }).click();
    await page.getByRole('status').filter({ hasText: 'Proposition envoyée' }).waitFor();
    await page.goto((await page.locator('code.secret').textContent())!);
    await page.getByRole('button', { name: 'Refuser cette proposition' }).click();
    await page.getByText('Vous avez refusé cette proposition', { exact: false }).first().waitFor();
    yield { name: 'histoire-2-proposition-refusee' };
  },
};

/** The tours that need a server of their own: the deposit's, with the demo's stand-in for Stripe on. */
export const TOUR_SERVER_ENV: Partial<Record<keyof typeof backOfficeTours, Record<string, string>>> = {
  acompte: { DEMO_STRIPE: '1' },
};

/** The demo carrier's office, signed in. */
async function signInAsMartin(page, base) {
  await page.goto(`${base}/espace-transporteur/connexion`);
  await page.getByLabel('Adresse e-mail').fill('bureau@transports-martin.example');
  await page.getByLabel('Mot de passe').fill('martin-demo-2026');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Réservations', level: 1 }).waitFor();
}

// From booking to job, in Chromium: a visitor books on the carrier's site choosing one of its
// public grids; the carrier signs in to its back office, finds the booking, opens it and
// accepts it; the visitor's edit link (from the confirmation e-mail, read from a local SMTP
// server) then opens with the spec's warning and the chosen grid alone (spec §4), and still
// saves. The carrier refuses another booking and the customer reads the reason in the e-mail.
// Every back-office page passes axe at 375 and 1280 px, without sideways scrolling.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_ACCOUNTS } from '../../server/test/api/demo-accounts.ts';
import { bookingBody } from '../../server/test/api/booking-body.ts';
import { startInbox } from '../../server/test/api/smtp-inbox.ts';
import { DEMO_COMPANY_TOKEN, json, startServer } from '../../server/test/api/support.ts';
import { waitFor } from '../../server/test/api/webhook-receiver.ts';
import { assertAxeCleanWithoutSidewaysScroll, dayAfterToday, launchBrowser, openPage, resolveAddress, watchPage } from './support.ts';
import { backOfficeTours } from './tour.ts';

const MARTIN = DEMO_ACCOUNTS[0];
/** spec §4, as the element says it (src/domain/messages.ts). */
const ACCEPTED_WARNING = 'Le transporteur a déjà accepté cette réservation : un changement important peut perturber son organisation.';

/** The public configuration of the carrier's site: two grids a visitor chooses from. */
const PUBLIC_POOLS = [
  { id: 'public', name: 'Grille publique' },
  { id: 3, name: 'Partenaires Île-de-France' },
];
/** What the carrier's pages hold in their company data block: the same grids (a page lists only the server's). */
const PAGE_STORE = {
  company_mode: false,
  preferred_items: [{ name: 'Carton standard', volume: 0.06, weight: 15, time_factor: 0.04 }],
  driver_pools: PUBLIC_POOLS,
};

/** The element, defined and given the page's company data (the carrier's page carries the grids). */
async function withCarrierPools(page) {
  await page.waitForFunction(() => customElements.get('transport-quote-wizard') !== undefined);
  await page.evaluate((store) => {
    (document.querySelector('transport-quote-wizard') as unknown as { companyStore: unknown }).companyStore = store;
  }, PAGE_STORE);
}

async function signIn(page, base) {
  await page.goto(`${base}/espace-transporteur`);
  await page.getByRole('heading', { name: 'Connexion' }).waitFor();
  await page.getByLabel('Adresse e-mail').fill(MARTIN.email);
  await page.getByLabel('Mot de passe').fill(MARTIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Réservations', level: 1 }).waitFor();
}

describe('from booking to job: the carrier accepts and refuses, the customer is told', () => {
  let inbox;
  let server;
  let browser;
  before(async () => {
    inbox = await startInbox();
    const folder = mkdtempSync(path.join(tmpdir(), 'tqw-public-pricing-'));
    const pricingFile = path.join(folder, 'tarifs-publics.json');
    writeFileSync(
      pricingFile,
      JSON.stringify({
        transportation_company: { name: 'Transports Martin & Fils', email: 'contact@transports-martin.example' },
        driver_pools: PUBLIC_POOLS,
      }),
    );
    server = await startServer(undefined, 0, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'reservations@transports-martin.example',
      PUBLIC_PRICING_FILE: pricingFile,
      OUTBOX_POLL_MS: '100',
      // The acceptance's e-mail leaves at once here (its undo window is dispatch.test.ts's).
      ACCEPTANCE_UNDO_SECONDS: '0',
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('a visitor books on a chosen grid; the carrier finds it, opens it and accepts it; the edit link opens with the warning and that grid alone, and saves', async () => {
    const visitor = await openPage(browser, { viewport: { width: 1000, height: 1400 } });
    const problems = watchPage(visitor);
    await visitor.goto(`${server.base}/`);
    await withCarrierPools(visitor);
    await resolveAddress(visitor, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(visitor, 2, '3 place Bellecour 69002 Lyon');
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await visitor.getByRole('button', { name: 'Ajouter : Carton standard' }).click();
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await visitor.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    await visitor.getByLabel('Grille tarifaire').selectOption({ label: 'Partenaires Île-de-France' });
    await visitor.getByRole('button', { name: 'Suivant' }).click();
    await visitor.getByLabel('Nom et prénom').fill('Hélène Boucher');
    await visitor.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await visitor.getByLabel('E-mail', { exact: true }).fill('helene.boucher@exemple.fr');
    await visitor.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await visitor.getByLabel('Heure de début').selectOption('09:00');
    await visitor.getByRole('button', { name: 'Enregistrer' }).click();
    await visitor.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    const number = Number((await visitor.locator('transport-quote-wizard .booking-number').textContent())!.replace(/\D/g, ''));

    // The carrier, in its back office.
    const carrier = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await signIn(carrier, server.base);
    await carrier.getByLabel('Client ou ville').fill('helene');
    await carrier.getByRole('button', { name: 'Filtrer' }).click();
    await carrier.getByRole('status').filter({ hasText: '1 réservation' }).waitFor();
    const row = carrier.getByRole('row').filter({ hasText: 'Hélène Boucher' });
    await row.getByText('Nouvelle').waitFor();
    await row.getByRole('link', { name: `n° ${number}` }).click();
    await carrier.getByRole('heading', { name: `Réservation n° ${number}`, level: 1 }).waitFor();
    await carrier.getByText('10 Rue de Rivoli 75004 Paris').first().waitFor();
    await carrier.getByRole('button', { name: 'Accepter' }).click();
    await carrier.getByRole('status').filter({ hasText: 'Réservation acceptée : le client en est prévenu par e-mail.' }).waitFor();

    // The visitor opens the edit link the confirmation e-mail gave.
    const address = 'helene.boucher@exemple.fr';
    const subjects = () => inbox.to(address).map((message) => message.mail.subject);
    await waitFor(
      () => subjects().some((subject) => /est enregistrée$/.test(subject)) && subjects().some((subject) => /est acceptée$/.test(subject)),
      'la confirmation et l’acceptation',
    );
    const confirmation = inbox.to(address).find((message) => /est enregistrée$/.test(message.mail.subject));
    const editLink = /Modifier ma réservation\u00a0: (\S+)/.exec(confirmation.mail.text)![1];
    assert.ok(editLink.startsWith(`${server.base}/edit.html?id=${number}&token=`), editLink);
    assert.ok(inbox.to(address).some((message) => /est acceptée$/.test(message.mail.subject)));
    const editing = await openPage(browser, { viewport: { width: 1000, height: 1400 } });
    const editProblems = watchPage(editing);
    await editing.goto(editLink);
    await withCarrierPools(editing);
    await editing
      .getByRole('combobox', { name: 'Adresse 2', exact: true })
      .and(editing.locator('[value="3 Place Bellecour 69002 Lyon"]'))
      .waitFor();
    await editing.getByRole('button', { name: 'Suivant' }).click();
    await editing.getByRole('button', { name: 'Suivant' }).click();
    await editing.getByRole('heading', { name: 'Votre estimation' }).waitFor();
    await editing.getByText(ACCEPTED_WARNING).waitFor();
    const grids = editing.getByLabel('Grille tarifaire');
    assert.deepEqual(await grids.locator('option').allTextContents(), ['Partenaires Île-de-France'], 'the chosen grid alone');
    assert.equal(await grids.isDisabled(), true);
    await editing.getByRole('button', { name: 'Suivant' }).click();
    const saved = editing.waitForResponse((response) => response.request().method() === 'PATCH');
    await editing.getByRole('button', { name: 'Mettre à jour !' }).click();
    assert.equal((await saved).status(), 200);
    await editing.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    const token = new URL(editLink).searchParams.get('token');
    const stored = await json(server.base, 'GET', `/api/v1/travels/${number}?token=${encodeURIComponent(token!)}`);
    assert.deepEqual([stored.data.state, stored.data.travel.driver_pool_id], ['accepted', 3]);
    assert.deepEqual([...problems, ...editProblems], []);
    await Promise.all([visitor.close(), carrier.close(), editing.close()]);
  });

  it('the carrier refuses a booking with a reason, and the customer reads it in the e-mail', async () => {
    const created = await json(server.base, 'POST', '/api/v1/travels', {
      body: bookingBody({ customer: { name: 'Louis Blériot', phone_number: '0612345678', email: 'louis.bleriot@exemple.fr' } }),
    });
    assert.equal(created.status, 201, created.text);
    const carrier = await openPage(browser, { viewport: { width: 375, height: 812 } });
    await signIn(carrier, server.base);
    await carrier.getByRole('link', { name: `n° ${created.data.id}` }).click();
    await carrier.getByText('Refuser', { exact: true }).click();
    const reason = 'Nous n’avons plus de camion libre ce jour-là ; essayez le lendemain.';
    await carrier.getByRole('radio', { name: 'Autre' }).check();
    await carrier.getByLabel('Précisions pour le client (obligatoires avec « Autre »)').fill(reason);
    await carrier.getByRole('button', { name: 'Confirmer le refus' }).click();
    await carrier.getByRole('status').filter({ hasText: 'Réservation refusée' }).waitFor();
    await carrier.getByText(`Motif donné au client : ${reason}`).waitFor();
    await waitFor(
      () => inbox.to('louis.bleriot@exemple.fr').some((message) => /n’a pas pu être acceptée$/.test(message.mail.subject)),
      'le refus',
    );
    const refusal = inbox.to('louis.bleriot@exemple.fr').find((message) => /n’a pas pu être acceptée$/.test(message.mail.subject));
    assert.ok(refusal.mail.text.includes(`Motif\u00a0: ${reason}`), refusal.mail.text);
    await carrier.close();
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    it(`every back-office page passes axe and fits the screen at ${viewport.width} px; the decision is in reach`, async () => {
      const page = await openPage(browser, { viewport });
      const problems = watchPage(page);
      await page.goto(`${server.base}/espace-transporteur/connexion`);
      await assertAxeCleanWithoutSidewaysScroll(page, 'connexion');
      await page.getByLabel('Adresse e-mail').fill(MARTIN.email);
      await page.getByLabel('Mot de passe').fill('pas le bon');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' }).waitFor();
      await assertAxeCleanWithoutSidewaysScroll(page, 'connexion refusée');
      await signIn(page, server.base);
      await assertAxeCleanWithoutSidewaysScroll(page, 'liste');
      const created = await json(server.base, 'POST', '/api/v1/travels', {
        body: bookingBody({ customer: { name: `Écran ${viewport.width}`, phone_number: '0612345678', email: '' } }),
      });
      await page.goto(`${server.base}/espace-transporteur/reservations/${created.data.id}`);
      const accept = page.getByRole('button', { name: 'Accepter' });
      const box = await accept.boundingBox();
      assert.ok(box && box.y + box.height <= viewport.height, `Accepter en vue (${box?.y})`);
      await assertAxeCleanWithoutSidewaysScroll(page, 'réservation');
      await page.getByText('Refuser', { exact: true }).click();
      await assertAxeCleanWithoutSidewaysScroll(page, 'réservation, refus ouvert');
      await page.goto(`${server.base}/espace-transporteur/webhooks`);
      await page.getByLabel('Adresse (https://…)').fill(`http://127.0.0.1:9/webhooks-${viewport.width}`);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      await page.getByRole('status').filter({ hasText: 'Point de réception ajouté' }).waitFor();
      // A booking of the intranet for it: nothing answers there, so its delivery shows a new try to come.
      await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody({ company_token: DEMO_COMPANY_TOKEN }) });
      const newest = page.locator('section.endpoint').last();
      await waitFor(async () => {
        await page.reload();
        return (await newest.getByText('Nouvel essai').count()) > 0;
      }, 'un envoi à refaire');
      await assertAxeCleanWithoutSidewaysScroll(page, 'webhooks');
      await newest.getByText('Supprimer ce point de réception').click();
      await assertAxeCleanWithoutSidewaysScroll(page, 'webhooks, suppression ouverte');
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    it(`the dispatcher's pages as the screenshots show them (tabs, a booking to decide, the refusal, a counter-offer and the customer's page, the alerts) pass axe and fit the screen at ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      const problems = watchPage(page);
      for await (const stop of backOfficeTours.backOffice(page, server.base)) await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  // Last: the tour saves a tariff for the company, which the bookings above are not priced on.
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    it(`every Réglages page of the tariff and the grids, as the screenshots show them, passes axe and fits the screen at ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      const problems = watchPage(page);
      for await (const stop of backOfficeTours.settings(page, server.base)) await assertAxeCleanWithoutSidewaysScroll(page, stop.name);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});

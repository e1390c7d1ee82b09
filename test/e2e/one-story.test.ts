// One story from the first click to the deposit (issue 55's "done when"), walked in the browser
// on Transports Martin's key page: the estimate with an option, the booking, the e-mail's links,
// the devis signed, an edit that adds an option (the signed devis said void before saving), the
// devis signed again, the deposit paid at the demo's stand-in for Stripe. Every screen, e-mail
// and page it passes shows the same total to the cent: the quote's, plus the options as Martin's
// Réglages price them, computed here by hand; the deposit is Martin's 30 % of it. axe finds
// nothing at each stop.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { json, MARTIN_KEY, startServer } from '../../server/test/api/support.ts';
import { startInbox } from '../../server/test/api/smtp-inbox.ts';
import { waitFor } from '../../server/test/api/webhook-receiver.ts';
import { assertAxeCleanWithoutSidewaysScroll, dayAfterToday, openPage, useDemo, watchPage } from './support.ts';
import { fillStops, signDevis } from './tour.ts';

const CUSTOMER = 'jeanne.histoire@exemple.fr';
/** The demo's deposit (demo/main.ts): 30 % of the total TTC, once the devis is accepted. */
const DEPOSIT_PERCENT = 30;
/** Martin's VAT and options as its Réglages hold them, read from its public data (what its pages price with). */
let martin: { vat: number; options: { label: string; price_ht?: number }[] };
const optionCents = (label: string) => {
  const option = martin.options.find((candidate) => candidate.label === label);
  assert.ok(option?.price_ht, `the option « ${label} » has a price in Martin's Réglages`);
  return Math.round(option.price_ht * 100 * (1 + martin.vat));
};
const PACKING = 'Emballage et déballage';
const PARKING = 'Autorisation de stationnement';

/** '1 694,40 €', with any kind of space, in cents; null without an amount. */
const amountIn = (text: string | null): number | null => {
  const figure = /(\d[\d\s\u00a0\u202f]*(?:,\d{2})?)\s*€/.exec(text ?? '');
  return figure ? Math.round(Number(figure[1]!.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')) * 100) : null;
};
const centsOf = (text: string | null) => {
  const cents = amountIn(text);
  assert.ok(cents !== null, `an amount in euros in « ${text} »`);
  return cents;
};
const depositOf = (total: number) => Math.round((total * DEPOSIT_PERCENT) / 100);

describe('one story, one total: key page → estimate with an option → booking → e-mail links → devis signed → edit → devis signed again → deposit', () => {
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  const demo = useDemo({
    before,
    after,
    startServer,
    env: async () => {
      inbox = await startInbox();
      return { DEMO_STRIPE: '1', SMTP_URL: inbox.url, OUTBOX_POLL_MS: '100', OUTBOX_FIRST_RETRY_MS: '200' };
    },
  });
  after(async () => inbox?.close());
  before(async () => {
    martin = (await json(demo.server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': MARTIN_KEY } })).data;
  });

  /** The text of the newest e-mail to the customer whose subject matches, once it came. */
  const mailText = async (subject: RegExp, count = 1) => {
    const matching = () => inbox.to(CUSTOMER).filter((message) => subject.test(message.mail.subject ?? ''));
    await waitFor(() => matching().length >= count || undefined, `e-mail ${subject}`);
    return (matching().at(-1)!.mail.text ?? '').replace(/[\u00a0\u202f]/g, ' ');
  };
  /** A total on screen, once it reads `cents` (the quote for the new choices may still be on its way). */
  const untilAmount = async (locator: Locator, cents: number, where: string) => {
    await locator.first().waitFor();
    let seen: string | null = null;
    await waitFor(
      async () => {
        seen = await locator.first().textContent();
        return amountIn(seen) === cents;
      },
      `${where} : ${cents / 100} €`,
    ).catch(() => assert.equal(amountIn(seen), cents, `${where}: « ${seen} »`));
  };
  const signAndReadDeposit = async (page: Page, url: string, expected: number, stop: string) => {
    await page.goto(url);
    assert.equal(centsOf(await page.locator('.summary-total').textContent()), expected, `${stop}: the devis's summary`);
    await assertAxeCleanWithoutSidewaysScroll(page, stop);
    await signDevis(page, 'Jeanne Histoire');
    await page.getByRole('heading', { name: 'Acompte à régler', exact: true }).waitFor();
    const pay = page.getByRole('button', { name: /^Payer l’acompte de / });
    assert.equal(centsOf(await pay.textContent()), depositOf(expected), `${stop}: the deposit asked`);
    return pay;
  };

  it('finds the same total on every screen, e-mail and devis, and the deposit is 30 % of it', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 1000 } });
    const problems = watchPage(page);
    await page.goto(`${demo.server.base}/integration/essai?cle=${MARTIN_KEY}&adresses=local`);
    const wizard = page.locator('transport-quote-wizard');
    await fillStops(wizard, ['10 rue de Rivoli 75004 Paris', '3 place Bellecour 69002 Lyon']);
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('button', { name: 'Ajouter : Canapé 3 places' }).click();
    await wizard.getByRole('button', { name: 'Ajouter : Carton standard' }).click();
    // The carrier's quote for the load alone: what its grid asks, before any option.
    const firstQuote = page.waitForResponse((answer) => answer.url().endsWith('/api/v1/quotes') && answer.request().method() === 'POST');
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    const grid = (await (await firstQuote).json()).figures.total as number;
    await wizard
      .getByText(/Prix garanti jusqu/)
      .first()
      .waitFor();
    await untilAmount(wizard.locator('.total-amount'), grid, 'the estimate before any option');

    // 1. The estimate with Martin's packing: its price as the Réglages set it, VAT added.
    await wizard.getByRole('checkbox', { name: PACKING }).check();
    const booked = grid + optionCents(PACKING);
    await untilAmount(wizard.locator('.total-amount'), booked, 'the estimate with the packing');
    await assertAxeCleanWithoutSidewaysScroll(page, 'histoire-1-estimation');

    // 2. Finalisation's recap and the bar.
    await wizard.getByRole('button', { name: 'Suivant' }).click();
    await wizard.getByRole('heading', { name: 'Finalisation' }).waitFor();
    await wizard.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Jeanne Histoire');
    await wizard.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await wizard.getByLabel('E-mail', { exact: true }).fill(CUSTOMER);
    await wizard.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await untilAmount(wizard.locator('.recap-total'), booked, 'the recap');
    await untilAmount(wizard.locator('.bar-total-inner .amount'), booked, 'the action bar');
    await assertAxeCleanWithoutSidewaysScroll(page, 'histoire-2-finalisation');

    // 3. The success panel: the total, and the deposit the devis will ask.
    await wizard.getByRole('button', { name: 'Enregistrer' }).click();
    await wizard.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    await untilAmount(wizard.locator('.success dd[part="price"], dd[part="price"]'), booked, 'the success panel');
    const depositFact = wizard.locator('dt', { hasText: 'Acompte' }).locator('xpath=following-sibling::dd[1]');
    assert.equal(centsOf(await depositFact.textContent()), depositOf(booked), 'the success panel: the deposit');
    await assertAxeCleanWithoutSidewaysScroll(page, 'histoire-3-succes');

    // 4. The confirmation e-mail: the same total, and its two links.
    const confirmation = await mailText(/est enregistrée$/);
    assert.equal(centsOf(/Total : (.+?€)/.exec(confirmation)?.[1] ?? null), booked, 'the confirmation e-mail');
    const editUrl = /(https?:\/\/\S+\/edit\.html\?\S+)/.exec(confirmation)?.[1];
    const devisUrl = /(https?:\/\/\S+\/devis\/\d+\?\S+)/.exec(confirmation)?.[1];
    assert.ok(editUrl && devisUrl, `the e-mail's edit and devis links: ${confirmation}`);

    // 5. The devis, read and signed from the e-mail.
    await signAndReadDeposit(page, devisUrl, booked, 'histoire-4-devis');

    // 6. The e-mail's edit link: the booking reopens on Martin's prices, with its option; a parking permit added.
    await page.goto(editUrl);
    const editor = page.locator('transport-quote-wizard');
    await untilAmount(editor.locator('.bar-total-inner .amount'), booked, 'the edit page, reopened');
    await editor.getByRole('button', { name: 'Suivant' }).click();
    await editor.getByRole('button', { name: 'Suivant' }).click();
    await editor.getByRole('checkbox', { name: PACKING, checked: true }).waitFor();
    await editor.getByRole('checkbox', { name: PARKING }).check();
    const edited = booked + optionCents(PARKING);
    await untilAmount(editor.locator('.total-amount'), edited, 'the edit page with the parking permit');
    await editor.getByRole('button', { name: 'Suivant' }).click();
    await untilAmount(editor.locator('.recap-total'), edited, 'the edit page’s recap');
    // The signed devis is said void before saving.
    await editor.getByRole('button', { name: 'Mettre à jour !' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Votre devis signé sera à signer de nouveau' });
    await dialog.waitFor();
    await assertAxeCleanWithoutSidewaysScroll(page, 'histoire-5-modification');
    await dialog.getByRole('button', { name: 'Enregistrer la modification' }).click();
    await editor.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
    await untilAmount(editor.locator('dd[part="price"]'), edited, 'the success panel after the edit');

    // 7. The new devis by e-mail, signed again; the deposit is 30 % of the new total, paid.
    const changed = await mailText(/^Votre devis a changé/);
    const newDevisUrl = /(https?:\/\/\S+\/devis\/\d+\?\S+)/.exec(changed)?.[1];
    assert.ok(newDevisUrl, `the changed devis's link: ${changed}`);
    const pay = await signAndReadDeposit(page, newDevisUrl, edited, 'histoire-6-devis-signe-a-nouveau');
    await pay.click();
    await page.getByRole('heading', { name: 'Paiement de démonstration' }).waitFor();
    await page.getByRole('button', { name: /^Payer / }).click();
    await page.getByRole('heading', { name: 'Acompte payé', exact: true }).waitFor();
    const paid = page.locator('section', { has: page.getByRole('heading', { name: 'Acompte payé', exact: true }) });
    assert.equal(centsOf(await paid.textContent()), depositOf(edited), 'the deposit paid');
    assert.equal(centsOf(await page.locator('.summary-total').textContent()), edited, 'the devis, paid');
    await assertAxeCleanWithoutSidewaysScroll(page, 'histoire-7-acompte-paye');
    assert.deepEqual(problems, []);
    await page.close();
  });
});

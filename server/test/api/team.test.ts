// The carrier's team in the back office, over HTTP as a browser drives it: invitations by
// e-mail (72 hours, once), the forgotten password's link (one hour, once, the same answer for
// every address), the two roles and what an exploitant's forged form gets, the form tokens
// (CSRF) of every new form, a removal and 'Se déconnecter partout' ending sessions at once, the
// journal of every change with no secret in it, and an invitation whose e-mail could not leave.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BackOffice, DEMO_ACCOUNTS, type FormFields } from './back-office-client.ts';
import { bookingBody } from './booking-body.ts';
import { freePort, startInbox } from './smtp-inbox.ts';
import { DATABASE_NAME, json, startServer } from './support.ts';
import { registerEndpoint } from './webhook-receiver.ts';

const BASE = '/espace-transporteur';
const [MARTIN, DUPONT] = DEMO_ACCOUNTS;
const HOUR = 3_600_000;
/** Settings of this suite: the limits low enough to be reached, the waits short. */
const ENV = { SIGN_IN_SLOW_DOWN_AFTER: '5', SIGN_IN_LOCK_AFTER: '8', SIGN_IN_DELAY_MS: '1', MAIL_TIMEOUT_MS: '2000' };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Waits for a condition (an e-mail to arrive), never for a fixed time. */
async function waitFor(condition, what) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`attendu en vain : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The link of an e-mail, as its text shows it: its path and its token. */
function linkOf(message) {
  const url = new URL(/https?:\/\/\S+jeton=\S+/.exec(message.mail.text)![0]);
  return { path: url.pathname + url.search, token: url.searchParams.get('jeton')! };
}

/** What a page says, without its form token (it differs from one answer to the next). */
const withoutToken = (html) => html.replace(/name="_csrf" value="[^"]+"/g, '');

describe(`the carrier's team on ${DATABASE_NAME}`, () => {
  let server;
  let inbox;
  let counter = 0;
  /** A new address each time, so the tests do not depend on each other. */
  const newAddress = (name) => `${name}.${(counter += 1)}@transports-martin.example`;
  /** The last e-mail an address received, once it arrived (after `seen` earlier ones). */
  const mailTo = (address, seen = 0) => waitFor(() => inbox.to(address)[seen], `un e-mail à ${address}`);

  before(async () => {
    inbox = await startInbox();
    server = await startServer(undefined, 0, { ...ENV, SMTP_URL: inbox.url });
  });
  after(async () => {
    await server.stop();
    await inbox.close();
  });

  /** An administrator invites `email` as `role`; returns the invitation's link. */
  async function invite(admin, email, role = 'exploitant') {
    const seen = inbox.to(email).length;
    await admin.get(`${BASE}/equipe`);
    const sent = await admin.post(`${BASE}/equipe/invitations`, { email, role });
    assert.equal(sent.status, 303, sent.text);
    assert.equal(sent.location, `${BASE}/equipe?fait=invitation`);
    return linkOf(await mailTo(email, seen));
  }

  /** Accepts an invitation's link with a password; returns a client signed in as the new colleague. */
  async function accept(link, email, password = 'une phrase de passe longue') {
    const visitor = new BackOffice(server.base);
    const opened = await visitor.get(link.path);
    assert.equal(opened.status, 200, opened.text);
    const created = await visitor.post(`${BASE}/invitation`, { jeton: link.token, nouveau: password, confirmation: password });
    assert.equal(created.status, 303, created.text);
    assert.equal(created.location, `${BASE}/connexion?fait=compte`);
    const colleague = new BackOffice(server.base);
    assert.equal((await colleague.signIn(email, password)).status, 303);
    await colleague.get(`${BASE}/compte`);
    return colleague;
  }

  const colleague = async (admin, name, role = 'exploitant', password = 'une phrase de passe longue') => {
    const email = newAddress(name);
    return { email, password, office: await accept(await invite(admin, email, role), email, password) };
  };

  it('the sign-in names its e-mail field autocomplete="email" (accepted by HTML_CodeSniffer and IBM’s checker) and links to «Mot de passe oublié»', async () => {
    const page = await new BackOffice(server.base).get(`${BASE}/connexion`);
    assert.match(page.text, /<input id="email" name="email" type="email" autocomplete="email"/);
    assert.match(page.text, /<input id="mot_de_passe"[^>]*autocomplete="current-password"/);
    assert.match(page.text, new RegExp(`href="${BASE}/mot-de-passe-oublie">Mot de passe oublié\u00a0\\?`));
  });

  it('an invitation: an e-mail with a link that makes an exploitant’s account once; the token is stored as its hash; the journal says it without a secret', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const email = newAddress('paul');
    const link = await invite(martin, email);
    const [mail] = inbox.to(email);
    assert.match(mail.mail.subject, /Invitation dans l’espace transporteur de Transports Martin/);
    assert.match(mail.mail.text, /valable 72 heures/);
    assert.match(mail.mail.text, new RegExp(MARTIN.email.replace('.', '\\.')));

    const rows = await server.query('SELECT * FROM carrier_account_links WHERE email = ?', [email]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].token_hash, sha256(link.token), 'kept as its hash');
    assert.doesNotMatch(JSON.stringify(rows), new RegExp(link.token), 'never in clear');

    const visitor = new BackOffice(server.base);
    const opened = await visitor.get(link.path);
    assert.equal(opened.status, 200);
    assert.equal(opened.headers.get('referrer-policy'), 'no-referrer');
    assert.match(opened.text, /Rejoindre Transports Martin &amp; Fils/);
    assert.match(opened.text, /comme exploitant/);
    // A refused password keeps the link usable.
    const short = await visitor.post(`${BASE}/invitation`, { jeton: link.token, nouveau: 'court', confirmation: 'court' });
    assert.equal(short.status, 422);
    assert.match(short.text, /au moins 12 caractères/);
    const different = await visitor.post(`${BASE}/invitation`, {
      jeton: link.token,
      nouveau: 'une phrase de passe longue',
      confirmation: 'une autre phrase de passe',
    });
    assert.equal(different.status, 422);
    assert.match(different.text, /ne sont pas identiques/);
    const password = 'ma phrase de passe du bureau';
    const created = await visitor.post(`${BASE}/invitation`, { jeton: link.token, nouveau: password, confirmation: password });
    assert.equal(created.status, 303);
    assert.equal(created.location, `${BASE}/connexion?fait=compte`);
    assert.match((await visitor.get(created.location)).text, /Votre compte est créé/);

    // Once only.
    const again = await new BackOffice(server.base).get(link.path);
    assert.equal(again.status, 410);
    assert.match(again.text, /Cette invitation a déjà servi/);
    const reposted = await visitor.post(`${BASE}/invitation`, { jeton: link.token, nouveau: password, confirmation: password });
    assert.equal(reposted.status, 410);

    const paul = new BackOffice(server.base);
    assert.equal((await paul.signIn(email, password)).status, 303);
    const bookings = await paul.get(`${BASE}/reservations`);
    assert.equal(bookings.status, 200);
    assert.match(bookings.text, /Transports Martin/);
    assert.doesNotMatch(bookings.text, /href="\/espace-transporteur\/equipe"/, 'an exploitant has no Équipe link');
    assert.equal((await paul.get(`${BASE}/equipe`)).status, 403);

    const team = await martin.get(`${BASE}/equipe`);
    assert.match(team.text, new RegExp(`${email.replace(/\./g, '\\.')}`));
    const journal = await martin.get(`${BASE}/reglages/journal`);
    assert.match(journal.text, new RegExp(`Invitation de ${email.replace(/\./g, '\\.')} comme exploitant`));
    assert.match(journal.text, new RegExp(`${email.replace(/\./g, '\\.')} a rejoint l’équipe comme exploitant`));
    const [user] = await server.query('SELECT password_hash FROM carrier_users WHERE email = ?', [email]);
    const lines = JSON.stringify(await server.query("SELECT * FROM settings_journal WHERE area = 'equipe'"));
    for (const secret of [link.token, sha256(link.token), password, user.password_hash])
      assert.ok(!lines.includes(secret), 'no secret in the journal');
  });

  it('an invitation expires 72 hours after it was sent; sent again, the old link is dead and the new one works', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const email = newAddress('expire');
    const link = await invite(martin, email);
    // The clock set forward: the invitation sent 72 h less a minute ago still opens, 72 h and a second ago it does not.
    await server.query('UPDATE carrier_account_links SET created_at = ? WHERE email = ?', [Date.now() - 72 * HOUR + 60_000, email]);
    assert.equal((await new BackOffice(server.base).get(link.path)).status, 200);
    await server.query('UPDATE carrier_account_links SET created_at = ? WHERE email = ?', [Date.now() - 72 * HOUR - 1000, email]);
    const visitor = new BackOffice(server.base);
    const expired = await visitor.get(link.path);
    assert.equal(expired.status, 410);
    assert.match(expired.text, /Cette invitation a expiré/);
    await visitor.get(`${BASE}/connexion`);
    const refused = await visitor.post(`${BASE}/invitation`, { jeton: link.token, nouveau: 'x'.repeat(16), confirmation: 'x'.repeat(16) });
    assert.equal(refused.status, 410);
    assert.equal((await server.query('SELECT id FROM carrier_users WHERE email = ?', [email])).length, 0);

    const team = await martin.get(`${BASE}/equipe`);
    assert.match(team.text, /Expirée/);
    const [row] = await server.query('SELECT id FROM carrier_account_links WHERE email = ?', [email]);
    const resent = await martin.post(`${BASE}/equipe/invitations/${row.id}/renvoyer`);
    assert.equal(resent.status, 303);
    assert.equal(resent.location, `${BASE}/equipe?fait=invitation-renvoyee`);
    const renewed = linkOf(await mailTo(email, 1));
    assert.notEqual(renewed.token, link.token);
    assert.equal((await new BackOffice(server.base).get(link.path)).status, 404, 'the old link opens nothing');
    await accept(renewed, email);
  });

  it('another company’s administrator can neither send again, cancel, change nor remove Martin’s invitations and people; an invitation joins the company that sent it', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const email = newAddress('isolation');
    const link = await invite(martin, email);
    const [invitation] = await server.query('SELECT id FROM carrier_account_links WHERE email = ?', [email]);
    const paul = await colleague(martin, 'voisin');
    const [paulRow] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [paul.email]);

    const dupont = await new BackOffice(server.base).signInAs(2);
    await dupont.get(`${BASE}/equipe`);
    const team = await dupont.get(`${BASE}/equipe`);
    assert.doesNotMatch(team.text, /transports-martin/, 'Dupont’s team lists nobody of Martin’s');
    for (const path of [`/equipe/invitations/${invitation.id}/renvoyer`, `/equipe/invitations/${invitation.id}/annuler`]) {
      const answer = await dupont.post(BASE + path);
      assert.equal(answer.status, 404, path);
    }
    assert.equal((await dupont.post(`${BASE}/equipe/${paulRow.id}/role`, { role: 'administrateur' })).status, 404);
    assert.equal((await dupont.post(`${BASE}/equipe/${paulRow.id}/retirer`)).status, 404);
    const [still] = await server.query('SELECT role FROM carrier_users WHERE id = ?', [paulRow.id]);
    assert.equal(still.role, 'exploitant');
    assert.equal((await server.query('SELECT id FROM carrier_account_links WHERE id = ? AND used_at IS NULL', [invitation.id])).length, 1);
    assert.equal(inbox.to(email).length, 1, 'no e-mail sent again');

    // Opened with Dupont's session in the same browser, the invitation still makes an account of Martin's.
    const opened = await dupont.get(link.path);
    assert.equal(opened.status, 200);
    const password = 'une phrase de passe longue';
    assert.equal((await dupont.post(`${BASE}/invitation`, { jeton: link.token, nouveau: password, confirmation: password })).status, 303);
    const [user] = await server.query('SELECT company_id FROM carrier_users WHERE email = ?', [email]);
    assert.equal(Number(user.company_id), 1);
  });

  it('refuses an exploitant’s forged forms on the team, a setting and the tariff with a 403, nothing changed; the last administrator stays one', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const exploitant = await colleague(martin, 'exploitant');
    const [self] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [exploitant.email]);
    const [admin] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [MARTIN.email]);
    const office = exploitant.office;
    await office.get(`${BASE}/compte`);
    const forged: Record<string, FormFields> = {
      '/equipe/invitations': { email: 'intrus@exemple.fr', role: 'administrateur' },
      [`/equipe/${self.id}/role`]: { role: 'administrateur' },
      [`/equipe/${admin.id}/role`]: { role: 'exploitant' },
      [`/equipe/${admin.id}/retirer`]: {},
      '/reglages/entreprise': { nom: 'Piraté' },
      '/reglages/tarifs': { tva: '0' },
    };
    for (const [path, fields] of Object.entries(forged)) {
      const answer = await office.post(BASE + path, fields);
      assert.equal(answer.status, 403, path);
      assert.match(answer.text, /réservée?s? à ses administrateurs/, path);
    }
    const roles = await server.query('SELECT email, role FROM carrier_users WHERE id IN (?, ?) ORDER BY id', [admin.id, self.id]);
    assert.deepEqual(
      roles.map((row) => row.role),
      ['administrateur', 'exploitant'],
    );
    assert.equal((await server.query("SELECT id FROM carrier_account_links WHERE email = 'intrus@exemple.fr'")).length, 0);
    const [company] = await server.query('SELECT name FROM companies WHERE id = 1');
    assert.notEqual(company.name, 'Piraté');

    // Dupont's only administrator cannot make himself an exploitant.
    const dupont = await new BackOffice(server.base).signInAs(2);
    const [dupontRow] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [DUPONT.email]);
    await dupont.get(`${BASE}/equipe`);
    const refused = await dupont.post(`${BASE}/equipe/${dupontRow.id}/role`, { role: 'exploitant' });
    assert.equal(refused.location, `${BASE}/equipe?fait=dernier-administrateur`);
    assert.match((await dupont.get(refused.location)).text, /au moins un administrateur/);
    const [kept] = await server.query('SELECT role FROM carrier_users WHERE id = ?', [dupontRow.id]);
    assert.equal(kept.role, 'administrateur');

    // Promoted, the colleague may then; the change shows in the journal.
    await martin.get(`${BASE}/equipe`);
    assert.equal((await martin.post(`${BASE}/equipe/${self.id}/role`, { role: 'administrateur' })).location, `${BASE}/equipe?fait=role`);
    assert.equal((await office.get(`${BASE}/equipe`)).status, 200, 'the new role applies at the next page');
    const journal = await martin.get(`${BASE}/reglages/journal`);
    assert.match(journal.text, new RegExp(`Rôle de ${exploitant.email.replace(/\./g, '\\.')}\u00a0: exploitant → administrateur`));
  });

  it('issue 52: the webhooks are the administrators’: an exploitant has no link to them, and their page and every forged form (an address for the public pages, a removal, a delivery sent again) get the 403, nothing changed; each change is in the journal, never its secret', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const exploitant = await colleague(martin, 'webhooks');
    // Martin's company sees the public pages' bookings: it registers for them and for its own.
    const run = counter;
    const publicUrl = `http://127.0.0.1:9/issue-52-${run}/public`;
    const companyUrl = `http://127.0.0.1:9/issue-52-${run}/entreprise`;
    const { secret: publicSecret } = await registerEndpoint(martin, publicUrl, 'public');
    const { secret: companySecret } = await registerEndpoint(martin, companyUrl, 'entreprise');
    const endpointId = async (url: string) =>
      (await server.query('SELECT id FROM webhook_endpoints WHERE url = ? AND disabled_at IS NULL', [url]))[0]?.id;
    const publicId = await endpointId(publicUrl);
    assert.ok(publicId, 'registered');
    // A public booking gives the public endpoint a delivery to send again.
    assert.equal((await json(server.base, 'POST', '/api/v1/travels', { body: bookingBody() })).status, 201);
    const deliveriesOf = (id: number) => server.query('SELECT id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id', [id]);
    const [delivery] = await deliveriesOf(publicId);
    assert.ok(delivery, 'a delivery');

    const office = exploitant.office;
    const bookings = await office.get(`${BASE}/reservations`);
    assert.doesNotMatch(bookings.text, /href="\/espace-transporteur\/webhooks"/, 'an exploitant has no Webhooks link');
    assert.match((await martin.get(`${BASE}/reservations`)).text, /href="\/espace-transporteur\/webhooks"/, 'an administrator has');
    const shown = await office.get(`${BASE}/webhooks`);
    assert.equal(shown.status, 403);
    assert.match(shown.text, /Les webhooks de l’entreprise sont réservés à ses administrateurs/);
    assert.ok(!shown.text.includes(publicUrl), 'the page shows none of its endpoints');
    await office.get(`${BASE}/compte`);
    const forged: Record<string, FormFields> = {
      '/webhooks': { url: 'http://127.0.0.1:9/intrus', portee: 'public' },
      [`/webhooks/${publicId}/supprimer`]: {},
      [`/webhooks/livraisons/${delivery.id}/renvoyer`]: {},
    };
    for (const [path, fields] of Object.entries(forged)) {
      const answer = await office.post(BASE + path, fields);
      assert.equal(answer.status, 403, path);
      assert.match(answer.text, /réservés à ses administrateurs\u00a0: rien n’a été changé/, path);
    }
    assert.equal((await server.query("SELECT id FROM webhook_endpoints WHERE url = 'http://127.0.0.1:9/intrus'")).length, 0);
    assert.equal(await endpointId(publicUrl), publicId, 'still registered');
    assert.equal((await deliveriesOf(publicId)).length, 1, 'sent again by nobody');

    // Martin removes one: both additions and the removal are in the journal, with their address and scope, and no secret.
    const companyId = await endpointId(companyUrl);
    await martin.get(`${BASE}/webhooks`);
    const removed = await martin.post(`${BASE}/webhooks/${companyId}/supprimer`);
    assert.equal(removed.location, `${BASE}/webhooks?fait=supprime`);
    const journal = (await martin.get(`${BASE}/reglages/journal`)).text;
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.match(journal, new RegExp(`Webhook ajouté\u00a0: ${escaped(publicUrl)} \\(réservations du site public\\)`));
    assert.match(
      journal,
      new RegExp(`Webhook ajouté\u00a0: ${escaped(companyUrl)} \\(réservations de l’intranet et des pages portant votre clé\\)`),
    );
    assert.match(journal, new RegExp(`Webhook supprimé\u00a0: ${escaped(companyUrl)}`));
    const lines = (
      await server.query("SELECT user_email, summary, before_json, after_json FROM settings_journal WHERE area = 'webhooks'")
    ).filter((line) => line.summary.includes(`/issue-52-${run}/`));
    assert.equal(lines.length, 3);
    assert.ok(
      lines.every((line) => line.user_email === MARTIN.email),
      'who did it',
    );
    for (const secret of [publicSecret, companySecret]) assert.ok(!JSON.stringify(lines).includes(secret), 'no secret in the journal');
  });

  it('refuses every new form without its token (CSRF), or with another session’s, and changes nothing', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const other = await colleague(martin, 'csrf');
    const [otherRow] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [other.email]);
    const email = newAddress('csrf-invitation');
    const link = await invite(martin, email);
    const [invitation] = await server.query('SELECT id FROM carrier_account_links WHERE email = ?', [email]);
    const dupont = await new BackOffice(server.base).signInAs(2);
    const foreignToken = dupont.csrf;
    await martin.get(`${BASE}/equipe`);
    const signedInForms: Record<string, FormFields> = {
      '/equipe/invitations': { email: 'csrf@exemple.fr', role: 'exploitant' },
      [`/equipe/invitations/${invitation.id}/renvoyer`]: {},
      [`/equipe/invitations/${invitation.id}/annuler`]: {},
      [`/equipe/${otherRow.id}/role`]: { role: 'administrateur' },
      [`/equipe/${otherRow.id}/retirer`]: {},
      '/compte/mot-de-passe': { actuel: MARTIN.password, nouveau: 'x'.repeat(20), confirmation: 'x'.repeat(20) },
      '/compte/deconnexion-partout': {},
    };
    for (const [path, fields] of Object.entries(signedInForms))
      for (const csrf of [null, foreignToken, 'forge']) {
        const answer = await martin.post(BASE + path, fields, { csrf });
        assert.equal(answer.status, 403, `${path} (${csrf})`);
        assert.match(answer.text, /Formulaire expiré/);
      }
    const visitor = new BackOffice(server.base);
    await visitor.get(`${BASE}/connexion`);
    const signedOutForms: Record<string, FormFields> = {
      '/mot-de-passe-oublie': { email: MARTIN.email },
      '/invitation': { jeton: link.token, nouveau: 'x'.repeat(20), confirmation: 'x'.repeat(20) },
      '/nouveau-mot-de-passe': { jeton: 'inconnu', nouveau: 'x'.repeat(20), confirmation: 'x'.repeat(20) },
    };
    for (const [path, fields] of Object.entries(signedOutForms))
      for (const csrf of [null, 'forge']) {
        const answer = await visitor.post(BASE + path, fields, { csrf });
        assert.equal(answer.status, 403, `${path} (${csrf})`);
      }
    // Nothing changed: the colleague is there with their role, the invitation open, Martin still signed in with his password.
    const [kept] = await server.query('SELECT role FROM carrier_users WHERE id = ?', [otherRow.id]);
    assert.equal(kept.role, 'exploitant');
    assert.equal((await server.query('SELECT id FROM carrier_account_links WHERE id = ? AND used_at IS NULL', [invitation.id])).length, 1);
    assert.equal((await server.query('SELECT id FROM carrier_users WHERE email = ?', [email])).length, 0);
    assert.equal((await martin.get(`${BASE}/compte`)).status, 200);
    assert.equal((await new BackOffice(server.base).signIn(MARTIN.email, MARTIN.password)).status, 303);
  });

  it('a colleague removed loses every session at once and cannot sign in; the journal says who removed whom', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const removed = await colleague(martin, 'retire');
    const second = new BackOffice(server.base);
    assert.equal((await second.signIn(removed.email, removed.password)).status, 303);
    await second.get(`${BASE}/compte`);
    const [row] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [removed.email]);
    await martin.get(`${BASE}/equipe`);
    const answer = await martin.post(`${BASE}/equipe/${row.id}/retirer`);
    assert.equal(answer.location, `${BASE}/equipe?fait=retire`);
    for (const office of [removed.office, second]) {
      const page = await office.get(`${BASE}/reservations`);
      assert.equal(page.status, 303);
      assert.equal(page.location, `${BASE}/connexion`);
    }
    const posted = await second.post(`${BASE}/compte/deconnexion-partout`);
    assert.equal(posted.status, 401);
    assert.equal((await new BackOffice(server.base).signIn(removed.email, removed.password)).status, 401);
    assert.doesNotMatch((await martin.get(`${BASE}/equipe`)).text, new RegExp(removed.email.replace(/\./g, '\\.')));
    assert.match(
      (await martin.get(`${BASE}/reglages/journal`)).text,
      new RegExp(`${removed.email.replace(/\./g, '\\.')} retiré de l’équipe \\(exploitant\\)`),
    );
    // Nobody removes himself.
    const [self] = await server.query('SELECT id FROM carrier_users WHERE email = ?', [MARTIN.email]);
    await martin.get(`${BASE}/equipe`);
    assert.equal((await martin.post(`${BASE}/equipe/${self.id}/retirer`)).location, `${BASE}/equipe?fait=retrait-propre`);
  });

  it('Mon compte lists one’s open sessions with their browser; «Se déconnecter partout» ends them all', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const person = await colleague(martin, 'partout');
    const firefox = new BackOffice(server.base, { headers: { 'user-agent': FIREFOX } });
    const iphone = new BackOffice(server.base, { headers: { 'user-agent': SAFARI_IPHONE } });
    for (const office of [firefox, iphone]) assert.equal((await office.signIn(person.email, person.password)).status, 303);
    const account = await firefox.get(`${BASE}/compte`);
    assert.equal(account.status, 200);
    assert.equal((account.text.match(/<td data-label="Ouverte">/g) ?? []).length, 3, 'three sessions open');
    assert.match(account.text, /Firefox sous Windows <span class="badge info">Cette session<\/span>/);
    assert.match(account.text, /Safari sous iOS/);
    const out = await firefox.post(`${BASE}/compte/deconnexion-partout`);
    assert.equal(out.status, 303);
    assert.equal(out.location, `${BASE}/connexion?fin=partout`);
    assert.match((await firefox.get(out.location)).text, /déconnecté de toutes vos sessions/);
    for (const office of [firefox, iphone, person.office])
      assert.equal((await office.get(`${BASE}/reservations`)).location, `${BASE}/connexion`);
    assert.equal((await martin.get(`${BASE}/reservations`)).status, 200, 'another account’s session stays');
  });

  it('changing one’s password asks the current one, ends the other sessions and keeps this one', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const person = await colleague(martin, 'change');
    const elsewhere = new BackOffice(server.base);
    await elsewhere.signIn(person.email, person.password);
    await person.office.get(`${BASE}/compte`);
    const next = 'un tout nouveau mot de passe';
    const wrong = await person.office.post(`${BASE}/compte/mot-de-passe`, { actuel: 'pas le bon', nouveau: next, confirmation: next });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /Le mot de passe n’a pas été changé\u00a0: le mot de passe actuel n’est pas le bon/);
    const done = await person.office.post(`${BASE}/compte/mot-de-passe`, { actuel: person.password, nouveau: next, confirmation: next });
    assert.equal(done.location, `${BASE}/compte?fait=mot-de-passe`);
    assert.equal((await person.office.get(done.location)).status, 200, 'this session stays');
    assert.equal((await elsewhere.get(`${BASE}/reservations`)).status, 303, 'the other one ended');
    assert.equal((await new BackOffice(server.base).signIn(person.email, person.password)).status, 401);
    assert.equal((await new BackOffice(server.base).signIn(person.email, next)).status, 303);
    assert.match(
      (await martin.get(`${BASE}/reglages/journal`)).text,
      new RegExp(`Mot de passe de ${person.email.replace(/\./g, '\\.')} changé`),
    );
  });

  it('«Mot de passe oublié»: the same answer for any address, an e-mail only to an account, a link that works once, for an hour, for its own account', async () => {
    const martin = await new BackOffice(server.base).signInAs(1);
    const person = await colleague(martin, 'oubli');
    const ask = async (email) => {
      const visitor = new BackOffice(server.base);
      await visitor.get(`${BASE}/mot-de-passe-oublie`);
      return visitor.post(`${BASE}/mot-de-passe-oublie`, { email });
    };
    const known = await ask(person.email);
    const unknown = await ask('personne.inconnue@exemple.fr');
    assert.equal(known.status, 200);
    assert.equal(unknown.status, known.status);
    assert.equal(withoutToken(unknown.text), withoutToken(known.text), 'the same page whatever the address');
    assert.match(known.text, /Si un compte existe pour cette adresse/);
    // Its first e-mail was the invitation.
    const link = linkOf(await mailTo(person.email, 1));
    assert.match(inbox.to(person.email)[1].mail.text, /valable une heure/);
    assert.equal(inbox.to('personne.inconnue@exemple.fr').length, 0);
    const [stored] = await server.query("SELECT token_hash FROM carrier_account_links WHERE kind = 'reinitialisation' AND email = ?", [
      person.email,
    ]);
    assert.equal(stored.token_hash, sha256(link.token));

    // An hour: a minute short still opens, an hour and a second does not.
    await server.query("UPDATE carrier_account_links SET created_at = ? WHERE kind = 'reinitialisation' AND email = ?", [
      Date.now() - HOUR + 60_000,
      person.email,
    ]);
    assert.equal((await new BackOffice(server.base).get(link.path)).status, 200);
    await server.query("UPDATE carrier_account_links SET created_at = ? WHERE kind = 'reinitialisation' AND email = ?", [
      Date.now() - HOUR - 1000,
      person.email,
    ]);
    const expired = await new BackOffice(server.base).get(link.path);
    assert.equal(expired.status, 410);
    assert.match(expired.text, /Ce lien a expiré/);

    // A new one, used from a browser signed in as Dupont: it changes the account it was sent for, and Dupont's stays as it was.
    await ask(person.email);
    const fresh = linkOf(await mailTo(person.email, 2));
    const dupont = await new BackOffice(server.base).signInAs(2);
    const opened = await dupont.get(fresh.path);
    assert.equal(opened.status, 200);
    assert.match(opened.text, new RegExp(`Pour ${person.email.replace(/\./g, '\\.')}`));
    const next = 'le mot de passe retrouvé';
    const reset = await dupont.post(`${BASE}/nouveau-mot-de-passe`, { jeton: fresh.token, nouveau: next, confirmation: next });
    assert.equal(reset.status, 303);
    assert.equal(reset.location, `${BASE}/connexion?fait=mot-de-passe`);
    assert.equal((await dupont.get(`${BASE}/reservations`)).status, 200, 'Dupont’s session untouched');
    assert.equal((await new BackOffice(server.base).signIn(DUPONT.email, DUPONT.password)).status, 303);
    assert.equal((await person.office.get(`${BASE}/reservations`)).status, 303, 'the account’s sessions ended');
    assert.equal((await new BackOffice(server.base).signIn(person.email, next)).status, 303);
    // Once only.
    const reused = await new BackOffice(server.base).get(fresh.path);
    assert.equal(reused.status, 410);
    assert.match(reused.text, /Ce lien a déjà servi/);
    const late = new BackOffice(server.base);
    await late.get(`${BASE}/connexion`);
    const again = 'encore un autre mot de passe';
    assert.equal(
      (await late.post(`${BASE}/nouveau-mot-de-passe`, { jeton: fresh.token, nouveau: again, confirmation: again })).status,
      410,
    );
    assert.equal((await new BackOffice(server.base).get(`${BASE}/nouveau-mot-de-passe?jeton=inconnu`)).status, 404);
    const journal = await martin.get(`${BASE}/reglages/journal`);
    assert.match(journal.text, new RegExp(`Mot de passe de ${person.email.replace(/\./g, '\\.')} remplacé par le lien`));
    const lines = JSON.stringify(await server.query("SELECT * FROM settings_journal WHERE area = 'equipe'"));
    for (const secret of [link.token, fresh.token, next]) assert.ok(!lines.includes(secret));
  });

  it('«Mot de passe oublié» is limited like the sign-in, with the same refusal for an unknown address', async () => {
    const address = 'limite.inconnue@exemple.fr';
    const visitor = new BackOffice(server.base);
    await visitor.get(`${BASE}/mot-de-passe-oublie`);
    let answer;
    let tries = 0;
    do {
      answer = await visitor.post(`${BASE}/mot-de-passe-oublie`, { email: address });
      tries += 1;
    } while (answer.status === 200 && tries < 20);
    assert.equal(answer.status, 429);
    assert.ok(tries <= Number(ENV.SIGN_IN_LOCK_AFTER) + 1, `refused after ${tries} tries`);
    assert.match(answer.text, /Trop de demandes/);
    assert.ok(Number(answer.headers.get('retry-after')) > 0);
  });
});

describe(`an invitation whose e-mail cannot leave, on ${DATABASE_NAME}`, () => {
  it('says so in French, keeps the invitation, and sends it again once the mail server is back', async () => {
    const port = await freePort();
    const server = await startServer(undefined, 0, { ...ENV, SMTP_URL: `smtp://127.0.0.1:${port}` });
    let inbox: Awaited<ReturnType<typeof startInbox>> | null = null;
    try {
      const martin = await new BackOffice(server.base).signInAs(1);
      await martin.get(`${BASE}/equipe`);
      const email = 'sans.courriel@transports-martin.example';
      const sent = await martin.post(`${BASE}/equipe/invitations`, { email, role: 'administrateur' });
      assert.equal(sent.location, `${BASE}/equipe?fait=courriel-echoue`);
      const page = await martin.get(sent.location);
      assert.match(page.text, /son e-mail n’a pas pu partir/);
      assert.match(page.text, /Rien n’est perdu/);
      assert.match(page.text, /E-mail non envoyé/);
      const [row] = await server.query('SELECT id, mail_sent FROM carrier_account_links WHERE email = ?', [email]);
      assert.equal(Number(row.mail_sent), 0);

      inbox = await startInbox({ port });
      const resent = await martin.post(`${BASE}/equipe/invitations/${row.id}/renvoyer`);
      assert.equal(resent.location, `${BASE}/equipe?fait=invitation-renvoyee`);
      const message = await waitFor(() => inbox!.to(email)[0], 'l’invitation renvoyée');
      const link = linkOf(message);
      const visitor = new BackOffice(server.base);
      assert.match((await visitor.get(link.path)).text, /comme administrateur/);
      const password = 'une phrase de passe longue';
      assert.equal(
        (await visitor.post(`${BASE}/invitation`, { jeton: link.token, nouveau: password, confirmation: password })).status,
        303,
      );
      assert.equal((await new BackOffice(server.base).signIn(email, password)).status, 303);
    } finally {
      await server.stop();
      await inbox?.close();
    }
  });
});

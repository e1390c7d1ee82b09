// Réglages, Intégrer à mon site (issue 42): the carrier's public key and its snippets, never
// mixed up with the company token; a replaced key stops at once; the sites allowed to carry
// the key; the test page; administrators only, CSRF on every form, every change journaled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BackOffice } from './back-office-client.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DATABASE_NAME, OTHER_COMPANY_TOKEN, json, startServer } from './support.ts';

const PAGE = '/espace-transporteur/reglages/integration';
const DUPONT_KEY = 'tqw_pk_demo_dupont_8e1a5c3f9b2d6e47';

const keyOf = async (server) => (await server.query('SELECT public_key FROM companies WHERE id = 2'))[0].public_key;
const journal = async (server) =>
  (await server.query('SELECT summary FROM settings_journal WHERE company_id = 2 ORDER BY id')).map((row) => row.summary);
const carrierWith = (server, key, headers = {}) =>
  json(server.base, 'GET', '/api/v1/carrier', { headers: { 'x-carrier-key': key, ...headers } });

describe(`Réglages, Intégrer à mon site on ${DATABASE_NAME}`, () => {
  let server;
  let office;
  before(async () => {
    server = await startServer();
    office = await new BackOffice(server.base).signInAs(2);
  });
  after(async () => {
    await server?.stop();
  });

  it('shows the key, the public and intranet snippets, the WordPress values and the test page, never the company token', async () => {
    const page = await office.get(PAGE);
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(`<code class="key">${DUPONT_KEY}</code>`));
    const publicSnippet = /<textarea id="extrait-public"[^>]*>([^<]*)<\/textarea>/.exec(page.text)![1];
    assert.ok(publicSnippet.includes(`carrier-key=&quot;${DUPONT_KEY}&quot; api-base=&quot;${server.base}&quot;`), publicSnippet);
    assert.ok(publicSnippet.includes(`src=&quot;${server.base}/dist/transport-quote-wizard.js&quot;`));
    const intranet = /<textarea id="extrait-intranet"[^>]*>([^<]*)<\/textarea>/.exec(page.text)![1];
    assert.match(intranet, /company-token=&quot;VOTRE_JETON_D_ENTREPRISE&quot;/);
    assert.doesNotMatch(intranet, /carrier-key/);
    assert.match(page.text, /Qui peut la voir\u00a0: votre équipe seulement/);
    assert.match(page.text, /<dt>Clé publique du transporteur<\/dt><dd><code>tqw_pk_demo_dupont/);
    assert.ok(page.text.includes(`href="/integration/essai?cle=${DUPONT_KEY}"`));
    assert.ok(!page.text.includes(OTHER_COMPANY_TOKEN), 'le jeton n’est jamais affiché');
    assert.match(page.text, /n’importe quel site peut aujourd’hui utiliser votre clé/);
  });

  it('issue 58 the carrier chooses the maps provider: the snippets carry it, and the page says what each needs', async () => {
    const snippets = (text: string) =>
      ['extrait-public', 'extrait-intranet'].map((id) => new RegExp(`<textarea id="${id}"[^>]*>([^<]*)</textarea>`).exec(text)![1]!);
    const first = await office.get(PAGE);
    for (const snippet of snippets(first.text))
      assert.match(snippet, /api-base=&quot;[^&]+&quot; maps-provider=&quot;geoplateforme&quot;&gt;/);
    assert.match(first.text, /<input type="radio" name="carte" value="geoplateforme" checked/);
    assert.match(first.text, /data\.geopf\.fr, que le navigateur du visiteur appelle\u00a0: son réseau doit y accéder/);
    assert.match(first.text, /Une clé Google Maps Platform, à mettre à la place de VOTRE_CLE_GOOGLE_MAPS/);
    assert.match(first.text, /la position est celle de la commune/);
    const google = await office.get(`${PAGE}?carte=google`);
    for (const snippet of snippets(google.text))
      assert.match(snippet, /maps-provider=&quot;google&quot; maps-key=&quot;VOTRE_CLE_GOOGLE_MAPS&quot;&gt;/);
    assert.match(google.text, /<input type="radio" name="carte" value="google" checked/);
    const local = await office.get(`${PAGE}?carte=local`);
    for (const snippet of snippets(local.text)) assert.match(snippet, /maps-provider=&quot;local&quot;&gt;/);
    const unknown = await office.get(`${PAGE}?carte=%3Cscript%3E`);
    for (const snippet of snippets(unknown.text)) assert.match(snippet, /maps-provider=&quot;geoplateforme&quot;&gt;/);
  });

  it('serves the test page with the snippet, both elements carrying the key; an unknown key gets a French 404', async () => {
    const answer = await fetch(`${server.base}/integration/essai?cle=${DUPONT_KEY}&adresses=local`);
    assert.equal(answer.status, 200);
    const html = await answer.text();
    for (const tag of ['transport-quote-wizard', 'transport-quote-lite'])
      assert.ok(
        html.includes(
          `<${tag} id="essai-${tag.endsWith('lite') ? 'lite' : 'assistant'}" carrier-key="${DUPONT_KEY}" maps-provider="local">`,
        ),
        tag,
      );
    const nonce = /script-src 'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy')!)![1];
    assert.ok(html.includes(`<script nonce="${nonce}" src="/dist/transport-quote-wizard.js">`));
    assert.match(answer.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    const unknown = await fetch(`${server.base}/integration/essai?cle=tqw_pk_${'x'.repeat(30)}`);
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /Clé inconnue ou remplacée/);
    assert.equal((await fetch(`${server.base}/integration/essai?cle="><script>`)).status, 404);
  });

  it('replaces the key: the old one stops at once, on the API and the test page, and the journal says so', async () => {
    const old = await keyOf(server);
    assert.equal((await carrierWith(server, old)).status, 200);
    await office.get(PAGE);
    const replaced = await office.post(`${PAGE}/cle`);
    assert.equal(replaced.status, 303);
    const fresh = await keyOf(server);
    assert.notEqual(fresh, old);
    assert.match(fresh, /^tqw_pk_[A-Za-z0-9_-]{32}$/);
    const refused = await carrierWith(server, old);
    assert.equal(refused.status, 403);
    assert.match(refused.data.error, /Clé de transporteur inconnue ou remplacée/);
    assert.equal((await carrierWith(server, fresh)).status, 200);
    assert.equal((await fetch(`${server.base}/integration/essai?cle=${old}`)).status, 404);
    const page = await office.get(replaced.location);
    assert.match(page.text, /Nouvelle clé enregistrée\u00a0: l’ancienne ne fonctionne plus/);
    assert.ok(page.text.includes(`carrier-key=&quot;${fresh}&quot;`));
    assert.ok((await journal(server)).includes('Intégration, Clé publique\u00a0: remplacée (l’ancienne ne fonctionne plus)'));
  });

  it('keeps the sites typed when one is refused, in French; saved, they refuse a page of any other site', async () => {
    await office.get(PAGE);
    const typed = 'https://www.demenagements-dupont.example\nhttps://www.demenagements-dupont.example/devis';
    const refused = await office.post(`${PAGE}/sites`, { sites: typed });
    assert.equal(refused.status, 422);
    assert.match(
      refused.text,
      /indiquez seulement l’adresse du site, sans chemin ni paramètre, par exemple https:\/\/www\.demenagements-dupont\.example\./,
    );
    assert.ok(refused.text.includes(typed.replace('\n', '\n')), 'ce qui a été saisi est conservé');
    assert.equal((await server.query('SELECT allowed_origins_json FROM companies WHERE id = 2'))[0].allowed_origins_json, '[]');

    const saved = await office.post(`${PAGE}/sites`, {
      sites: 'https://www.demenagements-dupont.example\nhttps://devis.demenagements-dupont.example/',
    });
    assert.equal(saved.status, 303);
    const key = await keyOf(server);
    assert.equal((await carrierWith(server, key, { origin: 'https://www.demenagements-dupont.example' })).status, 200);
    assert.equal((await carrierWith(server, key, { origin: 'https://devis.demenagements-dupont.example' })).status, 200);
    assert.equal((await carrierWith(server, key, { origin: 'https://copie.example' })).status, 403);
    assert.ok(
      (await journal(server)).includes(
        'Intégration, Sites autorisés\u00a0: (aucun, tout site) → https://www.demenagements-dupont.example, https://devis.demenagements-dupont.example',
      ),
    );
  });

  it('gives a new company token once, in the intranet snippet; the old one stops at once', async () => {
    assert.equal((await json(server.base, 'GET', `/api/v1/companies/${OTHER_COMPANY_TOKEN}`)).status, 200);
    await office.get(PAGE);
    const answer = await office.post(`${PAGE}/jeton`);
    assert.equal(answer.status, 200);
    const token = /company-token=&quot;([A-Za-z0-9_-]{43})&quot;/.exec(answer.text)?.[1];
    assert.ok(token, 'le nouveau jeton dans l’extrait');
    assert.match(answer.text, /Notez-le\u00a0: il ne sera plus affiché/);
    assert.equal((await json(server.base, 'GET', `/api/v1/companies/${OTHER_COMPANY_TOKEN}`)).status, 404);
    assert.equal((await json(server.base, 'GET', `/api/v1/companies/${token}`)).status, 200);
    // Shown once: the page read again holds it no more.
    assert.ok(!(await office.get(PAGE)).text.includes(token));
    const [row] = await server.query('SELECT token_hash FROM companies WHERE id = 2');
    assert.notEqual(row.token_hash, token, 'gardé haché');
  });

  it('refuses every form without its token, and an exploitant’s crafted posts with one: 403, nothing changed', async () => {
    const key = await keyOf(server);
    const [before] = await server.query('SELECT token_hash, allowed_origins_json FROM companies WHERE id = 2');
    const lines = (await journal(server)).length;
    await office.get(PAGE);
    for (const path of ['cle', 'sites', 'jeton'])
      assert.equal((await office.post(`${PAGE}/${path}`, { sites: '' }, { csrf: null })).status, 403, path);
    await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['exploitant', DEMO_ACCOUNTS[1].email]);
    try {
      const dispatcher = await new BackOffice(server.base).signInAs(2);
      assert.equal((await dispatcher.get(PAGE)).status, 403);
      for (const path of ['cle', 'sites', 'jeton']) {
        const crafted = await dispatcher.post(`${PAGE}/${path}`, { sites: '' });
        assert.equal(crafted.status, 403, path);
        assert.match(crafted.text, /réservés à ses administrateurs/);
      }
    } finally {
      await server.query('UPDATE carrier_users SET role = ? WHERE email = ?', ['administrateur', DEMO_ACCOUNTS[1].email]);
    }
    assert.equal(await keyOf(server), key);
    assert.deepEqual((await server.query('SELECT token_hash, allowed_origins_json FROM companies WHERE id = 2'))[0], before);
    assert.equal((await journal(server)).length, lines);
  });
});

// The WordPress plugin (issue 34) on Debian's WordPress 6.1: installed, activated and set up by
// the administrator; an author, who may not publish unfiltered HTML, adds the block and the
// shortcode and publishes; a visitor books on the published post on a phone. Run by the
// runner's `wordpress` stage once `.ci/wordpress.sh` installed the packages.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { dayAfterToday, E2E_NOW, launchBrowser, resolveAddress } from '../e2e/support.ts';
import { DEMO_COMPANY_TOKEN, startServer, type TestServer } from '../../server/test/api/support.ts';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, AUTHOR, PLUGIN_DIR, logIn, rest, startWordPress } from './support.ts';

const BRAND = '#166534';
/** Transports Martin & Fils's public key (published with the demo: demo/companies.ts). */
const CARRIER_KEY = 'tqw_pk_demo_martin_2f6b1c9e4a7d3f58';
/** Set TQW_WP_SHOTS to a folder to keep screenshots of the editor and the published post. */
const SHOTS = process.env.TQW_WP_SHOTS;

function filesOf(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesOf(full) : [full];
  });
}

async function shot(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // What was just scrolled into view is painted over the next frames.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300)))));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A browser context that reaches nothing beyond this machine (the admin's update checks, avatars). */
async function localContext(browser: Browser, options?: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  return context;
}

/** Every start tag of an element of ours in a page, with its attributes. */
function elementTags(html) {
  return [...html.matchAll(/<(transport-quote-(?:wizard|lite))\b([^>]*)>/g)].map(([, tag, attributes]) => ({
    tag,
    attributes: Object.fromEntries([...attributes.matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value])),
    raw: attributes,
  }));
}

describe('the WordPress plugin (issue 34)', () => {
  it('php -l passes on every PHP file of the plugin', () => {
    const files = filesOf(PLUGIN_DIR).filter((file) => file.endsWith('.php'));
    assert.ok(files.length >= 6, files.join(', '));
    for (const file of files) {
      const lint = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      assert.equal(lint.status, 0, `${file}\n${lint.stdout}${lint.stderr}`);
    }
  });

  describe('on Debian’s WordPress 6.1 with its block theme', () => {
    // Set by `before`, before any test reads them.
    const run = {
      server: null as unknown as TestServer,
      wp: null as unknown as Awaited<ReturnType<typeof startWordPress>>,
      browser: null as unknown as Browser,
      admin: null as unknown as Page,
      postUrl: null as string | null,
    };

    before(async () => {
      run.server = await startServer();
      run.wp = await startWordPress();
      run.browser = await launchBrowser();
      run.admin = await logIn(await localContext(run.browser, { viewport: { width: 1280, height: 900 } }), run.wp!.url, ADMIN);
    });
    after(async () => {
      await run.browser?.close();
      await run.wp?.stop();
      await run.server?.stop();
    });

    it('the administrator activates the plugin and sets it up; a script address over http elsewhere or javascript: is refused in French', async () => {
      const { admin } = run;
      const { url } = run.wp;
      await admin!.goto(`${url}/wp-admin/plugins.php`);
      await admin!
        .locator('tr[data-slug="devis-de-transport"]')
        .getByRole('link', { name: /^Activate/ })
        .click();
      await admin!.getByText('Plugin activated.').waitFor();

      await admin!.goto(`${url}/wp-admin/options-general.php?page=transport-quote`);
      await admin!.getByLabel('Adresse des scripts').fill(`${run.server!.base}/dist/transport-quote-wizard.js`);
      await admin!.getByLabel('Cartes et adresses').selectOption('local');
      await admin!.getByLabel('Couleur de marque').fill(BRAND);
      // A key that is not one (a script, a quote) is refused in French; the carrier's is kept.
      await admin!.getByLabel('Clé publique du transporteur').fill('tqw_pk_"><script>alert(6)</script>');
      await admin!.getByRole('button', { name: 'Enregistrer les réglages' }).click();
      await admin!.getByText('Clé publique refusée\u00a0: elle commence par tqw_pk_').waitFor();
      await admin!.getByLabel('Clé publique du transporteur').fill(CARRIER_KEY);
      await admin!.getByRole('button', { name: 'Enregistrer les réglages' }).click();
      await admin!.getByText('Settings saved.').waitFor();
      assert.equal(await admin!.getByLabel('Clé publique du transporteur').inputValue(), CARRIER_KEY);
      // The address of one script is taken as its folder.
      assert.equal(await admin!.getByLabel('Adresse des scripts').inputValue(), `${run.server!.base}/dist/`);

      for (const refused of ['javascript:alert(1)', 'http://devis.transporteur.fr/dist/']) {
        await admin!.getByLabel('Adresse des scripts').fill(refused);
        await admin!.getByRole('button', { name: 'Enregistrer les réglages' }).click();
        await admin!.getByText('Adresse des scripts refusée\u00a0: indiquez une adresse en https').waitFor();
        assert.equal(await admin!.getByLabel('Adresse des scripts').inputValue(), `${run.server!.base}/dist/`, refused);
      }
      await shot(admin, 'reglages-1280');
    });

    it('an author, who may not publish unfiltered HTML, adds the block and the shortcode and publishes; the editor’s preview shows the element at its full height', async () => {
      const { url } = run.wp;
      const user = await rest(run.admin, url, 'POST', '/wp/v2/users', {
        username: AUTHOR.user,
        password: AUTHOR.password,
        email: AUTHOR.email,
        roles: ['author'],
      });
      assert.deepEqual(user.roles, ['author']);
      const editor = await logIn(await localContext(run.browser, { viewport: { width: 1280, height: 900 } }), url, AUTHOR);
      const caps = await rest(editor, url, 'GET', '/wp/v2/users/me?context=edit');
      assert.equal(caps.capabilities.unfiltered_html ?? false, false, 'an author has no unfiltered_html');

      await editor.goto(`${url}/wp-admin/post-new.php`);
      await editor
        .getByRole('dialog', { name: /Welcome to the block editor/ })
        .getByRole('button', { name: 'Close dialog' })
        .click();
      await editor.getByRole('textbox', { name: 'Add title' }).fill('Demandez votre devis de déménagement');

      const insert = async (name) => {
        // The inserter stays open after an insertion.
        const search = editor.getByPlaceholder('Search');
        if (!(await search.isVisible())) await editor.getByRole('button', { name: 'Toggle block inserter' }).click();
        await search.fill(name);
        // The option's name also holds its icon's label: matched by its start.
        await editor.getByRole('listbox', { name: 'Blocks' }).getByRole('option', { name }).first().click();
      };
      await insert('Devis de transport');
      // The preview: WordPress's sandbox frame, which grows to the element's full height.
      const frame = editor.frameLocator('iframe[title="Aperçu du devis de transport"]');
      await frame.getByRole('heading', { name: 'Vos adresses' }).waitFor();
      await editor.waitForFunction(() => {
        const iframe = document.querySelector('iframe[title="Aperçu du devis de transport"]');
        const element = (iframe as HTMLIFrameElement | null)?.contentDocument?.querySelector('transport-quote-wizard');
        if (!element) return false;
        const height = element.getBoundingClientRect().height;
        return height > 400 && Math.abs(iframe!.getBoundingClientRect().height - height) <= 2;
      });
      await shot(editor, 'editeur-bloc-1280');

      await insert('Shortcode');
      await editor.getByRole('textbox', { name: 'Shortcode text' }).fill('[transport_quote variante="lite"]');

      await editor.getByRole('button', { name: 'Publish', exact: true }).click();
      await editor.getByRole('region', { name: 'Editor publish' }).getByRole('button', { name: 'Publish', exact: true }).click();
      const view = editor.getByRole('region', { name: 'Editor publish' }).getByRole('link', { name: 'View Post' });
      await view.waitFor();
      run.postUrl = await view.getAttribute('href');
      if (SHOTS) {
        await editor.getByRole('region', { name: 'Editor publish' }).getByRole('button', { name: 'Close panel' }).click();
        await editor.setViewportSize({ width: 375, height: 812 });
        await editor.locator('iframe[title="Aperçu du devis de transport"]').scrollIntoViewIfNeeded();
        await shot(editor, 'editeur-bloc-375');
      }

      // What was saved is the block's comment and the shortcode: nothing for kses to strip.
      const [post] = await rest(run.admin, url, 'GET', `/wp/v2/posts?context=edit&author=${user.id}`);
      assert.match(post.content.raw, /<!-- wp:transport-quote\/devis \/-->/);
      assert.match(post.content.raw, /\[transport_quote variante="lite"\]/);
    });

    it('a visitor books end to end on the published post at 375 px, each element’s script loaded once, in the carrier’s colour', async () => {
      const context = await localContext(run.browser, { viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      await page.clock.setFixedTime(E2E_NOW);
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.text().startsWith('transport-quote')) problems.push(message.text());
      });
      await page.goto(run.postUrl!);
      assert.equal(await page.locator('script[src$="/dist/transport-quote-wizard.js"]').count(), 1);
      assert.equal(await page.locator('script[src$="/dist/transport-quote-lite.js"]').count(), 1);
      const wizard = page.locator('transport-quote-wizard');
      const lite = page.locator('transport-quote-lite');
      await lite.getByRole('tab', { name: 'Adresses' }).waitFor();
      assert.equal(await wizard.evaluate((element) => getComputedStyle(element).getPropertyValue('--tqw-brand').trim()), BRAND);
      await shot(page, 'article-publie-375');
      await lite.getByRole('combobox', { name: 'Adresse 1', exact: true }).scrollIntoViewIfNeeded();
      await shot(page, 'article-variante-legere-375');
      await page.evaluate(() => window.scrollTo(0, 0));

      await resolveAddress(wizard, 1, '10 rue de Rivoli 75004 Paris');
      await resolveAddress(wizard, 2, '3 place Bellecour 69002 Lyon');
      await wizard.getByRole('button', { name: 'Suivant' }).click();
      await wizard.getByRole('combobox', { name: 'Rechercher un objet' }).fill('2 réfrigérateur');
      await wizard.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
      await wizard.getByRole('button', { name: 'Suivant' }).click();
      await wizard.getByRole('heading', { name: 'Votre estimation' }).waitFor();
      await wizard.getByRole('button', { name: 'Suivant' }).click();
      await wizard.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Marie Curie');
      await wizard.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
      await wizard.getByLabel('E-mail', { exact: true }).fill('marie@exemple.fr');
      await wizard.getByLabel('Date du transport').selectOption(dayAfterToday(15));
      await wizard.getByLabel('Heure de début').selectOption('09:00');
      await wizard.getByRole('button', { name: 'Enregistrer' }).click();
      await wizard.getByRole('heading', { name: 'Votre réservation est enregistrée !' }).waitFor();
      await shot(page, 'article-reservation-375');

      const [booked] = await run.server!.query('SELECT COUNT(*) AS n FROM travels');
      assert.equal(Number(booked.n), 1);
      assert.deepEqual(problems, []);

      await context.close();

      if (SHOTS) {
        const wide = await localContext(run.browser, { viewport: { width: 1280, height: 800 } });
        const laptop = await wide.newPage();
        await laptop.clock.setFixedTime(E2E_NOW);
        await laptop.goto(run.postUrl!);
        await laptop.locator('transport-quote-wizard').getByRole('heading', { name: 'Vos adresses' }).waitFor();
        const address = laptop.locator('transport-quote-lite').getByRole('combobox', { name: 'Adresse 1', exact: true });
        await address.waitFor();
        await shot(laptop, 'article-publie-1280');
        await address.scrollIntoViewIfNeeded();
        await shot(laptop, 'article-variante-legere-1280');
        await wide.close();
      }
    });

    it('hostile shortcode and block attributes (quotes, <script>, javascript:) reach the page as nothing but escaped, known values', async () => {
      const { url } = run.wp;
      // Written by the administrator, whose content WordPress keeps unfiltered: the plugin's own
      // escaping is all that stands between these values and the page.
      const content = [
        `<!-- wp:shortcode -->[transport_quote variante='"><script>alert("variante")</script>' carte='" onmouseover="alert(1)']<!-- /wp:shortcode -->`,
        '<!-- wp:shortcode -->[transport_quote variante="javascript:alert(2)" carte="javascript:alert(3)"]<!-- /wp:shortcode -->',
        `<!-- wp:shortcode -->[transport_quote variante='lite" data-x="1' carte="oui"]<!-- /wp:shortcode -->`,
        '<!-- wp:transport-quote/devis {"variante":"\\u0022\\u003e\\u003cscript\\u003ealert(4)\\u003c/script\\u003e","carte":"javascript:alert(5)"} /-->',
        '<!-- wp:transport-quote/devis {"variante":"lite","carte":true} /-->',
      ].join('\n');
      const post = await rest(run.admin, url, 'POST', '/wp/v2/posts', { title: 'Attributs hostiles', status: 'publish', content });
      const html = await (await fetch(post.link)).text();

      const tags = elementTags(html);
      assert.deepEqual(
        tags.map(({ tag }) => tag),
        ['transport-quote-wizard', 'transport-quote-wizard', 'transport-quote-wizard', 'transport-quote-wizard', 'transport-quote-lite'],
      );
      for (const { attributes, raw } of tags) {
        assert.deepEqual(
          Object.keys(attributes).sort(),
          Object.keys(attributes)
            .filter((name) => ['id', 'api-base', 'maps-provider', 'maps-visible', 'style', 'carrier-key'].includes(name))
            .sort(),
          raw,
        );
        assert.equal(attributes['api-base'], run.server!.base, raw);
        assert.equal(attributes['maps-provider'], 'local', raw);
        // Every public page carries the carrier's key, as the settings hold it.
        assert.equal(attributes['carrier-key'], CARRIER_KEY, raw);
        assert.doesNotMatch(raw, /javascript:|alert|onmouseover|<|data-x/, raw);
      }
      // Only the third shortcode (carte="oui") and the second block (carte: true) ask for the map.
      assert.deepEqual(
        tags.map(({ attributes }) => 'maps-visible' in attributes),
        [false, false, true, false, true],
      );
      assert.doesNotMatch(html, /<script>alert|onmouseover=|javascript:alert/);
      // Five elements, one script per element kind.
      assert.equal(html.match(/<script[^>]+transport-quote-wizard\.js/g)?.length, 1);
      assert.equal(html.match(/<script[^>]+transport-quote-lite\.js/g)?.length, 1);

      const context = await localContext(run.browser);
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        return dialog.dismiss();
      });
      await page.goto(post.link);
      await page.locator('transport-quote-lite').last().getByRole('tab', { name: 'Adresses' }).waitFor();
      assert.deepEqual(dialogs, []);
      await context.close();
    });

    it('the company token is written on the intranet page the administrator chose, and nowhere else', async () => {
      const { url } = run.wp;
      const intranet = await rest(run.admin, url, 'POST', '/wp/v2/pages', {
        title: 'Intranet',
        status: 'private',
        content: '<!-- wp:transport-quote/devis /-->',
      });
      const admin = run.admin;
      await admin!.goto(`${url}/wp-admin/options-general.php?page=transport-quote`);
      await admin!.getByLabel('Jeton d’entreprise').fill(DEMO_COMPANY_TOKEN);
      await admin!.getByLabel('Page de l’intranet').selectOption(String(intranet.id));
      await admin!.getByRole('button', { name: 'Enregistrer les réglages' }).click();
      await admin!.getByText('Settings saved.').waitFor();

      await admin!.goto(intranet.link);
      const element = admin!.locator('transport-quote-wizard');
      assert.equal(await element.getAttribute('company-token'), DEMO_COMPANY_TOKEN);
      assert.equal(await element.getAttribute('mode'), 'company');
      await element.getByRole('heading', { name: 'Vos adresses' }).waitFor();

      // The author's public post, and the feed of the site, never carry it.
      for (const address of [run.postUrl, `${url}/?feed=rss2`]) {
        const text = await (await fetch(address!)).text();
        assert.doesNotMatch(text, new RegExp(DEMO_COMPANY_TOKEN), address!);
      }
    });

    it('the plugin wrote no PHP notice, warning or error', () => {
      const ours = run
        .wp!.debugLog()
        .split('\n')
        .filter((line) => line.includes('transport-quote'));
      assert.deepEqual(ours, []);
    });
  });
});

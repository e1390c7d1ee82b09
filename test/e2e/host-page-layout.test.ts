// The layout traps of a CMS page (issue 34): a theme's wrapper with `overflow-x: hidden`, which
// stops the action bar from sticking, and a fixed site header declared by `scroll-padding-top`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { dayAfterToday, openPage, resolveAddress, useDemo } from './support.ts';

const HEADER_HEIGHT = 64;
const SCROLL_PADDING = 72;
/** UX §2.4: headings and fields keep 16 px below the scroll offset; the aside sticks there too. */
const SPACE_4 = 16;

/** A carrier's page on the demo server's origin: `body` inside a plain document that loads the wizard. */
function hostPage(page, base, { rootStyle = '', body }) {
  const url = `${base}/host-${Math.random().toString(36).slice(2)}.html`;
  return page
    .route(url, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="fr" style="${rootStyle}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Transporteur</title></head>
<body style="margin: 0; font-family: sans-serif">${body}<script src="/dist/transport-quote-wizard.js"></script></body></html>`,
      }),
    )
    .then(() => page.goto(url));
}

/** The wizard's console warnings that start with its name. */
function watchWarnings(page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('transport-quote')) warnings.push(message.text());
  });
  return warnings;
}

async function barBox(page) {
  return page.locator('transport-quote-wizard .action-bar').boundingBox();
}

describe('the page around the element (issue 34)', () => {
  const demo = useDemo({ before, after, startServer });

  it('a theme wrapper with overflow-x: hidden gets one French console message naming it and the fix, overflow-x: clip', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 375, height: 812 } });
    const warnings = watchWarnings(page);
    const said = page.waitForEvent('console', (message) => message.text().startsWith('transport-quote'));
    await hostPage(page, demo.server.base, {
      body: `<div id="page" class="site" style="overflow-x: hidden"><p style="height: 200px">Nos services</p>
<transport-quote-wizard maps-provider="local"></transport-quote-wizard><footer style="height: 300px">Pied de page</footer></div>`,
    });
    await said;
    // The trap itself: the element runs past the bottom of the screen, and its bar with it.
    assert.ok((await barBox(page)).y > 812, 'the bar sits at the end of the element, below the screen');
    // Scrolling on does not say it again.
    await page.mouse.wheel(0, 400);
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /div#page\.site/);
    assert.match(warnings[0], /overflow-x: hidden/);
    assert.match(warnings[0], /overflow-x: clip/);
    assert.match(warnings[0], /^transport-quote\u00a0: la barre d’actions/);
    await page.close();
  });

  it('with overflow-x: clip the bar sticks to the bottom of the screen and nothing is said', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 375, height: 812 } });
    const warnings = watchWarnings(page);
    await hostPage(page, demo.server.base, {
      body: `<div id="page" class="site" style="overflow-x: clip"><p style="height: 200px">Nos services</p>
<transport-quote-wizard maps-provider="local"></transport-quote-wizard><footer style="height: 300px">Pied de page</footer></div>`,
    });
    await page.getByRole('combobox', { name: 'Adresse 1', exact: true }).waitFor();
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(() => {
      const bar = document.querySelector('transport-quote-wizard')!.shadowRoot!.querySelector('.action-bar')!.getBoundingClientRect();
      return Math.abs(bar.bottom - innerHeight) <= 1;
    });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.deepEqual(warnings, []);
    await page.close();
  });
});

describe('a fixed site header declared by scroll-padding-top (issue 34, UX §2.4)', () => {
  const demo = useDemo({ before, after, startServer });
  const withHeader = (base, page) =>
    hostPage(page, base, {
      rootStyle: `scroll-padding-top: ${SCROLL_PADDING}px`,
      body: `<header style="position: fixed; inset: 0 0 auto 0; height: ${HEADER_HEIGHT}px; background: #1f2937; color: #fff; z-index: 100">Transports Martin</header>
<main style="padding-top: ${HEADER_HEIGHT}px"><p style="height: 400px">Nos services</p><transport-quote-wizard maps-provider="local"></transport-quote-wizard><footer style="height: 600px">Pied de page</footer></main>`,
    });

  /**
   * A box read again until it is where it should be (the element corrects its scroll in an
   * effect, a frame or more after the panel shows, later on a busy machine), for at most 5 s;
   * the last one read, for the assertion to say where it was.
   */
  async function settledBox(locator, where: (box) => boolean) {
    let box = await locator.boundingBox();
    for (const deadline = Date.now() + 5000; !(box && where(box)) && Date.now() < deadline;) {
      await locator.page().waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
      box = await locator.boundingBox();
    }
    return box;
  }

  /** The heading's box, once it is in the viewport, below the header. */
  async function titleBelowHeader(page, name) {
    const heading = page.getByRole('heading', { name, exact: true });
    await heading.waitFor();
    const viewport = page.viewportSize();
    const box = await settledBox(heading, (at) => at.y >= HEADER_HEIGHT && at.y + at.height <= viewport.height);
    assert.ok(box.y >= HEADER_HEIGHT, `${name}: its top at ${box.y} px is under the ${HEADER_HEIGHT} px header`);
    assert.ok(box.y + box.height <= viewport.height, `${name}: its bottom at ${box.y + box.height} px is below the screen`);
    return box;
  }

  /** Scrolls the page so that the bar's primary button is all that shows of the element, as after filling a long panel, then presses it. */
  async function pressFromTheBottom(page, name) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name, exact: true }).click();
  }

  it('on a phone, each panel’s title lands below the header after Suivant, and the success panel too', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 375, height: 812 } });
    await withHeader(demo.server.base, page);
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    await pressFromTheBottom(page, 'Suivant');
    await titleBelowHeader(page, 'Vos objets');
    await page.getByRole('combobox', { name: 'Rechercher un objet' }).fill('2 réfrigérateur');
    await page.getByRole('listbox', { name: 'Objets trouvés' }).getByRole('option').first().click();
    await pressFromTheBottom(page, 'Suivant');
    await titleBelowHeader(page, 'Votre estimation');
    await pressFromTheBottom(page, 'Suivant');
    await titleBelowHeader(page, 'Finalisation');
    await page.getByLabel(/^(Nom et prénom|Nom du contact)$/).fill('Marie Curie');
    await page.getByLabel('Téléphone', { exact: true }).fill('06 12 34 56 78');
    await page.getByLabel('E-mail', { exact: true }).fill('marie@exemple.fr');
    await page.getByLabel('Date du transport').selectOption(dayAfterToday(15));
    await page.getByLabel('Heure de début').selectOption('09:00');
    await pressFromTheBottom(page, 'Enregistrer');
    // The success panel is scrolled to its top, the check mark: at the page's padding plus 16 px,
    // the padding counted once (the browser keeps it clear itself; the element adds only 16).
    await titleBelowHeader(page, 'Votre réservation est enregistrée !');
    const panel = await settledBox(
      page.locator('transport-quote-wizard [part="success"]'),
      (at) => Math.round(at.y) === SCROLL_PADDING + SPACE_4,
    );
    assert.equal(Math.round(panel!.y), SCROLL_PADDING + SPACE_4);
    await page.close();
  });

  it('on a laptop, the summary column sticks below the header at the offset plus 16 px', async () => {
    const page = await openPage(demo.browser, { viewport: { width: 1280, height: 800 } });
    await withHeader(demo.server.base, page);
    await resolveAddress(page, 1, '10 rue de Rivoli 75004 Paris');
    await resolveAddress(page, 2, '3 place Bellecour 69002 Lyon');
    const aside = page.locator('transport-quote-wizard .aside');
    await page.locator('transport-quote-wizard .aside-summary').waitFor();
    // Scrolled until the element's top is well above the header: the column stays stuck where it must.
    const element = await page.locator('transport-quote-wizard').boundingBox();
    await page.evaluate((by) => window.scrollBy(0, by), Math.round(element!.y + 200));
    const box = await settledBox(aside, (at) => Math.round(at.y) === SCROLL_PADDING + SPACE_4);
    assert.equal(Math.round(box!.y), SCROLL_PADDING + SPACE_4);
    await page.close();
  });
});

// What a visitor meets on a phone and on a laptop (issue 14, UX.md §9): on every panel and
// main state of both elements, at 375 × 812 and 1280 × 800, axe finds nothing, no emoji or
// symbol stands for an icon, targets are big enough, French spacing holds, the next move is
// in view, the step indicator says where you are, and every total agrees with the estimate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../server/test/api/support.ts';
import { openPage, useDemo } from './support.ts';
import { tours } from './tour.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MANIFEST = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8'));
const DOCUMENTED_PARTS = new Set(
  MANIFEST.modules
    .flatMap((module) => module.declarations)
    .flatMap((declaration) => declaration.cssParts ?? [])
    .map((part) => part.name),
);
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

/** Runs in the page: what a user sees inside the element's shadow root. */
function inspectElement() {
  const host = document.querySelector('transport-quote-wizard, transport-quote-lite');
  const root = host!.shadowRoot;
  const visible = (el) => {
    if (el.closest('[hidden]')) return false;
    const style = getComputedStyle(el);
    return el.getClientRects().length > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const texts: (string | null)[] = [];
  const walker = document.createTreeWalker(root!, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && !['STYLE', 'SCRIPT', 'OPTION'].includes(parent.tagName) && visible(parent)) texts.push(node.textContent);
  }
  const options = [...root!.querySelectorAll('select')]
    .filter(visible)
    .flatMap((select) => [...select.options].map((option) => option.textContent));
  const box = (el) => {
    const rect = el.getBoundingClientRect();
    return {
      name: el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.tagName,
      width: rect.width,
      height: rect.height,
      top: rect.top,
      bottom: rect.bottom,
    };
  };
  const targets = [...root!.querySelectorAll('button, a[href], input, select, textarea, [role="tab"], [role="option"]')]
    .filter(visible)
    .map(box);
  const primaries = [...root!.querySelectorAll('button.primary, a.button.primary')].filter(visible).map(box);
  const parts = [...new Set([...root!.querySelectorAll('[part]')].flatMap((el) => el.getAttribute('part')!.split(/\s+/)))];
  const current = root!.querySelector('[aria-current="step"]');
  const selectedTab = root!.querySelector('.lite-tabs [aria-selected="true"]');
  const read = (selector) => root!.querySelector(selector)?.textContent.replace(/\s+/g, ' ').trim() ?? null;
  return {
    text: texts.join('\n'),
    optionTexts: options,
    targets,
    primaries,
    currentStep: current ? current.textContent.replace(/\s+/g, ' ').trim() : selectedTab ? selectedTab.lastChild!.textContent : null,
    stepNav: Boolean(root!.querySelector('nav[aria-label="Progression de la réservation"]')),
    totals: {
      estimate: read('.total-amount'),
      recap: read('.recap-total'),
      success: read('.success-facts dd[part="price"]'),
      bar: read('.bar-total .amount'),
    },
    parts,
  };
}

/** The amount of a displayed total, whatever its suffix: '≈ 1 046 €'. */
const amount = (text) => text?.replace(/\s*(TTC|HT)$/, '').replace(/\s+/g, ' ') ?? null;

async function primaryBox(page, primary) {
  const element = page.locator('transport-quote-wizard, transport-quote-lite');
  const target =
    primary === 'hint'
      ? element.locator('.action-bar .hint button')
      : primary === 'busy'
        ? element.locator('.action-bar .busy')
        : element.getByRole('button', { name: primary, exact: true });
  await target.first().waitFor();
  return target.first().boundingBox();
}

async function checkStop(page, stop, viewport) {
  const problems: string[] = [];
  const where = `${stop.name} à ${viewport.width} px`;
  const seen = await page.evaluate(inspectElement);

  const violations = await page.evaluate(async () => {
    const host = document.querySelector('transport-quote-wizard, transport-quote-lite');
    const result = await window.axe.run(host!);
    // axe must have looked at the element: rules that passed prove it ran inside the shadow root.
    if (result.passes.length === 0) return ['aucune règle vérifiée'];
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' > '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  });
  for (const violation of violations) problems.push(`${where} axe ${violation}`);

  const shown = `${seen.text}\n${seen.optionTexts.join('\n')}`;
  // Emoji, and symbol characters standing for icons (UX §5); '×' stays for quantities.
  const emoji = shown.match(/[\p{Extended_Pictographic}\u2800-\u28ff\u270e\u2190-\u2193\u2713\u2715]/u);
  if (emoji) problems.push(`${where} : symbole ${JSON.stringify(emoji[0])}`);
  // French spacing (UX §7.1): never an ordinary space before : ; ! ? or inside « ».
  for (const line of shown.split('\n')) {
    if (/ [:;!?]|« | »/.test(line)) problems.push(`${where} : espace ordinaire dans ${JSON.stringify(line)}`);
  }
  for (const marker of ['====', 'undefined', 'NaN', 'null', '(0 m³)']) {
    if (shown.includes(marker)) problems.push(`${where} : ${marker} affiché`);
  }
  for (const target of seen.targets) {
    if (target.width < 24 || target.height < 24)
      problems.push(`${where} : cible de ${Math.round(target.width)}×${Math.round(target.height)} px « ${target.name} »`);
  }
  for (const primary of seen.primaries) {
    if (primary.height < 44) problems.push(`${where} : bouton principal de ${Math.round(primary.height)} px « ${primary.name} »`);
  }
  if (stop.primary) {
    const box = await primaryBox(page, stop.primary);
    if (!box || box.y < 0 || box.y + box.height > viewport.height)
      problems.push(`${where} : « ${stop.primary} » hors de l’écran (${box ? Math.round(box.y) : 'absent'})`);
  }
  if (stop.panel) {
    if (seen.currentStep === null || !seen.currentStep.includes(stop.panel))
      problems.push(`${where} : étape courante « ${seen.currentStep} » au lieu de ${stop.panel}`);
  } else if (seen.stepNav) {
    problems.push(`${where} : indicateur d’étapes sur un écran sans étape`);
  }
  for (const part of seen.parts) {
    if (!DOCUMENTED_PARTS.has(part)) problems.push(`${where} : part « ${part} » absent de custom-elements.json`);
  }
  return { problems, totals: seen.totals };
}

describe('the experience on a phone and on a laptop (UX.md §9)', () => {
  const demo = useDemo({ before, after, startServer });

  for (const [tourName, tour] of Object.entries(tours)) {
    for (const viewport of VIEWPORTS) {
      it(`${tourName} at ${viewport.width} × ${viewport.height}: axe clean, no emoji, targets of 24 px (primary 44), French spacing, the next move in view, where you are`, async () => {
        const page = await openPage(demo.browser, { viewport });
        // axe is handed to the page by the test, past the demo pages' strict CSP.
        await page.addInitScript({ content: AXE });
        const problems: string[] = [];
        const totals = {};
        try {
          for await (const stop of tour(page, demo.server.base)) {
            const checked = await checkStop(page, stop, viewport);
            problems.push(...checked.problems);
            totals[stop.name] = checked.totals;
          }
        } finally {
          await page.close();
        }
        assert.deepEqual(problems, []);
        if (tourName === 'wizard') {
          // One number, one formatter: the estimate's total is the recap's, the bar's and the success panel's.
          const estimate = amount(totals['wizard-2-estimation'].estimate);
          assert.match(estimate, /^(≈ )?[\d ,]+ €$/);
          assert.equal(amount(totals['wizard-2-estimation'].bar), estimate);
          assert.equal(amount(totals['wizard-3-finalisation-remplie'].recap), estimate);
          assert.equal(amount(totals['wizard-4-succes'].success), estimate);
        }
      });
    }
  }
});

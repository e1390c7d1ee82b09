// The customer's page (issue 46, part 4) at its states, walked as `npm run shots` pictures it
// (tour 'suivi'): at 375 and 1280 px every stop passes axe, nothing scrolls sideways, the page
// logs no error, and each state lists the steps its customer expects.
import assert from 'node:assert/strict';
import { checkTour } from './tour-check.ts';

/** What each stop's list says, step by step ('title: status'). */
const EXPECTED: Record<string, string[] | null> = {
  'suivi-client-0-recue': ['Réservation reçue Fait', 'Acceptation par le transporteur En cours', 'Devis signé À venir'],
  'suivi-client-1-acceptee': ['Réservation reçue Fait', 'Acceptée par le transporteur Fait', 'Devis signé En cours'],
  'suivi-client-2-refusee': ['Réservation reçue Fait', 'Refusée par le transporteur Arrêtée'],
  'suivi-client-3-modifiee': ['Réservation reçue Fait', 'Modifiée, à accepter de nouveau En cours', 'Devis signé À venir'],
  // Past the day before, a devis never signed online is no longer what comes next.
  'suivi-client-4-veille': [
    'Réservation reçue Fait',
    'Acceptée par le transporteur Fait',
    'Devis signé Non fait',
    'La veille du déménagement Fait',
    'Déménagement terminé En cours',
  ],
  'suivi-client-5-terminee': [
    'Réservation reçue Fait',
    'Acceptée par le transporteur Fait',
    'Devis signé Non fait',
    'La veille du déménagement Fait',
    'Déménagement terminé Fait',
  ],
  'reglages-modifications': null,
};

checkTour({
  title: 'the customer’s page: each state at 375 and 1280 px, axe at 0, no sideways scrolling',
  tour: 'suivi',
  label: "'suivi' tour",
  stops: Object.keys(EXPECTED),
  atStop: async (page, stop) => {
    const expected = EXPECTED[stop];
    if (expected) {
      const titles = (await page.locator('ol.steps > li .step-title').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      assert.deepEqual(titles.slice(0, expected.length), expected, stop);
    }
    if (stop === 'suivi-client-0-recue') await page.getByRole('link', { name: 'Modifier ma réservation' }).waitFor();
    if (stop === 'suivi-client-4-veille') {
      // The day before: its step done, and edits closed (the carrier's 2 days), so no Modifier.
      assert.ok((await page.locator('li.step.done').filter({ hasText: 'La veille du déménagement' }).count()) === 1);
      assert.equal(await page.getByRole('link', { name: 'Modifier ma réservation' }).count(), 0);
      await page.getByText(/Les modifications en ligne sont closes depuis le/).waitFor();
    }
    if (stop === 'suivi-client-5-terminee')
      assert.equal(await page.locator('li.step.done').filter({ hasText: 'Déménagement terminé' }).count(), 1);
  },
});

// The deposit's states (issue 46, part 3), walked as `npm run shots` pictures them, on the demo
// with its stand-in for Stripe: the Réglages, the devis with 'Payer l'acompte', cancelled, being
// confirmed, paid (devis, customer's page, back office), refunded. At 375 and 1280 px every stop
// passes axe, nothing scrolls sideways, and no page breaks its policy.
import assert from 'node:assert/strict';
import { checkTour } from './tour-check.ts';
import { TOUR_SERVER_ENV } from './tour.ts';

checkTour({
  title: 'the deposit at each of its states: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'acompte',
  label: 'deposit tour',
  stops: [
    'acompte-0-reglages',
    'acompte-1-a-regler',
    'acompte-2-annule',
    'acompte-3-en-cours',
    'acompte-4-paye',
    'acompte-5-suivi',
    'acompte-6-espace-transporteur',
    'acompte-7-rembourse',
  ],
  env: TOUR_SERVER_ENV.acompte,
  // The form shows only what the kind of deposit asks (issue 55, point 12), with no script.
  atStop: async (page, stop) => {
    if (stop !== 'acompte-0-reglages') return;
    const form = page.locator('form.deposit-form');
    const shown = async () => {
      const names: string[] = [];
      for (const name of ['Pourcentage du total TTC', 'Montant fixe (€ TTC)'])
        if (await form.getByLabel(name, { exact: true }).isVisible()) names.push(name);
      if (await form.getByRole('group', { name: 'Quand le client le règle' }).isVisible()) names.push('échéance');
      return names;
    };
    const kinds: Array<[string, string[]]> = [
      ['Aucun acompte (le devis n’en demande pas)', []],
      ['Un montant fixe', ['Montant fixe (€ TTC)', 'échéance']],
      ['Un pourcentage du total TTC', ['Pourcentage du total TTC', 'échéance']],
    ];
    for (const [kind, fields] of kinds) {
      await form.getByRole('radio', { name: kind }).check();
      assert.deepEqual(await shown(), fields, kind);
    }
  },
});

// The carrier's options and a start from the home (issue 45), walked as `npm run shots` pictures
// them (tour.ts, options): at 375 and 1280 px every stop passes axe, nothing scrolls sideways,
// and the page logs no error. The estimate's options are chosen by keyboard alone.
import assert from 'node:assert/strict';
import { checkTour } from './tour-check.ts';

checkTour({
  title: 'options and a start from the home: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'options',
  label: 'options tour',
  stops: [
    'options-0-reglages',
    'options-1-logement',
    'options-2-estimation',
    'options-3-succes',
    'options-4-reservation',
    'options-5-devis',
  ],
  // The form shows only the fields of the kind of price chosen (issue 55, point 12), with no script.
  atStop: async (page, stop) => {
    if (stop !== 'options-0-reglages') return;
    const form = page.locator('form.option-form').last();
    const shown = async () => {
      const names: string[] = [];
      for (const name of ['Prix HT', 'Quantité maximale', 'Pourcentage', 'Valeur déclarée minimale', 'Valeur déclarée maximale'])
        if (await form.getByLabel(name, { exact: true }).isVisible()) names.push(name);
      return names;
    };
    const kinds: Array<[string, string[]]> = [
      ['pourcentage', ['Pourcentage', 'Valeur déclarée minimale', 'Valeur déclarée maximale']],
      ['unite', ['Prix HT', 'Quantité maximale']],
      ['piece', ['Prix HT']],
      ['forfait', ['Prix HT']],
    ];
    for (const [kind, fields] of kinds) {
      await form.getByLabel('Prix compté').selectOption(kind);
      assert.deepEqual(await shown(), fields, kind);
    }
  },
});

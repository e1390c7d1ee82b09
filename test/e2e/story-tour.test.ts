// The states of issue 55 the other tours do not reach, walked as `npm run shots` pictures them:
// the trip outside Martin's départements, the warning before an edit undoes a signed devis, the
// customer declining the carrier's other date. At 375 and 1280 px every stop passes axe, nothing
// scrolls sideways, and no page logs an error.
import { checkTour } from './tour-check.ts';

checkTour({
  title: 'the out-of-area trip, the signed devis’s warning and the declined offer: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'histoire',
  label: 'story tour',
  stops: ['histoire-0-hors-zone', 'histoire-1-devis-signe-avertissement', 'histoire-2-proposition-refusee'],
});

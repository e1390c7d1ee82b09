// The carrier's options and a start from the home (issue 45), walked as `npm run shots` pictures
// them (tour.ts, options): at 375 and 1280 px every stop passes axe, nothing scrolls sideways,
// and the page logs no error. The estimate's options are chosen by keyboard alone.
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
});

// The devis page with its 'Bon pour accord' (issue 46), walked as `npm run shots` pictures it:
// the form, filled by keyboard and accepted, the PDF's first page, its page with the acceptance
// and the last page of its annex (the carrier's general conditions), the carrier's page marked
// 'Devis signé'. At 375 and 1280 px every stop passes axe, nothing scrolls sideways, and no
// page breaks its policy (the devis page runs no script and allows one style by its hash).
import { checkTour } from './tour-check.ts';

checkTour({
  title: 'the devis and its Bon pour accord: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'devis',
  label: 'devis tour',
  stops: [
    'devis-0-bon-pour-accord',
    'devis-1-accepte',
    'devis-2-pdf',
    'devis-3-pdf-acceptation',
    'devis-4-pdf-derniere-page',
    'devis-5-espace-transporteur',
  ],
});

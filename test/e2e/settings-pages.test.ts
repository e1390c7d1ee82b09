// The Réglages a carrier fills (issue 42: Entreprise, Intégrer à mon site, the journal, and the
// test page its snippet opens), walked as `npm run shots` pictures them: at 375 and 1280 px
// every page passes axe, nothing scrolls sideways, and the page logs no error.
import { checkTour } from './tour-check.ts';

checkTour({
  title: 'the Réglages pages: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'reglages',
  label: 'Réglages tour',
  stops: [
    'reglages-0-index',
    'reglages-1-entreprise',
    'reglages-2-entreprise-a-corriger',
    'reglages-3-entreprise-logo',
    'reglages-4-integration',
    'reglages-5-journal',
    'reglages-6-page-essai',
    'reglages-7-inventaires-types',
    'reglages-8-inventaire-a-corriger',
    'reglages-9-inventaire-le-votre',
  ],
});

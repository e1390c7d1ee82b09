// The carrier's directory and catalogue (issue 43: Répertoire's places, customers, contacts and
// import; Réglages' Catalogue), walked as `npm run shots` pictures them: at 375 and 1280 px
// every page passes axe, nothing scrolls sideways, and the page logs no error.
import { checkTour } from './tour-check.ts';

checkTour({
  title: 'the directory and catalogue pages: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'repertoire',
  label: 'Répertoire and Catalogue tour',
  stops: [
    'repertoire-0-index',
    'repertoire-1-adresses',
    'repertoire-2-adresse-a-corriger',
    'repertoire-3-adresses-cherchees',
    'repertoire-4-adresse',
    'repertoire-5-import-apercu',
    'repertoire-6-contacts',
    'repertoire-7-clients',
    'catalogue-0-page',
    'catalogue-1-objet-a-corriger',
    'catalogue-2-preferes',
    'catalogue-3-objet',
  ],
});

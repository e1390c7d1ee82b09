// The deposit's states (issue 46, part 3), walked as `npm run shots` pictures them, on the demo
// with its stand-in for Stripe: the Réglages, the devis with 'Payer l'acompte', cancelled, being
// confirmed, paid (devis, customer's page, back office), refunded. At 375 and 1280 px every stop
// passes axe, nothing scrolls sideways, and no page breaks its policy.
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
});

// The team's pages (issue 43: «Mot de passe oublié», Équipe, Mon compte, a forgotten password's
// link, an unknown link, an invitation and the sign-in after it), walked as `npm run shots`
// pictures them: at 375 and 1280 px every page passes axe, nothing scrolls sideways, and the
// page logs no error.
import { checkTour } from './tour-check.ts';

checkTour({
  title: 'the team’s pages: axe at 0, no sideways scrolling, at 375 and 1280 px',
  tour: 'equipe',
  label: "team's tour",
  stops: [
    'equipe-0-mot-de-passe-oublie',
    'equipe-1-equipe',
    'equipe-2-invitation-refusee',
    'equipe-3-invitation-envoyee',
    'equipe-4-compte',
    'equipe-5-compte-refuse',
    'equipe-6-nouveau-mot-de-passe',
    'equipe-7-lien-inconnu',
    'equipe-8-invitation',
    'equipe-9-compte-cree',
  ],
});

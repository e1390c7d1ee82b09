/** Titles of the five panels (spec §2): headings, announcements and the progress line. */
export const PANEL_TITLES = [
  'Vos adresses',
  'Vos objets',
  'Votre estimation',
  'Finalisation',
  'Votre réservation est enregistrée !',
] as const;

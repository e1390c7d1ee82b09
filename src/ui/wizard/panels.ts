/** Titles of the five panels (spec §2): headings, announcements and the progress line. */
export const PANEL_TITLES = [
  'Vos adresses',
  'Vos objets',
  'Votre estimation',
  'Finalisation',
  'Votre réservation est enregistrée !',
] as const;

/** The step indicator's names of the four working panels (UX §4.6). */
export const STEP_NAMES = ['Adresses', 'Objets', 'Estimation', 'Finalisation'] as const;

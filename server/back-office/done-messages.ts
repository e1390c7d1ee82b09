/**
 * What each finished action on a booking says once the page it leads back to is shown
 * (Post/Redirect/Get: the redirect carries the key, `?fait=`, never the text).
 */
export const DONE: Record<string, string> = {
  acceptee: 'Réservation acceptée\u00a0: le client en est prévenu par e-mail.',
  'acceptee-annulable': 'Réservation acceptée. Le client en sera prévenu par e-mail quand le délai d’annulation sera passé.',
  'acceptation-annulee': 'Acceptation annulée\u00a0: la réservation attend de nouveau votre réponse. Le client n’a rien reçu.',
  'annulation-trop-tard': 'Le délai pour annuler l’acceptation est passé\u00a0: le client en est prévenu. Appelez-le si besoin.',
  refusee: 'Réservation refusée\u00a0: le client en est prévenu par e-mail, avec votre motif.',
  'acceptee-sans-courriel': 'Réservation acceptée. Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même.',
  'refusee-sans-courriel': 'Réservation refusée. Le client n’a pas donné d’e-mail\u00a0: prévenez-le vous-même.',
  deja: 'Cette réservation a déjà reçu une réponse\u00a0: rien n’a changé.',
  'prix-fixe': 'Prix fixé\u00a0: vous pouvez maintenant accepter la réservation.',
  'prix-deja': 'Le prix de cette réservation est déjà fixé\u00a0: rien n’a changé.',
  'prix-a-fixer': 'Fixez d’abord le prix de cette réservation\u00a0: elle ne peut pas être acceptée sans prix.',
};

/** The keys that report something not done: shown as an error. */
export const NOT_DONE = new Set(['prix-a-fixer', 'annulation-trop-tard']);

/** The message a `?fait=` key names, or null for none or an unknown key. */
export const doneMessage = (key: unknown): { kind: 'success' | 'error'; text: string } | null => {
  const text = typeof key === 'string' ? DONE[key] : undefined;
  return text ? { kind: NOT_DONE.has(key as string) ? 'error' : 'success', text } : null;
};

import { AWAITING_ANSWER } from './booking-states.ts';

/** What a carrier that promised nothing is held to: a request answered within a day. */
export const DEFAULT_ANSWER_HOURS = 24;

/**
 * How many whole hours a booking has waited for the carrier's answer, once that is more than
 * the carrier promises its customers (Réglages, Entreprise: 'Répond en général sous … h'; a day
 * when it promised nothing); null while it is not late, or has its answer (issue 55, point 11).
 */
export function overdueHours(booking: { state: string; created_at: string }, answerWithinHours: number | null, now: number): number | null {
  if (!(AWAITING_ANSWER as readonly string[]).includes(booking.state)) return null;
  const waited = Math.floor((now - Date.parse(booking.created_at)) / 3_600_000);
  return waited >= (answerWithinHours ?? DEFAULT_ANSWER_HOURS) ? waited : null;
}

/** The list's mark: 'Sans réponse depuis 26 h', '… depuis 3 j' beyond two days. */
export function overdueLabel(hours: number): string {
  return hours >= 48 ? `Sans réponse depuis ${Math.floor(hours / 24)}\u00a0j` : `Sans réponse depuis ${hours}\u00a0h`;
}

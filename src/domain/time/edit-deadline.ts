// When a customer may still change a booking online: until a number of days before the move,
// which the carrier sets in its Réglages. The server decides with its clock; the element shows
// the same rule beforehand with its session's clock, from the closing instant the server gives.
import { longFrenchDate, plusDays } from './calendar-days.ts';
import { dayInFrance, instantInFrance } from './france-clock.ts';
import { NBSP } from '../format.ts';

/** What a carrier may choose, and what a carrier that chose nothing gets. */
export const EDIT_CLOSE_DAYS_DEFAULT = 2;
export const EDIT_CLOSE_DAYS_MAX = 30;

/**
 * The instant (ms) edits close: midnight in France, `closeDays` days before the move's day
 * (0: the move's day itself). With 2 and a move on Thursday, the last edit is on Monday.
 * null: the booking has no readable day, and edits never close.
 */
export function editsCloseAt(beginningDate: string | null | undefined, closeDays: number): number | null {
  const day = beginningDate ? dayInFrance(beginningDate) : '';
  if (day === '') return null;
  return instantInFrance(plusDays(day, -closeDays), 0);
}

/** Whether an edit is still taken at `now` (ms). */
export function editsOpen(closeAt: number | null, now: number): boolean {
  return closeAt === null || now < closeAt;
}

/**
 * What a late edit is told, on the server's refusal and in the element: since when, the rule
 * when it is known (the element knows the instant alone), and who to call instead.
 */
export function editsClosedMessage(closeAt: number, closeDays: number | null = null): string {
  const day = longFrenchDate(dayInFrance(new Date(closeAt)));
  const rule =
    closeDays === null
      ? ''
      : closeDays === 0
        ? ' (le jour du déménagement)'
        : ` (${closeDays}${NBSP}jour${closeDays > 1 ? 's' : ''} avant le déménagement)`;
  return `Cette réservation ne se modifie plus en ligne depuis le ${day}${rule}${NBSP}: contactez le transporteur pour tout changement.`;
}

import { longFrenchDate } from '../time/calendar-days.ts';

/**
 * Why a day cannot be booked, in the customer's words: the first panel's date says it, and the
 * server's refusal says the same. Apart from MESSAGES, whose whole list the first panel does not carry.
 */
export const CLOSED_DAY = 'Le transporteur ne travaille pas ce jour-là\u00a0: choisissez une autre date.';

/** A day sooner than the carrier's notice, and the first one it takes. */
export function tooSoonMessage(leadDays: number, firstDay: string): string {
  return `Le transporteur demande ${leadDays}\u00a0jour${leadDays > 1 ? 's' : ''} de délai\u00a0: choisissez le ${longFrenchDate(firstDay)} ou un jour suivant.`;
}

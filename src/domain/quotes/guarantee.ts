import { BUSINESS_TIME_ZONE } from '../constants.ts';
import { formatClock } from '../format.ts';
import { formatterOnFirstUse } from '../time/formatter-on-first-use.ts';

const parts = formatterOnFirstUse('fr-FR', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function inFrance(instant: Date) {
  const found = Object.fromEntries(
    parts()
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: `${found.year}-${found.month}-${found.day}`,
    dayWords: `${Number(found.day) === 1 ? '1er' : Number(found.day)} ${found.month}`,
    time: `${found.hour}:${found.minute}`,
  };
}

/**
 * Until when a quote's price holds, as the screens say it (UX §7.2): 'Prix garanti jusqu’à
 * 15 h 30' the same day in France, 'Prix garanti jusqu’au 25 novembre à 0 h 10' another day.
 * Null for a deadline already passed or unreadable.
 */
export function guaranteeText(deadlineMs: number, now: Date): string | null {
  const deadline = new Date(deadlineMs);
  if (Number.isNaN(deadline.getTime()) || deadline.getTime() <= now.getTime()) return null;
  const until = inFrance(deadline);
  const time = formatClock(until.time);
  return until.day === inFrance(now).day ? `Prix garanti jusqu’à ${time}` : `Prix garanti jusqu’au ${until.dayWords} à ${time}`;
}

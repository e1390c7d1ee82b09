import { DateTime } from 'luxon';
import { BUSINESS_TIME_ZONE } from '../constants.ts';

export interface BookingEvent {
  id: number | string;
  /** The customer's day, 'yyyy-MM-dd', and start time 'HH:mm' ('' for a day without a time). */
  date: string;
  time: string;
  /** Seconds the job takes (the estimate's whole duration); 0 when unknown. */
  durationSeconds: number;
  from: string;
  to: string;
  carrier: string;
  link: string | null;
}

/** Without a known duration, an hour holds the place in the agenda; the end falls on a whole minute, as screens show it. */
const DEFAULT_SECONDS = 3600;

/** TEXT values of iCalendar (RFC 5545 §3.3.11): backslash, semicolon, comma and line ends escaped. */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines of at most 75 octets, continued with a space (RFC 5545 §3.1), never cutting a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utcStamp = (moment: DateTime) => moment.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");

/**
 * The booking as an iCalendar file ('Ajouter à mon agenda'): one event at the customer's date
 * and time in France, as long as the job, with the route and the edit link. `now` is the
 * element's clock (DTSTAMP). A day without a time gives an all-day event.
 */
export function bookingCalendar(event: BookingEvent, now: Date): string {
  const start = event.time
    ? DateTime.fromISO(`${event.date}T${event.time}`, { zone: BUSINESS_TIME_ZONE })
    : DateTime.fromISO(event.date, { zone: BUSINESS_TIME_ZONE });
  const when = event.time
    ? [
        `DTSTART:${utcStamp(start)}`,
        `DTEND:${utcStamp(start.plus({ minutes: Math.round((event.durationSeconds > 0 ? event.durationSeconds : DEFAULT_SECONDS) / 60) }))}`,
      ]
    : [`DTSTART;VALUE=DATE:${start.toFormat('yyyyMMdd')}`, `DTEND;VALUE=DATE:${start.plus({ days: 1 }).toFormat('yyyyMMdd')}`];
  const description = [`${event.from} → ${event.to}`, event.link ? `Modifier la réservation\u00a0: ${event.link}` : null]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//transport-quote-wizard//FR',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:reservation-${String(event.id)}@transport-quote-wizard`,
    `DTSTAMP:${utcStamp(DateTime.fromJSDate(now))}`,
    ...when,
    `SUMMARY:${escapeText(`Transport réservé n° ${String(event.id)}${event.carrier ? ` · ${event.carrier}` : ''}`)}`,
    `LOCATION:${escapeText(event.from)}`,
    `DESCRIPTION:${escapeText(description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

import type { Reservation } from '../../../contract/reservations.ts';

/*
 * "Add to calendar": the booking as an iCalendar file (RFC 5545), written here rather than by the
 * `ics` package. That package installs, but it is CommonJS only: bundled, it made Rolldown move its
 * CommonJS runtime out of the entry into a file every first screen then downloaded (one more file,
 * +0.3 KB as sent on each; the product page at 94.4 of its 95 KB), and it brings a validation library
 * for one event. What a single event needs is small: escaped texts, UTC times, folded lines.
 * Times are written in UTC (`…Z`): every calendar shows them in its owner's zone, which is the
 * store's for a shopper at home, and the right instant for one travelling.
 */

export interface CalendarTexts {
  /** The event's title ("Express Glow Facial at ION Orchard"). */
  title: string;
  /** Its notes: the confirmation number, the artist, the store's phone (lines). */
  description: string;
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** A UTC DATE-TIME (`20301202T020000Z`) of an instant. */
export function utcStamp(instant: number): string {
  return new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): continuation lines start with a space, and a
 * character is never split (Thai and Chinese texts take 3 octets a character in UTF-8).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The booking's `.ics` text: one event, confirmed, with CRLF line ends. `now` stamps it (DTSTAMP). */
export function bookingCalendar(booking: Reservation, texts: CalendarTexts, url: string | null, now: number = Date.now()): string {
  const { store } = booking;
  const location = [store.name, store.line1, store.city].filter((part) => part !== '').join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Beauty Pass//Happening//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${booking.confirmationNumber}@beauty-pass`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${utcStamp(Date.parse(booking.appointmentAt))}`,
    `DTEND:${utcStamp(Date.parse(booking.endsAt))}`,
    `SUMMARY:${escapeText(texts.title)}`,
    `DESCRIPTION:${escapeText(texts.description)}`,
    `LOCATION:${escapeText(location)}`,
    ...(url ? [`URL:${url}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The file's name: the confirmation number, which the shopper can find it by. */
export function calendarFileName(booking: Pick<Reservation, 'confirmationNumber'>): string {
  return `${booking.confirmationNumber}.ics`;
}

import { describe, expect, test } from 'vitest';
import { bookingCalendar, calendarFileName, escapeText, foldLine, utcStamp } from '../../src/web/features/booking/booking-calendar.ts';
import { bookingAt } from '../helpers/happening-fetch.ts';

/* The booking's calendar file (RFC 5545), written by booking-calendar.ts. */

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('iCalendar text', () => {
  test('TEXT values escape backslash, semicolon and comma, and write line breaks as \\n', () => {
    expect(escapeText('A, B; C\\D\nE\r\nF')).toBe('A\\, B\\; C\\\\D\\nE\\nF');
  });

  test('UTC date-times', () => {
    expect(utcStamp(Date.parse('2030-12-02T02:00:00.000Z'))).toBe('20301202T020000Z');
  });

  test('lines are folded at 75 octets, never inside a character', () => {
    expect(foldLine('short')).toBe('short');
    const thai = `SUMMARY:${'ทรีตเมนต์หน้าใส'.repeat(6)}`;
    const folded = foldLine(thai).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const [index, line] of folded.entries()) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      if (index > 0) expect(line.startsWith(' ')).toBe(true);
    }
    // Unfolded (CRLF and the space removed), it is the line again.
    expect(folded.map((line, index) => (index === 0 ? line : line.slice(1))).join('')).toBe(thai);
  });
});

describe('the booking as a calendar file', () => {
  const booking = bookingAt('2030-12-02T02:00:00.000Z');

  test('one confirmed event in UTC, with its number as UID, its store as location, CRLF line ends', () => {
    const text = bookingCalendar(booking, { title: 'Express Facial at ION Orchard', description: 'Confirmation number: BK-7Q2M9XKD\nArtist: Siti Rahman' }, 'https://store.test/happening/services/cancel/BK-7Q2M9XKD?key=k', Date.parse('2030-11-30T00:00:00.000Z'));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').slice(0, -1).every((line) => octets(line) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:BK-7Q2M9XKD@beauty-pass',
        'DTSTAMP:20301130T000000Z',
        'DTSTART:20301202T020000Z',
        'DTEND:20301202T024500Z',
        'SUMMARY:Express Facial at ION Orchard',
        'DESCRIPTION:Confirmation number: BK-7Q2M9XKD\\nArtist: Siti Rahman',
        'LOCATION:ION Orchard\\, 2 Orchard Turn\\, #B2-51\\, Singapore',
        'URL:https://store.test/happening/services/cancel/BK-7Q2M9XKD?key=k',
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(lines.indexOf('BEGIN:VEVENT')).toBeLessThan(lines.indexOf('END:VEVENT'));
    expect(calendarFileName(booking)).toBe('BK-7Q2M9XKD.ics');
  });
});

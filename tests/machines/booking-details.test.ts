import { describe, expect, test } from 'vitest';
import { setupI18n } from '@lingui/core';
import { VALID_DETAILS } from '../../machines/booking/booking-flow.fixtures.ts';
import { BOOKING_FIELD_ERROR_MESSAGES } from '../../machines/booking/messages.ts';
import { BOOKING_LIMITS, EMPTY_BOOKING_DETAILS, bookingDetailsErrors, isBookingDetailsValid, storeDate, type BookingDetailsDraft } from '../../src/contract/booking.ts';

const valid: BookingDetailsDraft = { ...EMPTY_BOOKING_DETAILS, ...VALID_DETAILS };

/** The English sentence the shopper reads for a field's error. */
function shown(draft: BookingDetailsDraft, field: keyof BookingDetailsDraft): string | undefined {
  const code = bookingDetailsErrors(draft)[field];
  if (!code) return undefined;
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return i18n._(BOOKING_FIELD_ERROR_MESSAGES[code]);
}

describe('booking details schema (spec §5)', () => {
  test('a filled-in form with only the compulsory parts is valid; email, phone, notes and marketing are optional', () => {
    expect(isBookingDetailsValid(valid)).toBe(true);
    expect(bookingDetailsErrors(valid)).toEqual({});
  });

  test('Full Name is required, blanks do not count', () => {
    expect(shown({ ...valid, fullName: '' }, 'fullName')).toBe('Required field');
    expect(shown({ ...valid, fullName: '   ' }, 'fullName')).toBe('Required field');
  });

  test('email: empty is fine, a malformed one is "Invalid email"', () => {
    expect(shown({ ...valid, email: 'mei@example.com' }, 'email')).toBeUndefined();
    expect(shown({ ...valid, email: 'mei@' }, 'email')).toBe('Invalid email');
    expect(shown({ ...valid, email: 'mei example.com' }, 'email')).toBe('Invalid email');
  });

  test('phone: international or local digits, 8 to 15 of them, else "Invalid phone number"', () => {
    expect(shown({ ...valid, phone: '+65 6123 4567' }, 'phone')).toBeUndefined();
    expect(shown({ ...valid, phone: '(02) 9876-5432' }, 'phone')).toBeUndefined();
    expect(shown({ ...valid, phone: '1234567' }, 'phone')).toBe('Invalid phone number');
    expect(shown({ ...valid, phone: '+65 abc 4567' }, 'phone')).toBe('Invalid phone number');
    expect(shown({ ...valid, phone: '1234567890123456' }, 'phone')).toBe('Invalid phone number');
  });

  test('each text field has a limit: "Character limit exceeded" one past it', () => {
    expect(shown({ ...valid, fullName: 'a'.repeat(BOOKING_LIMITS.fullName) }, 'fullName')).toBeUndefined();
    expect(shown({ ...valid, fullName: 'a'.repeat(BOOKING_LIMITS.fullName + 1) }, 'fullName')).toBe('Character limit exceeded');
    expect(shown({ ...valid, notes: 'n'.repeat(BOOKING_LIMITS.notes + 1) }, 'notes')).toBe('Character limit exceeded');
    const longEmail = `${'m'.repeat(BOOKING_LIMITS.email)}@example.com`;
    expect(shown({ ...valid, email: longEmail }, 'email')).toBe('Character limit exceeded');
  });

  test('the acknowledgement and the four compulsory consents are required, marketing is not', () => {
    for (const field of ['acknowledgement', 'consentPersonalInfo', 'consentThirdParty', 'consentPolicy', 'consentAge'] as const) {
      expect(shown({ ...valid, [field]: false }, field)).toBe('Required field');
      expect(isBookingDetailsValid({ ...valid, [field]: false })).toBe(false);
    }
    expect(isBookingDetailsValid({ ...valid, marketing: false })).toBe(true);
  });

  test('an empty form reports every compulsory field and nothing optional', () => {
    expect(Object.keys(bookingDetailsErrors(EMPTY_BOOKING_DETAILS)).sort()).toEqual(
      ['acknowledgement', 'consentAge', 'consentPersonalInfo', 'consentPolicy', 'consentThirdParty', 'fullName'].sort(),
    );
  });

  test('store dates are the calendar day in the store zone', () => {
    const instant = Date.parse('2030-12-01T20:00:00Z');
    expect(storeDate(instant, 'Asia/Singapore')).toBe('2030-12-02');
    expect(storeDate(instant, 'Asia/Bangkok')).toBe('2030-12-02');
    expect(storeDate(instant, 'Pacific/Auckland')).toBe('2030-12-02');
    expect(storeDate(Date.parse('2030-12-01T10:00:00Z'), 'Asia/Jakarta')).toBe('2030-12-01');
  });
});

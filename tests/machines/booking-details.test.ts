import { describe, expect, test } from 'vitest';
import { setupI18n } from '@lingui/core';
import { FACIAL, VALID_DETAILS } from '../../machines/booking/booking-flow.fixtures.ts';
import { BOOKING_ANSWER_ERROR_MESSAGES, BOOKING_FIELD_ERROR_MESSAGES } from '../../machines/booking/messages.ts';
import {
  BOOKING_LIMITS,
  EMPTY_BOOKING_DETAILS,
  bookingAnswerErrors,
  bookingAnswersFor,
  bookingDetailsErrors,
  contactMissing,
  isBookingDetailsValid,
  storeDate,
  type BookingDetailsDraft,
} from '../../src/contract/booking.ts';
import type { BookingQuestion } from '../../src/contract/happening.ts';

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

  test('an empty form reports every compulsory field, and the missing way to reach the shopper on the email', () => {
    expect(bookingDetailsErrors(EMPTY_BOOKING_DETAILS)).toEqual({
      fullName: 'required',
      email: 'contactRequired',
      acknowledgement: 'required',
      consentPersonalInfo: 'required',
      consentThirdParty: 'required',
      consentPolicy: 'required',
      consentAge: 'required',
    });
  });

  test('email and phone are each optional, but not both: either alone will do, blanks are neither', () => {
    const neither = { ...valid, email: '', phone: '' };
    expect(shown(neither, 'email')).toBe('Enter an email or a phone number, so that you can find and change your booking');
    expect(isBookingDetailsValid(neither)).toBe(false);
    expect(contactMissing({ email: ' ', phone: '  ' })).toBe(true);
    expect(isBookingDetailsValid({ ...neither, phone: '+65 9123 4567' })).toBe(true);
    expect(isBookingDetailsValid({ ...neither, email: 'mei@example.com' })).toBe(true);
    // A malformed one is its own field's error, not the missing contact.
    expect(bookingDetailsErrors({ ...neither, phone: '12' })).toEqual({ phone: 'invalidPhone' });
  });

  test('store dates are the calendar day in the store zone', () => {
    const instant = Date.parse('2030-12-01T20:00:00Z');
    expect(storeDate(instant, 'Asia/Singapore')).toBe('2030-12-02');
    expect(storeDate(instant, 'Asia/Bangkok')).toBe('2030-12-02');
    expect(storeDate(instant, 'Pacific/Auckland')).toBe('2030-12-02');
    expect(storeDate(Date.parse('2030-12-01T10:00:00Z'), 'Asia/Jakarta')).toBe('2030-12-01');
  });
});

describe('booking answers (the activity’s questions; the same rule at the server)', () => {
  const skin = FACIAL.questions[0];
  const allergies = FACIAL.questions[1];
  const drinks: BookingQuestion = { id: 'q-drinks', kind: 'yesNo', label: 'A drink?', required: false, options: [], maxLength: null };
  const questions = [skin, allergies, drinks].filter((question) => question !== undefined);

  test('a required question needs an answer; an optional one may stay empty', () => {
    expect(bookingAnswerErrors(questions, {})).toEqual({ 'q-skin': 'required' });
    expect(bookingAnswerErrors(questions, { 'q-skin': '  ' })).toEqual({ 'q-skin': 'required' });
    expect(bookingAnswerErrors(questions, { 'q-skin': 'dry' })).toEqual({});
  });

  test('a choice must be one of its options, a yes/no yes or no, a text within its limit (or the default one)', () => {
    expect(bookingAnswerErrors(questions, { 'q-skin': 'normal', 'q-drinks': 'maybe' })).toEqual({ 'q-skin': 'notAnOption', 'q-drinks': 'notAnOption' });
    expect(bookingAnswerErrors(questions, { 'q-skin': 'dry', 'q-drinks': 'yes', 'q-allergies': 'a'.repeat(200) })).toEqual({});
    expect(bookingAnswerErrors(questions, { 'q-skin': 'dry', 'q-allergies': 'a'.repeat(201) })).toEqual({ 'q-allergies': 'tooLong' });
    const free: BookingQuestion = { ...drinks, kind: 'text' };
    expect(bookingAnswerErrors([free], { 'q-drinks': 'a'.repeat(BOOKING_LIMITS.answer + 1) })).toEqual({ 'q-drinks': 'tooLong' });
  });

  test('what is sent: the trimmed, non-empty answers to these questions only', () => {
    expect(bookingAnswersFor(questions, { 'q-skin': ' dry ', 'q-allergies': '', 'q-other': 'kept from another activity' })).toEqual({ 'q-skin': 'dry' });
  });

  test('each answer error has its words', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(Object.fromEntries(Object.entries(BOOKING_ANSWER_ERROR_MESSAGES).map(([code, message]) => [code, i18n._(message)]))).toEqual({
      required: 'Required field',
      tooLong: 'Character limit exceeded',
      notAnOption: 'Choose one of the options',
    });
  });
});

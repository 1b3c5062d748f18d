import * as v from 'valibot';
import { localOf } from './calendar-day.ts';
import type { BookingQuestion } from './happening.ts';

/** `YYYY-MM-DD`: a calendar day in the store's own time zone (never converted to UTC). */
export const StoreDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));
export type StoreDate = v.InferOutput<typeof StoreDateSchema>;

export const ArtistSchema = v.object({
  id: v.string(),
  name: v.string(),
});
export type Artist = v.InferOutput<typeof ArtistSchema>;

export const BOOKING_STATUSES = ['confirmed', 'rescheduled', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The spec leaves the limits open (§5): these are ours, and the view shows them as counters.
 * `answer`: a text answer to a booking question whose question names no `maxLength` of its own.
 */
export const BOOKING_LIMITS = { fullName: 100, email: 254, phone: 20, notes: 500, answer: 500 } as const;

/**
 * Error codes, not sentences: the contract is shared with the server, and the SPA turns each code
 * into a translated message ('Required field', 'Invalid email', …).
 */
export const BOOKING_FIELD_ERRORS = ['required', 'invalidEmail', 'invalidPhone', 'tooLong', 'contactRequired'] as const;
export type BookingFieldError = (typeof BOOKING_FIELD_ERRORS)[number];

/** Digits with an optional leading +, after spaces, dashes, dots and brackets are removed. */
const PHONE_PATTERN = /^\+?\d{8,15}$/;
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s\-().]/g, '');
}

const text = (limit: number) => v.pipe(v.string(), v.maxLength(limit, 'tooLong'));
const EmailSchema = v.pipe(v.string(), v.email());
/** An optional field: empty is fine, anything else must pass `valid`. */
const optionalText = (limit: number, valid: (value: string) => boolean, error: BookingFieldError) =>
  v.pipe(text(limit), v.check((value) => value === '' || valid(value), error));
const accepted = v.literal(true, 'required');

/**
 * Email and phone are each optional (spec §5), but not both: a guest's booking is found again and
 * changed by its email (the lookup, the emailed links) or its phone (the lookup, the store's call),
 * so a booking with neither could be neither found nor changed, nor could the store reach the
 * shopper. One rule for the machine's guard and the server's 400, reported on the email field.
 */
export function contactMissing(details: Pick<BookingDetailsDraft, 'email' | 'phone'>): boolean {
  return details.email.trim() === '' && details.phone.trim() === '';
}

const BookingDetailsFieldsSchema = v.object({
  /** Required; trimmed length counts. */
  fullName: v.pipe(text(BOOKING_LIMITS.fullName), v.check((value) => value.trim().length > 0, 'required')),
  /** Optional; when given it must be a valid address. */
  email: optionalText(BOOKING_LIMITS.email, (value) => v.is(EmailSchema, value), 'invalidEmail'),
  /** Optional; E.164-like or local digits, 8 to 15 of them. */
  phone: optionalText(BOOKING_LIMITS.phone, (value) => PHONE_PATTERN.test(normalizePhone(value)), 'invalidPhone'),
  notes: text(BOOKING_LIMITS.notes),
  /** "I understand the service terms" acknowledgement: required. */
  acknowledgement: accepted,
  /** Compulsory consents (spec §5). */
  consentPersonalInfo: accepted,
  consentThirdParty: accepted,
  consentPolicy: accepted,
  consentAge: accepted,
  /** Optional marketing consent. */
  marketing: v.boolean(),
});

/** The details form of the booking flow (spec §5): used by the machine's guards and by the view. */
export const BookingDetailsSchema = v.pipe(
  BookingDetailsFieldsSchema,
  // Checked as soon as both fields are well formed, whatever else the form still lacks.
  v.forward(
    v.partialCheck([['email'], ['phone']], (details) => !contactMissing(details), 'contactRequired'),
    ['email'],
  ),
);
export type BookingDetails = v.InferOutput<typeof BookingDetailsFieldsSchema>;
export type BookingField = keyof BookingDetails;

export const BOOKING_TEXT_FIELDS = ['fullName', 'email', 'phone', 'notes'] as const satisfies readonly BookingField[];
export const BOOKING_CHECKBOX_FIELDS = [
  'acknowledgement',
  'consentPersonalInfo',
  'consentThirdParty',
  'consentPolicy',
  'consentAge',
  'marketing',
] as const satisfies readonly BookingField[];

/** What the form holds while the shopper fills it: checkboxes may still be unticked. */
export type BookingDetailsDraft = Omit<BookingDetails, 'acknowledgement' | 'consentPersonalInfo' | 'consentThirdParty' | 'consentPolicy' | 'consentAge'> & {
  acknowledgement: boolean;
  consentPersonalInfo: boolean;
  consentThirdParty: boolean;
  consentPolicy: boolean;
  consentAge: boolean;
};

export const EMPTY_BOOKING_DETAILS: BookingDetailsDraft = {
  fullName: '',
  email: '',
  phone: '',
  notes: '',
  acknowledgement: false,
  consentPersonalInfo: false,
  consentThirdParty: false,
  consentPolicy: false,
  consentAge: false,
  marketing: false,
};

export type BookingDetailsErrors = Partial<Record<BookingField, BookingFieldError>>;

function isFieldError(message: string): message is BookingFieldError {
  return (BOOKING_FIELD_ERRORS as readonly string[]).includes(message);
}

/** The first problem of each field, in form order; an empty object when the draft is valid. */
export function bookingDetailsErrors(draft: BookingDetailsDraft): BookingDetailsErrors {
  // Not `abortPipeEarly`: the contact rule runs after the fields' own checks, which would stop it.
  const result = v.safeParse(BookingDetailsSchema, draft);
  if (result.success) return {};
  const errors: BookingDetailsErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== 'string' || field in errors) continue;
    errors[field as BookingField] = isFieldError(issue.message) ? issue.message : 'required';
  }
  return errors;
}

export function isBookingDetailsValid(draft: BookingDetailsDraft): draft is BookingDetails {
  return v.is(BookingDetailsSchema, draft);
}

/** The store-local calendar day of an instant, `YYYY-MM-DD`. */
export function storeDate(instant: Date | number, timeZone: string): StoreDate {
  return localOf(Number(instant), timeZone).date;
}

/*
 * Answers to an activity's booking questions (`Activity.questions`): the flow's guard and the
 * server's check of `ReservationCreate.answers` are the same rule.
 */

/** Why an answer is refused: codes, as for the details form (`notAnOption`: a choice the question does not offer). */
export const BOOKING_ANSWER_ERRORS = ['required', 'tooLong', 'notAnOption'] as const;
export type BookingAnswerError = (typeof BOOKING_ANSWER_ERRORS)[number];
/** Answers by question id, as typed or picked (`ReservationCreate.answers` once trimmed). */
export type BookingAnswers = Readonly<Record<string, string>>;
export type BookingAnswerErrors = Partial<Record<string, BookingAnswerError>>;

/** The values a yes/no question is answered with. */
export const YES_NO_ANSWERS = ['yes', 'no'] as const;

type QuestionRule = Pick<BookingQuestion, 'id' | 'kind' | 'required' | 'options' | 'maxLength'>;

/** The values a question can be answered with: its options, yes or no; null for free text. */
export function answerValues(question: QuestionRule): readonly string[] | null {
  if (question.kind === 'text') return null;
  return question.kind === 'yesNo' ? YES_NO_ANSWERS : question.options.map((option) => option.value);
}

/** The problem with one answer (trimmed, as it is sent), or null. An empty optional answer is fine. */
export function bookingAnswerError(question: QuestionRule, answer: string): BookingAnswerError | null {
  const value = answer.trim();
  if (value === '') return question.required ? 'required' : null;
  const values = answerValues(question);
  if (values === null) return value.length > (question.maxLength ?? BOOKING_LIMITS.answer) ? 'tooLong' : null;
  return values.includes(value) ? null : 'notAnOption';
}

/** The problem of each question's answer; an empty object when every answer is fine. */
export function bookingAnswerErrors(questions: readonly QuestionRule[], answers: BookingAnswers): BookingAnswerErrors {
  const errors: BookingAnswerErrors = {};
  for (const question of questions) {
    const error = bookingAnswerError(question, answers[question.id] ?? '');
    if (error) errors[question.id] = error;
  }
  return errors;
}

/** What is sent: the trimmed, non-empty answers to these questions (answers kept from another activity's questions are not). */
export function bookingAnswersFor(questions: readonly QuestionRule[], answers: BookingAnswers): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const question of questions) {
    const value = (answers[question.id] ?? '').trim();
    if (value !== '') sent[question.id] = value;
  }
  return sent;
}

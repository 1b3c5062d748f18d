import { activityById } from '../../src/config/activities.ts';
import { QUESTION_TEXTS } from '../../src/config/activity-texts.ts';
import type { BookingDetails } from '../../src/contract/booking.ts';

/* A booking's form as a shopper fills it: for the API tests, the races, the fuzz and the bench (no test runner needed). */

/** Details that pass every rule of spec §5. */
export const DETAILS: BookingDetails = {
  fullName: 'Tan Mei Ling',
  email: 'mei.ling@example.com',
  phone: '+65 9123 4567',
  notes: '',
  acknowledgement: true,
  consentPersonalInfo: true,
  consentThirdParty: true,
  consentPolicy: true,
  consentAge: true,
  marketing: false,
};

/** Answers to every required question of the activity (a choice's first option, a text, "yes"). */
export function validAnswers(activityId: string): Record<string, string> {
  const activity = activityById(activityId);
  if (!activity) throw new Error(`no activity ${activityId}`);
  return Object.fromEntries(
    activity.questions.filter((q) => q.required).map((q) => [q.id, q.kind === 'choice' ? (Object.keys(QUESTION_TEXTS[q.id].options)[0] ?? '') : q.kind === 'yesNo' ? 'yes' : '2027-05-01']),
  );
}

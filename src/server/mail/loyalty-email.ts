import type { CountryCode, LanguageCode } from '../../config/countries.ts';
import { intlLocale } from '../../config/languages.ts';
import { translator } from './i18n.ts';
import { POINTS_EXPIRY } from './loyalty-messages.ts';
import { COMMON } from './messages.ts';
import type { OutgoingEmail } from './outbox.ts';
import { storeName } from './templates.ts';

/** What the points expiry warning says: how many points go, and the member's calendar day they go. */
export interface PointsExpiryFacts {
  to: string;
  firstName: string;
  country: CountryCode;
  language: LanguageCode;
  points: number;
  /** `YYYY-MM-DD` in the member's country: every point is gone from the start of it. */
  expiresOn: string;
}

/** A calendar day in the language's words (Thai in the Buddhist era): the day itself, no zone moves it. */
function formatDay(date: string, language: LanguageCode, country: CountryCode): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language, country), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, day));
}

/** The warning weeks before every point expires (POINTS_WARNING_DAYS), in the member's language. */
export function pointsExpiryEmail(facts: PointsExpiryFacts): OutgoingEmail {
  const t = translator(facts.language);
  const store = storeName(facts.country, facts.language);
  const date = formatDay(facts.expiresOn, facts.language, facts.country);
  return {
    kind: 'points-expiry',
    to: facts.to,
    subject: t(POINTS_EXPIRY.subject, { store, points: facts.points, date }),
    text: [t(COMMON.greeting, { firstName: facts.firstName }), t(POINTS_EXPIRY.lead, { points: facts.points, date }), t(POINTS_EXPIRY.keep), store].join('\n\n'),
  };
}

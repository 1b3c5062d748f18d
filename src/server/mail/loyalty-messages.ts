import type { MessageDescriptor } from '@lingui/core';

/*
 * The Beauty Pass emails' texts (issue 15), in the emails' Lingui catalog like those of messages.ts
 * (descriptors marked `/*i18n*\/`, the English text as the id). "Beauty Pass" stays as it is in
 * every language: it is the programme's name.
 */

export const POINTS_EXPIRY = {
  subject: /*i18n*/ {
    id: '{store}: {points, plural, one {# Beauty Pass point expires} other {# Beauty Pass points expire}} on {date}',
    comment: 'Subject of the warning sent weeks before a member\'s points expire. {date}: the day they are gone, e.g. "28 February 2027". Keep "Beauty Pass" as it is.',
  },
  lead: /*i18n*/ {
    id: 'Your {points, plural, one {# Beauty Pass point} other {# Beauty Pass points}} will expire on {date}.',
    comment: 'Points expiry warning, first line. {date}: the day they are gone. Keep "Beauty Pass" as it is.',
  },
  keep: /*i18n*/ {
    id: 'Any purchase or reward redemption before then keeps all your points for another 18 months.',
    comment: 'Points expiry warning: how to keep the points (every point expires 18 months after the last purchase or reward redemption).',
  },
} satisfies Record<string, MessageDescriptor>;

import type { MessageDescriptor } from '@lingui/core';

/*
 * The booking emails' texts (issue 14), in the emails' Lingui catalog like those of messages.ts
 * (descriptors marked `/*i18n*\/`, the English text as the id). Activity, store and artist names,
 * confirmation numbers and links are never translated here: activity names come in the booking's
 * language from src/config/activity-texts.ts.
 */

export const BOOKING = {
  confirmedSubject: /*i18n*/ { id: '{store}: booking {number} confirmed', comment: 'Subject of a booking confirmation. {number}: the confirmation number, e.g. BK-7KQ2M9XA.' },
  rescheduledSubject: /*i18n*/ { id: '{store}: booking {number} moved to a new time', comment: 'Subject of the email sent when a booking is rescheduled.' },
  cancelledSubject: /*i18n*/ { id: '{store}: booking {number} cancelled', comment: 'Subject of the email sent when a booking is cancelled.' },
  confirmed: /*i18n*/ { id: 'Your booking {number} is confirmed. We look forward to seeing you.', comment: 'Booking confirmation, first line.' },
  rescheduled: /*i18n*/ { id: 'Your booking {number} has been moved. This is its new time:', comment: 'Rescheduled booking email, first line; the booking follows.' },
  cancelled: /*i18n*/ { id: 'Your booking {number} has been cancelled, and its place is free for someone else. This was the booking:', comment: 'Cancelled booking email, first line; the booking follows.' },
  activityAt: /*i18n*/ { id: '{activity} at {store}', comment: 'What was booked and where. {activity}: e.g. "Brow Shaping & Tint"; {store}: the shop, e.g. "ION Orchard".' },
  withArtist: /*i18n*/ { id: 'With {artist}', comment: 'A service booking: the artist who does it. {artist}: a person\'s name.' },
  when: /*i18n*/ {
    id: '{date} at {time}, {zone}',
    comment: "When the booking starts, in the store's local time. {date}: e.g. \"Monday, 28 September 2026\"; {time}: e.g. \"10:00\"; {zone}: the store's time zone, e.g. \"New Zealand Daylight Time\".",
  },
  duration: /*i18n*/ { id: 'Duration: {minutes, plural, one {# minute} other {# minutes}}', comment: 'How long the booked activity lasts.' },
  address: /*i18n*/ { id: 'Address: {address}', comment: "The store's street address, city and postcode." },
  phone: /*i18n*/ { id: 'Store phone: {phone}', comment: "The store's phone number." },
  price: /*i18n*/ { id: 'Price: {amount}, paid at the store', comment: 'The price of the booked activity; it is paid in the store, not online.' },
  free: /*i18n*/ { id: 'Price: free', comment: 'A free event.' },
  changeUntil: /*i18n*/ { id: 'You can reschedule or cancel it until {date}.', comment: 'A service booking. {date}: the last date and time a change is accepted (the cut-off before the start).' },
  cancelUntil: /*i18n*/ { id: 'You can cancel it until {date}.', comment: 'A class or event booking (those are not rescheduled). {date}: the last date and time a cancellation is accepted.' },
  rescheduleLink: /*i18n*/ { id: 'Reschedule it here:', comment: 'Before the link that opens the reschedule page of a guest\'s booking; keep the colon.' },
  cancelLink: /*i18n*/ { id: 'Cancel it here:', comment: 'Before the link that opens the cancel page of a guest\'s booking; keep the colon.' },
  keepLink: /*i18n*/ { id: 'Anyone with these links can change your booking: keep this email to yourself.', comment: 'After the manage links of a guest\'s booking.' },
  account: /*i18n*/ { id: 'See and change it in My bookings of your account:', comment: 'A member\'s booking; the account page\'s link follows.' },
  bookAgain: /*i18n*/ { id: 'We hope to see you another time:', comment: 'A cancelled booking\'s email; the link to book again follows.' },
} satisfies Record<string, MessageDescriptor>;

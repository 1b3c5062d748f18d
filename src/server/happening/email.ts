import type { ActivityData } from '../../config/activities.ts';
import type { Site } from '../../config/countries.ts';
import type { Store } from '../../config/stores.ts';
import { BOOKING as M } from '../mail/booking-messages.ts';
import { formatMoneyMinor, formatStoreDateTime, formatStoreTime } from '../mail/format.ts';
import { translator } from '../mail/i18n.ts';
import { STORE_NAMES } from '../mail/messages.ts';
import type { OutgoingEmail } from '../mail/outbox.ts';
import { catalogOf } from './catalogue.ts';

/*
 * A booking's emails (confirmed, rescheduled, cancelled), written in the transaction of the change
 * (outbox), in the booking's language, with the store-local date, time and zone, the store's address,
 * the confirmation number and the links to manage it: a guest's carry the booking's key, a member's
 * go to the account. The links are the screens' routes (spec §2): `/happening/services/reschedule/{number}`,
 * `/happening/{services,classes,events}/cancel/{number}`, with `?key=` for a guest.
 */

export type BookingEmailKind = 'booking-confirmation' | 'booking-rescheduled' | 'booking-cancelled';

export interface BookingEmailFacts {
  kind: BookingEmailKind;
  to: string;
  /** The booking's country and language. */
  site: Site;
  number: string;
  activity: ActivityData;
  store: Store;
  artistName: string | null;
  startsAt: number;
  priceMinor: number | null;
  /** A guest's key (the links carry it); null for a member's booking. */
  manageKey: string | null;
  /** Origin of the links (`PUBLIC_URL`). */
  origin: string;
}

const PLURAL_PATHS = { service: 'services', class: 'classes', event: 'events' } as const;

/** The screens a booking's links open (relative to the origin). */
export function manageLinks(kind: ActivityData['kind'], number: string, manageKey: string | null): { reschedule: string | null; cancel: string } {
  const key = manageKey === null ? '' : `?key=${encodeURIComponent(manageKey)}`;
  return {
    reschedule: kind === 'service' ? `/happening/services/reschedule/${number}${key}` : null,
    cancel: `/happening/${PLURAL_PATHS[kind]}/cancel/${number}${key}`,
  };
}

export function bookingEmail(facts: BookingEmailFacts): OutgoingEmail {
  const { site, activity, store, number } = facts;
  const t = translator(site.language);
  const storeName = t(STORE_NAMES[site.country]);
  const when = formatStoreTime(facts.startsAt, site, store.timeZone);
  const cutoff = formatStoreDateTime(facts.startsAt - activity.policy.changeCutoffHours * 3_600_000, site, store.timeZone);
  const origin = facts.origin.replace(/\/+$/, '');
  const links = manageLinks(activity.kind, number, facts.manageKey);
  const subject = { 'booking-confirmation': M.confirmedSubject, 'booking-rescheduled': M.rescheduledSubject, 'booking-cancelled': M.cancelledSubject }[facts.kind];
  const opening = { 'booking-confirmation': M.confirmed, 'booking-rescheduled': M.rescheduled, 'booking-cancelled': M.cancelled }[facts.kind];
  const booking = [
    t(M.activityAt, { activity: activity.texts.name[catalogOf(site.language)], store: store.name }),
    ...(facts.artistName ? [t(M.withArtist, { artist: facts.artistName })] : []),
    t(M.when, when),
    t(M.duration, { minutes: activity.durationMinutes }),
    t(M.address, { address: [store.line1, store.city, store.postcode].filter((part) => part !== '').join(', ') }),
    t(M.phone, { phone: store.phone }),
    facts.priceMinor === null ? t(M.free) : t(M.price, { amount: formatMoneyMinor(facts.priceMinor, site) }),
  ];
  const manage =
    facts.kind === 'booking-cancelled'
      ? [t(M.bookAgain), `${origin}/happening/${PLURAL_PATHS[activity.kind]}/${activity.id}`]
      : [
          t(links.reschedule ? M.changeUntil : M.cancelUntil, { date: cutoff }),
          ...(facts.manageKey === null
            ? [t(M.account), `${origin}/account/bookings`]
            : [...(links.reschedule ? [t(M.rescheduleLink), `${origin}${links.reschedule}`] : []), t(M.cancelLink), `${origin}${links.cancel}`, t(M.keepLink)]),
        ];
  return {
    kind: facts.kind,
    to: facts.to,
    subject: t(subject, { store: storeName, number }),
    text: [t(opening, { number }), '', ...booking, '', ...manage, '', storeName].join('\n'),
  };
}

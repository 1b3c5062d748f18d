import { Trans, useLingui } from '@lingui/react/macro';
import type { BookingFlowApi } from '../../../../machines/booking/booking-flow.connect.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { formatStoreDateTime, formatStoreTime } from './booking-format.ts';
import { KIND_LABELS } from './booking-texts.ts';

/** What is being booked, where and when: shown from the slot step on. */
export function FlowSummary({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { t, i18n } = useLingui();
  const { activity, slot, hold, artist, store, timeZone } = view;
  if (!activity) return null;
  // The hold names the artist the server gave ("any" resolved); before it, the one picked.
  const artistName = hold?.artist?.name ?? (artist === 'any' ? t`Any artist` : artist?.name);
  return (
    <dl className="booking-summary">
      <dt>{i18n._(KIND_LABELS[activity.kind])}</dt>
      <dd>
        {activity.name} · {activity.price ? formatMoney(activity.price, site) : t`Free`}
      </dd>
      {store ? (
        <>
          <dt>
            <Trans>Store</Trans>
          </dt>
          <dd>{store.name}</dd>
        </>
      ) : null}
      {slot && timeZone ? (
        <>
          <dt>
            <Trans>Date and time</Trans>
          </dt>
          <dd>{formatStoreDateTime(slot.startsAt, timeZone, site)}</dd>
        </>
      ) : null}
      {artistName ? (
        <>
          <dt>
            <Trans>Artist</Trans>
          </dt>
          <dd>{artistName}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** `m:ss` of a duration (rounded up to the second, as a countdown shows it). */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The hold's time left by the machine's clock (the view ticks it every second): a timer, which
 * screen readers do not announce at each tick; the time it ends is said once in words.
 */
export function HoldNotice({ view }: { view: BookingFlowApi }) {
  const site = useSite();
  const { hold, timeZone } = view;
  if (!hold || !view.held) return null;
  const until = formatStoreTime(hold.expiresAt, timeZone ?? 'UTC', site);
  const left = countdown(hold.msLeft);
  return (
    <p className="booking-hold">
      <Trans>
        We are holding this time for you until {until}: <span role="timer">{left}</span> left.
      </Trans>
    </p>
  );
}

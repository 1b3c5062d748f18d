import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { PointsEntry } from '../../../contract/beauty-pass.ts';
import { POINTS_EXPIRY_MONTHS } from '../../../contract/points.ts';

/** The member's order page (the orders feature's address; features share addresses, not modules). */
function orderHref(number: string): string {
  return `/account/orders/${encodeURIComponent(number)}`;
}

function OrderLink({ number }: { number: string }) {
  return <Link href={orderHref(number)}>{number}</Link>;
}

/**
 * Each point log source key of spec §3 as a sentence of the history, in the member's language, with
 * the order number (linked to the order) or the product's name where the row has one. A key that
 * moves points both ways reads by its sign: points used for a reward and given back when the order
 * was cancelled, an order's points and their reversal.
 */
function sentence(entry: PointsEntry): { text: ReactNode; namesOrder: boolean } {
  const number = entry.orderNumber ?? entry.reference ?? '';
  const order = entry.orderNumber ? <OrderLink number={entry.orderNumber} /> : number;
  const name = entry.reference ?? '';
  const back = entry.amount > 0;
  const months = POINTS_EXPIRY_MONTHS;
  switch (entry.source) {
    case 'manual_points_adjustment':
      return { text: <Trans>Points adjusted by our customer care team</Trans>, namesOrder: false };
    case 'level_redemption':
      return { text: <Trans>Points redeemed for a tier reward</Trans>, namesOrder: false };
    case 'expired_points':
      return { text: <Trans>Points expired after {months} months without a purchase or reward redemption</Trans>, namesOrder: false };
    case 'survey_points':
      return { text: <Trans>Points for completing a survey</Trans>, namesOrder: false };
    case 'used_points':
      if (!number) return { text: back ? <Trans>Points given back for a reward</Trans> : <Trans>Points used for a reward</Trans>, namesOrder: false };
      return { text: back ? <Trans>Points given back for the reward of cancelled order {order}</Trans> : <Trans>Points used for a reward with order {order}</Trans>, namesOrder: true };
    case 'beauty_pass_registration':
      return { text: <Trans>Welcome points for joining Beauty Pass</Trans>, namesOrder: false };
    case 'loyalty_points':
      return { text: <Trans>Loyalty points</Trans>, namesOrder: false };
    case 'online_review':
      return { text: <Trans>Points for writing an online review</Trans>, namesOrder: false };
    case 'published_review':
      return { text: <Trans>Points for your published review</Trans>, namesOrder: false };
    case 'completed_beauty_profile':
      return { text: <Trans>Points for completing your beauty profile</Trans>, namesOrder: false };
    case 'downloaded_mobile_app':
      return { text: <Trans>Points for downloading our mobile app</Trans>, namesOrder: false };
    case 'referred_mobile_app':
      return { text: <Trans>Points for referring a friend to our mobile app</Trans>, namesOrder: false };
    case 'bonus_points':
      return { text: <Trans>Bonus points</Trans>, namesOrder: false };
    case 'purchase_points':
      return { text: <Trans>Points for a purchase</Trans>, namesOrder: false };
    case 'purchase_points_with_order_number':
      if (!number) return { text: back ? <Trans>Points for a purchase</Trans> : <Trans>Points taken back for a cancelled purchase</Trans>, namesOrder: false };
      return { text: back ? <Trans>Points for order {order}</Trans> : <Trans>Points taken back for cancelled order {order}</Trans>, namesOrder: true };
    case 'product_review_with_name':
      return { text: name ? <Trans>Points for your review of {name}</Trans> : <Trans>Points for your product review</Trans>, namesOrder: false };
  }
}

/** The row's sentence; a row of an order whose sentence does not name it links to it after. */
export function PointSentence({ entry }: { entry: PointsEntry }) {
  const { text, namesOrder } = sentence(entry);
  const number = entry.orderNumber;
  return (
    <>
      {text}
      {number && !namesOrder ? (
        <>
          {' · '}
          <Trans>
            Order <OrderLink number={number} />
          </Trans>
        </>
      ) : null}
    </>
  );
}

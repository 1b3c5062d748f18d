import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PointsSummary } from '../../../contract/beauty-pass.ts';
import { POINTS_EXPIRY_MONTHS } from '../../../contract/points.ts';
import { formatCalendarDate } from '../../shared/site/format-calendar.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/**
 * The balance and when it goes (spec §9: every point expires together, 18 months after the last
 * purchase or reward redemption), with the warning the server raises in the weeks before.
 */
export function PointsSummaryView({ points }: { points: PointsSummary }) {
  const { t } = useLingui();
  const site = useSite();
  const balance = points.balance;
  const shown = formatNumber(balance, site);
  const { expiry } = points;
  const on = expiry ? formatCalendarDate(expiry.on, site) : '';
  const amount = expiry ? formatNumber(expiry.amount, site) : '';
  const lastActivity = formatCalendarDate(points.lastActivityOn, site);
  const months = POINTS_EXPIRY_MONTHS;
  return (
    <div className="points-summary" data-warning={expiry?.warning ? 'true' : 'false'}>
      <p className="points-summary__balance" data-testid="points-balance">
        <Trans>
          <strong>{shown}</strong> <Plural value={balance} one="point" other="points" />
        </Trans>
      </p>
      {expiry ? (
        expiry.warning ? (
          <p className="points-summary__warning" role="note" data-testid="points-expiry">
            <Plural
              value={expiry.daysLeft}
              one={`Your ${amount} points expire on ${on}, in # day. Make a purchase or redeem a reward before then to keep them.`}
              other={`Your ${amount} points expire on ${on}, in # days. Make a purchase or redeem a reward before then to keep them.`}
            />
          </p>
        ) : (
          <p className="points-summary__expiry" data-testid="points-expiry">
            {t`${amount} points expire on ${on}.`}
          </p>
        )
      ) : (
        <p className="points-summary__expiry" data-testid="points-expiry">
          <Trans>You have no points to expire.</Trans>
        </p>
      )}
      <p className="points-summary__note">{t`Points expire ${months} months after your last purchase or reward redemption (last one: ${lastActivity}). Every purchase or redemption starts the ${months} months again.`}</p>
    </div>
  );
}

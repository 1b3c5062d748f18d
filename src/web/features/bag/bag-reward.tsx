import { useLingui } from '@lingui/react/macro';
import type { BagRewardView } from '../../../../machines/bag/bag.connect.ts';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';

/**
 * The Beauty Pass reward in the bag (issue 15): its picture, name and points cost, a note when its
 * hold has lapsed (the server's `heldUntil` null), and Remove. It costs points, not money: the
 * points are taken when the order is placed.
 */
export function BagReward({ view }: { view: BagRewardView | null }) {
  const { t } = useLingui();
  const site = useSite();
  if (view === null) return null;
  const { reward, removing, removeDisabled, remove, holdLapsed } = view;
  const name = reward.name;
  const points = formatNumber(reward.pointsCost, site);
  return (
    <ul className="bag-lines bag-reward" aria-label={t`Beauty Pass reward in your bag`}>
      <li className="bag-line" data-state={removing ? 'removing' : 'saved'} data-reward-id={reward.id} aria-busy={removing}>
        <img className="bag-line__image" src={reward.imageUrl} alt="" width={96} height={96} />
        <div className="bag-line__info">
          <p className="bag-line__brand">{t`Beauty Pass reward`}</p>
          <p className="bag-line__name">{name}</p>
          {holdLapsed ? <p className="bag-line__stock bag-line__stock--low">{t`No longer set aside for you: it is yours if one is left when you place the order.`}</p> : null}
        </div>
        <div className="bag-line__actions">
          <p className="bag-line__total">
            <span className="visually-hidden">{t`Cost:`} </span>
            {t`${points} points`}
          </p>
          <div className="bag-line__links">
            <button type="button" className="link-button" aria-label={t`Remove the reward ${name} from your bag`} disabled={removeDisabled} onClick={remove}>
              {removing ? t`Removing…` : t`Remove`}
            </button>
          </div>
        </div>
      </li>
    </ul>
  );
}

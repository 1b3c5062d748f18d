import { useLingui } from '@lingui/react/macro';
import type { Money } from '../../../contract/site.ts';
import { formatMoney } from '../site/format.ts';
import { useSite } from '../site/site-provider.tsx';

/** Regular price, or the sale price next to the struck-through regular price. */
export function Price({ price, salePrice }: { price: Money; salePrice: Money | null }) {
  const site = useSite();
  const { t } = useLingui();
  const regular = formatMoney(price, site);
  if (!salePrice) {
    return (
      <p className="price" data-state="regular">
        <span className="price__current">{regular}</span>
      </p>
    );
  }
  const sale = formatMoney(salePrice, site);
  return (
    <p className="price" data-state="sale">
      <span className="price__current price__current--sale">
        <span className="visually-hidden">{t`Sale price:`} </span>
        {sale}
      </span>{' '}
      <s className="price__regular">
        <span className="visually-hidden">{t`Regular price:`} </span>
        {regular}
      </s>
    </p>
  );
}

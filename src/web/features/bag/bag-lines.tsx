import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { BagLineView } from '../../../../machines/bag/bag.connect.ts';
import { formatMoney } from '../../shared/site/format.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { Price } from '../../shared/ui/price.tsx';

export interface BagLinesProps {
  lines: BagLineView[];
  /** Null when the shopper's wish list cannot take it here (see bag-screen.tsx). */
  onMoveToWishlist: ((line: BagLineView) => void) | null;
}

/** Lines whose images load at once: a phone's first screen shows about three; lazy ones wait for layout and were /cart's LCP (bench:web). */
const EAGER_LINES = 3;

/** The bag's lines: what each is, its price, its stock, and the stepper, remove and move to wish list. */
export function BagLines({ lines, onMoveToWishlist }: BagLinesProps) {
  const { t } = useLingui();
  return (
    <ul className="bag-lines" aria-label={t`Items in your bag`}>
      {lines.map((line, index) => (
        <BagLineItem key={line.key} line={line} onMoveToWishlist={onMoveToWishlist} eager={index < EAGER_LINES} />
      ))}
    </ul>
  );
}

function StockNote({ line }: { line: BagLineView }) {
  const { t } = useLingui();
  const { state, available } = line.line.inventory;
  if (state === 'out_of_stock') return <p className="bag-line__stock bag-line__stock--out">{t`Out of stock`}</p>;
  if (state === 'not_on_sale') return <p className="bag-line__stock bag-line__stock--out">{t`Not on sale yet: remove it to check out.`}</p>;
  if (state === 'reduced') return <p className="bag-line__stock bag-line__stock--low">{t`Only ${available} left: lower the quantity to keep it.`}</p>;
  if (state === 'low_stock') return <p className="bag-line__stock bag-line__stock--low">{t`Only ${available} left`}</p>;
  return null;
}

function BagLineItem({ line, onMoveToWishlist, eager }: { line: BagLineView; onMoveToWishlist: BagLinesProps['onMoveToWishlist']; eager: boolean }) {
  const { t } = useLingui();
  const site = useSite();
  const reasonId = useId();
  const { product, variant, unitPrice, unitSalePrice, lineTotal } = line.line;
  const name = product.name;
  const variantName = variant.name;
  const quantity = line.quantity;
  const increaseReason = line.increaseDisabledReason === 'maxQuantity' ? t`You have the most of ${name} you can buy now.` : null;
  return (
    <li className="bag-line" data-state={line.outOfStock ? 'out-of-stock' : line.pending ? 'saving' : 'saved'} aria-busy={line.pending}>
      <img className="bag-line__image" src={product.imageUrl} alt="" width={96} height={96} loading={eager ? 'eager' : 'lazy'} />
      <div className="bag-line__info">
        <p className="bag-line__brand">{product.brand.name}</p>
        <Link href={`/products/${product.slug}`} className="bag-line__name">
          {name}
        </Link>
        <p className="bag-line__variant">{variant.kind === 'shade' ? t`Shade: ${variantName}` : t`Size: ${variantName}`}</p>
        <Price price={unitPrice} salePrice={unitSalePrice} />
        <StockNote line={line} />
      </div>
      <div className="bag-line__actions">
        {line.outOfStock ? null : (
          <div className="stepper" role="group" aria-label={t`Quantity of ${name}`}>
            <button type="button" className="stepper__button" aria-label={t`Decrease quantity of ${name}`} disabled={line.decreaseDisabledReason !== null} onClick={line.decrease}>
              −
            </button>
            {/* Announced as it changes: the stepper's buttons do not say the new number themselves. */}
            <output className="stepper__value" aria-live="polite">
              <span className="visually-hidden">{t`Quantity:`} </span>
              {quantity}
            </output>
            <button
              type="button"
              className="stepper__button"
              aria-label={t`Increase quantity of ${name}`}
              disabled={increaseReason !== null}
              aria-describedby={increaseReason ? reasonId : undefined}
              onClick={line.increase}
            >
              +
            </button>
            {increaseReason ? (
              <span id={reasonId} className="visually-hidden">
                {increaseReason}
              </span>
            ) : null}
          </div>
        )}
        <p className="bag-line__total">
          <span className="visually-hidden">{t`Line total:`} </span>
          {formatMoney(lineTotal, site)}
        </p>
        <div className="bag-line__links">
          <button type="button" className="link-button" aria-label={t`Remove ${name} from your bag`} onClick={line.remove}>
            {t`Remove`}
          </button>
          {onMoveToWishlist ? (
            <button type="button" className="link-button" aria-label={t`Move ${name} to your wish list`} onClick={() => onMoveToWishlist(line)}>
              {t`Move to wish list`}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

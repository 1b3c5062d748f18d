import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { OFFERS_HREF, REWARDS_HREF } from '../shared/beauty-pass-links.ts';
import { HAPPENING_HREF, STORES_HREF } from '../shared/happening-links.ts';

/**
 * Beauty Pass, the services and the stores in the phone's menu (site-menu.tsx), below the
 * categories: what a shopper looks for in a menu besides products. On a desktop the footer holds
 * the same links and styles.css leaves this list out of the header's row, which keeps its categories.
 */
export default function StoreNav() {
  const { t } = useLingui();
  return (
    <nav className="store-nav" aria-label={t`Beauty Pass and services`}>
      <ul className="store-nav__list">
        <li>
          <Link href={REWARDS_HREF}>{t`Rewards boutique`}</Link>
        </li>
        <li>
          <Link href={OFFERS_HREF}>{t`Beauty Pass offers`}</Link>
        </li>
        <li>
          <Link href={HAPPENING_HREF}>{t`Services, classes and events`}</Link>
        </li>
        <li>
          <Link href={STORES_HREF}>{t`Find a store`}</Link>
        </li>
      </ul>
    </nav>
  );
}

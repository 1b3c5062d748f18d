import { useLingui } from '@lingui/react/macro';
import { STORE_LINKS, StoreLinkItems } from './store-links.tsx';

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
        <StoreLinkItems links={[STORE_LINKS.rewards, STORE_LINKS.offers, STORE_LINKS.happening, STORE_LINKS.stores]} />
      </ul>
    </nav>
  );
}

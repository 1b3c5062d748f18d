import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Layout } from '../../contract/layouts.ts';
import type { ResourceView } from '../shared/hooks/use-resource.ts';
import { useNotify } from '../shared/notifications/notify.ts';
import { useSignedIn, useSignInHref } from '../shared/session/session-store.ts';
import { useWishlistSession } from '../shared/wishlist-store.ts';
import { SiteMenu } from './site-menu.tsx';

/** The combobox with suggestions: its own chunk, fetched when the shopper shows interest in the box. */
const SearchBox = lazy(() => import('../features/search/search-box.tsx'));

/**
 * The header search. The first screen gets a plain search form (it already searches on Enter);
 * focus or a pointer on it loads the combobox, which takes over the typed text and the focus.
 * Kept small: every byte here is on the first screen of every page.
 */
function HeaderSearch() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [wanted, setWanted] = useState(false);
  const label = t`Search products, brands and categories`;
  // A transition keeps this form on screen (with its focus and text) until the combobox is ready.
  const want = () => startTransition(() => setWanted(true));
  const placeholder = (
    <form
      role="search"
      className="search-box"
      data-state="placeholder"
      onPointerEnter={want}
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) navigate(`/search?q=${encodeURIComponent(text.trim())}`);
      }}
    >
      <input
        aria-label={label}
        className="search-box__input"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => {
          setFocused(true);
          want();
        }}
        onBlur={() => setFocused(false)}
      />
      <button type="submit" className="search-box__submit">
        <span className="visually-hidden">{t`Search`}</span>
      </button>
    </form>
  );
  return <Suspense fallback={placeholder}>{wanted ? <SearchBox initialText={text} autoFocus={focused} /> : placeholder}</Suspense>;
}

/** "Sign in" (back to this page afterwards) or "Account", from the readable session cookie. */
function AccountLink() {
  const signedIn = useSignedIn();
  const signIn = useSignInHref();
  return signedIn ? (
    <Link href="/account" className="site-header__account">
      <Trans>Account</Trans>
    </Link>
  ) : (
    <Link href={signIn} className="site-header__account">
      <Trans>Sign in</Trans>
    </Link>
  );
}

/**
 * The wish list's link, on every page: it also starts the wish list with the session (a guest's
 * list merges into the member's at sign-in) and says when a heart's change failed and was undone.
 */
function WishlistLink() {
  const { t } = useLingui();
  const store = useWishlistSession();
  const notify = useNotify();
  useEffect(
    () =>
      store?.onNotice(({ failure, wanted, name }) =>
        notify({
          type: 'error',
          group: 'wishlist',
          text:
            failure === 'signedOut'
              ? t`Your session has ended. Sign in again to change your wish list.`
              : wanted
                ? t`${name} could not be added to your wish list. Please try again.`
                : t`${name} could not be removed from your wish list. Please try again.`,
        }),
      ),
    [store, notify, t],
  );
  return (
    <Link href="/wishlist" className="site-header__wishlist" aria-label={t`Wish list`}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
      </svg>
    </Link>
  );
}

/**
 * The site header. Desktop: logo, search and account, then the categories with country and
 * language. Phone (640 px wide or less): one row of logo, account and the Menu button that holds
 * the categories, country and language (site-menu.tsx), the search box a row below; every part
 * has its final size from the first paint, so nothing below it moves when the layout arrives.
 */
export function Header({ layout }: { layout: ResourceView<Layout> }) {
  const { t } = useLingui();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link href="/" className="logo" aria-label={t`Beauty Pass home`}>
          BEAUTY PASS
        </Link>
        <HeaderSearch />
        <AccountLink />
        <WishlistLink />
        <SiteMenu layout={layout} />
      </div>
    </header>
  );
}

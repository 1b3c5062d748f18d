import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, startTransition, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Layout } from '../../contract/layouts.ts';
import type { ResourceView } from '../shared/hooks/use-resource.ts';
import { useIdle } from '../shared/ssr/use-idle.ts';
import { useSignedIn, useSignInHref } from '../shared/session/session-store.ts';
import { SiteMenu } from './site-menu.tsx';

/** The bag count and its store: after hydration, in a chunk of its own (not on the first screen). */
const BagCount = lazy(() => import('../shared/bag/bag-count.tsx'));

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

/** The wish list's link, on every page: a heart of fixed size. */
function WishlistLink() {
  const { t } = useLingui();
  return <Link href="/wishlist" className="site-header__wishlist" aria-label={t`Wish list`} />;
}

/**
 * The bag with its count on every page. The count is the shopper's, so the server renders the
 * link without it (a cached page is shared) and it arrives after hydration in a box that already
 * has its size: nothing moves. The link's name then says it: "Bag, 3 items".
 */
function BagLink() {
  const { t } = useLingui();
  const idle = useIdle();
  return (
    <Link href="/cart" className="site-header__bag">
      {/* On phones the word is read out, not shown: the link is a bag icon with its count (styles.css). */}
      <span>{t`Bag`}</span>
      <span className="site-header__count">
        {idle ? (
          <Suspense fallback={null}>
            <BagCount />
          </Suspense>
        ) : null}
      </span>
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
        <BagLink />
        <WishlistLink />
        <SiteMenu layout={layout} />
      </div>
    </header>
  );
}

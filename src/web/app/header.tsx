import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, startTransition, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Layout } from '../../contract/layouts.ts';
import type { ResourceView } from '../shared/hooks/use-resource.ts';
import { useSignedIn, useSignInHref } from '../shared/session/session-store.ts';
import { LocaleSwitchers } from './locale-switchers.tsx';

type NavigationItem = Layout['header']['navigation'][number];

export function categoryHref(path: string): string {
  return `/categories/${path.replace(/^\/+|\/+$/g, '')}`;
}

function NavItem({ item }: { item: NavigationItem }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const name = item.name;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      (event.currentTarget.querySelector('button') as HTMLButtonElement | null)?.focus();
    }
  };
  return (
    <li className="nav__item" data-state={open ? 'open' : 'closed'} onKeyDown={closeOnEscape}>
      <Link href={categoryHref(item.path)} className="nav__link" onClick={() => setOpen(false)}>
        {name}
      </Link>
      {item.children.length > 0 ? (
        <>
          <button
            type="button"
            className="nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t`${name} categories`}
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true">▾</span>
          </button>
          <ul id={menuId} className="nav__submenu" hidden={!open}>
            {item.children.map((child) => (
              <li key={child.path}>
                <Link href={categoryHref(child.path)} onClick={() => setOpen(false)}>
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

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
        <LocaleSwitchers />
      </div>
      <nav className="nav" aria-label={t`Categories`} data-state={layout.status}>
        {layout.status === 'success' ? (
          <ul className="nav__list">
            {layout.data.header.navigation.map((item) => (
              <NavItem key={item.path} item={item} />
            ))}
          </ul>
        ) : null}
        {layout.status === 'loading' ? <div className="skeleton skeleton--nav" aria-hidden="true" /> : null}
        {layout.status === 'failure' || layout.status === 'notFound' ? (
          <p className="nav__error">
            <Trans>The menu could not be loaded.</Trans>{' '}
            {layout.status === 'failure' ? (
              <button type="button" className="link-button" onClick={layout.retry}>
                <Trans>Retry</Trans>
              </button>
            ) : null}
          </p>
        ) : null}
      </nav>
    </header>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Layout } from '../../contract/layouts.ts';
import type { ResourceView } from '../shared/hooks/use-resource.ts';
import { categoryHref } from '../shared/links.ts';
import { LocaleSwitchers } from './locale-switchers.tsx';

type NavigationItem = Layout['header']['navigation'][number];

/**
 * Beauty Pass, the services and the stores (store-nav.tsx): in a chunk of its own, as the footer
 * that holds the same links, so every first screen's entry stays as it was; the server renders it
 * in the page all the same.
 */
const StoreNav = lazy(() => import('./store-nav.tsx'));

/** Where the header has its desktop rows; below it the compact phone header (styles.css: max-width 640px). */
const DESKTOP_HEADER_QUERY = '(min-width: 641px)';

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
          {/* On a phone the menu lists every child (styles.css shows them and hides the toggle): no script needed. */}
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

function CategoryNav({ layout }: { layout: ResourceView<Layout> }) {
  const { t } = useLingui();
  return (
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
  );
}

/**
 * The categories, country and language. On a desktop they are the header's second row; on a phone
 * (640 px wide or less) they fold behind a Menu button so the first products fit the first screen,
 * with Beauty Pass, the services and the stores below the categories.
 *
 * The menu opens under the header's first row, where the Menu button stays in view to close it.
 * The fold is the platform's popover (`popover="auto"` opened by `popovertarget`): it works from
 * server-rendered HTML before (or without) any script, and the browser gives it Escape and
 * outside-click dismissal, the Tab order (button → menu) and focus back on the button when Escape
 * closes it. Script only adds what the platform leaves out: an explicit `aria-expanded` (the
 * popover's state, mirrored on the button once hydrated), closing when a link in it
 * is followed (an in-app navigation keeps the page), and closing when the window widens into the
 * desktop row. Its state is the element's own, so there is no machine to keep in step with it.
 */
export function SiteMenu({ layout }: { layout: ResourceView<Layout> }) {
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // null until hydrated: the server's HTML says nothing it could not keep up to date.
  const [open, setOpen] = useState<boolean | null>(null);
  const [location] = useLocation();

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const mirror = () => setOpen(isOpen(element));
    mirror();
    // Widening into the desktop row closes the drawer (an open popover would stay on top).
    const wide = window.matchMedia?.(DESKTOP_HEADER_QUERY);
    const onWiden = () => wide?.matches && hide(element);
    element.addEventListener('toggle', mirror);
    wide?.addEventListener('change', onWiden);
    return () => {
      element.removeEventListener('toggle', mirror);
      wide?.removeEventListener('change', onWiden);
    };
  }, []);

  // A new page closes the menu: a link in it was followed (or Back was pressed).
  useEffect(() => {
    if (panel.current) hide(panel.current);
  }, [location]);

  return (
    <>
      <button type="button" className="site-menu__button" popoverTarget={panelId} aria-controls={panelId} aria-expanded={open ?? undefined}>
        <span className="site-menu__icon" aria-hidden="true" />
        <span className="site-menu__label">
          <Trans>Menu</Trans>
        </span>
      </button>
      {/* Following a link in it closes it, the current page's own link too (the location then stays the same). */}
      <div id={panelId} ref={panel} className="site-menu" popover="auto" onClick={(event) => event.target instanceof Element && event.target.closest('a') && hide(event.currentTarget)}>
        <CategoryNav layout={layout} />
        <Suspense fallback={null}>
          <StoreNav />
        </Suspense>
        <LocaleSwitchers />
      </div>
    </>
  );
}

/** Whether the menu is open; false without the popover API (jsdom in the component tests). */
function isOpen(element: HTMLElement): boolean {
  return 'hidePopover' in element && element.matches(':popover-open');
}

function hide(element: HTMLElement): void {
  if (isOpen(element)) element.hidePopover();
}

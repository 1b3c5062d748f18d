import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useSyncExternalStore } from 'react';
import { afterEach, beforeAll } from 'vitest';
import type { BaseLocationHook } from 'wouter';
import { LANGUAGES } from '../../src/config/languages.ts';
import type { ListingApi } from '../../src/web/features/catalog/listing.tsx';
import type { CatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import { App } from '../../src/web/app/app.tsx';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import type { RuntimeEffects } from '../../src/web/app/runtime/effects.ts';
import { resolveSite } from '../../src/web/shared/site/resolve.ts';
import { fakeCatalogApi, type FakeCatalogCalls } from '../helpers/catalog-fake.ts';
import { appApis } from '../helpers/app-apis.ts';

configure({ asyncUtilTimeout: 5000 });
// The listing and its controls are lazy chunks: load them once up front, so a busy machine's first
// import does not eat into the first test's waiting time (the tests are about behaviour, not load time).
beforeAll(() => Promise.all([import('../../src/web/features/catalog/listing-view.tsx'), import('../../src/web/features/catalog/listing-controls.tsx')]), 60_000);
afterEach(() => {
  cleanup();
  document.title = '';
});

/**
 * A browser history in memory: push and replace entries, and go Back, as the shopper's browser
 * does (wouter's memoryLocation records entries but cannot go back).
 */
export function historyLocation(initial: string) {
  const entries = [initial];
  let index = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const current = () => entries[index] ?? '/';
  const navigate = (to: string | URL, options?: { replace?: boolean }) => {
    const href = String(to);
    if (options?.replace) entries[index] = href;
    else {
      entries.splice(index + 1, entries.length, href);
      index += 1;
    }
    notify();
  };
  const useHistoryLocation: BaseLocationHook = () => [useSyncExternalStore(subscribe, () => current().split('?')[0] ?? '/'), navigate];
  const useHistorySearch = () => useSyncExternalStore(subscribe, () => current().split('?')[1] ?? '');
  return {
    hook: useHistoryLocation,
    searchHook: useHistorySearch,
    /** The entries up to the current one, oldest first. */
    entries: () => entries.slice(0, index + 1),
    current,
    /** A new entry, as a link the shopper follows. */
    push: (to: string) => act(() => navigate(to)),
    back: () =>
      act(() => {
        if (index === 0) throw new Error('no entry to go back to');
        index -= 1;
        notify();
      }),
  };
}

/** The SPA at `url` in Singapore (English), on a fake catalogue that records its requests. */
export async function renderListing(url: string, overrides: Partial<CatalogApi & ListingApi> = {}) {
  const [, search = ''] = url.split('?');
  const resolution = resolveSite({ search, cookie: '' });
  const i18n = setupI18n();
  await loadCatalog(LANGUAGES[resolution.kind === 'site' ? resolution.site.language : resolution.language].catalog, i18n);
  const calls: FakeCatalogCalls = { products: [], filters: [], search: [] };
  const history = historyLocation(url);
  // Full page loads the runtime asked for: a listing's own navigations never need one.
  const assigned: string[] = [];
  const runtime: RuntimeEffects = {
    assign: (href) => void assigned.push(href),
    fetchJson: () => Promise.reject(new Error('no deployment files in tests')),
    onVisible: () => () => undefined,
  };
  const user = userEvent.setup();
  const view = render(
    <App
      resolution={resolution}
      i18n={i18n}
      client={null}
      apis={appApis({ catalog: { ...fakeCatalogApi(calls), ...overrides } })}
      effects={{ writeCookies: () => undefined, reload: () => undefined, currentUrl: () => new URL(`http://localhost${url}`) }}
      runtime={runtime}
      locationHook={history.hook}
      searchHook={history.searchHook}
    />,
  );
  return { ...view, user, calls, history, assigned };
}

import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import type { NotificationsOptions } from '../../machines/notifications/types.ts';
import type { LanguageCode, Site } from '../../src/config/countries.ts';
import { LANGUAGES } from '../../src/config/languages.ts';
import { App } from '../../src/web/app/app.tsx';
import type { RuntimeEffects } from '../../src/web/app/runtime/effects.ts';
import type { AccountApi } from '../../src/web/features/account/account-api.ts';
import type { SignInApi } from '../../src/web/features/account/sign-in-api.ts';
import type { FilterCountsApi } from '../../src/web/features/catalog/filter-counts-api.ts';
import type { ListingApi } from '../../src/web/features/catalog/listing.tsx';
import type { ProductApi } from '../../src/web/features/product/product-api.ts';
import type { SandboxApi } from '../../src/web/features/sandbox/sandbox-api.ts';
import type { SearchApi } from '../../src/web/features/search/search-api.ts';
import type { ApiFakes } from '../../src/web/shared/api/api-provider.tsx';
import type { CatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import type { LayoutApi } from '../../src/web/shared/api/layout-api.ts';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { ALL_FEATURE_MESSAGES } from './feature-messages.ts';
import type { FeatureMessages } from '../../src/web/shared/i18n/feature-catalogs.ts';
import type { AuthRefreshActor } from '../../src/web/shared/session/coordinator.ts';
import { resolveSite, type CookieWrites } from '../../src/web/shared/site/resolve.ts';
import type { SiteEffects } from '../../src/web/shared/site/site-provider.tsx';
import { clearSessionCookie, setSessionCookie } from './account-fake.ts';
import { appApis } from './app-apis.ts';
import type { FakeCatalogCalls } from './catalog-fake.ts';
import { historyLocation, type HistoryLocation } from './history-location.ts';
import { preloadAppChunks } from './preload-chunks.ts';
import { productServer, productServerFetch, type ProductServer, type ProductServerSetup } from './product-server.ts';
// The navigation guard is a chunk that the first in-app navigation loads. Loaded here once, the
// guard's verdict (stay in-app, or a full page load) arrives within the user event that navigated
// (an import already loaded settles in microtasks), so a test reads where the shopper went at once.
import '../../machines/runtime/navigation-guard.machine.ts';

/**
 * jsdom hides every `[popover]` (its default stylesheet) and reads none of the store's CSS. The
 * header's menu is a popover that the desktop layout shows as the header's second row (styles.css,
 * 641 px and wider): this one rule gives the component tests that desktop header. The phone's
 * folded menu is the platform's popover behaviour, tested in a browser (tests/e2e/header.spec.ts).
 */
function showDesktopHeader(): void {
  if (document.getElementById('test-desktop-header')) return;
  const style = document.createElement('style');
  style.id = 'test-desktop-header';
  style.textContent = '.site-menu[popover] { display: flex; }';
  document.head.append(style);
}

// Every lazy chunk loaded before the file's first render (why: tests/helpers/preload-chunks.ts).
beforeAll(preloadAppChunks, 60_000);

/** Whether this test's render started fake timers (`now`), which the next test must not inherit. */
let fakeClock = false;

// Vitest runs without globals here, so Testing Library cannot unmount between tests by itself; and
// every test starts signed out, on real time, with a blank title, whatever the last one did.
afterEach(() => {
  cleanup();
  document.title = '';
  clearSessionCookie();
  if (fakeClock) vi.useRealTimers();
  fakeClock = false;
});

/** The site a render runs in without `country` or `language`: Singapore, in English. */
export const SG_SITE: Site = { country: 'SG', language: 'en' };

/** Where the real API client sends its requests in tests (the scripted `fetch` answers them). */
const TEST_API_BASE = 'http://store.test/api/web/v1';

export interface RenderAppOptions {
  /** Path and query of any route, e.g. `/categories/makeup?language=th`; `/` by default. */
  url?: string;
  /** Stored as the `locale` cookie, as a returning shopper would have it (`?country_code=` in `url` wins, as in the browser). */
  country?: string;
  /** Stored as the `language` cookie (`lng_<code>`). */
  language?: string;
  /** `member`: signed in as the fake shopper (tests/helpers/account-fake.ts SHOPPER), by the session cookie; `guest` by default. */
  user?: 'member' | 'guest';
  /**
   * A component to render in place of the route table, inside the same providers as every screen
   * (translations, site, API, router with the runtime's guard, notifications): views that have no
   * route yet, or a piece of the shell on its own.
   */
  ui?: ReactNode;

  /** Methods replacing those of the in-memory catalogue (shared catalogue and listing reads). */
  catalog?: Partial<CatalogApi & LayoutApi & ListingApi & FilterCountsApi>;
  /** Account fake, signing in included; by default an in-memory one with one shopper (tests/helpers/account-fake.ts). */
  account?: Partial<AccountApi & SignInApi>;
  /** The developer outbox; empty by default. */
  sandbox?: Partial<SandboxApi>;
  /** Product page calls (live stock, reviews, waitlist); by default from the client, or none without one. */
  product?: ProductApi;
  /** Search box calls; by default from the client, or none without one. */
  search?: SearchApi;
  /** Any other API, keyed by the factory it replaces: `new Map([apiFake(createXApi, fake)])`. */
  apis?: ApiFakes;

  /** A scripted `fetch`: the app's real API client runs over it, for the APIs not faked above. */
  fetch?: typeof fetch;
  /** The product page's scripted server (tests/helpers/product-server.ts) under the real client; the result's `server`. */
  productServer?: ProductServerSetup;

  /** The runtime's effects besides full page loads (always recorded in `assigned`): deployment files, tab visibility, reload, error reports. */
  runtime?: Partial<Omit<RuntimeEffects, 'assign'>>;
  /** The build id the deployment check compares (none by default, as in development). */
  buildId?: string | null;
  /** The locked 401 refresh's actor: the app shows its session-expired notice. */
  sessionRefresh?: Promise<AuthRefreshActor>;
  /** Queue options of the toasts; the spec's by default. */
  notifications?: Partial<NotificationsOptions>;
  /**
   * Fake timers from this instant (ISO), for views whose machines wait on the clock. Real time
   * keeps flowing (Testing Library waits on timers of its own); tests jump the rest with
   * `vi.advanceTimersByTime`, and user-event, told about the fake clock, types without pauses.
   */
  now?: string;
  /** The feature catalogs loaded before the render; all of them by default (a screen waits for its own otherwise). */
  featureCatalogs?: readonly FeatureMessages[];
}

export interface RenderAppResult extends RenderResult {
  user: UserEvent;
  /** Full page loads of this page: a country or language switch (its href), or a reload after a failed chunk (the current entry). */
  reloads: string[];
  cookieWrites: CookieWrites[];
  /** Full page loads the runtime asked for (navigations the guard did not keep in-app). */
  assigned: string[];
  /** In-app navigation as the browser's history does it (past the runtime's guard); await it. */
  navigate(to: string): Promise<void>;
  /** The browser history the router runs on: its entries, Back. */
  history: Omit<HistoryLocation, 'hook' | 'searchHook' | 'onChange'>;
  /** Where the shopper is now: the last full page load the app asked for, or else the router's current entry. */
  location(): string;
  /** What the in-memory catalogue was asked, in order (methods a test replaced record nothing). */
  calls: FakeCatalogCalls;
}

/** The scripted product server, to change between steps and read the calls it answered. */
export type RenderProductAppResult = RenderAppResult & { server: ProductServer };

/**
 * Renders the whole SPA at `url` for a site and a shopper, with the real route table, translations
 * and providers, and fakes for every API (or a real client over a scripted fetch): the one way
 * component tests render. With `ui`, that component stands in for the route table.
 */
export function renderApp(options: RenderAppOptions & { productServer: ProductServerSetup }): Promise<RenderProductAppResult>;
export function renderApp(options?: RenderAppOptions): Promise<RenderAppResult>;
export async function renderApp(options: RenderAppOptions = {}): Promise<RenderAppResult & { server?: ProductServer }> {
  const { url = '/', country, language, user: signedIn = 'guest', ui, catalog, account, sandbox, product, search, apis, runtime, buildId, sessionRefresh, notifications, now } = options;
  if (options.fetch && options.productServer) throw new Error('renderApp: pass either `fetch` or `productServer`, not both');
  showDesktopHeader();

  const [, query = ''] = url.split('?');
  const cookie = [country ? `locale=${country.toLowerCase()}` : '', language ? `language=lng_${language}` : ''].filter(Boolean).join('; ');
  const resolution = resolveSite({ search: query, cookie });
  const activeLanguage: LanguageCode = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const i18n = setupI18n();
  await loadCatalog(LANGUAGES[activeLanguage].catalog, i18n, options.featureCatalogs ?? ALL_FEATURE_MESSAGES);

  if (signedIn === 'member') setSessionCookie();
  else clearSessionCookie();

  const server = options.productServer ? productServer(options.productServer) : undefined;
  const scripted = server ? productServerFetch(server) : options.fetch;
  const site = resolution.kind === 'site' ? resolution.site : null;
  const client = scripted && site ? createApiClient({ baseURL: TEST_API_BASE, site: () => site, fetch: scripted, retryDelay: () => 0 }) : null;

  const history = historyLocation(url);
  let where = url;
  history.onChange(() => {
    where = history.current();
  });
  const reloads: string[] = [];
  const cookieWrites: CookieWrites[] = [];
  const effects: SiteEffects = {
    writeCookies: (writes) => cookieWrites.push(writes),
    reload: (href) => reloads.push(href),
    currentUrl: () => new URL(history.current(), 'http://localhost'),
  };
  const assigned: string[] = [];
  const runtimeEffects: RuntimeEffects = {
    fetchJson: () => Promise.reject(new Error('no deployment files in tests')),
    onVisible: () => () => undefined,
    reload: () => void reloads.push(history.current()),
    ...runtime,
    assign: (href) => {
      assigned.push(href);
      where = href;
    },
  };
  const calls: FakeCatalogCalls = { products: [], filters: [], search: [] };

  // Faked only now: the catalog above has loaded on real time.
  if (now !== undefined) {
    vi.useFakeTimers({ now: Date.parse(now), shouldAdvanceTime: true });
    fakeClock = true;
  }
  const user = now !== undefined ? userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }) : userEvent.setup();
  // Rendered inside an async act: what the first render starts and settles within microtasks (the
  // fakes' answers, the machines' next states) is rendered before the test goes on, as React asks
  // of a test environment (tests/setup/vitest.setup.ts), rather than between its steps.
  const result = await act(async () =>
    render(
      <App
        resolution={resolution}
        i18n={i18n}
        client={client}
        apis={appApis({ catalog, catalogCalls: calls, account, sandbox, product, search, more: apis })}
        effects={effects}
        runtime={runtimeEffects}
        locationHook={history.hook}
        searchHook={history.searchHook}
        {...(buildId !== undefined ? { buildId } : {})}
        {...(sessionRefresh ? { sessionRefresh } : {})}
        {...(notifications ? { notifications } : {})}
      >
        {ui}
      </App>,
    ),
  );
  return {
    ...result,
    user,
    reloads,
    cookieWrites,
    assigned,
    navigate: history.push,
    history: { entries: history.entries, current: history.current, push: history.push, back: history.back },
    location: () => where,
    calls,
    ...(server ? { server } : {}),
  };
}

import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { CountryCode, LanguageCode } from '../../src/config/countries.ts';
import { LANGUAGES } from '../../src/config/languages.ts';
import type { AccountApi } from '../../src/web/features/account/account-api.ts';
import type { SandboxApi } from '../../src/web/features/sandbox/sandbox-api.ts';
import type { ListingApi } from '../../src/web/features/catalog/listing.tsx';
import type { CatalogApi } from '../../src/web/shared/api/catalog-api.ts';
import { App } from '../../src/web/app/app.tsx';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { resolveSite, type CookieWrites } from '../../src/web/shared/site/resolve.ts';
import type { RuntimeEffects } from '../../src/web/app/runtime/effects.ts';
import type { SiteEffects } from '../../src/web/shared/site/site-provider.tsx';
import { appApis } from './app-apis.ts';

// Screens are lazy chunks: their first import in a busy test run can take over a second.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals here, so Testing Library cannot unmount between tests by itself.
afterEach(() => {
  cleanup();
  document.title = '';
});

export interface RenderAppOptions {
  /** Path and query, e.g. `/categories/makeup?language=th`. */
  url: string;
  /** Stored as the `locale` cookie, as a returning shopper would have it. */
  country?: string;
  /** Stored as the `language` cookie (`lng_<code>`). */
  language?: string;
  /** Catalogue fake (shared catalogue and listing reads); by default a small in-memory catalogue. */
  api?: Partial<CatalogApi & ListingApi>;
  /** Account fake; by default an in-memory one with one shopper (tests/helpers/account-fake.ts). */
  accountApi?: Partial<AccountApi>;
  /** The developer outbox; empty by default. */
  sandboxApi?: Partial<SandboxApi>;
}

export interface RenderAppResult extends RenderResult {
  user: UserEvent;
  /** Navigations that needed a full page load (country or language switch). */
  reloads: string[];
  cookieWrites: CookieWrites[];
  /** Full page loads the runtime asked for (navigations the guard did not keep in-app). */
  assigned: string[];
  /** In-app navigation, as a link click would do it. */
  navigate(to: string): void;
}

/** Renders the whole SPA at `url` for a site, with the real route table and translations. */
export async function renderApp({ url, country, language, api, accountApi, sandboxApi }: RenderAppOptions): Promise<RenderAppResult> {
  const [path = '/', search = ''] = url.split('?');
  const cookie = [country ? `locale=${country.toLowerCase()}` : '', language ? `language=lng_${language}` : ''].filter(Boolean).join('; ');
  const resolution = resolveSite({ search, cookie });
  const activeLanguage: LanguageCode = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const i18n = setupI18n();
  await loadCatalog(LANGUAGES[activeLanguage].catalog, i18n);

  const reloads: string[] = [];
  const cookieWrites: CookieWrites[] = [];
  const effects: SiteEffects = {
    writeCookies: (writes) => cookieWrites.push(writes),
    reload: (href) => reloads.push(href),
    currentUrl: () => new URL(`http://localhost${url}`),
  };
  const assigned: string[] = [];
  const runtime: RuntimeEffects = {
    assign: (href) => void assigned.push(href),
    fetchJson: () => Promise.reject(new Error('no deployment files in tests')),
    onVisible: () => () => undefined,
  };
  const location = memoryLocation({ path: search ? `${path}?${search}` : path });
  const user = userEvent.setup();
  const result = render(
    <App
      resolution={resolution}
      i18n={i18n}
      client={null}
      apis={appApis({ ...(api ? { catalog: api } : {}), ...(accountApi ? { account: accountApi } : {}), ...(sandboxApi ? { sandbox: sandboxApi } : {}) })}
      effects={effects}
      runtime={runtime}
      locationHook={location.hook}
      searchHook={location.searchHook}
    />,
  );
  return { ...result, user, reloads, cookieWrites, assigned, navigate: (to) => location.navigate(to) };
}

export type { CountryCode };

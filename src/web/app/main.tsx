import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SITE_COOKIE_MAX_AGE_S } from '../../config/constants.ts';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import { intlLocale, LANGUAGES } from '../../config/languages.ts';
import { App } from './app.tsx';
import { browserSession } from '../shared/session/session.ts';
import { createSessionApiClient } from '../shared/session/session-client.ts';
import { loadStorefrontCatalog, setupI18n } from '../shared/i18n/storefront.ts';
import { resolveSite, siteCookieStrings } from '../shared/site/resolve.ts';
import { PAGE_STATE_ID, parsePageState } from '../../contract/page-state.ts';
import { browserPayloadFetch, createPayloadLoader } from './page-payload.tsx';
import './styles.css';

/**
 * ICU loads a locale's number and date data with its first formatter: 9–13 ms on a phone, which
 * the first price rendered paid inside a hydration task (a product page's longest, bench:web TBT).
 * Built and dropped here, in tasks of their own before hydration; the formatters the page keeps
 * (format.ts) then cost well under a millisecond.
 */
function warmIntl(site: Site) {
  const locale = intlLocale(site.language, site.country);
  const { currency, timeZone } = COUNTRIES[site.country];
  setTimeout(() => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1), 0);
  setTimeout(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(0), 0);
}

async function start() {
  const resolution = resolveSite({ search: window.location.search, cookie: document.cookie });
  if (resolution.kind === 'site') warmIntl(resolution.site);
  if (resolution.kind === 'site') {
    for (const cookie of siteCookieStrings(resolution.persist, SITE_COOKIE_MAX_AGE_S)) document.cookie = cookie;
  }
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const i18n = setupI18n();
  await loadStorefrontCatalog(LANGUAGES[language].catalog, i18n);

  const site = resolution.kind === 'site' ? resolution.site : { country: 'SG' as const, language };
  const { client, auth } = createSessionApiClient(
    { site: () => site },
    { readSessionCookie: browserSession.read, clearSession: browserSession.clear, tabLock: 'browser' },
  );

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // A server-rendered page carries its screen machines' snapshots: the browser restores them and
  // hydrates the HTML instead of fetching and rendering again.
  const pageState = parsePageState(document.getElementById(PAGE_STATE_ID)?.textContent);
  const app = (
    <StrictMode>
      <App
        resolution={resolution}
        i18n={i18n}
        client={client}
        sessionRefresh={auth.actor}
        {...(pageState
          ? {
              render: {
                screenState: { snapshots: pageState.snapshots },
                signedIn: pageState.signedIn,
                navigation: { initialPath: window.location.pathname, load: createPayloadLoader(browserPayloadFetch) },
              },
            }
          : {})}
      />
    </StrictMode>
  );
  if (pageState && container.firstElementChild) {
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer
    // input between them: the page shows everything already, and a listing's hydration in one task
    // is a long task on a phone (Lighthouse's TBT;
    // docs/decisions/013-content-first-scripts-after.md).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
}

start().catch((error: unknown) => {
  // Nothing rendered yet (the catalog failed to load): say so instead of leaving a blank page.
  console.error(error);
  const root = document.getElementById('root');
  if (!root) return;
  root.innerHTML = '<main class="status-page" role="alert"><h1>Something went wrong</h1><p>Please reload the page.</p><button type="button" class="button">Reload</button></main>';
  // A listener, not an `onclick` attribute: the Content Security Policy refuses inline handlers.
  root.querySelector('button')?.addEventListener('click', () => window.location.reload());
});

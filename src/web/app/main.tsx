import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SITE_COOKIE_MAX_AGE_S } from '../../config/constants.ts';
import { LANGUAGES } from '../../config/languages.ts';
import { App } from './app.tsx';
import { browserSession } from '../shared/session/session.ts';
import { createSessionApiClient } from '../shared/session/session-client.ts';
import { browserTabLock } from '../shared/session/tab-lock.ts';
import { loadStorefrontCatalog, setupI18n } from '../shared/i18n/storefront.ts';
import { resolveSite, siteCookieStrings } from '../shared/site/resolve.ts';
import './styles.css';

async function start() {
  const resolution = resolveSite({ search: window.location.search, cookie: document.cookie });
  if (resolution.kind === 'site') {
    for (const cookie of siteCookieStrings(resolution.persist, SITE_COOKIE_MAX_AGE_S)) document.cookie = cookie;
  }
  const language = resolution.kind === 'site' ? resolution.site.language : resolution.language;
  const i18n = setupI18n();
  await loadStorefrontCatalog(LANGUAGES[language].catalog, i18n);

  const site = resolution.kind === 'site' ? resolution.site : { country: 'SG' as const, language };
  const { client, auth } = createSessionApiClient(
    { site: () => site },
    { readSessionCookie: browserSession.read, clearSession: browserSession.clear, tabLock: browserTabLock() },
  );

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App resolution={resolution} i18n={i18n} client={client} sessionRefresh={auth.actor} />
    </StrictMode>,
  );
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

// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Link, useLocation } from 'wouter';
import type { BuildManifest } from '../../src/contract/build.ts';
import type { Layout } from '../../src/contract/layouts.ts';
import { CHUNK_RELOAD_KEY_PREFIX } from '../../src/web/app/runtime/chunk-reload.ts';
import { layoutFixture } from '../helpers/catalog-fake.ts';
import { expectConsoleError, expectConsoleWarn } from '../helpers/console-guard.ts';
import { renderApp } from '../helpers/render-app.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const TARGETS = ['/categories/makeup', '/privacy', '/nowhere', '/categories/%E0%A4%A', '/sale', '/blog/post', '/categories/makeup?sort=price'];

/** Shows where the router is and offers in-app links, as screens would. */
function Probe() {
  const [location] = useLocation();
  return (
    <>
      <p data-testid="location">{location}</p>
      {TARGETS.map((to) => (
        <Link key={to} href={to}>
          {`go ${to}`}
        </Link>
      ))}
    </>
  );
}

interface Setup {
  path?: string;
  exempted?: Layout['config']['smartLinkExemptedPaths'];
  buildId?: string | null;
  latest?: () => Promise<unknown>;
  manifest?: () => Promise<BuildManifest>;
}

/** The app's runtime router at `path` with the probe for a screen, the layout's exemptions, a build id and deployment files. */
async function renderRuntime({ path = '/', exempted = [{ type: 'startsWith', value: '/categories' }], buildId = null, latest, manifest }: Setup = {}) {
  const fetched: string[] = [];
  const reported: { message: string; details: Readonly<Record<string, unknown>> }[] = [];
  let visible: (() => void) | null = null;
  const { assigned, user } = await renderApp({
    url: path,
    ui: <Probe />,
    buildId,
    catalog: { layouts: async () => ({ ...layoutFixture, config: { smartLinkExemptedPaths: exempted } }) },
    runtime: {
      fetchJson: async (url) => {
        fetched.push(url);
        if (url === '/latest-build.json') return latest ? latest() : { id: buildId };
        return manifest ? manifest() : { id: buildId, routeRules: [] };
      },
      onVisible: (listener) => {
        visible = listener;
        return () => {
          visible = null;
        };
      },
      reportError: (message, details) => void reported.push({ message, details }),
    },
  });
  const where = () => screen.getByTestId('location').textContent;
  const click = (to: string) => user.click(screen.getByRole('link', { name: `go ${to}` }));
  return { assigned, fetched, reported, where, click, tabVisible };

  /** The deployment check loads in its own chunk: wait until it listens, then show the tab. */
  async function tabVisible() {
    await waitFor(() => expect(visible).not.toBeNull());
    act(() => visible?.());
  }
}

describe('navigation guard wiring', () => {
  test('an exempted target stays in-app; the router shows it', async () => {
    const { assigned, where, click } = await renderRuntime();
    await click('/categories/makeup');
    await waitFor(() => expect(where()).toBe('/categories/makeup'));
    expect(assigned).toEqual([]);
  });

  test('a target that is not exempted, or has no page, is a full page load', async () => {
    const { assigned, where, click } = await renderRuntime();
    await click('/privacy');
    await waitFor(() => expect(assigned).toEqual(['/privacy']));
    await click('/nowhere');
    await waitFor(() => expect(assigned).toEqual(['/privacy', '/nowhere']));
    expect(where()).toBe('/');
  });

  test('a check failure is reported with target, origin and exempted paths; navigation continues', async () => {
    const logged = expectConsoleError('Something went wrong while checking for exempted routes.');
    const { assigned, reported, where, click } = await renderRuntime();
    await click('/categories/%E0%A4%A');
    await waitFor(() => expect(where()).toBe('/categories/%E0%A4%A'));
    expect(assigned).toEqual([]);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.message).toBe('Something went wrong while checking for exempted routes.');
    expect(reported[0]?.details).toMatchObject({ target: '/categories/%E0%A4%A', origin: '/', exemptedPaths: [{ type: 'startsWith', value: '/categories' }] });
    expect(logged.calls).toEqual([['Something went wrong while checking for exempted routes.', expect.objectContaining({ origin: '/' }), expect.any(URIError)]]);
  });

  test('a pathological regex from the CMS is reported once and ignored; navigation still works', async () => {
    expectConsoleWarn('Ignored invalid smartLinkExemptedPaths entries');
    const { assigned, reported, where, click } = await renderRuntime({ exempted: [{ type: 'regex', value: '(a+)+$' }, { type: 'regex', value: '^/categories/' }] });
    await click('/categories/makeup');
    await waitFor(() => expect(where()).toBe('/categories/makeup'));
    await click('/privacy');
    await waitFor(() => expect(assigned).toEqual(['/privacy']));
    expect(reported.map((r) => r.message)).toEqual(['Ignored invalid smartLinkExemptedPaths entries']);
  });
});

describe('deployment wiring', () => {
  test('no build id (development, tests): nothing is fetched', async () => {
    const { fetched, click, where } = await renderRuntime();
    await click('/categories/makeup');
    await waitFor(() => expect(where()).toBe('/categories/makeup'));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(fetched).toEqual([]);
  });

  test('a new build seen when the tab is visible again: a notification, then the next navigation loads the page', async () => {
    const { assigned, fetched, click, tabVisible } = await renderRuntime({ buildId: 'b1', latest: async () => ({ id: 'b2' }) });
    await tabVisible();
    expect(await screen.findByText('A new version of the store is available')).toBeInTheDocument();
    expect(fetched).toContain('/latest-build.json');
    await click('/categories/makeup');
    await waitFor(() => expect(assigned).toEqual(['/categories/makeup']));
  });

  test('the same build id changes nothing', async () => {
    const { assigned, click, where, tabVisible } = await renderRuntime({ buildId: 'b1', latest: async () => ({ id: 'b1' }) });
    await tabVisible();
    await click('/categories/makeup');
    await waitFor(() => expect(where()).toBe('/categories/makeup'));
    expect(assigned).toEqual([]);
    expect(screen.queryByText('A new version of the store is available')).not.toBeInTheDocument();
  });

  test('a manifest rule for the current path to an external URL loads it (about 1 s after start)', async () => {
    const { assigned, fetched } = await renderRuntime({
      path: '/sale',
      buildId: 'b1',
      manifest: async () => ({ id: 'b1', routeRules: [{ match: '/sale', redirect: 'https://sale.example.com/' }] }),
    });
    expect(fetched).toEqual([]);
    await waitFor(() => expect(assigned).toEqual(['https://sale.example.com/']), { timeout: 3000 });
    expect(fetched).toEqual(['/build-manifest/b1.json']);
  });

  test('after the manifest: a link to a rule path navigates in-app to the internal target, or loads an external one', async () => {
    const { assigned, fetched, click, where } = await renderRuntime({
      buildId: 'b1',
      manifest: async () => ({
        id: 'b1',
        routeRules: [
          { match: '/sale', redirect: '/categories/makeup' },
          { match: '/blog/*', redirect: 'https://blog.example.com/' },
        ],
      }),
    });
    await waitFor(() => expect(fetched).toEqual(['/build-manifest/b1.json']), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await click('/sale');
    await waitFor(() => expect(where()).toBe('/categories/makeup'));
    await click('/blog/post');
    await waitFor(() => expect(assigned).toEqual(['https://blog.example.com/']));
  });

  test('fetch failures are logged only', async () => {
    const latestFailed = expectConsoleWarn('Deployment check: latest-build could not be read');
    const manifestFailed = expectConsoleWarn('Deployment check: manifest could not be read');
    const { assigned, tabVisible } = await renderRuntime({
      buildId: 'b1',
      latest: async () => {
        throw new Error('offline');
      },
      manifest: async () => {
        throw new Error('404');
      },
    });
    await tabVisible();
    await waitFor(() => expect(latestFailed.calls).toContainEqual(['Deployment check: latest-build could not be read', expect.any(Error)]));
    await waitFor(() => expect(manifestFailed.calls).toContainEqual(['Deployment check: manifest could not be read', expect.any(Error)]), { timeout: 3000 });
    expect(assigned).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('chunk reload wiring (ErrorBoundary)', () => {
  function BrokenChunk(): never {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/HomeScreen-x.js');
  }

  /** A page whose screen chunk fails to load: the app's error boundary reloads through the runtime's `reload`. */
  async function loadPage(reload: () => void) {
    return renderApp({ ui: <BrokenChunk />, runtime: { reload } });
  }

  test('reloads once, and after the simulated reload shows the error screen instead of looping', async () => {
    // React reports the error its boundary caught, and the boundary logs it.
    expectConsoleError(/^TypeError: Failed to fetch dynamically imported module: \/assets\/HomeScreen-x\.js/);
    expectConsoleError('Fatal app error');
    window.sessionStorage.clear();
    const reload = vi.fn();
    const first = await loadPage(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(`${CHUNK_RELOAD_KEY_PREFIX}/`)).not.toBeNull();
    first.unmount();
    await loadPage(reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';

/*
 * The route table is built once, when the app starts: each case stubs the build mode and the
 * server's <meta>, then imports a fresh copy of the app.
 */
let unmount: (() => void) | null = null;

async function renderFresh(url: string) {
  vi.resetModules();
  const { renderApp } = await import('../helpers/render-app.tsx');
  // render-app's `beforeAll` preload ran for the first copy of the modules only: this copy's lazy
  // chunks (the header's and the wish list's idle parts) would otherwise resolve after the test's
  // last step, outside `act`.
  const { preloadAppChunks } = await import('../helpers/preload-chunks.ts');
  await preloadAppChunks();
  const result = await renderApp({ url });
  unmount = result.unmount;
  return result;
}

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="beauty-pass-sandbox"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'beauty-pass-sandbox';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  // Each case has its own copy of Testing Library (fresh modules), so the shared cleanup misses it:
  // unmount here, or the list's pending counts run after the DOM is gone.
  unmount?.();
  unmount = null;
  vi.unstubAllEnvs();
  setMeta(null);
});

describe('sandbox gate', () => {
  test('a production build without the server flag shows the normal 404', async () => {
    vi.stubEnv('DEV', false);
    await renderFresh('/sandbox/machines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found: /sandbox/machines' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Machines' })).not.toBeInTheDocument();
  });

  test('a production build ignores a meta that is not "on"', async () => {
    vi.stubEnv('DEV', false);
    setMeta('off');
    await renderFresh('/sandbox/machines/productListing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found: /sandbox/machines/productListing' })).toBeInTheDocument();
  });

  test('a production build with the server flag (SANDBOX=1) shows the visualizer', async () => {
    vi.stubEnv('DEV', false);
    setMeta('on');
    await renderFresh('/sandbox/machines');
    expect(await screen.findByRole('list', { name: 'Machines' })).toBeInTheDocument();
  });

  test('development shows the visualizer without the flag', async () => {
    vi.stubEnv('DEV', true);
    await renderFresh('/sandbox/machines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Machine visualizer' })).toBeInTheDocument();
  });
});

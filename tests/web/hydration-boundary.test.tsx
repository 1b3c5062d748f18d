// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { App } from '../../src/web/app/app.tsx';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { resolveSite } from '../../src/web/shared/site/resolve.ts';
import { AfterHydration, useHydrated } from '../../src/web/shared/ssr/use-hydrated.ts';
import { appApis } from '../helpers/app-apis.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Reads the flag, counting its renders. */
function Reader({ renders }: { renders: { count: number } }) {
  renders.count++;
  return <p>{`hydrated: ${String(useHydrated())}`}</p>;
}

/** Does not read it, counting its renders. */
function Bystander({ renders }: { renders: { count: number } }) {
  renders.count++;
  return <p>bystander</p>;
}

interface Renders {
  reader: { count: number };
  bystander: { count: number };
}

async function page(renders: Renders): Promise<() => ReactElement> {
  const i18n = setupI18n();
  await loadCatalog('en', i18n, []);
  return () => (
    <App resolution={resolveSite({ search: '', cookie: '' })} i18n={i18n} client={null} apis={appApis()} render={{ screenState: { snapshots: {} }, signedIn: false }}>
      <div>
        <AfterHydration fallback={<p>server part</p>}>
          <p>browser part</p>
        </AfterHydration>
        <Reader renders={renders.reader} />
        <Bystander renders={renders.bystander} />
      </div>
    </App>
  );
}

describe('after hydration', () => {
  test('the server and the hydrating browser agree (false), then only the readers render again, as a transition', async () => {
    const html = renderToString((await page({ reader: { count: 0 }, bystander: { count: 0 } }))());
    expect(html).toContain('server part');
    expect(html).not.toContain('browser part');
    expect(html).toContain('hydrated: false');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const renders: Renders = { reader: { count: 0 }, bystander: { count: 0 } };
    const app = await page(renders);
    const root = await act(async () => hydrateRoot(container, app(), { onRecoverableError: recoverable }));
    // No mismatch: hydration rendered what the server did.
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByText('browser part')).toBeTruthy();
    expect(screen.getByText('hydrated: true')).toBeTruthy();
    // Hydration, then the reader's own render; what does not read the flag rendered once.
    expect(renders.reader.count).toBe(2);
    expect(renders.bystander.count).toBe(1);
    act(() => root.unmount());
  });

  test('a page the browser renders alone is hydrated at once', () => {
    render(
      <AfterHydration fallback={<p>server part</p>}>
        <p>browser part</p>
      </AfterHydration>,
    );
    expect(screen.getByText('browser part')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { LAYOUTS } from '../../src/web/app/layouts/layouts.tsx';
import { layoutFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

function layoutOf(element: HTMLElement): string | null {
  return element.closest('[data-layout]')?.getAttribute('data-layout') ?? null;
}

// /swagger is no longer a screen of the SPA: the server serves it (tests/api/openapi-document.test.ts).
/** The blank layout on its own (its screens, the happening pages, need the booking API's fakes). */
async function renderBlank(catalog?: NonNullable<Parameters<typeof renderApp>[0]>['catalog']) {
  const Blank = LAYOUTS.blank;
  return renderApp({
    ui: (
      <Blank>
        <h1>Happening</h1>
      </Blank>
    ),
    ...(catalog ? { catalog } : {}),
  });
}

describe('blank layout', () => {
  test('shows the page without the shopper header, navigation or footer', async () => {
    let layoutLoads = 0;
    const layouts = async () => {
      layoutLoads += 1;
      return layoutFixture;
    };
    await renderBlank({ layouts });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Happening' });
    expect(layoutOf(heading)).toBe('blank');
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    // The blank layout has no header to fill, so it must not fetch the layout data.
    expect(layoutLoads).toBe(0);
  });
});

/** The skip link is the first thing Tab reaches, and its fragment names the page's `<main>`, which can take the focus. */
async function expectSkipLinkToMain(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(skip).toHaveFocus();
  const main = screen.getByRole('main');
  const target = document.getElementById(new URL(skip.getAttribute('href') ?? '', 'http://localhost/').hash.slice(1));
  expect(target).toBe(main);
  // jsdom does not move focus on fragment navigation; a browser focuses the target, which tabindex -1 allows (tests/e2e/keyboard.spec.ts).
  target?.focus();
  expect(main).toHaveFocus();
  expect(main).toHaveAttribute('tabindex', '-1');
}

describe('the skip link, on every layout', () => {
  test('default layout: before the header', async () => {
    const { user } = await renderApp({ url: '/privacy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });
    await expectSkipLinkToMain(user);
  });

  test('blank layout: before the page (the happening pages)', async () => {
    const { user } = await renderBlank();
    await screen.findByRole('heading', { level: 1, name: 'Happening' });
    await expectSkipLinkToMain(user);
  });

  test('preview layout: before the preview bar', async () => {
    const Preview = LAYOUTS.preview;
    const { user } = await renderApp({
      ui: (
        <Preview>
          <h1>Draft home page</h1>
        </Preview>
      ),
    });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.compareDocumentPosition(screen.getByRole('note')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expectSkipLinkToMain(user);
  });
});

describe('default layout', () => {
  test('has the site header, category navigation, a main landmark and the footer', async () => {
    await renderApp({ url: '/privacy' });
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(layoutOf(main)).toBe('default');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Beauty Pass home' })).toHaveAttribute('href', '/');
    expect(await within(banner).findByRole('link', { name: 'Makeup' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeInTheDocument();
    expect(await within(screen.getByRole('contentinfo')).findByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('preview layout', () => {
  /** No route uses the preview layout yet: it is rendered on its own, in English (Singapore) or Thai (Thailand). */
  async function renderPreview(language: 'en' | 'th') {
    const Preview = LAYOUTS.preview;
    return renderApp({
      ui: (
        <Preview>
          <h1>Draft home page</h1>
        </Preview>
      ),
      country: language === 'th' ? 'TH' : 'SG',
      language,
    });
  }

  test('shows the preview bar above its children and no shopper header', async () => {
    await renderPreview('en');
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Preview: this page is not published yet. Shoppers do not see it.');
    const main = screen.getByRole('main');
    const heading = within(main).getByRole('heading', { name: 'Draft home page' });
    expect(layoutOf(heading)).toBe('preview');
    expect(layoutOf(note)).toBe('preview');
    expect(main).not.toContainElement(note);
    expect(note.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  test('the preview bar is translated', async () => {
    await renderPreview('th');
    expect(screen.getByRole('note').textContent).not.toMatch(/Preview/);
    expect(screen.getByRole('note').textContent).toMatch(/[\u0E00-\u0E7F]/);
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { ENDPOINTS } from '../../src/contract/endpoints.ts';
import { LAYOUTS } from '../../src/web/app/layouts/layouts.tsx';
import { layoutFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

function layoutOf(element: HTMLElement): string | null {
  return element.closest('[data-layout]')?.getAttribute('data-layout') ?? null;
}

describe('blank layout: /swagger', () => {
  test('shows the API documentation without the shopper header, navigation or footer', async () => {
    let layoutLoads = 0;
    const layouts = async () => {
      layoutLoads += 1;
      return layoutFixture;
    };
    await renderApp({ url: '/swagger', catalog: { layouts } });
    const heading = await screen.findByRole('heading', { level: 1, name: 'API documentation' });
    expect(layoutOf(heading)).toBe('blank');
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    // The blank layout has no header to fill, so it must not fetch the layout data.
    expect(layoutLoads).toBe(0);
    await waitFor(() => expect(document.title).toMatch(/^API documentation \| /));
  });

  test('documents every registry endpoint with its method, path, operation and description', async () => {
    await renderApp({ url: '/swagger' });
    const list = await screen.findByRole('region', { name: 'Endpoints' });
    const sections = within(list).getAllByRole('region');
    expect(sections).toHaveLength(ENDPOINTS.length);
    for (const [index, endpoint] of ENDPOINTS.entries()) {
      const section = sections[index];
      if (!section) throw new Error(`no section for ${endpoint.id}`);
      expect(section).toHaveAccessibleName(`${endpoint.method} /${endpoint.path}`);
      const facts = new Map(
        within(section)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
      expect(facts.get('Method')).toBe(endpoint.method);
      expect(facts.get('Path')).toBe(`${API_PREFIX}/${endpoint.path}`);
      expect(facts.get('Operation')).toBe(endpoint.operation);
      expect(within(section).getByText(endpoint.description)).toBeInTheDocument();
    }
  });

  test('lists the fields each schema accepts and returns, derived from the contract', async () => {
    await renderApp({ url: '/swagger' });
    const products = await screen.findByRole('region', { name: 'GET /products' });
    const query = within(products).getByRole('table', { name: 'Query parameters' });
    const perPage = within(query).getByRole('rowheader', { name: 'per_page' }).closest('tr');
    if (!perPage) throw new Error('no per_page row');
    expect(within(perPage).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['string', 'Yes']);
    const sort = within(query).getByRole('rowheader', { name: 'sort' }).closest('tr');
    expect(sort).toHaveTextContent("'featured' | 'newest'");
    const response = within(products).getByRole('table', { name: 'Response body' });
    expect(within(response).getByRole('rowheader', { name: 'data[].brand.slug' })).toBeInTheDocument();
    expect(within(response).getByRole('rowheader', { name: 'meta.totalPages' })).toBeInTheDocument();

    const create = screen.getByRole('region', { name: 'POST /sandbox/users' });
    const body = within(create).getByRole('table', { name: 'Request body' });
    expect(within(body).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['name', 'email']);

    const categories = screen.getByRole('region', { name: 'GET /categories' });
    const children = within(categories).getByRole('rowheader', { name: 'data[].children[]' }).closest('tr');
    expect(children).toHaveTextContent('same shape as data[]');

    const deleteUser = screen.getByRole('region', { name: 'DELETE /sandbox/users/{id}' });
    expect(within(deleteUser).queryByRole('table')).not.toBeInTheDocument();
    expect(within(deleteUser).getByText('No content')).toBeInTheDocument();

    const errors = screen.getByRole('table', { name: 'Error body' });
    expect(within(errors).getByRole('rowheader', { name: 'errors[].field' })).toBeInTheDocument();
  });

  test("lists the common request headers with this site's country and language", async () => {
    await renderApp({ url: '/swagger?country_code=my' });
    const section = await screen.findByRole('region', { name: 'Request headers' });
    const rows = Object.fromEntries(
      within(section)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]),
    );
    expect(rows).toEqual({
      'Content-Type': 'application/json',
      'X-Platform': 'web',
      'X-App-Platform': 'web_desktop',
      'X-App-Version': '1.0.0',
      'X-SWA': 'web',
      'Accept-Language': 'en-MY',
      'X-Site-Country': 'my',
    });
  });

  test('translates the page chrome but keeps the API reference in English', async () => {
    await renderApp({ url: '/swagger?country_code=hk&language=zh' });
    expect(await screen.findByRole('heading', { level: 1, name: 'API 文件' })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'GET /brands' });
    expect(within(section).getByText('方法')).toBeInTheDocument();
    expect(within(section).getByText('All brands, sorted by name.')).toBeInTheDocument();
    const headers = screen.getByRole('region', { name: '請求標頭' });
    expect(within(headers).getByRole('rowheader', { name: 'Accept-Language' }).nextElementSibling).toHaveTextContent('zh-HK');
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

  test('blank layout: before the page (the happening pages, the API documentation)', async () => {
    const { user } = await renderApp({ url: '/swagger' });
    await screen.findByRole('heading', { level: 1, name: 'API documentation' });
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

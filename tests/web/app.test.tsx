// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Layout } from '../../src/contract/layouts.ts';
import { httpError, productFixture } from '../helpers/catalog-fake.ts';
import { expectConsoleError } from '../helpers/console-guard.ts';
import { renderApp } from '../helpers/render-app.tsx';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ');

describe('header', () => {
  test('shows the top categories from the layout, with their children in a keyboard-operable sub-menu', async () => {
    const { user } = await renderApp({ url: '/' });
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const makeup = await within(nav).findByRole('link', { name: 'Makeup' });
    expect(makeup).toHaveAttribute('href', '/categories/makeup');
    expect(within(nav).getByRole('link', { name: 'Fragrance' })).toHaveAttribute('href', '/categories/fragrance');
    expect(within(nav).queryByRole('link', { name: 'Face' })).not.toBeInTheDocument();

    const toggle = within(nav).getByRole('button', { name: 'Makeup categories' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Face' })).toHaveAttribute('href', '/categories/makeup/face');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('the footer links the legal pages with the terms sections of the layout', async () => {
    await renderApp({ url: '/' });
    const legal = await screen.findByRole('navigation', { name: 'Legal' });
    expect(await within(legal).findByRole('link', { name: 'Beauty Pass terms' })).toHaveAttribute('href', '/terms?section=beauty-pass');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('a failed layout load offers a retry in the header', async () => {
    let calls = 0;
    const layouts = async () => {
      calls += 1;
      throw httpError(503);
    };
    const { user } = await renderApp({ url: '/privacy', catalog: { layouts } });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toBe(2));
  });
});

describe('home', () => {
  test('shows featured products with prices in S$ for Singapore', async () => {
    await renderApp({ url: '/' });
    const grid = await screen.findByRole('list', { name: 'Featured products' });
    const [first] = within(grid).getAllByRole('article');
    if (!first) throw new Error('no product card');
    expect(within(first).getByText('Product 1')).toBeInTheDocument();
    expect(plain(first.querySelector('.price')?.textContent)).toBe('S$21.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Beauty that fits you' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Shop by category' })).toBeInTheDocument();
  });

  test('shows Thai text and prices in ฿ for Thailand', async () => {
    await renderApp({
      url: '/?country_code=th',
      catalog: { featured: async () => [productFixture(1, 'THB', { price: { currency: 'THB', amount: 1290 }, salePrice: { currency: 'THB', amount: 990 } })] },
    });
    expect(await screen.findByRole('heading', { name: 'สินค้าแนะนำ' })).toBeInTheDocument();
    const [card] = await screen.findAllByRole('article');
    if (!card) throw new Error('no product card');
    expect(plain(card.querySelector('.price__current')?.textContent)).toContain('฿990.00');
    expect(plain(card.querySelector('s')?.textContent)).toContain('฿1,290.00');
    expect(document.documentElement.lang).toBe('th');
    await waitFor(() => expect(document.title).toBe('เมกอัป สกินแคร์ และน้ำหอม | Beauty Pass ประเทศไทย'));
  });

  test('a failed featured load explains what to do and retries', async () => {
    let fail = true;
    const featured = async () => {
      if (fail) throw httpError(500);
      return [productFixture(3)];
    };
    const { user } = await renderApp({ url: '/', catalog: { featured } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Featured products could not be loaded.');
    expect(alert).toHaveTextContent('Check your internet connection');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Product 3')).toBeInTheDocument();
  });
});

describe('titles and meta', () => {
  test('page titles read "{page} | {site title}" and meta tags follow the country', async () => {
    await renderApp({ url: '/privacy', country: 'hk' });
    await waitFor(() => expect(document.title).toBe('Privacy policy | Beauty Pass Hong Kong'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Hong Kong'));
    expect(document.querySelector('meta[property="og:site_name"]')).toHaveAttribute('content', 'Beauty Pass Hong Kong');
    expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\/social\.svg$/);
  });

  test.each([
    { country: 'ph', language: undefined, expected: 'Shop makeup, skincare, hair and fragrance online in the Philippines, and earn rewards with Beauty Pass.' },
    { country: 'th', language: 'lng_th', expected: 'ช้อปเมกอัป สกินแคร์ ผลิตภัณฑ์ดูแลเส้นผม และน้ำหอมออนไลน์ในประเทศไทย และรับรางวัลกับ Beauty Pass' },
    { country: 'id', language: 'lng_id', expected: 'Belanja makeup, perawatan kulit, rambut, dan parfum online di Indonesia, dan dapatkan hadiah dengan Beauty Pass.' },
  ])('the site description names the country in the shopper’s language ($country, the Philippines with their article)', async ({ country, language, expected }) => {
    await renderApp({ url: '/privacy', country, ...(language ? { language } : {}) });
    await waitFor(() => expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expected));
  });

  test('Chinese for Hong Kong: translated title and html lang zh-Hant', async () => {
    await renderApp({ url: '/privacy?language=zh', country: 'hk' });
    await waitFor(() => expect(document.title).toBe('私隱政策 | Beauty Pass 香港'));
    expect(document.documentElement.lang).toBe('zh-Hant');
  });

  test('the terms page names the section from ?section=', async () => {
    await renderApp({ url: '/terms?section=beauty-pass' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beauty Pass terms' })).toBeInTheDocument();
  });
});

describe('site', () => {
  test('an unsupported country shows the welcome screen with the eight sites', async () => {
    await renderApp({ url: '/?country_code=us' });
    // The welcome screen is its own chunk (off the first screen's budget of the supported sites).
    expect(await screen.findByText("This site doesn't ship to your country.")).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Thailand' })).toHaveAttribute('href', '/?country_code=th');
    expect(screen.getByRole('link', { name: 'New Zealand' })).toHaveAttribute('href', '/?country_code=nz');
  });

  test('the welcome screen speaks the requested language', async () => {
    await renderApp({ url: '/?country_code=us&language=th' });
    expect(await screen.findByText('เว็บไซต์นี้ไม่จัดส่งไปยังประเทศของคุณ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ฮ่องกง' })).toHaveAttribute('href', '/?country_code=hk');
  });

  test('a language the country does not offer falls back to its default', async () => {
    await renderApp({ url: '/?language=th', country: 'sg' });
    expect(await screen.findByRole('heading', { name: 'Featured products' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    // Singapore offers one language: no language switcher.
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });

  test('the language switcher lists endonyms, stores the cookie and reloads with ?language=', async () => {
    const { user, reloads, cookieWrites } = await renderApp({ url: '/', country: 'hk' });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', '繁體中文']);
    await user.selectOptions(select, 'zh');
    expect(cookieWrites).toEqual([{ language: 'zh' }]);
    expect(reloads).toEqual(['/?language=zh']);
  });

  test('switching back to the country default reloads without the parameter', async () => {
    const { user, reloads } = await renderApp({ url: '/?language=en', country: 'th' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    expect(reloads).toEqual(['/']);
  });

  test('the country switcher stores the country and reloads', async () => {
    const { user, reloads, cookieWrites } = await renderApp({ url: '/categories/makeup?country_code=sg' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'MY');
    expect(cookieWrites).toEqual([{ country: 'MY' }]);
    expect(reloads).toEqual(['/categories/makeup']);
  });
});

describe('not found', () => {
  test('an unknown path shows "Page not found: {path}" with a way home', async () => {
    await renderApp({ url: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found: /no/such/page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  test('a route validator failure shows "Page Not Found: {path}"', async () => {
    await renderApp({ url: '/products/Bad_Slug!' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found: /products/Bad_Slug!' })).toBeInTheDocument();
  });

  test('a category path with bad characters fails its validator', async () => {
    await renderApp({ url: '/categories/Make%20up' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found: /categories/Make up');
  });
});

describe('fatal errors', () => {
  test('a crash shows the error screen with a reload action, not a blank page', async () => {
    // React reports the error its boundary caught, and the boundary logs it.
    expectConsoleError(/^TypeError: Cannot read properties of undefined \(reading 'navigation'\)/);
    expectConsoleError('Fatal app error');
    // A layout that breaks the contract makes the header throw while rendering.
    await renderApp({ url: '/', catalog: { layouts: async () => ({}) as Layout } });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});

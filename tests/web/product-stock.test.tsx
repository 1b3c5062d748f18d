// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Variant } from '../../src/contract/catalog.ts';
import { productDetailFixture, productFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

const SLUG = 'silk-foundation';
const IVORY: Variant = { id: 71, sku: 'SF-IVORY', name: 'Ivory', kind: 'shade', colorHex: '#f1d7c0', stock: 5, imageUrl: '/images/silk-ivory.jpg' };
const MOCHA: Variant = { id: 72, sku: 'SF-MOCHA', name: 'Mocha', kind: 'shade', colorHex: '#8a5a3c', stock: 0, imageUrl: '/images/silk-mocha.jpg' };
const soldOut = { variants: { [SLUG]: [{ ...IVORY, stock: 0 }, MOCHA] } };

const badgeTexts = (root: HTMLElement) => [...root.querySelectorAll('[data-badge]')].map((badge) => badge.getAttribute('data-badge'));

describe('live stock', () => {
  test('the live variants override the cached detail: sold out now, although the cache says in stock', async () => {
    const { server } = await renderApp({ url: `/products/${SLUG}`, productServer: soldOut });
    expect(await screen.findByRole('heading', { level: 1, name: 'Silk Foundation' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Out of stock', { selector: '.stock' })).toBeInTheDocument());
    expect(badgeTexts(screen.getByRole('article'))).toContain('out_of_stock');
    expect(screen.getByRole('radio', { name: 'Ivory (out of stock)' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === 'variants')?.query).toEqual({ product: SLUG });
  });

  test('back in stock live: in stock, and no waitlist or "Notify me" offered', async () => {
    await renderApp({ url: `/products/${SLUG}`, catalog: { product: async () => ({ ...productDetailFixture, inStock: false, badges: ['out_of_stock'], variants: [{ ...IVORY, stock: 0 }, MOCHA] }) }, productServer: { variants: { [SLUG]: [IVORY, MOCHA] } } });
    await waitFor(() => expect(screen.getByText('In stock', { selector: '.stock' })).toBeInTheDocument());
    expect(badgeTexts(screen.getByRole('article'))).not.toContain('out_of_stock');
    expect(screen.queryByRole('button', { name: 'Waitlist me' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });
});

describe('waitlist', () => {
  test('signed out, a coming-soon product in stock offers "Waitlist me" as a link to sign in that comes back here (no email could tell of it)', async () => {
    await renderApp({
      url: `/products/${SLUG}`,
      catalog: { product: async () => ({ ...productDetailFixture, badges: ['coming_soon'] }) },
      productServer: { variants: { [SLUG]: [IVORY, { ...MOCHA, stock: 3 }] } },
    });
    const link = await screen.findByRole('link', { name: 'Waitlist me' });
    expect(link).toHaveAttribute('href', `/sign_in?return_to=${encodeURIComponent(`/products/${SLUG}`)}`);
    expect(screen.getByText('Sign in to join the waitlist.')).toBeInTheDocument();
  });

  test('signed in, "Waitlist me" joins: it reads "Waitlisted", the badge shows, and it can be undone', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: soldOut });
    const join = await screen.findByRole('button', { name: 'Waitlist me' });
    await waitFor(() => expect(join).toBeEnabled());
    expect(join).toHaveAttribute('aria-pressed', 'false');
    await user.click(join);
    const joined = await screen.findByRole('button', { name: 'Waitlisted' });
    expect(joined).toHaveAttribute('aria-pressed', 'true');
    expect(server.calls.filter((c) => c.method === 'PATCH')).toEqual([{ method: 'PATCH', path: `waitlist/${SLUG}`, query: {}, body: { waitlisted: true } }]);
    await waitFor(() => expect(badgeTexts(screen.getByRole('article'))).toContain('waitlisted'));
    expect(within(screen.getByRole('article')).getAllByText('Waitlisted').length).toBeGreaterThanOrEqual(2);

    await user.click(joined);
    expect(await screen.findByRole('button', { name: 'Waitlist me' })).toHaveAttribute('aria-pressed', 'false');
    expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ waitlisted: true }, { waitlisted: false }]);
    await waitFor(() => expect(badgeTexts(screen.getByRole('article'))).not.toContain('waitlisted'));
  });

  test('a member already on the list sees the badge and "Waitlisted" from the start', async () => {
    await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: { ...soldOut, waitlist: [SLUG] } });
    expect(await screen.findByRole('button', { name: 'Waitlisted' })).toHaveAttribute('aria-pressed', 'true');
    expect(badgeTexts(screen.getByRole('article'))).toContain('waitlisted');
  });

  test('a refusal stays "Waitlist me" and says why', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: soldOut });
    server.refuse.set(`PATCH waitlist/${SLUG}`, { status: 409, body: { code: 'not_waitlistable' } });
    const join = await screen.findByRole('button', { name: 'Waitlist me' });
    await waitFor(() => expect(join).toBeEnabled());
    await user.click(join);
    expect(await screen.findByRole('alert')).toHaveTextContent('This product can be bought now, so it has no waitlist.');
    expect(screen.getByRole('button', { name: 'Waitlist me' })).toBeEnabled();
  });

  test('back in stock, a member on the list can still leave it; the button says why it waits while saving', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: { variants: { [SLUG]: [IVORY, MOCHA] }, waitlist: [SLUG] } });
    await waitFor(() => expect(screen.getByText('In stock', { selector: '.stock' })).toBeInTheDocument());
    const leave = await screen.findByRole('button', { name: 'Waitlisted' });
    await waitFor(() => expect(leave).toBeEnabled());
    await user.click(leave);
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ waitlisted: false }]));
    // Off the list of a product that can be bought, there is nothing to join.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Waitlist/ })).not.toBeInTheDocument());
  });

  test('a member not on the list of a product in stock is offered no waitlist', async () => {
    await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: { variants: { [SLUG]: [IVORY, MOCHA] } } });
    await waitFor(() => expect(screen.getByText('In stock', { selector: '.stock' })).toBeInTheDocument());
    await screen.findByRole('heading', { level: 1, name: 'Silk Foundation' });
    expect(screen.queryByRole('button', { name: 'Waitlist me' })).not.toBeInTheDocument();
  });

  test('a coming-soon product in stock offers the waitlist but not "Notify me"', async () => {
    await renderApp({
      url: `/products/${SLUG}`,
      user: 'member',
      catalog: { product: async () => ({ ...productDetailFixture, badges: ['coming_soon'] }) },
      productServer: { variants: { [SLUG]: [IVORY, { ...MOCHA, stock: 3 }] } },
    });
    expect(await screen.findByRole('button', { name: 'Waitlist me' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });

  test('product cards show the badge for products the member is waitlisted for', async () => {
    const waitlisted = productFixture(1, 'SGD', { slug: 'lip-tint', name: 'Lip Tint' });
    const other = productFixture(2, 'SGD', { slug: 'eye-gloss', name: 'Eye Gloss' });
    await renderApp({ url: '/', user: 'member', catalog: { featured: async () => [waitlisted, other] }, productServer: { waitlist: ['lip-tint'] } });
    const grid = await screen.findByRole('list', { name: 'Featured products' });
    await waitFor(() => expect(within(grid).getByText('Waitlisted')).toBeInTheDocument());
    const cards = within(grid).getAllByRole('article');
    expect(badgeTexts(cards[0] as HTMLElement)).toEqual(['waitlisted']);
    expect(badgeTexts(cards[1] as HTMLElement)).toEqual([]);
  });

  test('signed out, no waitlist is requested and no card shows the badge', async () => {
    const { server } = await renderApp({ url: '/', catalog: { featured: async () => [productFixture(1, 'SGD', { slug: 'lip-tint' })] }, productServer: { waitlist: ['lip-tint'] } });
    await screen.findByRole('list', { name: 'Featured products' });
    expect(screen.queryByText('Waitlisted')).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.path === 'waitlist')).toBe(false);
  });
});

describe('Notify me', () => {
  test('a member subscribes to the chosen shade with one click', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: { variants: { [SLUG]: [IVORY, MOCHA] } } });
    await user.click(await screen.findByRole('radio', { name: 'Mocha (out of stock)' }));
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Done. We will email you once when Silk Foundation (Mocha) is back in stock.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: 'notification-subscription', query: {}, body: { product: SLUG, variantId: 72 } }]);
  });

  test('a guest gives an address: a wrong one is refused with what to do, a right one is sent', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, productServer: soldOut });
    const email = await screen.findByLabelText('Email address');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email address, like name@example.com.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(email, 'mei@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getByText(/We will email you once when Silk Foundation/)).toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: 'notification-subscription/subscribe', query: {}, body: { product: SLUG, variantId: 71, email: 'mei@example.com' } },
    ]);
  });

  test('a failure says so and keeps the form for another try', async () => {
    const { user, server } = await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: { variants: { [SLUG]: [IVORY, MOCHA] } } });
    server.refuse.set('POST notification-subscription', { status: 500, body: {} });
    await user.click(await screen.findByRole('radio', { name: 'Mocha (out of stock)' }));
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('We could not sign you up. Please try again.')).toBeInTheDocument();
    server.refuse.clear();
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(/We will email you once/)).toBeInTheDocument();
  });
});

describe('one way to hear of a sold-out product again', () => {
  test('a guest gets the email form only: no "Waitlist me" beside it', async () => {
    await renderApp({ url: `/products/${SLUG}`, productServer: soldOut });
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Waitlist me' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Waitlist me' })).not.toBeInTheDocument();
    expect(screen.queryByText('Sign in to join the waitlist.')).not.toBeInTheDocument();
  });

  test('a member gets the waitlist only: no "Notify me" beside it', async () => {
    await renderApp({ url: `/products/${SLUG}`, user: 'member', productServer: soldOut });
    const join = await screen.findByRole('button', { name: 'Waitlist me' });
    await waitFor(() => expect(join).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
  });
});

describe('coming soon', () => {
  const comingSoon = { product: async () => ({ ...productDetailFixture, badges: ['coming_soon' as const] }) };

  test('in stock, it says it is not on sale yet: no "In stock" and no "Add to bag"', async () => {
    await renderApp({ url: `/products/${SLUG}`, catalog: comingSoon, productServer: { variants: { [SLUG]: [IVORY, { ...MOCHA, stock: 3 }] } } });
    const article = await screen.findByRole('article');
    await waitFor(() => expect(screen.getByText('Not on sale yet', { selector: '.stock' })).toBeInTheDocument());
    expect(article).toHaveAttribute('data-state', 'coming-soon');
    expect(screen.queryByText('In stock')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to bag' })).not.toBeInTheDocument();
    expect(badgeTexts(article)).toEqual(['coming_soon']);
  });

  test('an in-stock product on sale keeps "In stock" and "Add to bag"', async () => {
    await renderApp({ url: `/products/${SLUG}`, productServer: { variants: { [SLUG]: [IVORY, MOCHA] } } });
    await waitFor(() => expect(screen.getByText('In stock', { selector: '.stock' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add to bag' })).toBeInTheDocument();
  });
});

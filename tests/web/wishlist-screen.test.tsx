// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { WishlistItem } from '../../src/contract/cart.ts';
import type { ProductDetail } from '../../src/contract/catalog.ts';
import { createWishlistScreenApi, type WishlistScreenApi } from '../../src/web/features/wishlist/wishlist-api.ts';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { deviceWishlist } from '../../src/web/shared/wishlist/device-list.ts';
import type { WishlistIdsApi, WishlistPatchBody } from '../../src/web/shared/wishlist/wishlist-api.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';
import { createWishlistStore } from '../../src/web/shared/wishlist-store.ts';
import { apiError } from '../helpers/account-fake.ts';
import { productDetailFixture } from '../helpers/catalog-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

const SGD = (amount: number) => ({ currency: 'SGD', amount });
const item = (productId: number, overrides: Partial<WishlistItem> = {}): WishlistItem => ({
  productId,
  slug: `product-${productId}`,
  variantId: null,
  name: `Product ${productId}`,
  brand: 'Glow Lab',
  imageUrl: `/images/product-${productId}.jpg`,
  price: SGD(30),
  salePrice: null,
  inStock: true,
  badges: [],
  addedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
/** A product of one size: "Move to bag" takes it without asking. */
const ONE_SIZE: ProductDetail = { ...productDetailFixture, id: 5, slug: 'product-5', name: 'Product 5', variants: [{ id: 51, sku: 'P5', name: '50 ml', kind: 'size', colorHex: null, stock: 3, imageUrl: '/images/p5.jpg' }] };

function setup({ items = [] as WishlistItem[], addToBag = (_variantId: number): Promise<unknown> => Promise.resolve() } = {}) {
  const patches: WishlistPatchBody[] = [];
  const bag: number[] = [];
  const ids: WishlistIdsApi = {
    ids: async () => items.map((entry) => entry.productId),
    patch: async (body) => void patches.push(body),
  };
  const screenApi: WishlistScreenApi = {
    items: async () => items,
    addToBag: async (variantId) => {
      bag.push(variantId);
      await addToBag(variantId);
      return bag.length;
    },
  };
  const apis = new Map([apiFake(createWishlistStore, createWishlistStoreWith({ api: ids, device: deviceWishlist(localStorage) })), apiFake(createWishlistScreenApi, screenApi)]);
  return { apis, patches, bag };
}
const catalog = { product: async (slug: string) => [productDetailFixture, ONE_SIZE].find((product) => product.slug === slug) ?? Promise.reject(apiError(404)) };

afterEach(() => localStorage.clear());

/** The rows of the wish list, in order. */
const rows = () => within(screen.getByRole('list', { name: 'Your wish list' })).getAllByRole('listitem');
/** The row that shows `name`. */
const row = (name: string) => within(rows().find((element) => within(element).queryByText(name)) ?? document.body);

describe('a guest’s wish list (kept on the device)', () => {
  test('empty: says so, with a way back to shopping', async () => {
    await renderApp({ url: '/wishlist', apis: setup().apis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your wish list' })).toBeInTheDocument();
    expect(await screen.findByText('Your wish list is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  test('items read from the device with their live price and stock; several shades and none liked asks to choose on the product page', async () => {
    deviceWishlist(localStorage).write([
      { productId: 7, slug: 'silk-foundation', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' },
      { productId: 5, slug: 'product-5', variantId: null, addedAt: '2026-11-02T10:00:00.000Z' },
    ]);
    const { apis, bag } = setup();
    const { user } = await renderApp({ url: '/wishlist', apis, catalog });
    await waitFor(() => expect(rows().map((element) => element.querySelector('.wishlist-row__name')?.textContent)).toEqual(['Product 5', 'Silk Foundation']));
    // The sale price shows beside the regular one; several shades and none liked: choose on the product page.
    expect(row('Silk Foundation').getByText('S$39.00')).toBeInTheDocument();
    expect(row('Silk Foundation').getByText('In stock')).toBeInTheDocument();
    const choose = row('Silk Foundation').getByRole('link', { name: 'Choose a shade or size' });
    expect(choose).toHaveAttribute('href', '/products/silk-foundation');
    expect(choose).toHaveAccessibleDescription('Silk Foundation');

    await user.click(row('Product 5').getByRole('button', { name: 'Move to bag' }));
    await waitFor(() => expect(screen.queryByText('Product 5', { selector: '.wishlist-row__name' })).not.toBeInTheDocument());
    expect(bag).toEqual([51]);
    expect(deviceWishlist(localStorage).read().map((entry) => entry.productId)).toEqual([7]);
    expect(await screen.findByText('Product 5 is in your bag.')).toBeInTheDocument();
  });

  test('a coming-soon product read for a guest says "Not on sale yet" and offers no Move to bag', async () => {
    const soon: ProductDetail = { ...ONE_SIZE, id: 6, slug: 'product-6', name: 'Product 6', badges: ['coming_soon'], variants: [{ id: 61, sku: 'P6', name: '50 ml', kind: 'size', colorHex: null, stock: 3, imageUrl: '/images/p6.jpg' }] };
    deviceWishlist(localStorage).write([{ productId: 6, slug: 'product-6', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' }]);
    await renderApp({ url: '/wishlist', apis: setup().apis, catalog: { product: async (slug: string) => (slug === soon.slug ? soon : Promise.reject(apiError(404))) } });
    await screen.findByText('Not on sale yet');
    expect(row('Product 6').getByText('Not on sale yet')).toBeInTheDocument();
    expect(row('Product 6').queryByText('In stock')).not.toBeInTheDocument();
    expect(row('Product 6').queryByRole('button', { name: 'Move to bag' })).not.toBeInTheDocument();
  });

  test('Remove takes the item off the device list at once', async () => {
    deviceWishlist(localStorage).write([{ productId: 7, slug: 'silk-foundation', variantId: 71, addedAt: '2026-11-01T10:00:00.000Z' }]);
    const { user } = await renderApp({ url: '/wishlist', apis: setup().apis, catalog });
    expect(await screen.findByText('Ivory')).toBeInTheDocument();
    await user.click(row('Silk Foundation').getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Your wish list is empty.')).toBeInTheDocument();
    expect(deviceWishlist(localStorage).read()).toEqual([]);
  });
});

test('a guest’s product that is no longer sold here says so and can still be removed', async () => {
  deviceWishlist(localStorage).write([{ productId: 99, slug: 'gone-product', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' }]);
  const { user } = await renderApp({ url: '/wishlist', apis: setup().apis, catalog });
  expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('Your wish list is empty.')).toBeInTheDocument();
  expect(deviceWishlist(localStorage).read()).toEqual([]);
});

describe('a member’s wish list (GET wishlist)', () => {
  test('each item with image, name, price and stock; an out-of-stock one cannot be moved and says why', async () => {
    const items = [item(1, { salePrice: SGD(24) }), item(2, { inStock: false })];
    await renderApp({ url: '/wishlist', user: 'member', apis: setup({ items }).apis });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row('Product 1').getByText('S$24.00')).toBeInTheDocument();
    expect(rows()[0]?.querySelector('img')).toHaveAttribute('src', '/images/product-1.jpg');
    expect(row('Product 1').getByRole('button', { name: 'Move to bag' })).toBeEnabled();
    const soldOut = row('Product 2').getByRole('button', { name: 'Move to bag' });
    expect(soldOut).toBeDisabled();
    expect(soldOut).toHaveAccessibleDescription('Product 2 Out of stock');
  });

  test('a coming-soon product in stock says "Not on sale yet", never "In stock", and offers no Move to bag', async () => {
    const { apis, bag } = setup({ items: [item(1, { badges: ['coming_soon'] }), item(2)] });
    await renderApp({ url: '/wishlist', user: 'member', apis });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row('Product 1').getByText('Not on sale yet')).toBeInTheDocument();
    expect(row('Product 1').queryByText('In stock')).not.toBeInTheDocument();
    expect(row('Product 1').queryByRole('button', { name: 'Move to bag' })).not.toBeInTheDocument();
    expect(row('Product 1').queryByRole('link', { name: 'Choose a shade or size' })).not.toBeInTheDocument();
    // It can still be taken off the list; the product on sale beside it is unchanged.
    expect(row('Product 1').getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(row('Product 2').getByText('In stock')).toBeInTheDocument();
    expect(row('Product 2').getByRole('button', { name: 'Move to bag' })).toBeEnabled();
    expect(bag).toEqual([]);
  });

  test('Move to bag adds the liked variant, then takes the item off the wish list', async () => {
    const { apis, bag, patches } = setup({ items: [item(1, { variantId: 11 }), item(2)] });
    const { user } = await renderApp({ url: '/wishlist', user: 'member', apis });
    await screen.findByText('Product 1');
    await user.click(row('Product 1').getByRole('button', { name: 'Move to bag' }));
    await waitFor(() => expect(screen.queryByText('Product 1', { selector: '.wishlist-row__name' })).not.toBeInTheDocument());
    expect(bag).toEqual([11]);
    await waitFor(() => expect(patches).toEqual([{ remove: [1] }]));
    expect(screen.getByText('Product 2')).toBeInTheDocument();
  });

  test('a failed move keeps the item and says why', async () => {
    const { apis, patches } = setup({ items: [item(1, { variantId: 11 })], addToBag: () => Promise.reject(apiError(409, { code: 'out_of_stock' })) });
    const { user } = await renderApp({ url: '/wishlist', user: 'member', apis });
    await screen.findByText('Product 1');
    await user.click(row('Product 1').getByRole('button', { name: 'Move to bag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product 1 is out of stock, so it stays on your wish list.');
    expect(screen.getByText('Product 1')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  test('a coming-soon product refused by the bag (409 not_on_sale) stays, with "not available yet"', async () => {
    const { apis, patches } = setup({ items: [item(1, { variantId: 11 })], addToBag: () => Promise.reject(apiError(409, { code: 'not_on_sale' })) });
    const { user } = await renderApp({ url: '/wishlist', user: 'member', apis });
    await screen.findByText('Product 1');
    await user.click(row('Product 1').getByRole('button', { name: 'Move to bag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product 1 is not available yet, so it stays on your wish list.');
    expect(patches).toEqual([]);
  });

  test('no variant liked: a product of one size is moved with it; one of several asks to choose', async () => {
    const { apis, bag } = setup({ items: [item(5), item(7, { slug: 'silk-foundation', name: 'Silk Foundation' })] });
    const { user } = await renderApp({ url: '/wishlist', user: 'member', apis, catalog });
    await screen.findByText('Silk Foundation');
    await user.click(row('Silk Foundation').getByRole('button', { name: 'Move to bag' }));
    expect(await screen.findByRole('link', { name: 'Choose a shade or size' })).toHaveAttribute('href', '/products/silk-foundation');
    await user.click(row('Product 5').getByRole('button', { name: 'Move to bag' }));
    await waitFor(() => expect(bag).toEqual([51]));
  });

  test('empty: says so', async () => {
    await renderApp({ url: '/wishlist', user: 'member', apis: setup().apis });
    expect(await screen.findByText('Your wish list is empty.')).toBeInTheDocument();
  });
});

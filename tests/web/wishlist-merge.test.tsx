// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { DEVICE_WISHLIST_KEY, deviceWishlist } from '../../src/web/shared/wishlist/device-list.ts';
import type { WishlistIdsApi, WishlistPatchBody } from '../../src/web/shared/wishlist/wishlist-api.ts';
import { createWishlistStoreWith } from '../../src/web/shared/wishlist/wishlist-engine.ts';
import { createWishlistStore } from '../../src/web/shared/wishlist-store.ts';
import { SHOPPER, SHOPPER_PASSWORD } from '../helpers/account-fake.ts';
import { renderApp, type RenderAppResult } from '../helpers/render-app.tsx';

/** The guest's list merges into the member's when the sign-in form succeeds, wherever the shopper goes next. */
function memberServer({ fail = false } = {}) {
  const patches: WishlistPatchBody[] = [];
  const api: WishlistIdsApi = {
    ids: async () => [],
    patch: async (body) => {
      patches.push(body);
      if (fail) throw Object.assign(new Error('PATCH wishlist: 503'), { kind: 'http', status: 503 });
    },
  };
  return { apis: new Map([apiFake(createWishlistStore, createWishlistStoreWith({ api, device: deviceWishlist(localStorage) }))]), patches };
}

async function signIn({ user }: RenderAppResult) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  await user.type(within(form).getByLabelText('Email'), SHOPPER.email);
  await user.type(within(form).getByLabelText('Password'), SHOPPER_PASSWORD);
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

afterEach(() => localStorage.clear());

describe('signing in with a wish list on the device', () => {
  test('the device list is sent with PATCH wishlist add, then cleared from the device', async () => {
    deviceWishlist(localStorage).write([{ productId: 7, slug: 'silk-foundation', variantId: 71, addedAt: '2026-11-01T10:00:00.000Z' }]);
    const { apis, patches } = memberServer();
    const app = await renderApp({ url: '/sign_in?return_to=%2F', apis });
    await signIn(app);
    await waitFor(() => expect(app.assigned).toEqual(['/']));
    await waitFor(() => expect(patches).toEqual([{ add: [{ productId: 7, variantId: 71 }] }]));
    await waitFor(() => expect(localStorage.getItem(DEVICE_WISHLIST_KEY)).toBeNull());
  });

  test('a failed merge keeps the device list for the next time', async () => {
    deviceWishlist(localStorage).write([{ productId: 7, slug: 'silk-foundation', variantId: null, addedAt: '2026-11-01T10:00:00.000Z' }]);
    const { apis, patches } = memberServer({ fail: true });
    const app = await renderApp({ url: '/sign_in?return_to=%2F', apis });
    await signIn(app);
    await waitFor(() => expect(app.assigned).toEqual(['/']));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(deviceWishlist(localStorage).read().map((entry) => entry.productId)).toEqual([7]);
  });
});

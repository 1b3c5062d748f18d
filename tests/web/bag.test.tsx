// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { CartScreen } from '../../src/contract/cart.ts';
import { ApiError } from '../../src/web/shared/api/errors.ts';
import { afterWrite, BAG_SCREEN, cartLine, cartOf, EMPTY_SCREEN, GIFT_CARD_LINE, LIPSTICK, OFFERS, REWARD_LINE, screenOf, withGiftCards, withReward } from '../../machines/bag/bag.fixtures.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { bagApis, cartApiFake, countStoreFake, rewardsApiFake } from './bag-fakes.ts';

async function renderBag(screenData: CartScreen, api = cartApiFake(screenData), options: { country?: string; heading?: string } = {}) {
  const count = countStoreFake(null);
  const { heading = 'Bag', ...site } = options;
  const result = await renderApp({ url: '/cart', apis: bagApis(api, count.store), ...site });
  await screen.findByRole('heading', { level: 1, name: heading });
  return { ...result, api, count };
}

const lineOf = (name: string) => {
  const item = screen.getByRole('link', { name }).closest('li');
  if (!item) throw new Error(`no line for ${name}`);
  return within(item);
};

describe('/cart', () => {
  test('an empty bag says so and leads back to shopping; checkout is not offered', async () => {
    await renderBag(EMPTY_SCREEN);
    expect(await screen.findByText('Your bag is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Check out' })).not.toBeInTheDocument();
  });

  test('an out-of-stock line blocks checkout with the guard’s reason until it is removed', async () => {
    const api = cartApiFake(BAG_SCREEN, { removeLine: async () => afterWrite(BAG_SCREEN.bag, 21, 0) });
    const { user, count } = await renderBag(BAG_SCREEN, api);
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent('Out-of-stock item must be removed to proceed');
    const checkout = screen.getByRole('button', { name: 'Check out' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription("Why can't I check out? Out-of-stock item must be removed to proceed");
    expect(lineOf('Product 2').getByText('Out of stock')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Product 2 from your bag' }));
    expect(api.removeLine).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled());
    expect(screen.queryByText('Out-of-stock item must be removed to proceed')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product 2' })).not.toBeInTheDocument();
    // The header's count follows the server's answer.
    expect(count.confirmed.at(-1)).toBe(2);
  });

  test('a line whose product became coming soon says "Not on sale yet", has no stepper, and blocks checkout until it is removed', async () => {
    const soon = cartLine(3, 31, 2, { inventory: { state: 'not_on_sale', available: 0 }, maxQuantity: 0 });
    const bag = cartOf([LIPSTICK, soon], 1);
    const api = cartApiFake(screenOf(bag), { removeLine: async () => afterWrite(bag, 31, 0) });
    const { user } = await renderBag(screenOf(bag), api);
    expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent('Remove the item that is not on sale yet to check out.');
    const checkout = screen.getByRole('button', { name: 'Check out' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription("Why can't I check out? Remove the item that is not on sale yet to check out.");
    expect(lineOf('Product 3').getByText('Not on sale yet: remove it to check out.')).toBeInTheDocument();
    expect(lineOf('Product 3').queryByRole('group', { name: 'Quantity of Product 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Product 3 from your bag' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled());
  });

  test('the stepper is labelled and announces the quantity; a refused change rolls back and says what failed', async () => {
    const api = cartApiFake(BAG_SCREEN, { setLine: () => Promise.reject(new ApiError('http', 'no', { status: 409, body: { code: 'quantity_unavailable', message: 'Only 2 left', status: 409 } })) });
    const { user } = await renderBag(BAG_SCREEN, api);
    const line = lineOf('Product 1');
    expect(line.getByRole('group', { name: 'Quantity of Product 1' })).toBeInTheDocument();
    expect(line.getByRole('status')).toHaveTextContent('Quantity: 2');
    expect(line.getByText('Only 4 left')).toBeInTheDocument();
    await user.click(line.getByRole('button', { name: 'Increase quantity of Product 1' }));
    expect(api.setLine).toHaveBeenCalledWith(LIPSTICK.id, 3);
    expect(await screen.findByText('The quantity of Product 1 could not be changed.')).toBeInTheDocument();
    expect(screen.getByText('There is not enough left in stock.')).toBeInTheDocument();
    expect(lineOf('Product 1').getByRole('status')).toHaveTextContent('Quantity: 2');
  });

  test('the stepper stops at the line’s most, and says why', async () => {
    const full = screenOf(cartOf([{ ...LIPSTICK, quantity: 4 }], 1));
    await renderBag(full);
    const increase = await screen.findByRole('button', { name: 'Increase quantity of Product 1' });
    expect(increase).toBeDisabled();
    expect(increase).toHaveAccessibleDescription('You have the most of Product 1 you can buy now.');
  });

  test('order summary in Singapore: subtotal, GST 9% included, free-shipping progress, points and the Atome line', async () => {
    const bag = cartOf([LIPSTICK], 1);
    await renderBag(screenOf(bag));
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Subtotal').nextSibling).toHaveTextContent('S$40.00');
    expect(summary.getByText('Includes GST 9%')).toBeInTheDocument();
    expect(summary.getByText('Spend S$20.00 more for free shipping')).toBeInTheDocument();
    expect(summary.getByRole('progressbar', { name: 'Progress to free shipping' })).toHaveAttribute('value', '40');
    expect(summary.getByText('Earn 40 Beauty Pass points with this order')).toBeInTheDocument();
    expect(summary.getByText('or 3 payments of S$13.33 with Atome')).toBeInTheDocument();
    expect(summary.getByRole('button', { name: 'Check out' })).toBeEnabled();
  });

  test('in Indonesia: rupiah, PPN, and no buy-now-pay-later line', async () => {
    const rupiah = (amount: number) => ({ currency: 'IDR', amount });
    const line = cartLine(1, 11, 1, { unitPrice: rupiah(250000), lineTotal: rupiah(250000) });
    const bag = cartOf([line], 1, {
      country: 'ID',
      subtotal: rupiah(250000),
      total: rupiah(250000),
      discount: rupiah(0),
      tax: { label: 'PPN', percent: 11, amount: rupiah(24775) },
      shipping: { threshold: rupiah(300000), remaining: rupiah(50000), free: false },
      bnpl: [],
    });
    await renderBag(screenOf(bag, []), undefined, { country: 'ID', heading: 'Tas' });
    const summary = within(await screen.findByRole('region', { name: 'Ringkasan pesanan' }));
    expect(summary.getByText('Termasuk PPN 11%')).toBeInTheDocument();
    // Subtotal and total: rupiah with Indonesian grouping, no cents.
    expect(summary.getByText('Subtotal').nextSibling?.textContent).toMatch(/^Rp\s?250\.000$/);
    expect(summary.getByText('Total', { selector: 'dt' }).nextSibling?.textContent).toMatch(/^Rp\s?250\.000$/);
    expect(summary.queryByText(/Atome|Afterpay|Klarna/)).not.toBeInTheDocument();
  });

  test('offers: minimum spend or none, valid-till date, and an unknown code is "Offer not found"', async () => {
    const api = cartApiFake(BAG_SCREEN, { applyOffer: () => Promise.reject(new ApiError('http', 'no', { status: 404, body: { code: 'offer_not_found', message: 'Offer not found', status: 404 } })) });
    const { user } = await renderBag(BAG_SCREEN, api);
    const offers = within(await screen.findByRole('region', { name: 'Offers' }));
    expect(offers.getByText(/Minimum spend S\$50\.00/)).toBeInTheDocument();
    expect(offers.getByText(/No minimum spend/)).toHaveTextContent('Valid till 30 Jun 2030');
    expect(offers.getByText('Spend S$10.00 more to use this offer.')).toBeInTheDocument();
    await user.type(offers.getByRole('textbox', { name: 'Offer code' }), 'NOPE');
    await user.click(offers.getByRole('button', { name: 'Apply' }));
    expect(api.applyOffer).toHaveBeenCalledWith('NOPE');
    expect(await offers.findByRole('alert')).toHaveTextContent('Offer not found');
    expect(offers.getByRole('textbox', { name: 'Offer code' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('after a sign-in merge, what could not be kept as it was is said once, from the bag', async () => {
    const merged = screenOf(cartOf([LIPSTICK], 1, { mergeNotice: [{ productName: 'Product 1', variantName: 'Shade 11', requested: 6, kept: 4 }] }));
    await renderBag(merged);
    expect(await screen.findByText('We added your earlier bag to this one. Some quantities changed:')).toBeInTheDocument();
    expect(screen.getByText('Product 1 (Shade 11): 4 of 6 kept')).toBeInTheDocument();
  });

  test('a merge at sign-in that failed is offered again: the earlier bag is added on request, a failure says so and keeps the offer', async () => {
    const pending = screenOf(cartOf([LIPSTICK], 1, { mergePending: true }));
    let calls = 0;
    const api = cartApiFake(pending, {
      mergeGuestBag: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('network', 'offline');
        return cartOf([cartLine(1, 11, 2), cartLine(3, 31, 1)], 3, { mergePending: false });
      },
    });
    const { user, count } = await renderBag(pending, api);
    expect(await screen.findByText('The bag you filled before signing in could not be added to this one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add it now' }));
    // Refused: the notification says what failed, the offer stays.
    expect(await screen.findByText('Your earlier bag could not be added to this one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add it now' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Add it now' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add it now' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Product 3' })).toBeInTheDocument();
    expect(count.confirmed).toContain(3);
    expect(api.mergeGuestBag).toHaveBeenCalledTimes(2);
  });

  test('another tab’s change is read again, and the lines follow', async () => {
    let bag = BAG_SCREEN;
    const api = cartApiFake(BAG_SCREEN, { screen: async () => bag });
    const { count } = await renderBag(BAG_SCREEN, api);
    expect(await screen.findByRole('link', { name: 'Product 2' })).toBeInTheDocument();
    bag = screenOf(afterWrite(BAG_SCREEN.bag, 21, 0));
    act(() => count.fromOtherTab(2));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Product 2' })).not.toBeInTheDocument());
    expect(api.screen).toHaveBeenCalledTimes(2);
  });

  test('no offers: "No offers found"', async () => {
    await renderBag(screenOf(cartOf([LIPSTICK], 1), []));
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
    expect(OFFERS.length).toBeGreaterThan(0);
  });

  test('samples: picked up to the limit, then the others wait with the reason', async () => {
    const api = cartApiFake(BAG_SCREEN, { saveSamples: async (ids) => ({ ...BAG_SCREEN.bag, version: 2, samples: { chosen: ids, limit: 2 } }) });
    const { user } = await renderBag(BAG_SCREEN, api);
    const samples = within(await screen.findByRole('group', { name: 'Choose your free samples' }));
    expect(samples.getByRole('checkbox', { name: /Sample 3/ })).toBeDisabled();
    await user.click(samples.getByRole('checkbox', { name: /Sample 1/ }));
    await user.click(samples.getByRole('checkbox', { name: /Sample 2/ }));
    await waitFor(() => expect(samples.getByRole('status')).toHaveTextContent('2 of 2 chosen: the most you can choose.'));
    expect(samples.getByRole('checkbox', { name: /Sample 4/ })).toBeDisabled();
    expect(samples.getByRole('checkbox', { name: /Sample 4/ }).closest('label')).toHaveTextContent('You have chosen the most samples you can.');
    await waitFor(() => expect(api.saveSamples).toHaveBeenLastCalledWith([1, 2]));
  });

  test('a bag that cannot be loaded offers a retry', async () => {
    let calls = 0;
    const api = cartApiFake(BAG_SCREEN, { screen: async () => (calls++ === 0 ? Promise.reject(new ApiError('network', 'offline')) : BAG_SCREEN) });
    const { user } = await renderBag(BAG_SCREEN, api);
    expect(await screen.findByText('Your bag could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Product 1' })).toBeInTheDocument();
  });

  test('Thai: the screen in Thai, with the date in the Buddhist calendar', async () => {
    await renderBag(BAG_SCREEN, undefined, { country: 'TH', heading: 'ถุงช้อปปิ้ง' });
    expect(screen.getByText(/ใช้ได้ถึง 30 มิ\.ย\. 2573/)).toBeInTheDocument();
  });
});

describe('/cart: e-gift cards', () => {
  const withCard = screenOf(withGiftCards(cartOf([LIPSTICK], 1), [GIFT_CARD_LINE]));

  test('shows each card’s amount, recipient and send date beside the goods, and their sum in the summary', async () => {
    await renderBag(withCard);
    const cards = within(await screen.findByRole('list', { name: 'E-gift cards in your bag' }));
    const card = cards.getByRole('listitem');
    expect(card).toHaveTextContent('E-gift card for Aisha Rahman');
    expect(card).toHaveTextContent('To aisha@example.com, emailed on 15 Jan 2030');
    expect(card).toHaveTextContent('Amount: S$50.00');
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('E-gift cards').nextSibling).toHaveTextContent('S$50.00');
    expect(summary.getByText('Subtotal').nextSibling).toHaveTextContent('S$40.00');
    expect(summary.getByText('Total', { selector: 'dt' }).nextSibling).toHaveTextContent('S$90.00');
  });

  test('a bag of e-gift cards only goes to checkout, without a shipping line', async () => {
    await renderBag(screenOf(withGiftCards(cartOf([], 1), [GIFT_CARD_LINE])));
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeEnabled();
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.queryByText('Shipping')).not.toBeInTheDocument();
    expect(summary.queryByText('Subtotal')).not.toBeInTheDocument();
    expect(screen.queryByText('Your bag is empty.')).not.toBeInTheDocument();
  });

  test('Remove takes the card out once the server answers; the header’s count follows', async () => {
    const api = cartApiFake(withCard, { removeGiftCard: async () => cartOf([LIPSTICK], 2) });
    const { user, count } = await renderBag(withCard, api);
    await user.click(await screen.findByRole('button', { name: 'Remove the e-gift card for Aisha Rahman from your bag' }));
    expect(api.removeGiftCard).toHaveBeenCalledWith(GIFT_CARD_LINE.id);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'E-gift cards in your bag' })).not.toBeInTheDocument());
    expect(count.confirmed.at(-1)).toBe(2);
  });

  test('a failed removal keeps the card and says so', async () => {
    const api = cartApiFake(withCard, { removeGiftCard: () => Promise.reject(new ApiError('network', 'offline')) });
    const { user } = await renderBag(withCard, api);
    await user.click(await screen.findByRole('button', { name: 'Remove the e-gift card for Aisha Rahman from your bag' }));
    expect(await screen.findByText('The e-gift card for Aisha Rahman could not be removed.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'E-gift cards in your bag' })).toBeInTheDocument();
  });
});

describe('/cart: a Beauty Pass reward (issue 15)', () => {
  const withGoods = screenOf(withReward(cartOf([LIPSTICK], 1)));
  const renderWithRewards = async (data: CartScreen, rewards = rewardsApiFake()) => {
    const count = countStoreFake(null);
    const result = await renderApp({ url: '/cart', apis: bagApis(cartApiFake(data), count.store, rewards) });
    await screen.findByRole('heading', { level: 1, name: 'Bag' });
    return { ...result, rewards, count };
  };

  test('shows the reward as a line: picture, name, its points cost, and what the order will use', async () => {
    await renderWithRewards(withGoods);
    const line = within(within(await screen.findByRole('list', { name: 'Beauty Pass reward in your bag' })).getByRole('listitem'));
    expect(line.getByText('Mini lip trio')).toBeInTheDocument();
    expect(line.getByText('Beauty Pass reward')).toBeInTheDocument();
    expect(line.getByText(/250 points/)).toHaveTextContent('Cost: 250 points');
    expect(screen.getByText('Your reward uses 250 points when you place the order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled();
  });

  test('a reward alone cannot go to checkout, and the bag says why', async () => {
    await renderWithRewards(screenOf(withReward(cartOf([], 1))));
    const checkout = await screen.findByRole('button', { name: 'Check out' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription("Why can't I check out? A Beauty Pass reward comes with a purchase: add a product to your bag.");
  });

  test('a lapsed hold is said; Remove takes the reward out once the server answers', async () => {
    const lapsed = screenOf(withReward(cartOf([LIPSTICK], 1), { ...REWARD_LINE, heldUntil: null }));
    const rewards = rewardsApiFake({ removeReward: async () => withReward(cartOf([LIPSTICK], 2), null) });
    const { user } = await renderWithRewards(lapsed, rewards);
    expect(await screen.findByText('No longer set aside for you: it is yours if one is left when you place the order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the reward Mini lip trio from your bag' }));
    expect(rewards.removeReward).toHaveBeenCalledWith(REWARD_LINE.id);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Beauty Pass reward in your bag' })).not.toBeInTheDocument());
  });

  test('a failed removal keeps the reward and names it', async () => {
    const rewards = rewardsApiFake({ removeReward: () => Promise.reject(new ApiError('network', 'offline')) });
    const { user } = await renderWithRewards(withGoods, rewards);
    await user.click(await screen.findByRole('button', { name: 'Remove the reward Mini lip trio from your bag' }));
    expect(await screen.findByText('The reward Mini lip trio could not be removed.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Beauty Pass reward in your bag' })).toBeInTheDocument();
  });
});

describe('header bag link', () => {
  test('names the count once known: "Bag, 3 items"', async () => {
    const count = countStoreFake(3);
    await renderApp({ url: '/privacy', apis: bagApis(cartApiFake(EMPTY_SCREEN), count.store) });
    expect(await screen.findByRole('link', { name: 'Bag, 3 items' })).toHaveAttribute('href', '/cart');
    act(() => count.store.confirm(1));
    expect(await screen.findByRole('link', { name: 'Bag, 1 item' })).toBeInTheDocument();
  });
});

describe('/cart: money in the shopper’s words', () => {
  const rupiah = (amount: number) => ({ currency: 'IDR', amount });

  test('an offer’s amounts are formatted for id-ID where shown, never as stored ("Rp 60.000", not "Rp60,000")', async () => {
    const line = cartLine(1, 11, 1, { unitPrice: rupiah(250000), lineTotal: rupiah(250000) });
    const bag = cartOf([line], 1, {
      country: 'ID',
      subtotal: rupiah(250000),
      total: rupiah(250000),
      discount: rupiah(0),
      tax: { label: 'PPN', percent: 11, amount: rupiah(24775) },
      shipping: { threshold: rupiah(500000), remaining: rupiah(250000), free: false },
      bnpl: [],
    });
    const offer = {
      code: 'SPEND80',
      title: 'Potongan {amount} untuk belanja di atas {minimum}',
      description: 'Hadiah untuk belanja lebih banyak',
      amount: rupiah(60000),
      minimumSpend: rupiah(960000),
      validTill: '2030-12-31',
      remaining: rupiah(710000),
      applies: false,
      applied: false,
      tiers: null,
    };
    await renderBag(screenOf(bag, [offer]), undefined, { country: 'ID', heading: 'Tas' });
    const offers = within(await screen.findByRole('region', { name: 'Penawaran' }));
    expect(offers.getByText(/^Potongan Rp\s?60\.000 untuk belanja di atas Rp\s?960\.000$/)).toBeInTheDocument();
    expect(offers.queryByText(/Rp60,000|\{amount\}|\{minimum\}/)).not.toBeInTheDocument();
  });

  test('a bag of e-gift cards only is no parcel: no samples, no offers, no points line', async () => {
    await renderBag(screenOf(withGiftCards(cartOf([], 1, { points: { earn: 0, valid: { amount: 120, expiresOn: null }, spend: 0 } }), [GIFT_CARD_LINE]), []));
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeEnabled();
    expect(screen.queryByRole('group', { name: /samples/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Spend .* more to use this offer/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Earn /)).not.toBeInTheDocument();
    // The member's own points are still shown.
    expect(screen.getByText('You have 120 points')).toBeInTheDocument();
  });

  test('one Atome payment line in the plural of its count, from the server’s instalment', async () => {
    await renderBag(screenOf(cartOf([LIPSTICK], 1, { bnpl: [{ provider: 'atome', instalments: 3, instalment: { currency: 'SGD', amount: 13.34 }, available: true }] })));
    expect(await screen.findByText('or 3 payments of S$13.34 with Atome')).toBeInTheDocument();
  });

  test('on a phone the Check out action sits in a bar with the total', async () => {
    await renderBag(screenOf(cartOf([LIPSTICK], 1)));
    const checkout = await screen.findByRole('button', { name: 'Check out' });
    const bar = checkout.closest('.bag-summary__actions');
    expect(bar).not.toBeNull();
    expect(bar).toHaveTextContent('Total S$40.00');
  });
});

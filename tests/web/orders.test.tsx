// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '../../src/contract/checkout.ts';
import { createOrdersApi, type OrderPage, type OrdersApi, type OrderSummary } from '../../src/web/features/orders/orders-api.ts';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { apiError } from '../helpers/account-fake.ts';
import { renderApp } from '../helpers/render-app.tsx';

/*
 * Orders (issue 13): a member's history and order pages, and a guest's lookup, rendered through
 * the whole app. The history and the order pages run on a fake of the orders API; the lookup runs
 * the real `createOrdersApi` over the real client and a scripted `fetch`, so the API's 404 and 429
 * are what the form is shown.
 */

beforeAll(() => Promise.all([import('../../src/web/features/orders/orders-screen.tsx'), import('../../src/web/features/orders/order-screen.tsx'), import('../../src/web/features/orders/order-lookup-screen.tsx')]), 60_000);

const SGD = (amount: number) => ({ currency: 'SGD', amount });

const summary = (number: string, overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  number,
  status: 'paid',
  placedAt: '2026-11-20T03:15:00.000Z',
  total: SGD(48.5),
  itemCount: 2,
  pointsEarned: 48,
  ...overrides,
});

const page = (data: OrderSummary[], { page: at = 1, total = data.length, totalPages = Math.max(1, Math.ceil(total / 10)) } = {}): OrderPage => ({
  data,
  meta: { page: at, perPage: 10, total, totalPages },
});

const ORDER: Order = {
  number: 'SG1000023',
  country: 'SG',
  status: 'shipped',
  history: [
    { status: 'placed', at: '2026-11-20T15:50:00.000Z' },
    { status: 'paid', at: '2026-11-20T15:50:02.000Z' },
    { status: 'shipped', at: '2026-11-22T01:00:00.000Z' },
  ],
  placedAt: '2026-11-20T15:50:00.000Z',
  email: 'mei.ling@example.com',
  lines: [
    {
      productSlug: 'silk-foundation',
      productName: 'Silk Foundation',
      brandName: 'Luma',
      variantName: 'Rose Beige',
      variantKind: 'shade',
      colorHex: '#d9a58b',
      sku: 'SF-RB',
      quantity: 2,
      unitPrice: SGD(29),
      lineTotal: SGD(58),
      imageUrl: '/images/silk.jpg',
    },
    {
      productSlug: 'dew-mist',
      productName: 'Dew Mist',
      brandName: 'Glow Lab',
      variantName: '50 ml',
      variantKind: 'size',
      colorHex: null,
      sku: 'DM-50',
      quantity: 1,
      unitPrice: SGD(24),
      lineTotal: SGD(24),
      imageUrl: '/images/dew.jpg',
    },
  ],
  samples: [{ name: 'Glow Serum 5 ml' }],
  subtotal: SGD(82),
  discount: SGD(8.2),
  promoCode: 'GLOW10',
  tax: { label: 'GST', percent: 9, amount: SGD(6.09) },
  shipping: { method: 'standard', fee: SGD(0), storeName: null },
  giftCards: SGD(20),
  giftCardPayments: [{ code: '••••-••••-••••-NPQR', amount: SGD(20) }],
  giftCardsBought: [],
  total: SGD(73.8),
  payment: { method: 'card', brand: 'visa', last4: '4242', amount: SGD(53.8) },
  address: { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '2 Orchard Turn', line2: '#03-21', city: '', state: '', postcode: '238801' },
  pointsEarned: 73,
  pointsUsed: 0,
  reward: null,
  cancellable: false,
};

/** The orders API of a member with these pages of history and these orders; records what it was asked. */
function ordersFake({ pages = [page([])], orders = [ORDER], cancel }: { pages?: (OrderPage | Error)[]; orders?: Order[]; cancel?: OrdersApi['cancel'] } = {}) {
  const asked: string[] = [];
  let listCalls = 0;
  const api: OrdersApi = {
    list: async (at) => {
      asked.push(`list ${at}`);
      const answer = pages[Math.min(listCalls++, pages.length - 1)];
      if (!answer) throw new Error('no page scripted');
      if (answer instanceof Error) throw answer;
      return answer;
    },
    order: async (number) => {
      asked.push(`order ${number}`);
      const found = orders.find((order) => order.number === number);
      if (!found) throw apiError(404);
      return found;
    },
    lookup: async () => {
      throw new Error('not a member call');
    },
    cancel: async (number) => {
      asked.push(`cancel ${number}`);
      if (!cancel) throw new Error('no cancel scripted');
      return cancel(number);
    },
  };
  return { apis: new Map([apiFake(createOrdersApi, api)]), asked };
}

const main = () => within(screen.getByRole('main'));

describe('/account/orders: the member’s history', () => {
  test('newest first, each with its number, date in its country, status, items, total and points; pages beyond', async () => {
    const { apis, asked } = ordersFake({
      pages: [
        page(
          [
            summary('SG1000031', { status: 'shipped', placedAt: '2026-11-21T16:30:00.000Z', total: SGD(123.4), itemCount: 3, pointsEarned: 123 }),
            summary('AU1000007', { status: 'delivered', placedAt: '2026-03-01T13:30:00.000Z', total: { currency: 'AUD', amount: 45 }, itemCount: 1, pointsEarned: 45 }),
          ],
          { total: 12 },
        ),
      ],
    });
    await renderApp({ url: '/account/orders', user: 'member', apis });
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'My orders' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 2 }).textContent)).toEqual(['Order SG1000031', 'Order AU1000007']);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Order SG1000031' })).toHaveAttribute('href', '/account/orders/SG1000031');
    // 16:30 UTC is 00:30 on the 22nd in Singapore.
    expect(first.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(first.getByText('Shipped')).toBeInTheDocument();
    expect(first.getByText('3 items')).toBeInTheDocument();
    expect(first.getByText('S$123.40')).toBeInTheDocument();
    expect(first.getByText('123')).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    // 13:30 UTC on 1 March is 00:30 on 2 March in Sydney (summer time); in Singapore it would still be the 1st.
    expect(second.getByText('2 Mar 2026')).toBeInTheDocument();
    expect(second.getByText('Delivered')).toBeInTheDocument();
    expect(second.getByText('1 item')).toBeInTheDocument();
    expect(second.getByText('A$45.00')).toBeInTheDocument();
    expect(main().getByText('You have placed 12 orders.')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of your orders' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Older orders' })).toHaveAttribute('href', '/account/orders?page=2');
    expect(within(pages).queryByRole('link', { name: 'Newer orders' })).toBeNull();
    expect(asked).toEqual(['list 1']);
    expect(document.title).toBe('My orders | Beauty Pass Singapore');
  });

  test('?page=2 asks for the second page and links back to the newer orders', async () => {
    const { apis, asked } = ordersFake({ pages: [page([summary('SG1000001')], { page: 2, total: 11 })] });
    const app = await renderApp({ url: '/account/orders?page=2', user: 'member', apis });
    const pages = await screen.findByRole('navigation', { name: 'Pages of your orders' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(asked).toEqual(['list 2']);
    // Back to the first page: the list is asked again and the heading takes the focus.
    await app.user.click(within(pages).getByRole('link', { name: 'Newer orders' }));
    await waitFor(() => expect(asked).toEqual(['list 2', 'list 1']));
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toHaveFocus();
  });

  test('empty: says so, with a way back to shopping', async () => {
    const { apis } = ordersFake({ pages: [page([])] });
    await renderApp({ url: '/account/orders', user: 'member', apis });
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Pages of your orders' })).toBeNull();
  });

  test('a skeleton while the history loads', async () => {
    let answer: (page: OrderPage) => void = () => undefined;
    const pending = new Promise<OrderPage>((resolve) => (answer = resolve));
    const api: OrdersApi = { list: () => pending, order: () => Promise.reject(apiError(404)), lookup: () => Promise.reject(new Error('unused')), cancel: () => Promise.reject(new Error('unused')) };
    await renderApp({ url: '/account/orders', user: 'member', apis: new Map([apiFake(createOrdersApi, api)]) });
    expect(await screen.findByRole('status', { name: 'Loading your orders' })).toHaveAttribute('aria-busy', 'true');
    answer(page([summary('SG1000031')]));
    expect(await screen.findByRole('link', { name: 'Order SG1000031' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading your orders' })).toBeNull();
  });

  test('a failed load says so; Retry asks again and shows the orders', async () => {
    const { apis, asked } = ordersFake({ pages: [apiError(500), page([summary('SG1000031')])] });
    const app = await renderApp({ url: '/account/orders', user: 'member', apis });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your orders could not be loaded.');
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Order SG1000031' })).toBeInTheDocument();
    expect(asked).toEqual(['list 1', 'list 1']);
  });

  test('signed out: sent to sign in, coming back here; nothing is asked', async () => {
    const { apis, asked } = ordersFake();
    const app = await renderApp({ url: '/account/orders', apis });
    await waitFor(() => expect(app.assigned).toEqual([`/sign_in?return_to=${encodeURIComponent('/account/orders')}`]));
    expect(asked).toEqual([]);
  });

  test('the account page links to it', async () => {
    await renderApp({ url: '/account', user: 'member' });
    expect(await screen.findByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/account/orders');
  });
});

describe('/account/orders/:number: one order', () => {
  test('items with shade (a named swatch) or size, quantities, unit prices and totals; figures, tax, payment masked, address, points, timeline', async () => {
    const { apis, asked } = ordersFake();
    await renderApp({ url: '/account/orders/sg1000023', user: 'member', apis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SG1000023' })).toBeInTheDocument();
    expect(asked).toEqual(['order SG1000023']);
    expect(document.title).toBe('Order SG1000023 | Beauty Pass Singapore');
    expect(main().getByRole('link', { name: 'All my orders' })).toHaveAttribute('href', '/account/orders');

    // Placed at 15:50 UTC: 23:50 on 20 November in Singapore.
    expect(main().getByText(/^Placed on/)).toHaveTextContent('Placed on 20 Nov 2026');
    const timeline = within(screen.getByRole('region', { name: 'Order status' })).getAllByRole('listitem');
    expect(timeline.map((step) => step.textContent)).toEqual(['Placed 20 Nov 2026', 'Paid 20 Nov 2026', 'Shipped 22 Nov 2026']);
    expect(timeline[2]).toHaveAttribute('aria-current', 'step');

    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    const silk = within(items[0] as HTMLElement);
    expect(silk.getByRole('link', { name: 'Silk Foundation' })).toHaveAttribute('href', '/products/silk-foundation');
    expect(silk.getByRole('img', { name: 'Colour of Rose Beige' })).toHaveStyle({ backgroundColor: '#d9a58b' });
    expect(silk.getByText('Shade: Rose Beige')).toBeInTheDocument();
    expect(silk.getByText('Quantity: 2 · S$29.00 each')).toBeInTheDocument();
    expect(silk.getByText('S$58.00')).toBeInTheDocument();
    const dew = within(items[1] as HTMLElement);
    expect(dew.getByText('Size: 50 ml')).toBeInTheDocument();
    expect(dew.queryByRole('img', { name: /Colour of/ })).toBeNull();
    expect(dew.getByText('Quantity: 1 · S$24.00 each')).toBeInTheDocument();
    expect(main().getByText('Glow Serum 5 ml', { exact: false })).toBeInTheDocument();

    const figures = within(screen.getByRole('region', { name: 'Order summary' }));
    const row = (name: string) => figures.getByText(name).parentElement as HTMLElement;
    expect(row('Subtotal')).toHaveTextContent('SubtotalS$82.00');
    expect(row('Discount (code GLOW10)')).toHaveTextContent('−S$8.20');
    expect(row('Shipping: Standard delivery')).toHaveTextContent('Free');
    expect(row('Total')).toHaveTextContent('S$73.80');
    expect(figures.getByText('Includes GST 9%: S$6.09')).toBeInTheDocument();

    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('Gift cards').parentElement).toHaveTextContent('S$20.00');
    const card = payment.getByTestId('payment-method');
    expect(card).toHaveTextContent('Visa •••• ending in 4242');
    expect(card).toHaveTextContent('S$53.80');
    // The card's number is never shown whole: only its last four digits.
    expect(card.textContent).not.toMatch(/\d{5,}/);

    const delivery = within(screen.getByRole('region', { name: 'Delivery' }));
    expect(delivery.getByText('Standard delivery')).toBeInTheDocument();
    expect(delivery.getByText('2 Orchard Turn')).toBeInTheDocument();
    expect(delivery.getByText('238801')).toBeInTheDocument();
    expect(main().getByText('Beauty Pass points earned: 73')).toBeInTheDocument();
  });

  test('click & collect paid with Afterpay, no discount, no gift card, no tax line', async () => {
    const collected: Order = {
      ...ORDER,
      number: 'HK1000002',
      country: 'HK',
      lines: [ORDER.lines[1] as Order['lines'][number]],
      samples: [],
      discount: { currency: 'HKD', amount: 0 },
      promoCode: null,
      tax: null,
      shipping: { method: 'click_collect', fee: { currency: 'HKD', amount: 0 }, storeName: 'Causeway Bay' },
      giftCards: { currency: 'HKD', amount: 0 },
      giftCardPayments: [],
      payment: { method: 'afterpay', brand: 'afterpay', last4: '', amount: { currency: 'HKD', amount: 240 } },
      address: { fullName: 'Chan Tai Man', phone: '9123 4567', line1: '', line2: '', city: '', state: '', postcode: '' },
    };
    await renderApp({ url: '/account/orders/HK1000002', user: 'member', apis: ordersFake({ orders: [collected] }).apis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order HK1000002' })).toBeInTheDocument();
    expect(screen.queryByTestId('discount')).toBeNull();
    expect(screen.queryByTestId('gift-cards')).toBeNull();
    expect(screen.queryByText(/^Includes/)).toBeNull();
    expect(screen.getByTestId('shipping')).toHaveTextContent('Shipping: Click & collectFree');
    expect(screen.getByTestId('payment-method')).toHaveTextContent('Afterpay');
    const collection = within(screen.getByRole('region', { name: 'Collection' }));
    expect(collection.getByText('Click & collect at Causeway Bay')).toBeInTheDocument();
    expect(collection.getByText('Chan Tai Man')).toBeInTheDocument();
  });

  test('another member’s number (404): the not-found page', async () => {
    const { apis, asked } = ordersFake({ orders: [] });
    await renderApp({ url: '/account/orders/SG1000023', user: 'member', apis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /account/orders/SG1000023' })).toBeInTheDocument();
    expect(asked).toEqual(['order SG1000023']);
    expect(document.title).toBe('Page not found | Beauty Pass Singapore');
  });

  test('a number that cannot be one is not found without asking the server', async () => {
    const asked: string[] = [];
    // The real orders API over the real client: a request reaching `fetch` is recorded.
    const recording: typeof fetch = async (input) => {
      asked.push(String(input));
      return Response.json({ data: ORDER });
    };
    const client = createApiClient({ baseURL: 'http://store.test/api/web/v1', site: () => ({ country: 'SG', language: 'en' }), fetch: recording, retryDelay: () => 0 });
    await renderApp({ url: '/account/orders/not-an-order', user: 'member', apis: new Map([apiFake(createOrdersApi, createOrdersApi(client))]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /account/orders/not-an-order' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  test('a failed load offers Retry', async () => {
    let calls = 0;
    const api: OrdersApi = {
      list: () => Promise.reject(new Error('unused')),
      order: async () => {
        calls += 1;
        if (calls === 1) throw apiError(503);
        return ORDER;
      },
      lookup: () => Promise.reject(new Error('unused')),
      cancel: () => Promise.reject(new Error('unused')),
    };
    const app = await renderApp({ url: '/account/orders/SG1000023', user: 'member', apis: new Map([apiFake(createOrdersApi, api)]) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order could not be loaded.');
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Includes GST 9%: S$6.09')).toBeInTheDocument();
  });
});

describe('/account/orders/:number: a reward and cancelling (issue 15)', () => {
  const PAID: Order = { ...ORDER, number: 'SG1000042', status: 'paid', history: ORDER.history.slice(0, 2), pointsUsed: 250, reward: { name: 'Mini lip trio', pointsCost: 250 }, cancellable: true };
  const CANCELLED: Order = { ...PAID, status: 'cancelled', cancellable: false, history: [...PAID.history, { status: 'cancelled', at: '2026-11-21T02:00:00.000Z' }] };

  test('shows the reward as a line paid in points, and the points used', async () => {
    const { apis } = ordersFake({ orders: [PAID] });
    await renderApp({ url: '/account/orders/SG1000042', user: 'member', apis });
    const items = within(await screen.findByRole('list', { name: 'Items' }));
    const reward = items.getByText('Mini lip trio').closest('li') as HTMLElement;
    expect(reward).toHaveTextContent('Beauty Pass reward');
    expect(reward).toHaveTextContent('250 points');
    expect(screen.getByTestId('points-used')).toHaveTextContent('Beauty Pass points used: 250');
  });

  test('Cancel order asks first; Keep the order sends nothing; Yes cancels, and the page shows the order cancelled', async () => {
    const { apis, asked } = ordersFake({ orders: [PAID], cancel: async () => CANCELLED });
    const { user } = await renderApp({ url: '/account/orders/SG1000042', user: 'member', apis });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const question = screen.getByRole('heading', { name: 'Cancel order SG1000042?' });
    expect(question).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(asked).toEqual(['order SG1000042']);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order SG1000042 is cancelled.');
    expect(asked).toEqual(['order SG1000042', 'cancel SG1000042']);
    const timeline = within(screen.getByRole('region', { name: 'Order status' })).getAllByRole('listitem');
    expect(timeline.at(-1)).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  test('an order past cancelling (409) is no longer offered, and says why; a shipped one never offers it', async () => {
    const refused = apiError(409, { code: 'order_not_cancellable' });
    const { apis } = ordersFake({ orders: [PAID, ORDER], cancel: () => Promise.reject(refused) });
    const { user } = await renderApp({ url: '/account/orders/SG1000042', user: 'member', apis });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order can no longer be cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});

describe('/orders/lookup: a guest finds an order', () => {
  /** The real orders API over the real client, with `POST orders/lookup` answered by `answer`. */
  function lookupApi(answer: (body: { number: string; email: string }) => Response) {
    const bodies: unknown[] = [];
    const fetchLookup: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      expect(`${request.method} ${new URL(request.url).pathname}`).toBe('POST /api/web/v1/orders/lookup');
      const body = (await request.json()) as { number: string; email: string };
      bodies.push(body);
      return answer(body);
    };
    const client = createApiClient({ baseURL: 'http://store.test/api/web/v1', site: () => ({ country: 'SG', language: 'en' }), fetch: fetchLookup, retryDelay: () => 0 });
    return { apis: new Map([apiFake(createOrdersApi, createOrdersApi(client))]), bodies };
  }

  const form = () => within(screen.getByRole('form', { name: 'Find your order' }));

  test('both fields are required, the email must be one; errors under the fields and in an alert that takes the focus', async () => {
    const { apis, bodies } = lookupApi(() => Response.json({ data: ORDER }));
    const app = await renderApp({ url: '/orders/lookup', apis });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your order' })).toBeInTheDocument();
    await app.user.click(form().getByRole('button', { name: 'Find order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveFocus();
    expect(alert).toHaveTextContent('Some details need your attention:');
    // Each field says what to type, once; the email in checkout's and booking's words.
    expect(within(alert).getByRole('link', { name: 'Order number: Enter the order number from your order confirmation email.' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Email: Enter your email address, like name@example.com.' })).toBeInTheDocument();
    const number = form().getByLabelText('Order number');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('As in your order confirmation email, for example SG1000123. Enter the order number from your order confirmation email.');
    expect(form().getByLabelText('Email')).toHaveAccessibleDescription('The email you placed the order with. Enter your email address, like name@example.com.');
    expect(document.body).not.toHaveTextContent('Required field');

    await app.user.type(number, 'SG1000023');
    await app.user.type(form().getByLabelText('Email'), 'not-an-email');
    await app.user.click(form().getByRole('button', { name: 'Find order' }));
    expect(form().getByLabelText('Email')).toHaveAccessibleDescription('The email you placed the order with. Enter an email address like name@example.com.');
    expect(number).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([]);
  });

  test('a wrong number or email (404) says so and keeps the form; a second try sends again', async () => {
    const { apis, bodies } = lookupApi(() => Response.json({ message: 'No order with this number and email', status: 404 }, { status: 404 }));
    const app = await renderApp({ url: '/orders/lookup', apis });
    await app.user.type(await screen.findByLabelText('Order number'), 'SG1000023');
    await app.user.type(form().getByLabelText('Email'), 'someone@example.com');
    await app.user.click(form().getByRole('button', { name: 'Find order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not find an order with this number and email.');
    expect(alert).toHaveFocus();
    expect(form().getByLabelText('Order number')).toHaveValue('SG1000023');
    await app.user.click(form().getByRole('button', { name: 'Find order' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { number: 'SG1000023', email: 'someone@example.com' },
      { number: 'SG1000023', email: 'someone@example.com' },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find an order with this number and email.');
  });

  test('too many misses (429 too_many_attempts): try again in 15 minutes', async () => {
    const { apis } = lookupApi(() =>
      Response.json({ message: 'Too many attempts: try again later', status: 429, code: 'too_many_attempts', retryAfterSeconds: 900 }, { status: 429, headers: { 'Retry-After': '900' } }),
    );
    const app = await renderApp({ url: '/orders/lookup', apis });
    await app.user.type(await screen.findByLabelText('Order number'), 'SG1000023');
    await app.user.type(form().getByLabelText('Email'), 'someone@example.com');
    await app.user.click(form().getByRole('button', { name: 'Find order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });

  test('found: the order’s details under the page’s heading, its heading focused; "Find another order" starts again', async () => {
    const guestOrder: Order = { ...ORDER, pointsEarned: 0 };
    const { apis, bodies } = lookupApi(() => Response.json({ data: guestOrder }));
    const app = await renderApp({ url: '/orders/lookup', apis });
    await app.user.type(await screen.findByLabelText('Order number'), ' sg1000023 ');
    await app.user.type(form().getByLabelText('Email'), 'Mei.Ling@example.com');
    await app.user.click(form().getByRole('button', { name: 'Find order' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Order SG1000023' });
    expect(heading).toHaveFocus();
    expect(bodies).toEqual([{ number: 'sg1000023', email: 'Mei.Ling@example.com' }]);
    expect(screen.getByRole('heading', { level: 3, name: 'Order summary' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-method')).toHaveTextContent('Visa •••• ending in 4242');
    expect(screen.getByText('Includes GST 9%: S$6.09')).toBeInTheDocument();
    // A guest earns no points: the line is left out.
    expect(screen.queryByTestId('points-earned')).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Find another order' }));
    expect(form().getByLabelText('Order number')).toHaveValue('');
    expect(form().getByLabelText('Order number')).toHaveFocus();
  });
});

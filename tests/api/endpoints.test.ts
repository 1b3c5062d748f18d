import { createHash, randomBytes, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { ProductDetailResponseSchema, ProductListResponseSchema } from '../../src/contract/catalog.ts';
import { SandboxUserResponseSchema } from '../../src/contract/sandbox.ts';
import type { Operation } from '../../src/server/openapi/declare.ts';
import { cookieHeader, cookieJar, insertUser } from '../helpers/auth.ts';
import { BEAUTY_PASS_TERMS } from '../../src/config/consents.ts';
import { passwordResets, products, userIdentities, variants } from '../../src/server/db/schema.ts';
import { CartResponseSchema } from '../../src/contract/cart.ts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { isOnSale } from '../../src/contract/patterns.ts';
import { createOidcVerifier } from '../../src/server/auth/oidc.ts';
import { startOidcIssuer, type OidcTestIssuer } from '../helpers/oidc-issuer.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';
import { CARD, orderBody } from '../helpers/checkout.ts';
import { ChallengeRequiredSchema, OrderResponseSchema } from '../../src/contract/checkout.ts';
import { TEST_CARDS, TEST_CHALLENGE_PASS } from '../../src/server/payments/test-cards.ts';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { issueGiftCard } from '../../src/server/gift-cards/issue.ts';
import { BOOKING_KEY_HEADER } from '../../src/contract/reservations.ts';
import { book, DETAILS, findSlots, hold, holdRequest, validAnswers } from '../helpers/booking.ts';
import { appTarget } from '../helpers/cart.ts';
import { BEAUTY_PASS_SEED_PASSWORD, beautyPassSeedEmail } from '../../src/server/db/seed/beauty-pass-members.ts';
import { newMember, redeem, rewardOf } from '../helpers/rewards.ts';
import { schemaChecker } from '../helpers/api-contract.ts';
import { apiDocument, apiOperations, pathParams, type ApiOperation, type JsonSchema } from '../helpers/openapi-operations.ts';

let t: TestApp;
/** A local OpenID Connect issuer for `auth/social`. */
let issuer: OidcTestIssuer;
beforeAll(async () => {
  issuer = await startOidcIssuer();
  t = await createTestApp({ seedProducts: 20, idTokens: createOidcVerifier({ issuer: issuer.issuer, clientId: issuer.clientId }) });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

/** The headers every SPA request carries (spec §7). */
const HEADERS: Record<string, string> = { ...CLIENT_HEADERS, 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };

async function call(method: string, url: string, body?: unknown, cookie?: string, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...HEADERS, ...extra, ...(cookie ? { Cookie: cookie } : {}) };
  // A bodiless DELETE sends no Content-Type, as the browser would.
  if (body === undefined && method === 'DELETE') delete headers['Content-Type'];
  return t.app.request(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** Cookies of a fresh signed-in session. */
async function signedIn(): Promise<string> {
  const user = await insertUser(t.db);
  const response = await call('POST', `${API_PREFIX}/sessions`, { email: user.email, password: user.password });
  expect(response.status).toBe(201);
  return cookieHeader(cookieJar(response));
}

async function json<T>(response: Response, schema: v.GenericSchema<unknown, T>): Promise<T> {
  expect(response.status).toBeLessThan(300);
  return v.parse(schema, await response.json());
}

async function someProduct() {
  const list = await json(await call('GET', `${API_PREFIX}/products?per_page=1`), ProductListResponseSchema);
  const summary = list.data[0];
  if (!summary) throw new Error('the seeded catalogue has no product');
  const detail = await json(await call('GET', `${API_PREFIX}/products/${summary.slug}`), ProductDetailResponseSchema);
  return detail.data;
}

let userCount = 0;
async function newUserId(): Promise<number> {
  userCount += 1;
  const created = await call('POST', `${API_PREFIX}/sandbox/users`, { name: `Docs ${userCount}`, email: `docs${userCount}@example.com` });
  return (await json(created, SandboxUserResponseSchema)).data.id;
}

/** A reset link as the email would carry it, written straight into the table. */
async function liveResetToken(): Promise<string> {
  const user = await insertUser(t.db);
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(passwordResets).values({ userId: user.id, tokenHash: createHash('sha256').update(token).digest('hex'), expiresAt: new Date(Date.now() + 600_000) });
  return token;
}

interface Example {
  params?: Record<string, string | number>;
  /** Query string without `?`. */
  query?: string;
  body?: unknown;
  /** Session cookies for endpoints that need a signed-in user. */
  cookie?: string;
  headers?: Record<string, string>;
}

/** A valid request for each operation of the OpenAPI document; an operation without one fails the test below. */
const EXAMPLES: Record<string, () => Promise<Example>> = {
  'brands.index': async () => ({}),
  'categories.index': async () => ({}),
  'products.index': async () => ({ query: 'category=makeup&sort=price_asc&page=1&per_page=5' }),
  'products.show': async () => ({ params: { slug: (await someProduct()).slug } }),
  'productFilters.index': async () => ({ query: 'category=makeup&brands=kirei-lab,sora-botanics&price_min=10&price_max=80&others=new&on_sale=true' }),
  'featuredProducts.create': async () => ({ body: { placement: 'home', limit: 4 } }),
  'search.index': async () => ({ query: 'q=fundation&sort=price_asc&page=1&per_page=5' }),
  'searchSuggestions.index': async () => ({ query: 'q=fou' }),
  'popularQueries.index': async () => ({}),
  'layouts.index': async () => ({}),
  'sandboxUsers.index': async () => ({}),
  'sandboxUsers.show': async () => ({ params: { id: await newUserId() } }),
  'sandboxUsers.create': async () => ({ body: { name: 'Ana', email: 'ana.docs@example.com' } }),
  'sandboxUsers.replace': async () => ({ params: { id: await newUserId() }, body: { name: 'Bea', email: 'bea.docs@example.com' } }),
  'sandboxUsers.update': async () => ({ params: { id: await newUserId() }, body: { name: 'Cy' } }),
  'sandboxUsers.delete': async () => ({ params: { id: await newUserId() } }),
  'media.productImage': async () => {
    const product = await someProduct();
    const variant = product.variants[0];
    if (!variant) throw new Error('a product without variants');
    return { params: { productId: product.id, file: `${variant.id}.svg` } };
  },
  'authToken.create': async () => ({ body: { grant_type: 'refresh_token', flow: 'client' }, cookie: await signedIn() }),
  'sessions.create': async () => {
    const user = await insertUser(t.db);
    return { body: { email: user.email, password: user.password } };
  },
  'sessions.delete': async () => ({ cookie: await signedIn() }),
  'sessionsAll.delete': async () => ({ cookie: await signedIn() }),
  'authSocial.create': async () => {
    const user = await insertUser(t.db);
    const subject = `docs-${user.id}`;
    await t.db.insert(userIdentities).values({ userId: user.id, issuer: issuer.issuer, subject });
    return { body: { provider: 'google', idToken: issuer.mint({ claims: { sub: subject } }) } };
  },
  'user.index': async () => ({ cookie: await signedIn() }),
  'user.create': async () => ({
    body: {
      email: `register.docs.${++userCount}@example.com`,
      password: 'Kaya toast 42',
      firstName: 'Mei',
      lastName: 'Tan',
      country: 'SG',
      consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: true },
      beautyPassTermsVariant: BEAUTY_PASS_TERMS.SG.variant,
    },
  }),
  'user.update': async () => ({ body: { firstName: 'Ana' }, cookie: await signedIn() }),
  'userPassword.replace': async () => {
    const user = await insertUser(t.db);
    const response = await call('POST', `${API_PREFIX}/sessions`, { email: user.email, password: user.password });
    return { body: { currentPassword: user.password, newPassword: 'Another secret 7' }, cookie: cookieHeader(cookieJar(response)) };
  },
  'account.index': async () => ({ cookie: await signedIn() }),
  'beautyProfile.index': async () => ({ cookie: await signedIn() }),
  'beautyProfile.replace': async () => ({
    body: { skinType: 'dry', skinConcerns: ['dullness'], hairType: null, hairConcerns: [], eyeColour: 'brown', skinTone: null, undertone: 'warm', finish: 'dewy' },
    cookie: await signedIn(),
  }),
  'passwordResets.create': async () => ({ body: { email: (await insertUser(t.db)).email } }),
  'passwordResets.show': async () => ({ params: { token: await liveResetToken() } }),
  'passwordResets.replace': async () => ({ params: { token: await liveResetToken() }, body: { password: 'Brand new 2026' } }),
  'sandboxEmails.index': async () => ({}),
  'sandboxVariants.update': async () => ({ params: { id: await stockedVariant() }, body: { stock: 7 } }),
  'userSegments.index': async () => {
    const staff = await insertUser(t.db, { role: 'staff' });
    const response = await call('POST', `${API_PREFIX}/sessions`, { email: staff.email, password: staff.password });
    return { cookie: cookieHeader(cookieJar(response)) };
  },
  // Reviews, waitlist, "Notify me" and live stock (issue 5).
  'variants.index': async () => ({ query: `product=${(await someProduct()).slug}` }),
  'reviews.index': async () => ({ params: { slug: (await someProduct()).slug }, query: 'sort=highest&page=1&per_page=5' }),
  'reviews.create': async () => ({
    params: { slug: (await someProduct()).slug },
    body: { rating: 5, title: 'Lovely', text: 'Soft, light and lasts all day.' },
    cookie: await signedIn(),
  }),
  'myReview.show': async () => ({ params: { slug: (await someProduct()).slug }, cookie: await signedIn() }),
  'waitlist.index': async () => ({ cookie: await signedIn() }),
  // Leaving works for any product (joining needs a sold-out or coming-soon one).
  'waitlist.update': async () => ({ params: { slug: (await someProduct()).slug }, body: { waitlisted: false }, cookie: await signedIn() }),
  'notificationSubscriptions.index': async () => ({ cookie: await signedIn() }),
  'notificationSubscriptions.create': async () => ({ body: { product: (await someProduct()).slug }, cookie: await signedIn() }),
  'notificationSubscriptions.subscribe': async () => ({ body: { product: (await someProduct()).slug, email: 'notify.docs@example.com' } }),
  // The bag and the wish list (issue 12).
  'cart.index': async () => ({}),
  'cartBag.show': async () => ({}),
  'cartItemsCount.show': async () => ({}),
  'cartLineItems.create': async () => ({ body: { variantId: await stockedVariant(), quantity: 1 } }),
  'cartLineItems.update': async () => {
    const { cookie, lineId } = await guestLine();
    return { params: { id: lineId }, body: { quantity: 2 }, cookie };
  },
  'cartLineItems.delete': async () => {
    const { cookie, lineId } = await guestLine();
    return { params: { id: lineId }, cookie };
  },
  'cartSamples.index': async () => ({}),
  'cartSamples.replace': async () => ({ body: { sampleIds: [SG_SAMPLE] } }),
  'cartOffers.index': async () => ({}),
  'cartOffers.create': async () => ({ body: { code: 'WELCOME10' }, cookie: (await guestLine()).cookie }),
  'cartOffers.delete': async () => ({ cookie: (await guestLine()).cookie }),
  'beautyPassOffers.index': async () => ({ cookie: await signedIn() }),
  'cartMerge.create': async () => ({ cookie: `${await signedIn()}; ${(await guestLine()).cookie}` }),
  'wishlist.index': async () => ({ cookie: await signedIn() }),
  'wishlist.update': async () => ({ body: { add: [{ productId: (await someProduct()).id }], remove: [] }, cookie: await signedIn() }),
  // Checkout and orders (issue 13).
  'checkoutOptions.show': async () => ({ cookie: (await guestLine()).cookie }),
  'checkoutOrders.create': async () => {
    const { cookie } = await guestLine();
    return { body: orderBody(await bagVersionOf(cookie)), cookie, headers: { 'Idempotency-Key': randomUUID() } };
  },
  'checkoutGiftCards.create': async () => {
    const { cookie } = await guestLine();
    const card = await issueGiftCard(t.db, { country: 'SG', amountMinor: 5_000, recipientEmail: 'check.docs@example.com' });
    return { body: { giftCards: [{ code: card.code, pin: card.pin }] }, cookie };
  },
  'checkoutOrderChallenges.create': async () => {
    const { cookie } = await guestLine();
    const response = await call('POST', `${API_PREFIX}/checkout/orders`, orderBody(await bagVersionOf(cookie), { payment: CARD(TEST_CARDS.challenge) }), cookie, { 'Idempotency-Key': randomUUID() });
    const { attempt } = v.parse(ChallengeRequiredSchema, await response.json()).data;
    return { body: { attempt, answer: TEST_CHALLENGE_PASS }, cookie };
  },
  'orders.index': async () => ({ query: 'page=1&per_page=5', cookie: (await memberOrder()).cookie }),
  'orders.show': async () => {
    const { cookie, number } = await memberOrder();
    return { params: { number }, cookie };
  },
  // E-gift cards (issue 13).
  'giftCardLines.create': async () => ({ body: giftCardPurchase() }),
  'giftCardLines.delete': async () => {
    const { cookie, id } = await giftCardLine();
    return { params: { id }, cookie };
  },
  'giftCardBalance.create': async () => {
    const card = await issueGiftCard(t.db, { country: 'SG', amountMinor: 5_000, recipientEmail: 'balance.docs@example.com' });
    return { body: { code: card.code, pin: card.pin } };
  },
  'orderLookups.create': async () => {
    const { cookie } = await guestLine();
    const placed = await call('POST', `${API_PREFIX}/checkout/orders`, orderBody(await bagVersionOf(cookie)), cookie, { 'Idempotency-Key': randomUUID() });
    const order = v.parse(OrderResponseSchema, await placed.json()).data;
    return { body: { number: order.number, email: order.email } };
  },
  // Happening (issue 14).
  'bookingActivities.index': async () => ({ query: 'kind=service&storeId=sg-ion-orchard' }),
  'bookingActivities.show': async () => ({ params: { id: 'signature-makeup' } }),
  'bookingQuestions.show': async () => ({ params: { id: 'signature-makeup' } }),
  'bookingAvailableSlots.show': async () => ({ params: { id: 'signature-makeup' }, query: 'storeId=sg-ion-orchard' }),
  'bookingTimeSlots.show': async () => ({ params: { id: 'signature-makeup' }, query: `storeId=sg-ion-orchard&date=${(await freeService()).date}` }),
  'reservationHolds.create': async () => ({ body: holdRequest('signature-makeup', 'sg-ion-orchard', (await freeService()).slot.startsAt) }),
  'reservations.create': async () => {
    const held = await hold(appTarget(t), 'signature-makeup', 'sg-ion-orchard', (await freeService()).slot.startsAt);
    return { body: { holdId: held.id, holdToken: held.token, details: DETAILS, answers: validAnswers('signature-makeup') } };
  },
  'reservations.index': async () => ({ cookie: await signedIn() }),
  'reservations.show': async () => {
    const booking = await guestBooking();
    return { params: { id: booking.confirmationNumber }, headers: { [BOOKING_KEY_HEADER]: booking.manageKey ?? '' } };
  },
  'reservations.delete': async () => {
    const booking = await guestBooking();
    return { params: { id: booking.confirmationNumber }, headers: { [BOOKING_KEY_HEADER]: booking.manageKey ?? '' } };
  },
  'reservationReschedules.create': async () => {
    const booking = await guestBooking();
    return { params: { id: booking.confirmationNumber }, body: { startsAt: (await freeService(48)).slot.startsAt, artistId: null }, headers: { [BOOKING_KEY_HEADER]: booking.manageKey ?? '' } };
  },
  'reservationContact.show': async () => ({ cookie: await signedIn() }),
  'reservationTimeSlots.index': async () => {
    const booking = await guestBooking();
    return { params: { id: booking.confirmationNumber }, query: `date=${(await freeService(48)).date}`, headers: { [BOOKING_KEY_HEADER]: booking.manageKey ?? '' } };
  },
  'reservationDays.index': async () => {
    const booking = await guestBooking();
    return { params: { id: booking.confirmationNumber }, query: `artistId=${booking.artist?.id ?? ''}`, headers: { [BOOKING_KEY_HEADER]: booking.manageKey ?? '' } };
  },
  'reservationLookups.create': async () => {
    const booking = await guestBooking();
    return { body: { confirmationNumber: booking.confirmationNumber, email: booking.email } };
  },
  'beautyClasses.index': async () => ({}),
  'beautyServices.index': async () => ({}),
  'bookingPages.index': async () => ({}),
  'happeningActivities.show': async () => ({ params: { id: 'bridal-trial' } }),
  'storeServiceActivities.index': async () => ({ query: 'storeId=sg-vivocity' }),
  'storeServiceActivityGroups.index': async () => ({}),
  'stores.index': async () => ({}),
  'stores.show': async () => ({ params: { id: 'sg-ion-orchard' } }),
  // Rewards, the Beauty Pass offers and cancelling an order (issue 15).
  'rewards.index': async () => ({ query: 'sort=points_desc', cookie: (await newMember(appTarget(t), { points: 500 })).cookie }),
  'bagRewards.create': async () => ({ body: { rewardId: (await rewardOf(appTarget(t), 'deluxe-serum-sample')).id }, cookie: (await newMember(appTarget(t), { points: 500 })).cookie }),
  'bagRewards.delete': async () => {
    const member = await newMember(appTarget(t), { points: 500 });
    const { id } = await rewardOf(appTarget(t), 'deluxe-serum-sample');
    await redeem(appTarget(t), member.cookie, id);
    return { params: { rewardId: id }, cookie: member.cookie };
  },
  'beautyPassProgramOffers.index': async () => ({}),
  'beautyPassProgramOffers.show': async () => ({ params: { code: 'BPGOLD20' } }),
  'orderCancellations.create': async () => {
    const { cookie, number } = await memberOrder();
    return { params: { number }, body: {}, cookie };
  },
  // The Beauty Pass member reads, the tier news seen, joining (issue 15): a seeded member, a fresh shopper joins.
  'beautyPass.index': async () => ({ cookie: await seededMember('gold-just-upgraded') }),
  'beautyPassPoints.index': async () => ({ query: 'page=1', cookie: await seededMember('rich') }),
  'beautyPassTierSeen.create': async () => ({ cookie: await seededMember('white-renewed') }),
  'beautyPassMembers.create': async () => ({ body: { beautyPassTerms: true }, cookie: await signedIn() }),
};

/** Cookies of a session of a seeded Beauty Pass member (src/server/db/seed/beauty-pass-members.ts). */
async function seededMember(key: string): Promise<string> {
  const response = await call('POST', `${API_PREFIX}/sessions`, { email: beautyPassSeedEmail(key), password: BEAUTY_PASS_SEED_PASSWORD });
  expect(response.status).toBe(201);
  return cookieHeader(cookieJar(response));
}

/** The first free time of a service at ION Orchard, at least `hoursAhead` from now (a booking changes only before its cut-off). */
async function freeService(hoursAhead = 0) {
  const [found] = await findSlots(appTarget(t), 'signature-makeup', 'sg-ion-orchard', 1, (slot) => Date.parse(slot.startsAt) > Date.now() + hoursAhead * 3_600_000);
  if (!found) throw new Error('no free time');
  return found;
}

/** A guest's booking two days ahead or more, with its manage key. */
async function guestBooking() {
  return book(appTarget(t), 'signature-makeup', 'sg-ion-orchard', (await freeService(48)).slot.startsAt, null, {}, { ...DETAILS, email: 'booking.docs@example.com' });
}

/** A guest bag holding one e-gift card: its cookie and the card line's id. */
async function giftCardLine(): Promise<{ cookie: string; id: number }> {
  const response = await call('POST', `${API_PREFIX}/cart/gift-cards`, giftCardPurchase());
  const id = (await json(response, CartResponseSchema)).data.giftCards?.[0]?.id;
  if (id === undefined) throw new Error('the bag has no e-gift card');
  return { cookie: cookieHeader(cookieJar(response)), id };
}

const giftCardPurchase = () => ({ amount: 50, recipientName: 'Aisha Rahman', recipientEmail: 'aisha.docs@example.com', senderName: 'Mei Ling', message: 'Happy birthday!', sendOn: todayIn('SG') });

async function bagVersionOf(cookie: string): Promise<number> {
  return (await json(await call('GET', `${API_PREFIX}/cart/bag`, undefined, cookie), CartResponseSchema)).data.version;
}

/** A signed-in member with one placed order: the session's cookies and the order number. */
async function memberOrder(): Promise<{ cookie: string; number: string }> {
  const session = await signedIn();
  const added = await call('POST', `${API_PREFIX}/cart/line-items`, { variantId: await stockedVariant(), quantity: 1 }, session);
  const version = (await json(added, CartResponseSchema)).data.version;
  const placed = await call('POST', `${API_PREFIX}/checkout/orders`, orderBody(version), session, { 'Idempotency-Key': randomUUID() });
  return { cookie: session, number: v.parse(OrderResponseSchema, await placed.json()).data.number };
}

/** The first seeded sample of Singapore (src/server/db/seed/cart.ts: ids by country, SG is the seventh). */
const SG_SAMPLE = 61;

async function stockedVariant(): Promise<number> {
  const product = await someProduct();
  // A coming-soon product cannot be added, whatever its stock.
  const variant = isOnSale(product) ? product.variants.find((v) => v.stock >= 5) : undefined;
  if (!variant) {
    const [row] = await t.db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(gte(variants.stock, 5), sql`not ('coming_soon' = any(${products.badges}))`))
      .limit(1);
    if (!row) throw new Error('no variant with stock in the seed');
    return row.id;
  }
  return variant.id;
}

/** A guest bag with one line: its cookie and the line's id. */
async function guestLine(): Promise<{ cookie: string; lineId: number }> {
  const response = await call('POST', `${API_PREFIX}/cart/line-items`, { variantId: await stockedVariant(), quantity: 1 });
  const bag = await json(response, CartResponseSchema);
  const lineId = bag.data.lines[0]?.id;
  if (lineId === undefined) throw new Error('the bag has no line');
  return { cookie: cookieHeader(cookieJar(response)), lineId };
}

const OPERATIONS = await apiOperations();
const DOCUMENT = await apiDocument();

/** The errors of a value against one of the document's schemas, one line each; undefined when it is valid. */
const errorsOf = schemaChecker(DOCUMENT);
/** The parameters of one place (`query`, `path`) as the schema of the object they make. */
function parametersSchema(operation: ApiOperation, place: 'query' | 'path'): JsonSchema {
  const list = operation.parameters.filter((parameter) => parameter.in === place);
  return { type: 'object', properties: Object.fromEntries(list.map((parameter) => [parameter.name, parameter.schema])), required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name) };
}

/** The full URL path of an operation with its parameters filled in: `/api/web/v1/products/lip-tint`. */
function operationUrl(operation: ApiOperation, params: Readonly<Record<string, string | number>> = {}): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${operation.path}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}/${path}`;
}

describe('every operation of the OpenAPI document is a real endpoint', () => {
  it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers a valid example with its documented status and response',
    async (_, operation: ApiOperation) => {
      const example = EXAMPLES[operation.id];
      if (!example) throw new Error(`no example request for ${operation.id}: add one to EXAMPLES`);
      const { params, query, body, cookie, headers } = await example();
      expect(Object.keys(params ?? {}).sort()).toEqual(pathParams(operation.path).sort());
      // The example must itself satisfy the documented input schemas, or the docs would mislead.
      expect(errorsOf(parametersSchema(operation, 'path'), Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, String(value)])))).toBeUndefined();
      const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
      if (query !== undefined) {
        expect(queryParameters.length, 'a query the document does not describe').toBeGreaterThan(0);
        expect(errorsOf(parametersSchema(operation, 'query'), Object.fromEntries(new URLSearchParams(query)))).toBeUndefined();
      } else expect(queryParameters).toEqual([]);
      if (body !== undefined) {
        expect(operation.body, 'a body the document does not describe').not.toBeNull();
        expect(errorsOf(operation.body ?? {}, body)).toBeUndefined();
      } else expect(operation.body).toBeNull();

      const url = operationUrl(operation, params) + (query ? `?${query}` : '');
      const response = await call(operation.method, url, body, cookie, headers);

      expect(response.status, await response.clone().text()).toBe(operation.status);
      if (operation.contentType === null) {
        expect(await response.text()).toBe('');
      } else {
        expect(response.headers.get('content-type')).toContain(operation.contentType);
      }
      if (operation.contentType === 'application/json') {
        expect(operation.response, 'a JSON answer without its schema').not.toBeNull();
        expect(errorsOf(operation.response ?? {}, await response.json())).toBeUndefined();
      } else if (operation.contentType === 'image/svg+xml') {
        expect(await response.text()).toMatch(/^<svg[\s>]/);
      } else {
        expect(operation.contentType).toBeNull();
      }
    },
  );
});

/** `/api/web/v1/products/:slug` and `products/{slug}` both become `products/{}`. */
function routeShape(path: string): string {
  return path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') || segment.includes('{') ? '{}' : segment))
    .join('/');
}

describe('the OpenAPI document lists every API route', () => {
  it('matches the routes the server mounts under the API prefix, both ways', () => {
    const mounted = t.app.routes
      // The OpenAPI document itself is not one of the endpoints it documents.
      .filter((route) => route.path.startsWith(`${API_PREFIX}/`) && !route.path.endsWith('*') && route.path !== `${API_PREFIX}/openapi.json`)
      .map((route) => `${route.method} ${routeShape(route.path.slice(API_PREFIX.length))}`);
    const documented = OPERATIONS.map((operation) => `${operation.method} ${routeShape(operation.path)}`);
    expect(mounted.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...new Set(mounted)].sort());
  });

  it('has unique ids and routes', () => {
    expect(new Set(OPERATIONS.map((e) => e.id)).size).toBe(OPERATIONS.length);
    expect(new Set(OPERATIONS.map((e) => `${e.method} ${routeShape(e.path)}`)).size).toBe(OPERATIONS.length);
  });

  it('names each operation as spec §7 defines it', () => {
    const methods: Record<Operation, string> = { index: 'GET', show: 'GET', create: 'POST', update: 'PATCH', replace: 'PUT', delete: 'DELETE' };
    for (const operation of OPERATIONS) {
      expect(operation.method, operation.id).toBe(methods[operation.operation]);
      const hasParams = pathParams(operation.path).length > 0;
      // A collection ends in its name, nested ones too (`products/{slug}/reviews`).
      if (operation.operation === 'index' || operation.operation === 'create') expect(/\{\w+\}$/.test(operation.path), operation.id).toBe(false);
      else if (operation.singular) expect(hasParams, operation.id).toBe(false);
      else expect(hasParams, operation.id).toBe(true);
      expect(operation.path).not.toMatch(/^\/|\/$/);
    }
  });
});

/**
 * What the document shows a developer of the contract's schemas: nested fields, the strings a
 * query is sent as, a recursive tree, optional and nullable fields (the hand-made page once walked
 * the valibot schemas for this; the generated document must show no less).
 */
describe('the schemas the OpenAPI document shows', () => {
  const operation = (id: string): ApiOperation => {
    const found = OPERATIONS.find((entry) => entry.id === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  };
  /** The schema at a path of property names, `[]` for array items, following component references. */
  const at = (schema: JsonSchema | null, path: string): JsonSchema | undefined => {
    let node: JsonSchema | undefined = schema ?? undefined;
    for (const step of path.split('.').flatMap((part) => part.split(/(?=\[\])/))) {
      const ref = node?.['$ref'];
      if (typeof ref === 'string') node = DOCUMENT.components.schemas[ref.slice('#/components/schemas/'.length)];
      node = step === '[]' ? (node?.['items'] as JsonSchema | undefined) : (node?.['properties'] as Record<string, JsonSchema> | undefined)?.[step];
    }
    return node;
  };
  const nullable = (schema: JsonSchema | undefined) => Array.isArray(schema?.['anyOf']) && (schema['anyOf'] as JsonSchema[]).some((branch) => branch['type'] === 'null');

  it('walks nested objects and arrays of a response', () => {
    const list = operation('products.index').response;
    expect(at(list, 'data')?.['type']).toBe('array');
    expect(at(list, 'data[].brand.slug')?.['type']).toBe('string');
    expect(at(list, 'data[].price.amount')?.['type']).toBe('number');
    const sale = at(list, 'data[].salePrice');
    expect(nullable(sale)).toBe(true);
    expect((sale?.['anyOf'] as JsonSchema[]).map((branch) => branch['type'])).toContain('object');
    expect(at(list, 'data[].badges[]')?.['enum']).toEqual(expect.arrayContaining(['new', 'out_of_stock']));
    expect(at(list, 'meta.totalPages')?.['type']).toBe('number');
  });

  it('documents query parameters as the strings the client sends, with their optionality', () => {
    const query = operation('products.index').parameters.filter((parameter) => parameter.in === 'query');
    expect(query.map((parameter) => parameter.name)).toEqual(['category', 'brand', 'brands', 'categories', 'price_min', 'price_max', 'others', 'on_sale', 'sort', 'page', 'per_page']);
    const byName = new Map(query.map((parameter) => [parameter.name, parameter]));
    // A comma list is sent as one string, not as the array the server turns it into.
    expect(byName.get('brands')?.schema['type']).toBe('string');
    expect(byName.get('per_page')?.schema['type']).toBe('string');
    expect(byName.get('per_page')?.required).toBeFalsy();
    expect(byName.get('sort')?.schema['enum']).toEqual(['featured', 'newest', 'price_desc', 'price_asc', 'top_rated']);
  });

  it('shows a recursive schema once, its repetition by reference', () => {
    const tree = operation('categories.index').response;
    const ref = at(tree, 'data[].children[]')?.['$ref'];
    expect(ref).toMatch(/^#\/components\/schemas\//);
    // The reference is the category itself: the same fields as the tree's items, children included.
    const repeated = DOCUMENT.components.schemas[String(ref).slice('#/components/schemas/'.length)];
    expect(Object.keys((repeated?.['properties'] as JsonSchema | undefined) ?? {})).toEqual(Object.keys((at(tree, 'data[]')?.['properties'] as JsonSchema | undefined) ?? {}));
    expect(Object.keys((repeated?.['properties'] as JsonSchema | undefined) ?? {})).toContain('children');
  });

  it('refuses what its schemas do not describe, so the checks above cannot pass vacuously', () => {
    expect(errorsOf(operation('products.index').response ?? {}, { data: [{ brand: { slug: 7 } }], meta: {} })).toBeDefined();
    expect(errorsOf(operation('categories.index').response ?? {}, { data: [{ id: 1, slug: 'a', path: 'a', name: 'A', level: 1, children: [{ id: 'x' }] }] })).toBeDefined();
    expect(errorsOf(operation('sandboxUsers.create').body ?? {}, { name: '', email: 'not an email' })).toBeDefined();
    expect(errorsOf(parametersSchema(operation('products.index'), 'query'), { sort: 'cheapest' })).toBeDefined();
  });

  it('marks the fields of a partial body optional and nullable fields nullable', () => {
    const patch = operation('sandboxUsers.update').body;
    expect(Object.keys(at(patch, 'name') ?? {}).length).toBeGreaterThan(0);
    expect(patch?.['required'] ?? []).toEqual([]);
    const legal = at(operation('layouts.index').response, 'data.footer.legal[]');
    expect(nullable(at(legal ?? null, 'section'))).toBe(true);
    expect(legal?.['required']).toContain('section');
  });
});

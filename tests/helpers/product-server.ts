import type { Variant } from '../../src/contract/catalog.ts';
import type { NotificationSubscription, Review, ReviewListResponse } from '../../src/contract/reviews.ts';

/** A review by `Mei L.`, dated `id` days before 30 May 2025 (so lower ids are newer). */
export const review = (id: number, rating: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating,
  title: `Review ${id}`,
  text: `Text of review ${id}.`,
  authorName: 'Mei L.',
  createdAt: new Date(Date.UTC(2025, 4, 30 - id)).toISOString(),
  ...extra,
});

export interface ProductServerCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The request's own `Cache-Control` (past the browser's copy), if any. */
  cacheControl?: string;
}

/** What the scripted server holds at the start of a test: variants, reviews, the waitlist … per product slug. */
export interface ProductServerData {
  variants: Record<string, Variant[]>;
  reviews: Record<string, Review[]>;
  mine: Record<string, Review | null>;
  waitlist: string[];
  subscriptions: NotificationSubscription[];
}

/** The scripted server; tests change it before or during a render and read the calls it answered. */
export interface ProductServer extends ProductServerData {
  /** Answers every call of `METHOD path` with this status and body instead, until the test deletes it (the client retries some statuses). */
  refuse: Map<string, { status: number; body: Record<string, unknown> }>;
  calls: ProductServerCall[];
}

/** What a test starts the server with: some of its data, and refusals that hold from the first call. */
export type ProductServerSetup = Partial<ProductServerData> & Partial<Pick<ProductServer, 'refuse'>>;

export function productServer(initial: ProductServerSetup = {}): ProductServer {
  return { variants: {}, reviews: {}, mine: {}, waitlist: [], subscriptions: [], refuse: new Map(), calls: [], ...initial };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function summaryOf(list: readonly Review[]): ReviewListResponse['summary'] {
  const histogram = [1, 2, 3, 4, 5].map((stars) => list.filter((r) => r.rating === stars).length);
  const sum = list.reduce((total, r) => total + r.rating, 0);
  return { average: list.length ? Math.round((sum * 10) / list.length) / 10 : 0, count: list.length, histogram };
}

/**
 * A `fetch` that answers the product page's endpoints (live variants, reviews, waitlist, "Notify
 * me") from `server`, the way the API does; anything else is a 404. The app's real API client runs
 * over it, so headers, retries and parsing are the ones shoppers get.
 */
export function productServerFetch(server: ProductServer): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/web\/v1\//, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const cacheControl = new Headers(init?.headers).get('cache-control');
    server.calls.push({ method, path, query: Object.fromEntries(url.searchParams), body, ...(cacheControl ? { cacheControl } : {}) });
    const refusal = server.refuse.get(`${method} ${path}`);
    if (refusal) {
      return json(refusal.status, { message: 'refused', status: refusal.status, ...refusal.body });
    }
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === 'variants') return json(200, { data: server.variants[url.searchParams.get('product') ?? ''] ?? [] });
    if ((match = /^products\/([^/]+)\/reviews\/mine$/.exec(path))) return json(200, { data: server.mine[match[1] ?? ''] ?? null });
    if ((match = /^products\/([^/]+)\/reviews$/.exec(path))) {
      const slug = match[1] ?? '';
      const list = server.reviews[slug] ?? [];
      if (method === 'POST') {
        const { rating, title, text } = body as { rating: number; title: string; text: string };
        const created = review(1000 + list.length, rating, { title, text, createdAt: new Date().toISOString() });
        server.reviews[slug] = [created, ...list];
        server.mine[slug] = created;
        return json(201, { data: created });
      }
      const sort = url.searchParams.get('sort') ?? 'newest';
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      const sorted = [...list].sort((a, b) =>
        sort === 'highest' ? b.rating - a.rating : sort === 'lowest' ? a.rating - b.rating : Date.parse(b.createdAt) - Date.parse(a.createdAt),
      );
      return json(200, {
        data: sorted.slice((page - 1) * perPage, page * perPage),
        meta: { page, perPage, total: list.length, totalPages: Math.ceil(list.length / perPage) },
        summary: summaryOf(list),
      });
    }
    if (method === 'GET' && path === 'waitlist') return json(200, { data: server.waitlist.map((slug, i) => ({ productId: i + 1, slug, createdAt: '2025-06-01T00:00:00.000Z' })) });
    if (method === 'PATCH' && (match = /^waitlist\/([^/]+)$/.exec(path))) {
      const slug = match[1] ?? '';
      const { waitlisted } = body as { waitlisted: boolean };
      server.waitlist = server.waitlist.filter((s) => s !== slug);
      if (waitlisted) server.waitlist.push(slug);
      return json(200, { data: { slug, waitlisted } });
    }
    if (method === 'POST' && path === 'notification-subscription') {
      const { product, variantId } = body as { product: string; variantId: number | null };
      const created = { id: server.subscriptions.length + 1, productSlug: product, variantId: variantId ?? null, createdAt: new Date().toISOString() };
      server.subscriptions.push(created);
      return json(201, { data: created });
    }
    if (method === 'POST' && path === 'notification-subscription/subscribe') return json(202, { message: 'ok' });
    return json(404, { message: 'Resource not found!', status: 404 });
  };
}

import { sql } from 'drizzle-orm';
import { COUNTRIES, type CountryCode, type Site } from '../../config/countries.ts';
import type { Cart } from '../../contract/cart.ts';
import { productImageUrl } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { readRows } from '../db/rows.ts';
import type { MergeNoticeEntry } from '../db/schema.ts';
import { computeBag, type LineRow, type OfferRow } from './bag.ts';
import { ownerSql, type CartOwner } from './owner.ts';

/*
 * Reads of the bag: the count for the header (one indexed query, no prices) and the whole bag
 * (the cart row, its lines joined with live stock, names and the country's prices, its samples).
 */

/** Today in the country's calendar (YYYY-MM-DD): offers are valid through their last day there. */
export function todayIn(country: CountryCode, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRIES[country].timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function ownerCondition(owner: CartOwner, country: CountryCode) {
  return ownerSql(owner, country, sql.raw('c'));
}

/** `cart/items-count`: units in the bag and its version, from the owner's unique index and the lines' (cart, variant) index. */
export async function itemsCount(db: Db, owner: CartOwner, country: CountryCode): Promise<{ count: number; version: number }> {
  const where = ownerCondition(owner, country);
  if (!where) return { count: 0, version: 0 };
  const [row] = await readRows<{ count: number; version: number }>(
    db,
    sql`select c.version, coalesce((select sum(l.quantity) from cart_lines l where l.cart_id = c.id), 0)::int as count from carts c where ${where}`,
  );
  return row ? { count: Number(row.count), version: Number(row.version) } : { count: 0, version: 0 };
}

interface CartRow {
  id: number;
  version: number;
  merge_notice: MergeNoticeEntry[] | string | null;
  chosen: number[] | string | null;
  offer: OfferRow | string | null;
  lines: RawLine[] | string | null;
}

type RawLine = [number, number, number, string, string, string, string, number, string, string, 'shade' | 'size', string | null, number, number | null, number | null];

/** PGlite's simple protocol answers json as text, node-postgres as parsed values. */
function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export interface ReadBagOptions {
  /** Clears the merge notice once it has been read (GET cart/bag and cart/ show it once). */
  consumeNotice?: boolean;
  now?: number;
}

/** The whole bag of the owner in the request's site; an empty bag (version 0) when there is none yet. */
export async function readBag(db: Db, owner: CartOwner, site: Site, options: ReadBagOptions = {}): Promise<Cart & { cartId: number | null }> {
  const { country, language } = site;
  // The points ledger arrives with issue 15: until then a member has 0 valid points and no expiry date.
  const member = owner.kind === 'member' ? { validPoints: 0, expiresOn: null } : null;
  const where = ownerCondition(owner, country);
  const empty = () => ({ ...computeBag({ country, language, version: 0, lines: [], chosenSamples: [], appliedOffer: null, member, mergeNotice: null }), cartId: null });
  if (!where) return empty();
  const today = todayIn(country, options.now);
  // One round trip: the cart, its lines with live stock, names and prices, its samples, its offer while still valid.
  const [row] = await readRows<CartRow>(
    db,
    sql`select c.id, c.version, c.merge_notice,
      (select coalesce(json_agg(s.sample_id order by s.sample_id), '[]'::json) from cart_samples s where s.cart_id = c.id) as chosen,
      (select json_build_object('id', o.id, 'code', o.code, 'title', o.title, 'description', o.description, 'kind', o.kind, 'value', o.value,
         'minimumSpendMinor', o.minimum_spend_minor, 'validTill', o.valid_till, 'tiers', o.tiers)
       from offers o where o.id = c.applied_offer_id and o.valid_till >= ${today}::date) as offer,
      (select coalesce(json_agg(json_build_array(l.id, l.quantity, p.id, p.slug, p.name ->> ${language}, b.slug, b.name, v.id, v.sku,
         v.name ->> ${language}, v.kind, v.color_hex, v.stock, pp.amount_minor, pp.sale_amount_minor) order by l.id), '[]'::json)
       from cart_lines l join variants v on v.id = l.variant_id join products p on p.id = v.product_id join brands b on b.id = p.brand_id
       left join product_prices pp on pp.product_id = p.id and pp.country_code = ${country}
       where l.cart_id = c.id) as lines
    from carts c where ${where}`,
  );
  if (!row) return empty();
  const lines: LineRow[] = (parsed(row.lines) ?? []).map((l) => ({
    id: l[0],
    quantity: l[1],
    productId: l[2],
    slug: l[3],
    productName: l[4],
    brandSlug: l[5],
    brandName: l[6],
    variantId: l[7],
    sku: l[8],
    variantName: l[9],
    kind: l[10],
    colorHex: l[11],
    stock: l[12],
    amountMinor: l[13],
    saleAmountMinor: l[14],
    imageUrl: productImageUrl(l[2], l[7]),
  }));
  const notice = parsed(row.merge_notice);
  let mergeNotice: Cart['mergeNotice'] = null;
  if (notice && notice.length > 0) {
    mergeNotice = await noticeNames(db, notice, site);
    // Shown once: the read that shows it clears it (a compare on the same value, so a newer notice stays).
    if (options.consumeNotice) await db.execute(sql`update carts set merge_notice = null where id = ${row.id} and merge_notice = ${JSON.stringify(notice)}::jsonb`);
  }
  const bag = computeBag({
    country,
    language,
    version: Number(row.version),
    lines,
    chosenSamples: parsed(row.chosen) ?? [],
    appliedOffer: parsed(row.offer),
    member,
    mergeNotice,
  });
  return { ...bag, cartId: row.id };
}

async function noticeNames(db: Db, notice: MergeNoticeEntry[], { language }: Site): Promise<NonNullable<Cart['mergeNotice']>> {
  const ids = notice.map((n) => n.variantId).filter((id) => Number.isSafeInteger(id));
  const rows =
    ids.length === 0
      ? []
      : await readRows<{ id: number; product: string; variant: string }>(
          db,
          sql`select v.id, p.name ->> ${language} as product, v.name ->> ${language} as variant from variants v join products p on p.id = v.product_id where v.id in (${sql.raw(ids.join(','))})`,
        );
  const names = new Map(rows.map((r) => [Number(r.id), r]));
  return notice.map((n) => ({ productName: names.get(n.variantId)?.product ?? '', variantName: names.get(n.variantId)?.variant ?? '', requested: n.requested, kept: n.kept }));
}

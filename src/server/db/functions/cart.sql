-- Repeatable: applied at every start after the migrations, under the start-up lock
-- (src/server/db/functions.ts), so each statement is `create or replace` and the same text runs on
-- PGlite and PostgreSQL. Change a function here, never in a migration; a migration only drops a
-- function or changes its arguments or result type, which `create or replace` cannot
-- (docs/decisions/029-sql-functions-repeatable.md).
--
-- The bag's hot paths as functions (budgets: add ≤ 20 ms, bag ≤ 15 ms, count ≤ 5 ms p99 at 10
-- connections). Planning the bag's read (five joins, three subqueries) cost ~0.6 ms per request on
-- PGlite, more than running it; PL/pgSQL keeps each statement's plan for the session, so a call is
-- planned once per connection. And an add becomes one statement, one round trip, one implicit
-- transaction instead of BEGIN, three statements and COMMIT.
--
-- Refusals are raised with SQLSTATEs of our own (class BP), so the whole statement rolls back
-- (never a half-written bag, and a bag created by a refused add goes with it); the server maps them
-- to its 4xx answers (src/server/cart/lines.ts):
--   BP400 the variant is not sold in the country        BP401 the member's account is gone
--   BP409 more than the stock or the line limit allows (DETAIL: {"allowed": n, "stock": n})
--   BP410 the bag holds the most lines it may           BP411 the product is not on sale yet (coming soon)

-- The bag as the server computes it from (src/server/cart/read.ts): the row, the chosen samples,
-- the applied offer while still valid on `p_today` (the country's calendar), the lines with live
-- stock, names in `p_language`, the prices of `p_country` (null when no longer sold there) and
-- whether the product is on sale (a line of a product switched to coming soon stays, marked, and
-- blocks checkout), and its e-gift cards, oldest first.
CREATE OR REPLACE FUNCTION "cart_bag_json"(p_cart integer, p_country text, p_language text, p_today date) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  result json;
BEGIN
  SELECT json_build_object(
    'id', c.id,
    'version', c.version,
    'mergeNotice', c.merge_notice,
    'chosen', (SELECT coalesce(json_agg(s.sample_id ORDER BY s.sample_id), '[]'::json) FROM cart_samples s WHERE s.cart_id = c.id),
    'offer', (SELECT json_build_object('id', o.id, 'code', o.code, 'title', o.title, 'description', o.description, 'kind', o.kind,
                'value', o.value, 'minimumSpendMinor', o.minimum_spend_minor, 'validTill', o.valid_till, 'tiers', o.tiers)
              FROM offers o WHERE o.id = c.applied_offer_id AND o.valid_till >= p_today),
    'lines', (SELECT coalesce(json_agg(json_build_array(l.id, l.quantity, p.id, p.slug, p.name ->> p_language, b.slug, b.name, v.id, v.sku,
                v.name ->> p_language, v.kind, v.color_hex, v.stock, pp.amount_minor, pp.sale_amount_minor,
                NOT ('coming_soon' = ANY(p.badges))) ORDER BY l.id), '[]'::json)
              FROM cart_lines l
              JOIN variants v ON v.id = l.variant_id
              JOIN products p ON p.id = v.product_id
              JOIN brands b ON b.id = p.brand_id
              LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.country_code = p_country
              WHERE l.cart_id = c.id),
    'giftCards', (SELECT coalesce(json_agg(json_build_array(g.id, g.amount_minor, g.recipient_name, g.recipient_email, g.sender_name, g.message,
                to_char(g.send_on, 'YYYY-MM-DD')) ORDER BY g.id), '[]'::json)
              FROM cart_gift_cards g WHERE g.cart_id = c.id))
  INTO result
  FROM carts c WHERE c.id = p_cart;
  RETURN result;
END
$$;

-- The owner's bag in a country: a member's by `p_user`, else a guest's by the token's sha256. Null: none yet.
CREATE OR REPLACE FUNCTION "cart_read"(p_user integer, p_token_hash text, p_country text, p_language text, p_today date) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_id integer;
BEGIN
  -- Two statements rather than one with OR: each keeps a plan on its own unique index.
  IF p_user IS NOT NULL THEN
    SELECT c.id INTO found_id FROM carts c WHERE c.user_id = p_user AND c.country_code = p_country;
  ELSE
    SELECT c.id INTO found_id FROM carts c WHERE c.guest_token_hash = p_token_hash AND c.country_code = p_country;
  END IF;
  IF found_id IS NULL THEN
    RETURN NULL;
  END IF;
  RETURN cart_bag_json(found_id, p_country, p_language, p_today);
END
$$;

-- `cart/items-count`, asked on every page view: the bag's units (each e-gift card one) and version,
-- null without a bag. One statement per kind of owner, each on that owner's unique index on carts,
-- then the lines' (cart, variant) one; PL/pgSQL plans each once per connection, which is what a
-- prepared statement gave (docs/decisions/028-one-query-module.md).
CREATE OR REPLACE FUNCTION "cart_items_count"(p_user integer, p_token_hash text, p_country text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_user IS NOT NULL THEN
    RETURN (SELECT json_build_object('version', c.version, 'count', coalesce((SELECT sum(l.quantity) FROM cart_lines l WHERE l.cart_id = c.id), 0) + (SELECT count(*) FROM cart_gift_cards g WHERE g.cart_id = c.id))
      FROM carts c WHERE c.user_id = p_user AND c.country_code = p_country);
  END IF;
  RETURN (SELECT json_build_object('version', c.version, 'count', coalesce((SELECT sum(l.quantity) FROM cart_lines l WHERE l.cart_id = c.id), 0) + (SELECT count(*) FROM cart_gift_cards g WHERE g.cart_id = c.id))
    FROM carts c WHERE c.guest_token_hash = p_token_hash AND c.country_code = p_country);
END
$$;

-- `POST cart/line-items`: adds `p_quantity` units of `p_variant` to the owner's bag in `p_country`
-- (created on the first write: a guest's with `p_token_hash`, which the caller made up when the
-- browser had no token) and answers {"version", "lineId", "bag"}: the bag after the write, as
-- `cart_bag_json`. The bag's row is locked first (FOR UPDATE), so the adds of one bag run one after
-- the other; each later statement of this VOLATILE function takes a new snapshot, so under READ
-- COMMITTED it sees every write committed before the lock was granted. The limits come from
-- src/config/cart.ts through the caller.
CREATE OR REPLACE FUNCTION "cart_add"(p_user integer, p_token_hash text, p_country text, p_variant integer, p_quantity integer,
  p_line_limit integer, p_bag_line_limit integer, p_language text, p_today date) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cart integer;
  variant_stock integer;
  product_badges text[];
  held integer;
  most integer;
  line_count integer;
  line integer;
  new_version integer;
BEGIN
  -- The bag usually exists: one statement. Otherwise it is created (a concurrent creator's insert
  -- makes this one wait and then do nothing) and locked.
  IF p_user IS NOT NULL THEN
    SELECT c.id INTO cart FROM carts c WHERE c.user_id = p_user AND c.country_code = p_country FOR UPDATE;
    IF cart IS NULL THEN
      -- Insert … select: no row for an account deleted meanwhile (instead of a foreign-key failure).
      INSERT INTO carts (country_code, user_id) SELECT p_country, u.id FROM users u WHERE u.id = p_user
        ON CONFLICT (user_id, country_code) DO NOTHING;
      SELECT c.id INTO cart FROM carts c WHERE c.user_id = p_user AND c.country_code = p_country FOR UPDATE;
      IF cart IS NULL THEN
        RAISE EXCEPTION 'the account is gone' USING ERRCODE = 'BP401';
      END IF;
    END IF;
  ELSE
    SELECT c.id INTO cart FROM carts c WHERE c.guest_token_hash = p_token_hash AND c.country_code = p_country FOR UPDATE;
    IF cart IS NULL THEN
      INSERT INTO carts (country_code, guest_token_hash) VALUES (p_country, p_token_hash) ON CONFLICT DO NOTHING;
      SELECT c.id INTO cart FROM carts c WHERE c.guest_token_hash = p_token_hash AND c.country_code = p_country FOR UPDATE;
      IF cart IS NULL THEN
        RAISE EXCEPTION 'the bag row was not created';
      END IF;
    END IF;
  END IF;

  -- The variant's stock where it is priced in the country (not found: not sold there), and its
  -- product's badges: a product announced as coming soon is not on sale yet, whatever its stock
  -- (the contract's `isOnSale`, which the product page and the cards follow).
  SELECT v.stock, p.badges INTO variant_stock, product_badges FROM variants v
    JOIN products p ON p.id = v.product_id
    JOIN product_prices pp ON pp.product_id = v.product_id AND pp.country_code = p_country
    WHERE v.id = p_variant;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'unknown variant' USING ERRCODE = 'BP400';
  END IF;
  IF 'coming_soon' = ANY(product_badges) THEN
    RAISE EXCEPTION 'not on sale yet' USING ERRCODE = 'BP411';
  END IF;
  SELECT l.quantity INTO held FROM cart_lines l WHERE l.cart_id = cart AND l.variant_id = p_variant;
  most := least(variant_stock, p_line_limit);
  IF coalesce(held, 0) + p_quantity > most THEN
    RAISE EXCEPTION 'quantity unavailable' USING ERRCODE = 'BP409',
      DETAIL = json_build_object('allowed', greatest(0, most - coalesce(held, 0)), 'stock', variant_stock)::text;
  END IF;
  IF held IS NULL THEN
    SELECT count(*) INTO line_count FROM cart_lines l WHERE l.cart_id = cart;
    IF line_count >= p_bag_line_limit THEN
      RAISE EXCEPTION 'the bag is full' USING ERRCODE = 'BP410';
    END IF;
  END IF;

  -- The lock already serialises the bag's writers; the upsert keeps the (cart, variant) pair unique all the same.
  INSERT INTO cart_lines (cart_id, variant_id, quantity) VALUES (cart, p_variant, p_quantity)
    ON CONFLICT (cart_id, variant_id) DO UPDATE SET quantity = cart_lines.quantity + excluded.quantity
    RETURNING id INTO line;
  UPDATE carts SET version = version + 1, updated_at = now() WHERE id = cart RETURNING version INTO new_version;
  RETURN json_build_object('version', new_version, 'lineId', line, 'bag', cart_bag_json(cart, p_country, p_language, p_today));
END
$$;

-- A product announced as coming soon is shown but not sold: the bag's add refuses it, in the same
-- statement that checks the stock, so no page (a stale one, another tab, a script) can put it in a
-- bag. `cart_add` as in migration 0007 (same arguments and answer), with one more refusal:
--   BP411 the product is not on sale yet (coming soon)    → 409 `not_on_sale` (src/server/cart/lines.ts)
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

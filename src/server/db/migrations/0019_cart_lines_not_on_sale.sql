-- A line of a product switched to coming soon after it was added stays in the bag, marked, and blocks
-- checkout until it is removed (src/server/cart/bag.ts: inventory `not_on_sale`), as an out-of-stock
-- line does: nothing the shopper chose is lost, and no order can take it. The bag as migration 0011's
-- `cart_bag_json` answers it, with one more element per line: whether its product is on sale (the
-- contract's `isOnSale`, the same test `cart_add` refuses with since migration 0018).
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

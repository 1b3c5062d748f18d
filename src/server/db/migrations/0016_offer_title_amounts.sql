-- Offer titles carry their amounts as placeholders ({amount}: the offer's value, for an amount
-- offer; {minimum}: its minimum spend), filled where the title is shown with the shopper's
-- locale and the country's currency: an amount stored inside a sentence was written in one
-- locale's way ("Rp60,000" in an Indonesian title, beside "Rp 960.000" formatted for id-ID).
-- The seeded offers that named amounts get the titles the seed now writes (src/server/db/seed/cart.ts).
UPDATE "offers" SET "title" = '{"en": "{amount} off orders over {minimum}", "zh": "滿 {minimum} 減 {amount}", "id": "Potongan {amount} untuk belanja di atas {minimum}", "th": "ลด {amount} เมื่อซื้อครบ {minimum}"}'::jsonb WHERE "code" = 'SPEND80';
--> statement-breakpoint
UPDATE "offers" SET "title" = '{"en": "Pink: {amount} welcome gift", "zh": "Pink：{amount} 迎新禮", "id": "Pink: hadiah sambutan {amount}", "th": "Pink: ของขวัญต้อนรับ {amount}"}'::jsonb WHERE "code" = 'BPPINK5';
--> statement-breakpoint
UPDATE "offers" SET "title" = '{"en": "Flash deal: {amount} off", "zh": "限時優惠：減 {amount}", "id": "Promo kilat: potongan {amount}", "th": "ดีลด่วน: ลด {amount}"}'::jsonb WHERE "code" = 'FLASH5';

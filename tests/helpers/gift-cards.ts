import type { CountryCode } from '../../src/config/countries.ts';
import { COUNTRIES } from '../../src/config/countries.ts';
import { addDays, todayIn } from '../../src/contract/calendar-day.ts';
import { type GiftCardPurchase } from '../../src/contract/gift-cards.ts';
import { hashGiftCardPin, newGiftCardCode } from '../../src/server/gift-cards/codes.ts';
import { cookieHeader, cookieJar } from './auth.ts';
import { cartCall, variantsWithStock, type CartTarget } from './cart.ts';

/** The country's date `days` from today, in its calendar. */
export function dayIn(country: CountryCode, days = 0): string {
  return addDays(todayIn(country), days);
}

/** A purchase that passes SG's rules: S$50, sent today. */
export function purchaseBody(overrides: Partial<GiftCardPurchase> = {}): GiftCardPurchase {
  return { amount: 50, recipientName: 'Aisha Rahman', recipientEmail: 'aisha@example.com', senderName: 'Mei Ling', message: 'Happy birthday!', sendOn: dayIn('SG'), ...overrides };
}

/** `POST cart/gift-cards` into the bag `cookie` names (a new guest bag without one); the cookie of the bag it went to. */
export async function addGiftCard(target: CartTarget, body: unknown, cookie?: string, country?: string): Promise<{ response: Response; cookie: string }> {
  const response = await cartCall(target, 'POST', '/cart/gift-cards', { body, ...(cookie ? { cookie } : {}), ...(country ? { country } : {}) });
  const set = cookieHeader(cookieJar(response));
  return { response, cookie: cookie ?? set };
}

/** A variant of `country` with stock whose product costs `amountMinor` there (no sale), distinct per `offset`. */
export async function pricedVariant(target: CartTarget, amountMinor: number, offset: number, country = 'SG'): Promise<number> {
  const [variant] = await variantsWithStock(target, 1, 500, offset, country);
  await target.query(
    `update product_prices set amount_minor = ${amountMinor}, sale_amount_minor = null, effective_minor = ${amountMinor} where country_code = '${country}' and product_id = (select product_id from variants where id = ${variant})`,
  );
  return variant ?? 0;
}

export interface TestCard {
  id: number;
  code: string;
  pin: string;
}

/** A card already delivered today in its country (its PIN set), written straight into the table: the code is random, the PIN `pin`. */
export async function cardWith(target: CartTarget, balanceMinor: number, { country = 'SG' as CountryCode, pin = '24681357', email }: { country?: CountryCode; pin?: string; email?: string } = {}): Promise<TestCard> {
  const code = newGiftCardCode();
  const hash = await hashGiftCardPin(pin);
  const [row] = await target.query<{ id: number }>(
    `insert into gift_cards (code, pin_hash, country_code, currency, initial_minor, balance_minor, recipient_name, recipient_email, sender_name, send_on, sent_at)
     values ('${code}', '${hash}', '${country}', '${COUNTRIES[country].currency}', ${balanceMinor}, ${balanceMinor}, 'Test', '${email ?? `card-${code}@example.com`}', 'Test', '${dayIn(country)}', now()) returning id`,
  );
  return { id: Number(row?.id), code, pin };
}

export async function balanceOf(target: CartTarget, id: number): Promise<number> {
  const [row] = await target.query<{ balance_minor: number }>(`select balance_minor from gift_cards where id = ${id}`);
  return Number(row?.balance_minor);
}

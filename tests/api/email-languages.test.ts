import { i18n as globalI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryCode, LanguageCode } from '../../src/config/countries.ts';
import type { ServerBag } from '../../src/server/cart/read.ts';
import { notifyBackInStock, subscribe } from '../../src/server/catalog/notifications.ts';
import { orderConfirmationEmail, type ConfirmationFacts } from '../../src/server/checkout/email.ts';
import { outboxEmails, products, variants } from '../../src/server/db/schema.ts';
import { compileMailCatalogs } from '../../src/server/mail/compile-catalogs.ts';
import { translator } from '../../src/server/mail/i18n.ts';
import { BACK_IN_STOCK, MAIL_MESSAGES } from '../../src/server/mail/messages.ts';
import type { EmailKind, OutgoingEmail } from '../../src/server/mail/outbox.ts';
import { backInStockEmail, passwordChangedEmail, passwordResetEmail, recipientLanguage, storeName, welcomeEmail } from '../../src/server/mail/templates.ts';
import en from '../../i18n/mail/en.json' with { type: 'json' };
import id from '../../i18n/mail/id.json' with { type: 'json' };
import th from '../../i18n/mail/th.json' with { type: 'json' };
import zhHant from '../../i18n/mail/zh-Hant.json' with { type: 'json' };
import { call, registration } from '../helpers/account.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** Each language in a country that offers it. */
const SITES: readonly { language: LanguageCode; country: CountryCode }[] = [
  { language: 'en', country: 'SG' },
  { language: 'zh', country: 'HK' },
  { language: 'id', country: 'ID' },
  { language: 'th', country: 'TH' },
];
const LANGUAGES = SITES.map((site) => site.language);

const COMPILED: Readonly<Record<LanguageCode, Record<string, unknown>>> = { en: en.messages, zh: zhHant.messages, id: id.messages, th: th.messages };

/** The emails this file covers (the e-gift card's texts are not in the catalogs yet). */
const KINDS = ['welcome', 'password-reset', 'password-changed', 'back-in-stock', 'order-confirmation'] as const satisfies readonly EmailKind[];
type Kind = (typeof KINDS)[number];

/** Words each email has in each language, in the subject and in the body: none of them is English but the English ones. */
const EXPECTED: Readonly<Record<Kind, Readonly<Record<LanguageCode, { subject: string; body: string }>>>> = {
  welcome: {
    en: { subject: 'Welcome to Beauty Pass Singapore', body: 'You are now a Beauty Pass member at the Pink tier' },
    zh: { subject: '歡迎加入 Beauty Pass 香港', body: '您現已成為 Beauty Pass 粉紅級會員' },
    id: { subject: 'Selamat datang di Beauty Pass Indonesia', body: 'anggota Beauty Pass tingkat Pink' },
    th: { subject: 'ยินดีต้อนรับสู่ Beauty Pass ประเทศไทย', body: 'สมาชิก Beauty Pass ระดับพิงค์' },
  },
  'password-reset': {
    en: { subject: 'Reset your Beauty Pass Singapore password', body: 'within 30 minutes' },
    zh: { subject: '重設您的 Beauty Pass 香港 密碼', body: '30 分鐘內' },
    id: { subject: 'Atur ulang kata sandi Beauty Pass Indonesia Anda', body: 'dalam 30 menit' },
    th: { subject: 'รีเซ็ตรหัสผ่าน Beauty Pass ประเทศไทย ของคุณ', body: 'ภายใน 30 นาที' },
  },
  'password-changed': {
    en: { subject: 'Your Beauty Pass Singapore password was changed', body: 'every device was signed out' },
    zh: { subject: '您的 Beauty Pass 香港 密碼已更改', body: '所有裝置均已登出' },
    id: { subject: 'Kata sandi Beauty Pass Indonesia Anda telah diubah', body: 'semua perangkat' },
    th: { subject: 'รหัสผ่าน Beauty Pass ประเทศไทย ของคุณถูกเปลี่ยนแล้ว', body: 'ออกจากระบบแล้ว' },
  },
  'back-in-stock': {
    en: { subject: 'Back in stock: Glow Serum (30 ml)', body: 'Glow Serum (30 ml) is back in stock at Beauty Pass Singapore' },
    zh: { subject: '已經補貨：Glow Serum（30 ml）', body: '已在 Beauty Pass 香港 重新有貨' },
    id: { subject: 'Tersedia kembali: Glow Serum (30 ml)', body: 'kembali tersedia di Beauty Pass Indonesia' },
    th: { subject: 'สินค้ากลับมาแล้ว: Glow Serum (30 ml)', body: 'กลับมามีจำหน่ายที่ Beauty Pass ประเทศไทย' },
  },
  'order-confirmation': {
    en: { subject: 'Beauty Pass Singapore: order SG1001 confirmed', body: 'Thank you for your order SG1001.' },
    zh: { subject: 'Beauty Pass 香港：訂單 HK1001 已確認', body: '多謝惠顧！您的訂單編號為 HK1001。' },
    id: { subject: 'Beauty Pass Indonesia: pesanan ID1001 dikonfirmasi', body: 'Terima kasih atas pesanan Anda ID1001.' },
    th: { subject: 'Beauty Pass ประเทศไทย: ยืนยันคำสั่งซื้อ TH1001 แล้ว', body: 'ขอบคุณสำหรับคำสั่งซื้อ TH1001' },
  },
};

/** Per country: one line's price in minor units and how it reads, with the order's date as the country's calendar and clock say it. */
const ORDER_FIGURES: Readonly<Record<CountryCode, { lineMinor: number; line: string; date: string } | undefined>> = {
  SG: { lineMinor: 9_180, line: 'S$91.80', date: '5 March 2026' },
  HK: { lineMinor: 49_800, line: 'HK$498.00', date: '2026年3月5日' },
  // Whole rupiah, Indonesian grouping.
  ID: { lineMinor: 25_000_000, line: 'Rp 250.000', date: '5 Maret 2026' },
  // The Buddhist era, as Thai dates are read.
  TH: { lineMinor: 129_000, line: '฿1,290.00', date: '5 มีนาคม 2569' },
  AU: undefined,
  MY: undefined,
  NZ: undefined,
  PH: undefined,
};
const PLACED_AT = new Date('2026-03-05T04:30:00Z');

function orderFacts(language: LanguageCode, country: CountryCode, overrides: Partial<ConfirmationFacts> = {}): ConfirmationFacts {
  const lineMinor = ORDER_FIGURES[country]?.lineMinor ?? 10_000;
  // Only what the email reads of the bag.
  const bag = { lines: [{ product: { brand: { name: 'Laneige' }, name: 'Lip Sleeping Mask' }, variant: { name: 'Berry' }, quantity: 2, lineTotal: { amount: lineMinor / 100 } }] } as unknown as ServerBag;
  return {
    number: `${country}1001`,
    email: 'ana@example.com',
    site: { language, country },
    bag,
    figures: { subtotalMinor: lineMinor, discountMinor: 500, shippingMinor: 0, totalMinor: lineMinor - 500, tax: { label: 'VAT', percent: 7, amountMinor: 300 }, points: 1234 } as ConfirmationFacts['figures'],
    delivery: { method: 'express', storeId: null, storeName: null, address: { fullName: 'Ana Cruz', phone: '+6591234567', line1: '1 Orchard Road', line2: '', city: 'City', state: '', postcode: '238823' } } as ConfirmationFacts['delivery'],
    payment: { method: 'card', provider: 'test', paymentId: 'pay_1', brand: 'visa', last4: '4242' } as ConfirmationFacts['payment'],
    points: 1234,
    placedAt: PLACED_AT,
    ...overrides,
  };
}

function render(kind: Kind, language: LanguageCode, country: CountryCode): OutgoingEmail {
  const user = { email: 'ana@example.com', firstName: 'Ana', country };
  switch (kind) {
    case 'welcome':
      return welcomeEmail(user, language, { beautyPassMember: true });
    case 'password-reset':
      return passwordResetEmail(user, language, { link: 'https://shop.example/reset_password?token=abc', validMinutes: 30 });
    case 'password-changed':
      return passwordChangedEmail(user, language);
    case 'back-in-stock':
      return backInStockEmail(user, language, { productName: 'Glow Serum', variantName: '30 ml', link: 'https://shop.example/products/glow-serum' });
    case 'order-confirmation':
      return orderConfirmationEmail(orderFacts(language, country));
  }
}

/** The text of a message outside its `{placeholders}` (plural branches are placeholders too), in pieces long enough to tell. */
function literalParts(message: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) parts.push(current);
      current = '';
      depth += 1;
    } else if (char === '}') depth -= 1;
    else if (depth === 0) current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part.length >= 8);
}

/** English texts a rendered email in `language` must not contain: those of every message that language translates differently. */
function englishLeaksIn(text: string, language: LanguageCode): string[] {
  if (language === 'en') return [];
  return MAIL_MESSAGES.filter((message) => JSON.stringify(COMPILED[language][message.id]) !== JSON.stringify(COMPILED.en[message.id]))
    .flatMap((message) => literalParts(message.id))
    // As words: "password" in a reset link's path is no English text.
    .filter((part) => new RegExp(`(?:^|[^\\p{L}_/])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}_])`, 'u').test(text));
}

describe('each email in each language', () => {
  for (const kind of KINDS) {
    for (const { language, country } of SITES) {
      it(`${kind} in ${language}: translated, every placeholder filled, no English left`, () => {
        const email = render(kind, language, country);
        const expected = EXPECTED[kind][language];
        expect(email.kind).toBe(kind);
        expect(email.subject).toContain(expected.subject);
        expect(email.text).toContain(expected.body);
        // The English subject is not what a shopper in another language gets.
        if (language !== 'en') expect(email.subject).not.toContain(EXPECTED[kind].en.subject);
        expect(englishLeaksIn(`${email.subject}\n${email.text}`, language)).toEqual([]);
        // No placeholder left unfilled, nothing missing rendered as text.
        expect(`${email.subject}\n${email.text}`).not.toMatch(/[{}]|undefined|null|NaN|\[object/);
        // Signed with the store's name in the language.
        expect(email.text.endsWith(storeName(country, language))).toBe(true);
        if (kind === 'welcome' || kind === 'password-reset' || kind === 'password-changed') expect(email.text).toContain('Ana');
        if (kind === 'password-reset') expect(email.text).toContain('https://shop.example/reset_password?token=abc');
        if (kind === 'back-in-stock') expect(email.text).toContain('https://shop.example/products/glow-serum');
      });
    }
  }
});

describe('the English check itself', () => {
  it('finds the English of an email written in English where Thai or Chinese was due', () => {
    for (const kind of KINDS) {
      expect(englishLeaksIn(render(kind, 'en', 'TH').text, 'th'), kind).not.toEqual([]);
      expect(englishLeaksIn(render(kind, 'en', 'HK').text, 'zh'), kind).not.toEqual([]);
    }
  });
});

describe('money and dates in the order confirmation', () => {
  for (const { language, country } of SITES) {
    it(`${language}-${country}: the country's currency as its shoppers write it, the date in the language and the country's calendar`, () => {
      const figures = ORDER_FIGURES[country];
      const text = orderConfirmationEmail(orderFacts(language, country)).text.replace(/\u00a0/g, ' ');
      expect(text).toContain(figures?.line);
      expect(text).toContain(figures?.date);
    });
  }

  it('the clock of the country: 04:30 UTC is 12:30 in Singapore and 11:30 in Bangkok', () => {
    expect(orderConfirmationEmail(orderFacts('en', 'SG')).text).toMatch(/12:30/);
    expect(orderConfirmationEmail(orderFacts('en', 'TH')).text).toMatch(/11:30/);
  });

  it('a language and a country apart: English in Thailand is baht, the Gregorian year and "Beauty Pass Thailand"', () => {
    const email = orderConfirmationEmail(orderFacts('en', 'TH'));
    expect(email.subject).toBe('Beauty Pass Thailand: order TH1001 confirmed');
    expect(email.text).toContain('฿1,290.00');
    expect(email.text).toContain('March 5, 2026');
    expect(email.text).not.toContain('2569');
  });

  it('points are counted in the language: "1 Beauty Pass point", "1,234 Beauty Pass points", "1.234 poin"', () => {
    expect(orderConfirmationEmail(orderFacts('en', 'SG', { points: 1 })).text).toContain('You earned 1 Beauty Pass point.');
    expect(orderConfirmationEmail(orderFacts('en', 'SG')).text).toContain('You earned 1,234 Beauty Pass points.');
    expect(orderConfirmationEmail(orderFacts('id', 'ID')).text).toContain('1.234 poin Beauty Pass');
  });

  it('payment and delivery in the language: a BNPL provider by its name, Click & Collect at a named store', () => {
    const email = orderConfirmationEmail(
      orderFacts('zh', 'HK', {
        payment: { method: 'atome', provider: 'test', paymentId: 'pay_2', brand: null, last4: null } as ConfirmationFacts['payment'],
        delivery: { method: 'click_collect', storeId: 'hk-central', storeName: 'Central', address: { fullName: '', phone: '', line1: '', line2: '', city: '', state: '', postcode: '' } } as ConfirmationFacts['delivery'],
      }),
    );
    expect(email.text).toContain('已使用 Atome 付款。');
    expect(email.text).toContain('門市自取：Central');
    expect(orderConfirmationEmail(orderFacts('th', 'TH', { payment: { method: 'card', provider: 'test', paymentId: 'p', brand: 'card', last4: '0005' } as ConfirmationFacts['payment'] })).text).toContain('ชำระเงินด้วย บัตร ที่ลงท้ายด้วย 0005');
  });
});

describe('languages at once', () => {
  it('renders interleaved across the four languages never mix: each email is in its own language', async () => {
    const rendered = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const site = SITES[index % SITES.length];
        if (!site) throw new Error('no site');
        await new Promise((resolve) => setTimeout(resolve, (index * 7) % 5));
        const welcome = welcomeEmail({ email: 'a@example.com', firstName: 'Ana', country: site.country }, site.language, { beautyPassMember: true });
        await Promise.resolve();
        const order = orderConfirmationEmail(orderFacts(site.language, site.country));
        return { site, welcome, order };
      }),
    );
    for (const { site, welcome, order } of rendered) {
      expect(welcome.subject).toBe(EXPECTED.welcome[site.language].subject);
      expect(order.subject).toBe(EXPECTED['order-confirmation'][site.language].subject);
      for (const other of LANGUAGES.filter((language) => language !== site.language)) {
        expect(welcome.text).not.toContain(EXPECTED.welcome[other].body);
        expect(order.text).not.toContain(EXPECTED['order-confirmation'][other].body);
      }
    }
    // Lingui's global instance is never switched by the server's emails.
    expect(globalI18n.locale).toBe('');
  });
});

describe('the catalogs', () => {
  it('every message is in every compiled catalog, and the English one says what the code says', () => {
    for (const message of MAIL_MESSAGES) {
      for (const language of LANGUAGES) expect(COMPILED[language][message.id], `${language}: ${message.id}`).toBeDefined();
      expect(COMPILED.en[message.id], message.id).toEqual(compileMessage(message.id));
    }
  });

  it('the compiled catalogs are what the .po files compile to (npm run i18n:compile)', async () => {
    const compiled = await compileMailCatalogs();
    expect(compiled.map((catalog) => catalog.locale).sort()).toEqual(['en', 'id', 'th', 'zh-Hant']);
    for (const catalog of compiled) {
      expect(catalog.missing, catalog.locale).toEqual([]);
      const file = { en, id, th, 'zh-Hant': zhHant }[catalog.locale];
      expect(JSON.parse(catalog.source), catalog.locale).toEqual(file);
    }
  });

  it('a message in no catalog is a programming error, not an email with an id in it', () => {
    expect(() => translator('th')({ id: 'Not a message of the emails' })).toThrow(/no message/);
  });

  it('the language of a recipient: theirs, else the first of their country, else English', () => {
    expect(recipientLanguage('TH', 'en')).toBe('en');
    expect(recipientLanguage('TH', 'xx')).toBe('th');
    expect(recipientLanguage('ID', null)).toBe('id');
    expect(recipientLanguage('SG', undefined)).toBe('en');
    expect(recipientLanguage('XX', 'de')).toBe('en');
  });
});

describe('through the API and the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedProducts: 20 });
  });
  afterAll(async () => {
    await t?.close();
  });
  const outbox = (to: string, kind: EmailKind) => t.db.select().from(outboxEmails).where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)));
  const headersOf = ({ language, country }: { language: LanguageCode; country: CountryCode }) => ({ 'Accept-Language': `${language}-${country}`, 'X-Site-Country': country.toLowerCase() });

  it('four registrations and resets at once, one per language: each welcome and reset email in the language of its request', async () => {
    const bodies = SITES.map((site) => ({ site, body: registration({}, site.country) }));
    const registered = await Promise.all(bodies.map(({ site, body }) => call(t.app, 'POST', '/user', { body, headers: headersOf(site) })));
    expect(registered.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const resets = await Promise.all(bodies.map(({ site, body }) => call(t.app, 'POST', '/password-resets', { body: { email: body['email'] }, headers: headersOf(site) })));
    expect(resets.map((response) => response.status)).toEqual([202, 202, 202, 202]);
    for (const { site, body } of bodies) {
      const [welcome] = await outbox(String(body['email']), 'welcome');
      expect(welcome?.subject).toBe(EXPECTED.welcome[site.language].subject);
      expect(welcome?.text).toContain('Mei');
      const [reset] = await outbox(String(body['email']), 'password-reset');
      expect(reset?.subject).toBe(EXPECTED['password-reset'][site.language].subject);
      expect(reset?.text).toMatch(/\/reset_password\?token=[A-Za-z0-9_-]{43}/);
    }
  });

  it('a member of Hong Kong registering in English gets English, with the store of Hong Kong', async () => {
    const body = registration({}, 'HK');
    expect((await call(t.app, 'POST', '/user', { body, headers: { 'Accept-Language': 'en-HK', 'X-Site-Country': 'hk' } })).status).toBe(201);
    const [welcome] = await outbox(String(body['email']), 'welcome');
    expect(welcome?.subject).toBe('Welcome to Beauty Pass Hong Kong');
  });

  it('back in stock: each subscriber in the language they subscribed in, with the product named in it; an unknown language → the country\'s', async () => {
    const [product] = await t.db.select({ id: products.id, slug: products.slug, name: products.name }).from(products).limit(1);
    if (!product) throw new Error('no product seeded');
    const [variant] = await t.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, product.id)).limit(1);
    if (!variant) throw new Error('no variant seeded');
    const stamp = Date.now();
    const subscribers = [...SITES, { language: 'xx', country: 'TH' as const }].map((site) => ({ ...site, email: `notify.${site.language}.${stamp}@example.com` }));
    for (const who of subscribers) await subscribe(t.db, { productId: product.id, variantId: null }, { email: who.email, userId: null, country: who.country, language: who.language as LanguageCode });
    await t.db.update(variants).set({ stock: 5 }).where(eq(variants.id, variant.id));
    expect(await notifyBackInStock(t.db, { variantId: variant.id }, { publicUrl: 'https://shop.example' })).toBe(subscribers.length);
    for (const who of subscribers) {
      const language = recipientLanguage(who.country, who.language);
      const [mail] = await outbox(who.email, 'back-in-stock');
      expect(mail?.subject, who.email).toBe(translator(language)(BACK_IN_STOCK.subject, { product: product.name[language] }));
      expect(mail?.text).toContain(storeName(who.country, language));
      expect(mail?.text).toContain(`https://shop.example/products/${product.slug}`);
    }
    const [fallback] = await outbox(`notify.xx.${stamp}@example.com`, 'back-in-stock');
    expect(fallback?.subject.startsWith('สินค้ากลับมาแล้ว: ')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_THRESHOLDS } from '../../src/config/cart.ts';
import { COUNTRIES, COUNTRY_CODES } from '../../src/config/countries.ts';
import { ConfigError, loadConfig } from '../../src/server/env.ts';
import { flattenCategories } from '../../src/server/db/seed/categories.ts';
import { brandRows, countryRows, generateProducts } from '../../src/server/db/seed/generate.ts';
import { localPriceMinor, salePriceMinor } from '../../src/server/db/seed/prices.ts';
import { productSvg } from '../../src/server/media/product-svg.ts';
import { PRODUCT_SHAPES } from '../../src/server/db/schema.ts';

describe('deterministic seed', () => {
  it('generates identical rows on every run', () => {
    const first = [...generateProducts(300)];
    const second = [...generateProducts(300)];
    expect(second).toEqual(first);
    // A bigger catalogue starts with the smaller one, so ids and slugs stay stable across sizes.
    expect([...generateProducts(310)].slice(0, 300)).toEqual(first);
  });

  it('gives unique slugs and SKUs, 1–8 shades or 1–3 sizes, and a price per country', () => {
    const bundles = [...generateProducts(2000)];
    expect(new Set(bundles.map((b) => b.product.slug)).size).toBe(2000);
    const skus = bundles.flatMap((b) => b.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const { product, variants, prices } of bundles) {
      const kind = variants[0]?.kind;
      expect(variants.every((v) => v.kind === kind)).toBe(true);
      expect(variants.length).toBeGreaterThanOrEqual(1);
      expect(variants.length).toBeLessThanOrEqual(kind === 'shade' ? 8 : 3);
      expect(product.totalStock).toBe(variants.reduce((sum, v) => sum + v.stock, 0));
      expect(prices.map((p) => p.countryCode)).toEqual([...COUNTRY_CODES]);
      for (const price of prices) {
        if (price.saleAmountMinor !== null) expect(price.saleAmountMinor).toBeLessThan(price.amountMinor);
        expect(price.effectiveMinor).toBe(price.saleAmountMinor ?? price.amountMinor);
      }
      for (const text of [product.name, product.description, product.ingredients, product.howToUse]) {
        expect(Object.keys(text).sort()).toEqual(['en', 'id', 'th', 'zh']);
        expect(text.th).toMatch(/[\u0e00-\u0e7f]/);
        expect(text.zh).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    const sgd = bundles.map((b) => (b.prices.find((p) => p.countryCode === 'SG')?.amountMinor ?? 0) / 100);
    expect(Math.min(...sgd)).toBeGreaterThanOrEqual(19);
    expect(Math.max(...sgd)).toBeLessThanOrEqual(120);
  });

  it('has enough brands and a 3-level category tree with translated names', () => {
    expect(brandRows().length).toBeGreaterThanOrEqual(40);
    const categories = flattenCategories();
    expect(categories.length).toBeGreaterThanOrEqual(60);
    expect(new Set(categories.map((c) => c.path)).size).toBe(categories.length);
    expect(categories.every((c) => (c.level === 3) === (c.leaf !== undefined))).toBe(true);
    for (const c of categories) {
      expect(c.name.th).toMatch(/[\u0e00-\u0e7f]/);
      expect(c.name.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('copies the countries of src/config, with HK marked as an assumed threshold', () => {
    const rows = countryRows();
    for (const row of rows) {
      const config = COUNTRIES[row.code as keyof typeof COUNTRIES];
      expect(row.currency).toBe(config.currency);
      expect(row.freeShippingThresholdMinor).toBe(FREE_SHIPPING_THRESHOLDS[config.code].amount * 100);
      expect(row.thresholdAssumed).toBe(row.code === 'HK');
    }
  });

  it('rounds to local price points', () => {
    expect(localPriceMinor('SG', 40)).toBe(3990);
    expect(localPriceMinor('ID', 40)).toBe(48_000_000);
    expect(localPriceMinor('TH', 40)).toBe(104_000);
    expect(localPriceMinor('HK', 40)).toBe(23_000);
    expect(salePriceMinor('SG', 3990, 20)).toBe(3090);
    expect(salePriceMinor('ID', 48_000_000, 25) % 100_000).toBe(0);
  });
});

describe('product images', () => {
  it('draws every shape, escaping the brand name', () => {
    for (const shape of PRODUCT_SHAPES) {
      const svg = productSvg({ productId: 7, shape, brandName: 'Petal & <Pine>', colorHex: '#b3122e' });
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 400 400"/);
      expect(svg).toContain('#b3122e');
      expect(svg).toContain('PETAL &#38; &#60;PINE&#62;');
      expect(svg).not.toContain('<PINE>');
    }
    expect(productSvg({ productId: 1, shape: 'jar', brandName: 'X', colorHex: null })).toBe(productSvg({ productId: 1, shape: 'jar', brandName: 'X', colorHex: null }));
  });
});

describe('environment', () => {
  it('uses defaults', () => {
    expect(loadConfig({})).toEqual({ port: 8080, dataDir: '.data/', databaseUrl: null, seedProducts: 2000, pageCacheBytes: 32 * 1024 * 1024, giftCardIntervalMs: null, shutdown: { delayMs: 0, timeoutMs: 10_000 } });
    expect(loadConfig({ GIFT_CARD_SEND_INTERVAL_MS: '' }).giftCardIntervalMs).toBeNull();
  });

  it('reads valid values', () => {
    expect(loadConfig({ PORT: '0', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u:p@localhost:5432/db', SEED_PRODUCTS: '100000', PAGE_CACHE_MB: '0', SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' })).toEqual({
      port: 0,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@localhost:5432/db',
      seedProducts: 100_000,
      pageCacheBytes: 0,
      giftCardIntervalMs: null,
      shutdown: { delayMs: 5_000, timeoutMs: 30_000 },
    });
    expect(loadConfig({ PAGE_CACHE_MB: '64' }).pageCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ GIFT_CARD_SEND_INTERVAL_MS: ' 1000 ' }).giftCardIntervalMs).toBe(1000);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', SEED_PRODUCTS: '100001', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('PORT="eighty": PORT must be a whole number between 0 and 65535');
      expect(message).toContain('SEED_PRODUCTS="100001": SEED_PRODUCTS must be at most 100000');
      expect(message).toContain('DATABASE_URL');
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT must be at most 65535');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'ten seconds' })).toThrow('SHUTDOWN_TIMEOUT_MS must be a whole number');
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '120001' })).toThrow('SHUTDOWN_DELAY_MS must be at most 120000');
    expect(() => loadConfig({ SEED_PRODUCTS: '-5' })).toThrow('SEED_PRODUCTS must be a whole number');
    expect(() => loadConfig({ PAGE_CACHE_MB: '2048' })).toThrow('PAGE_CACHE_MB must be at most 1024');
    expect(() => loadConfig({ GIFT_CARD_SEND_INTERVAL_MS: '10' })).toThrow('GIFT_CARD_SEND_INTERVAL_MS must be at least 1000');
    expect(() => loadConfig({ GIFT_CARD_SEND_INTERVAL_MS: 'soon' })).toThrow('GIFT_CARD_SEND_INTERVAL_MS must be a whole number between 1000 and 86400000');
  });
});

import { describe, expect, test } from 'vitest';
import { countryChangeUrl, languageChangeUrl, parseCookies, resolveSite, siteCookieStrings } from '../../src/web/shared/site/resolve.ts';

describe('resolveSite: order of precedence', () => {
  test('defaults to Singapore in English with nothing set', () => {
    expect(resolveSite({ search: '', cookie: '' })).toEqual({ kind: 'site', site: { country: 'SG', language: 'en' }, persist: {} });
  });

  test('a country with no language falls to its first language', () => {
    expect(resolveSite({ search: '?country_code=th', cookie: '' })).toMatchObject({ site: { country: 'TH', language: 'th' } });
    expect(resolveSite({ search: '?country_code=id', cookie: '' })).toMatchObject({ site: { country: 'ID', language: 'id' } });
  });

  test('cookies are used when the query is silent', () => {
    expect(resolveSite({ search: '', cookie: 'locale=hk; language=lng_zh' })).toEqual({ kind: 'site', site: { country: 'HK', language: 'zh' }, persist: {} });
  });

  test('the query wins over the cookies and is persisted', () => {
    const result = resolveSite({ search: '?country_code=TH&language=en', cookie: 'locale=hk; language=lng_zh' });
    expect(result).toEqual({ kind: 'site', site: { country: 'TH', language: 'en' }, persist: { country: 'TH', language: 'en' } });
  });

  test('language_code is accepted when language is absent', () => {
    expect(resolveSite({ search: '?country_code=hk&language_code=zh', cookie: '' })).toMatchObject({ site: { country: 'HK', language: 'zh' } });
  });

  test('a query language beats the language cookie', () => {
    expect(resolveSite({ search: '?language=en', cookie: 'locale=th; language=lng_th' })).toMatchObject({ site: { country: 'TH', language: 'en' }, persist: { language: 'en' } });
  });

  test('a language the country does not offer falls back to the country default and is not stored', () => {
    const result = resolveSite({ search: '?country_code=sg&language=th', cookie: '' });
    expect(result).toEqual({ kind: 'site', site: { country: 'SG', language: 'en' }, persist: { country: 'SG' } });
    expect(resolveSite({ search: '', cookie: 'locale=my; language=lng_zh' })).toMatchObject({ site: { country: 'MY', language: 'en' } });
  });

  test('a language cookie without the lng_ prefix is ignored', () => {
    expect(resolveSite({ search: '', cookie: 'locale=th; language=en' })).toMatchObject({ site: { country: 'TH', language: 'th' } });
  });

  test('an unsupported country from the query or the cookie asks for the welcome screen', () => {
    expect(resolveSite({ search: '?country_code=us', cookie: 'locale=sg' })).toEqual({ kind: 'unsupported', requestedCountry: 'US', language: 'en' });
    expect(resolveSite({ search: '', cookie: 'locale=fr' })).toMatchObject({ kind: 'unsupported', requestedCountry: 'FR' });
    expect(resolveSite({ search: '?country_code=us&language=th', cookie: '' })).toMatchObject({ kind: 'unsupported', language: 'th' });
  });
});

describe('cookies', () => {
  test('values are lower-case country and lng_ language, 365 days, path /, Lax', () => {
    expect(siteCookieStrings({ country: 'TH', language: 'th' }, 365 * 86400)).toEqual([
      'locale=th; Max-Age=31536000; Path=/; SameSite=Lax',
      'language=lng_th; Max-Age=31536000; Path=/; SameSite=Lax',
    ]);
    expect(siteCookieStrings({}, 1)).toEqual([]);
  });

  test('parseCookies keeps the first of duplicate names and decodes values', () => {
    expect(parseCookies('a=1; b=x%20y; a=2; junk')).toEqual({ a: '1', b: 'x y' });
  });
});

describe('reload targets', () => {
  test('a non-default language is carried in ?language=, the default drops it', () => {
    const url = new URL('http://shop.test/products/x?language=en&country_code=th&sort=newest');
    expect(languageChangeUrl(url, { country: 'TH', language: 'en' }, 'th')).toBe('/products/x?sort=newest');
    expect(languageChangeUrl(new URL('http://shop.test/'), { country: 'HK', language: 'en' }, 'zh')).toBe('/?language=zh');
  });

  test('a country change drops the site parameters', () => {
    expect(countryChangeUrl(new URL('http://shop.test/categories/makeup?country_code=sg&language_code=en&page=2'))).toBe('/categories/makeup?page=2');
  });
});

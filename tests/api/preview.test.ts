import { count } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, UserSegmentListSchema } from '../../src/contract/account.ts';
import { LayoutSchema } from '../../src/contract/layouts.ts';
import { announcements, userSegments } from '../../src/server/db/schema.ts';
import { ANNOUNCEMENT_ROWS, SEGMENT_ROWS, seedContent } from '../../src/server/db/seed/content.ts';
import { call, signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
let staff = '';
let shopper = '';
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0 });
  const staffUser = await insertUser(t.db, { role: 'staff' });
  const shopperUser = await insertUser(t.db);
  staff = await signIn(t.app, staffUser.email, staffUser.password);
  shopper = await signIn(t.app, shopperUser.email, shopperUser.password);
});
afterAll(async () => {
  await t?.close();
});

/** Every language's text of the announcements the public must never see: drafts and segment-only ones. */
const HIDDEN_TEXTS = ANNOUNCEMENT_ROWS.filter((row) => row.status === 'draft' || row.segmentKey !== 'all').flatMap((row) => Object.values(row.text));
const textOf = (predicate: (row: (typeof ANNOUNCEMENT_ROWS)[number]) => boolean, language: 'en' | 'th' | 'id' | 'zh') =>
  ANNOUNCEMENT_ROWS.filter(predicate).map((row) => row.text[language]);

function layout(options: { cookie?: string; headers?: Record<string, string>; query?: string } = {}) {
  return call(t.app, 'GET', `/layouts${options.query ? `?${options.query}` : ''}`, {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

async function announcementTexts(response: Response): Promise<string[]> {
  const { data } = v.parse(LayoutSchema, await response.json());
  return (data.announcements ?? []).map((announcement) => announcement.text);
}

describe('public GET layouts: announcements', () => {
  it('SG in English: the 1 global and 1 Singapore announcement, published only; cacheable, varying on X-Preview-Mode', async () => {
    const response = await layout();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('vary')).toContain('X-Preview-Mode');
    const body = await response.text();
    const texts = await announcementTexts(new Response(body));
    expect(texts).toEqual(['Beauty Pass members earn points on every purchase', 'Free delivery in Singapore on orders over S$35']);
    for (const hidden of HIDDEN_TEXTS) expect(body).not.toContain(hidden);
    expect(JSON.parse(body).data.preview).toBeUndefined();
  });

  it.each([
    ['th', 'th-TH', 'th', 'Thailand'],
    ['id', 'id-ID', 'id', 'Indonesia'],
    ['hk', 'zh-HK', 'zh', 'Hong Kong'],
  ] as const)('country %s with %s: texts in %s, the %s announcement and not Singapore\'s', async (country, acceptLanguage, language, name) => {
    const texts = await announcementTexts(await layout({ headers: { 'X-Site-Country': country, 'Accept-Language': acceptLanguage } }));
    const countryRow = ANNOUNCEMENT_ROWS.find((row) => row.status === 'published' && row.segmentKey === 'all' && row.countries?.includes(country.toUpperCase() as 'TH'));
    expect(countryRow?.text.en).toContain(name);
    expect(texts).toEqual([ANNOUNCEMENT_ROWS[0]?.text[language], countryRow?.text[language]]);
  });
});

describe('staff preview (X-Preview-Mode, Accept-Language locale-COUNTRY, user_segments)', () => {
  it('staff, th-TH, 2 segments: drafts and segment announcements in Thai for TH, no-store, the options echoed', async () => {
    const response = await layout({
      cookie: staff,
      headers: { 'X-Preview-Mode': 'true', 'Accept-Language': 'th-TH' },
      query: 'user_segments=beauty-pass-gold,lapsed-customers',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = v.parse(LayoutSchema, await response.json());
    expect(data.preview).toEqual({ segments: ['beauty-pass-gold', 'lapsed-customers'], locale: 'th', country: 'TH' });
    const shown = (data.announcements ?? []).map((announcement) => [announcement.segment, announcement.status, announcement.text]);
    const expected = ANNOUNCEMENT_ROWS.filter(
      (row) => ['all', 'beauty-pass-gold', 'lapsed-customers'].includes(row.segmentKey) && (row.countries === null || row.countries.includes('TH')),
    ).map((row) => [row.segmentKey, row.status, row.text.th]);
    expect(shown).toEqual(expected);
    expect(shown.filter(([, status]) => status === 'draft')).toHaveLength(2);
    expect(shown.map(([, , text]) => text)).toContain('ฉบับร่าง เซลกลางปี: สิทธิ์ช้อปก่อนเปิดเร็วๆ นี้');
    // Navigation follows the preview language too.
    expect(data.header.navigation.length).toBeGreaterThan(0);
  });

  it('staff without segments sees the everyone drafts only; a Bearer token works like the cookies', async () => {
    const jwt = new Map(staff.split('; ').map((pair) => pair.split('=') as [string, string]));
    const bearer = `${jwt.get('jwt-data')}.${jwt.get('jwt-signature')}`;
    const response = await layout({ headers: { 'X-Preview-Mode': 'true', 'Accept-Language': 'en-SG', Authorization: `Bearer ${bearer}` } });
    expect(response.status).toBe(200);
    expect(await announcementTexts(response)).toEqual([
      'Beauty Pass members earn points on every purchase',
      'Free delivery in Singapore on orders over S$35',
      'DRAFT Mid-year sale: early access opens soon',
    ]);
  });

  it('an unknown or malformed segment → 400 query.user_segments', async () => {
    for (const query of ['user_segments=vip-secret', 'user_segments=Bad%20Key']) {
      const response = await layout({ cookie: staff, headers: { 'X-Preview-Mode': 'true' }, query });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual(['query.user_segments']);
    }
  });

  const MODES = [undefined, 'true', 'TRUE', '1', 'yes', 'false'];
  const SEGMENT_QUERIES = [undefined, 'user_segments=beauty-pass-gold,lapsed-customers', 'user_segments='];
  const LANGUAGES = ['en-SG', 'th-TH'];
  const COMBINATIONS = MODES.flatMap((mode) => SEGMENT_QUERIES.flatMap((query) => LANGUAGES.map((language) => ({ mode, query, language }))));
  const signalsPreview = ({ mode, query }: (typeof COMBINATIONS)[number]) => (mode !== undefined && mode !== 'false') || query !== undefined;

  it(`shopper: ${COMBINATIONS.length} combinations of preview headers → 403 "${ACCOUNT_MESSAGES.previewForStaff}" (the public layout when none asks for preview), never a draft or segment text`, async () => {
    let refused = 0;
    for (const combination of COMBINATIONS) {
      const headers: Record<string, string> = { 'Accept-Language': combination.language };
      if (combination.mode !== undefined) headers['X-Preview-Mode'] = combination.mode;
      const response = await layout({ cookie: shopper, headers, ...(combination.query ? { query: combination.query } : {}) });
      const body = await response.text();
      if (signalsPreview(combination)) {
        expect(response.status, JSON.stringify(combination)).toBe(403);
        expect(JSON.parse(body)).toEqual({ message: ACCOUNT_MESSAGES.previewForStaff, status: 403 });
        expect(response.headers.get('cache-control')).toBe('no-store');
        refused += 1;
      } else {
        expect(response.status, JSON.stringify(combination)).toBe(200);
      }
      for (const hidden of HIDDEN_TEXTS) expect(body, JSON.stringify(combination)).not.toContain(hidden);
    }
    expect(refused).toBe(COMBINATIONS.length - 2 * LANGUAGES.length);
  });

  it('anonymous with X-Preview-Mode or user_segments → 401 "Authentication failed", no draft text', async () => {
    for (const options of [{ headers: { 'X-Preview-Mode': 'true' } }, { query: 'user_segments=beauty-pass-gold' }]) {
      const response = await layout(options);
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({ message: 'Authentication failed', status: 401 });
      for (const hidden of HIDDEN_TEXTS) expect(body).not.toContain(hidden);
    }
  });

  it('after a staff preview, the anonymous public layout still has 0 drafts', async () => {
    expect((await layout({ cookie: staff, headers: { 'X-Preview-Mode': 'true' }, query: 'user_segments=beauty-pass-black' })).status).toBe(200);
    const body = await (await layout()).text();
    for (const hidden of HIDDEN_TEXTS) expect(body).not.toContain(hidden);
  });
});

describe('GET sea-falcon/all-user-segments', () => {
  it('anonymous → 401, shopper → 403, staff → the 7 seeded segments', async () => {
    expect((await call(t.app, 'GET', '/sea-falcon/all-user-segments')).status).toBe(401);
    const refused = await call(t.app, 'GET', '/sea-falcon/all-user-segments', { cookie: shopper });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: ACCOUNT_MESSAGES.previewForStaff, status: 403 });
    const response = await call(t.app, 'GET', '/sea-falcon/all-user-segments', { cookie: staff });
    expect(response.status).toBe(200);
    const { data } = v.parse(UserSegmentListSchema, await response.json());
    expect(data.map((segment) => segment.key).sort()).toEqual(SEGMENT_ROWS.map((segment) => segment.key).sort());
  });
});

describe('content seed', () => {
  it(`is idempotent: run again, still ${SEGMENT_ROWS.length} segments and ${ANNOUNCEMENT_ROWS.length} announcements`, async () => {
    await seedContent(t.db);
    expect((await t.db.select({ n: count() }).from(userSegments))[0]?.n).toBe(SEGMENT_ROWS.length);
    expect((await t.db.select({ n: count() }).from(announcements))[0]?.n).toBe(ANNOUNCEMENT_ROWS.length);
  });

  it('holds at least 2 drafts and 4 segment-only announcements, each with text in all 4 languages', () => {
    expect(ANNOUNCEMENT_ROWS.filter((row) => row.status === 'draft').length).toBeGreaterThanOrEqual(2);
    expect(ANNOUNCEMENT_ROWS.filter((row) => row.segmentKey !== 'all').length).toBeGreaterThanOrEqual(4);
    for (const row of ANNOUNCEMENT_ROWS) expect(Object.keys(row.text).sort()).toEqual(['en', 'id', 'th', 'zh']);
    expect(textOf((row) => row.status === 'draft', 'en').every((text) => text.startsWith('DRAFT'))).toBe(true);
  });
});

import type { I18n } from '@lingui/core';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { tierMachine, type TierEvent } from '../../machines/loyalty/tier.machine.ts';
import { tierMessage, tierState } from '../../machines/loyalty/tier.messages.ts';
import { COUNTRY_CODES, type CountryCode, type LanguageCode } from '../../src/config/countries.ts';
import { LANGUAGES } from '../../src/config/languages.ts';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import { TierThresholdsSchema, type MemberTierStatus } from '../../src/contract/loyalty.ts';
import { loadCatalog, setupI18n } from '../../src/web/shared/i18n/setup.ts';
import { ALL_FEATURE_MESSAGES } from '../helpers/feature-messages.ts';
import { tierFormat } from '../../src/web/features/loyalty/tier-format.ts';

// Intl puts no-break spaces in some amounts and dates: compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

const catalogs = new Map<LanguageCode, I18n>();
beforeAll(async () => {
  for (const language of ['en', 'th'] as const) {
    const i18n = setupI18n();
    await loadCatalog(LANGUAGES[language].catalog, i18n, ALL_FEATURE_MESSAGES);
    catalogs.set(language, i18n);
  }
});

interface Case {
  status: Partial<MemberTierStatus>;
  today?: string;
  events?: TierEvent[];
}

/** The member's message as the panel shows it, and the state it belongs to. */
function shown(country: CountryCode, language: LanguageCode, { status, today = '2026-03-01', events = [] }: Case) {
  const actor = createActor(tierMachine, {
    input: { status: { tier: 'pink', spend: 0, yearEnd: '2026-12-31', lastChange: null, ...status }, thresholds: TIER_THRESHOLDS[country], today },
  }).start();
  events.forEach((event) => actor.send(event));
  const snapshot = actor.getSnapshot();
  const { tier, messaging } = tierState(snapshot);
  const i18n = catalogs.get(language);
  if (!i18n) throw new Error(`catalog ${language} not loaded`);
  const message = tierMessage(snapshot, tierFormat({ country, language }));
  return { state: `${tier}.${messaging}`, text: plain(i18n._(message.descriptor)), values: message.values };
}

describe('thresholds data', () => {
  test.each(COUNTRY_CODES)('%s parses with the contract schema and is in the country currency', (country) => {
    const thresholds = v.parse(TierThresholdsSchema, TIER_THRESHOLDS[country]);
    expect(thresholds.country).toBe(country);
  });

  test('the schema refuses thresholds that do not rise', () => {
    const broken = { ...TIER_THRESHOLDS.SG, reach: { white: 50, black: 2000, gold: 1200 } };
    expect(v.safeParse(TierThresholdsSchema, broken).success).toBe(false);
  });
});

describe('every message in Singapore (S$, English)', () => {
  const cases: [string, Case, string][] = [
    ['pink.inProgress', { status: { spend: 20 } }, 'You are a Pink member. Spend S$30.00 more to become White and enjoy its benefits.'],
    ['white.justUpgraded', { status: { spend: 20 }, events: [{ type: 'tier.spendUpdated', spend: 60 }] }, 'Congratulations, you are now a White member! Spend S$400.00 more by 28 February 2027 to reach Black.'],
    ['white.renewed', { status: { tier: 'white', lastChange: 'renewed' } }, 'Your White membership has been renewed. Spend S$400.00 by 31 December 2026 to reach Black.'],
    ['white.downgraded', { status: { tier: 'white', lastChange: 'downgraded', spend: 50 } }, 'Your spend did not meet the Black renewal criteria, so you are now a White member. Spend S$350.00 to regain Black.'],
    ['white.inProgress', { status: { tier: 'white', spend: 100 } }, 'You are on your way to Black. Spend S$300.00 more by 31 December 2026 to reach it.'],
    ['black.justUpgraded', { status: { tier: 'black', lastChange: 'upgraded' } }, 'Congratulations, you are now a Black member! Spend S$1,200.00 more by 31 December 2026 to reach Gold.'],
    ['black.renewed', { status: { tier: 'black', lastChange: 'renewed', spend: 200 } }, 'Your Black membership has been renewed. Spend S$1,000.00 by 31 December 2026 to reach Gold.'],
    ['black.downgraded', { status: { tier: 'gold', spend: 900 }, today: '2027-01-01', events: [{ type: 'tier.yearEnded' }] }, 'Your spend did not meet the Gold renewal criteria, so you are now a Black member. Spend S$1,200.00 to regain Gold.'],
    ['black.keepTier', { status: { tier: 'black', spend: 350 } }, 'You will keep Black for another year. Spend S$850.00 more by 31 December 2026 to reach Gold.'],
    ['black.nearingExpiry', { status: { tier: 'black', spend: 100 }, today: '2026-11-21' }, 'Your Black membership ends in 40 days. Spend S$200.00 by 31 December 2026 to keep it.'],
    ['black.downgradeWarning', { status: { tier: 'black', spend: 100 } }, 'Spend S$200.00 by 31 December 2026 to renew your Black membership.'],
    ['black.failedRenewal', { status: { tier: 'black', spend: 100 }, today: '2027-01-01' }, 'You did not reach the Black renewal spend of S$300.00 by 31 December 2026, so your membership will move to White.'],
    ['gold.justUpgraded', { status: { tier: 'black', spend: 500 }, events: [{ type: 'tier.spendUpdated', spend: 1250 }] }, 'Congratulations, you are now a Gold member! Spend S$1,000.00 by 28 February 2027 to keep Gold for another year.'],
    ['gold.renewed', { status: { tier: 'gold', spend: 1500 }, today: '2027-01-01', events: [{ type: 'tier.yearEnded' }, { type: 'tier.spendUpdated', spend: 200 }] }, 'Welcome back to Gold! Your welcome gift is waiting for you. Spend S$800.00 more by 31 December 2027 to extend Gold by one year.'],
    ['gold.maxTier', { status: { tier: 'gold', spend: 1500 } }, 'You have kept Gold, our highest tier, for another year. Spend beyond S$1,000.00 is not carried over to next year.'],
    ['gold.nearingExpiry', { status: { tier: 'gold', spend: 400 }, today: '2026-12-30' }, 'Your Gold membership ends in 1 day. Spend S$600.00 by 31 December 2026 to keep it.'],
    ['gold.downgradeWarning', { status: { tier: 'gold', spend: 400 } }, 'Spend S$600.00 by 31 December 2026 to renew your Gold membership.'],
    ['gold.failedRenewal', { status: { tier: 'gold', spend: 400 }, today: '2027-01-01' }, 'You did not reach the Gold spend of S$1,000.00 by 31 December 2026, so your membership will move to Black.'],
  ];
  test.each(cases)('%s', (state, input, expected) => {
    const result = shown('SG', 'en', input);
    expect(result.state).toBe(state);
    expect(result.text).toBe(expected);
  });

  test('amounts and dates are also given as values for other views', () => {
    expect(shown('SG', 'en', { status: { tier: 'gold', spend: 400 }, today: '2026-11-01' }).values).toEqual({ days: 60, toRenew: 'S$600.00', date: '31 December 2026' });
  });
});

describe('Thailand (฿, Thai)', () => {
  const cases: [string, Case, string][] = [
    ['pink.inProgress', { status: { spend: 300 } }, 'คุณเป็นสมาชิกระดับพิงค์ ใช้จ่ายอีก ฿1,000.00 เพื่อเป็นระดับไวท์และรับสิทธิประโยชน์'],
    ['white.inProgress', { status: { tier: 'white', spend: 4000 } }, 'คุณกำลังก้าวสู่ระดับแบล็ค ใช้จ่ายอีก ฿6,000.00 ภายใน 31 ธันวาคม 2569 เพื่อขึ้นระดับ'],
    ['black.keepTier', { status: { tier: 'black', spend: 8000 } }, 'คุณจะได้คงระดับแบล็คต่ออีกหนึ่งปี ใช้จ่ายอีก ฿22,000.00 ภายใน 31 ธันวาคม 2569 เพื่อขึ้นสู่ระดับโกลด์'],
    ['black.nearingExpiry', { status: { tier: 'black', spend: 7000 }, today: '2026-12-30' }, 'สมาชิกระดับแบล็คของคุณจะหมดอายุในอีก 1 วัน ใช้จ่าย ฿1,000.00 ภายใน 31 ธันวาคม 2569 เพื่อคงระดับไว้'],
    ['black.downgraded', { status: { tier: 'gold', spend: 25999 }, today: '2027-01-01', events: [{ type: 'tier.yearEnded' }] }, 'ยอดใช้จ่ายของคุณไม่ถึงเกณฑ์ต่ออายุระดับโกลด์ ขณะนี้คุณเป็นสมาชิกระดับแบล็ค ใช้จ่าย ฿30,000.00 เพื่อกลับสู่ระดับโกลด์'],
    ['gold.renewed', { status: { tier: 'gold', spend: 26000 }, today: '2027-01-01', events: [{ type: 'tier.yearEnded' }] }, 'ยินดีต้อนรับกลับสู่ระดับโกลด์! ของขวัญต้อนรับรอคุณอยู่ ใช้จ่ายอีก ฿26,000.00 ภายใน 31 ธันวาคม 2570 เพื่อขยายระดับโกลด์ออกไปอีกหนึ่งปี'],
    ['gold.maxTier', { status: { tier: 'gold', spend: 40000 } }, 'คุณได้คงระดับโกลด์ซึ่งเป็นระดับสูงสุดต่ออีกหนึ่งปี ยอดใช้จ่ายที่เกิน ฿26,000.00 จะไม่ถูกยกไปปีถัดไป'],
    ['gold.failedRenewal', { status: { tier: 'gold', spend: 20000 }, today: '2027-01-01' }, 'คุณมียอดใช้จ่ายไม่ถึงยอดระดับโกลด์ ฿26,000.00 ภายใน 31 ธันวาคม 2569 สมาชิกภาพของคุณจะเปลี่ยนเป็นระดับแบล็ค'],
  ];
  test.each(cases)('%s', (state, input, expected) => {
    const result = shown('TH', 'th', input);
    expect(result.state).toBe(state);
    expect(result.text).toBe(expected);
  });

  test('a Thai member reading English still sees baht and the Thai thresholds', () => {
    expect(shown('TH', 'en', { status: { tier: 'gold', spend: 20000 } }).text).toBe('Spend ฿6,000.00 by December 31, 2026 to renew your Gold membership.');
  });
});

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CountryCode } from '../../../config/countries.ts';

/** Country names in the shopper's language (switcher, welcome screen). */
export const COUNTRY_NAMES: Readonly<Record<CountryCode, MessageDescriptor>> = {
  AU: msg`Australia`,
  HK: msg`Hong Kong`,
  ID: msg`Indonesia`,
  MY: msg`Malaysia`,
  NZ: msg`New Zealand`,
  PH: msg`Philippines`,
  SG: msg`Singapore`,
  TH: msg`Thailand`,
};

/** The country-specific site title of spec §1: page titles read "{page} | {site title}". */
export const SITE_TITLES: Readonly<Record<CountryCode, MessageDescriptor>> = {
  AU: msg`Beauty Pass Australia`,
  HK: msg`Beauty Pass Hong Kong`,
  ID: msg`Beauty Pass Indonesia`,
  MY: msg`Beauty Pass Malaysia`,
  NZ: msg`Beauty Pass New Zealand`,
  PH: msg`Beauty Pass Philippines`,
  SG: msg`Beauty Pass Singapore`,
  TH: msg`Beauty Pass Thailand`,
};

/** Meta description per country. */
export const SITE_DESCRIPTIONS: Readonly<Record<CountryCode, MessageDescriptor>> = {
  AU: msg`Shop makeup, skincare, hair and fragrance online in Australia, and earn rewards with Beauty Pass.`,
  HK: msg`Shop makeup, skincare, hair and fragrance online in Hong Kong, and earn rewards with Beauty Pass.`,
  ID: msg`Shop makeup, skincare, hair and fragrance online in Indonesia, and earn rewards with Beauty Pass.`,
  MY: msg`Shop makeup, skincare, hair and fragrance online in Malaysia, and earn rewards with Beauty Pass.`,
  NZ: msg`Shop makeup, skincare, hair and fragrance online in New Zealand, and earn rewards with Beauty Pass.`,
  PH: msg`Shop makeup, skincare, hair and fragrance online in the Philippines, and earn rewards with Beauty Pass.`,
  SG: msg`Shop makeup, skincare, hair and fragrance online in Singapore, and earn rewards with Beauty Pass.`,
  TH: msg`Shop makeup, skincare, hair and fragrance online in Thailand, and earn rewards with Beauty Pass.`,
};

import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
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

/**
 * The meta description: one sentence naming the country (COUNTRY_NAMES), rather than one message
 * per country, which all eight sat in every first screen's catalog. English says "the Philippines".
 */
const SITE_DESCRIPTION = msg({ message: 'Shop makeup, skincare, hair and fragrance online in {country}, and earn rewards with Beauty Pass.' });
const PHILIPPINES_DESCRIPTION = msg`Shop makeup, skincare, hair and fragrance online in the Philippines, and earn rewards with Beauty Pass.`;

export function siteDescription(i18n: I18n, country: CountryCode): string {
  return country === 'PH' ? i18n._(PHILIPPINES_DESCRIPTION) : i18n._(SITE_DESCRIPTION.id, { country: i18n._(COUNTRY_NAMES[country]) });
}

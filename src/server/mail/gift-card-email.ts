import { COUNTRIES, type CountryCode, type LanguageCode } from '../../config/countries.ts';
import { groupGiftCardCode } from '../../contract/gift-cards.ts';
import type { OutgoingEmail } from './outbox.ts';

/*
 * The e-gift card email: the one place its code and PIN are ever written in clear. English for
 * now in every country; `language` (the buyer's, kept on the card) is there for when the email texts
 * move to the mail catalogs.
 */

const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = {
  AU: 'Australia',
  HK: 'Hong Kong',
  ID: 'Indonesia',
  MY: 'Malaysia',
  NZ: 'New Zealand',
  PH: 'Philippines',
  SG: 'Singapore',
  TH: 'Thailand',
};

export interface GiftCardEmailFacts {
  to: string;
  recipientName: string;
  senderName: string;
  message: string;
  code: string;
  pin: string;
  amountMinor: number;
  country: CountryCode;
  language: LanguageCode | null;
}

/** `S$50.00`, `Rp200,000`: the country's symbol, whole rupiah. */
function amountOf(minor: number, country: CountryCode): string {
  const { currency, currencySymbol } = COUNTRIES[country];
  const whole = currency === 'IDR';
  const digits = new Intl.NumberFormat('en', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(minor / 100);
  return `${currencySymbol}${digits}`;
}

export function giftCardEmail(facts: GiftCardEmailFacts): OutgoingEmail {
  const store = `Beauty Pass ${COUNTRY_NAMES[facts.country]}`;
  const message = facts.message.trim();
  return {
    kind: 'gift-card',
    to: facts.to,
    subject: `${facts.senderName} sent you a ${store} e-gift card`,
    text: [
      `Hello ${facts.recipientName},`,
      '',
      `${facts.senderName} sent you a ${store} e-gift card of ${amountOf(facts.amountMinor, facts.country)}.`,
      ...(message === '' ? [] : ['', ...message.split('\n').map((line) => `  ${line}`)]),
      '',
      `Code: ${groupGiftCardCode(facts.code)}`,
      `PIN: ${facts.pin}`,
      '',
      `Spend it at checkout in the ${store} store: enter the code and the PIN as a gift card. What you do not spend stays on the card for your next order; the card does not expire and pays in ${COUNTRY_NAMES[facts.country]} only. You can check its balance any time with the same code and PIN.`,
      '',
      'Keep this email safe: anyone with the code and the PIN can spend the card.',
      '',
      store,
    ].join('\n'),
  };
}

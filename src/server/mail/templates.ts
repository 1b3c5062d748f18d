import { defaultLanguage, isCountryCode, isLanguageCode, type LanguageCode } from '../../config/countries.ts';
import { translator, type Translate } from './i18n.ts';
import { BACK_IN_STOCK, COMMON, PASSWORD_CHANGED, PASSWORD_RESET, STORE_NAMES, WELCOME } from './messages.ts';
import type { OutgoingEmail } from './outbox.ts';

/**
 * The account and "Notify me" emails (the order confirmation is checkout/email.ts), each written
 * in the language its caller passes: the recipient's (see each call site for where it comes
 * from). The store's name carries the member's country, since each country runs its own Beauty Pass.
 */

export interface MailRecipient {
  email: string;
  firstName: string;
  /** Upper-case country code as stored on the user. */
  country: string;
}

/** "Beauty Pass Singapore" in the language; plain "Beauty Pass" for a country the store does not know. */
export function storeName(country: string, language: LanguageCode): string {
  return storeNameIn(translator(language), country);
}

function storeNameIn(t: Translate, country: string): string {
  return isCountryCode(country) ? t(STORE_NAMES[country]) : 'Beauty Pass';
}

/**
 * The language to write to someone in: theirs when it is one of the store's, else their
 * country's first language (`COUNTRIES[country].languages[0]`), else English.
 */
export function recipientLanguage(country: string, language: string | null | undefined): LanguageCode {
  if (language && isLanguageCode(language)) return language;
  return isCountryCode(country) ? defaultLanguage(country) : 'en';
}

/** Paragraphs, then the store's name as the signature. */
function body(paragraphs: readonly string[], store: string): string {
  return [...paragraphs, store].join('\n\n');
}

export function welcomeEmail(user: MailRecipient, language: LanguageCode, { beautyPassMember }: { beautyPassMember: boolean }): OutgoingEmail {
  const t = translator(language);
  const store = storeNameIn(t, user.country);
  return {
    kind: 'welcome',
    to: user.email,
    subject: t(WELCOME.subject, { store }),
    text: body([t(COMMON.greeting, { firstName: user.firstName }), t(beautyPassMember ? WELCOME.readyMember : WELCOME.readyNotMember, { store })], store),
  };
}

export function passwordResetEmail(user: MailRecipient, language: LanguageCode, { link, validMinutes }: { link: string; validMinutes: number }): OutgoingEmail {
  const t = translator(language);
  const store = storeNameIn(t, user.country);
  return {
    kind: 'password-reset',
    to: user.email,
    subject: t(PASSWORD_RESET.subject, { store }),
    text: body([t(COMMON.greeting, { firstName: user.firstName }), t(PASSWORD_RESET.asked, { store, minutes: validMinutes }), link, t(PASSWORD_RESET.once)], store),
  };
}

export function passwordChangedEmail(user: MailRecipient, language: LanguageCode): OutgoingEmail {
  const t = translator(language);
  const store = storeNameIn(t, user.country);
  return {
    kind: 'password-changed',
    to: user.email,
    subject: t(PASSWORD_CHANGED.subject, { store }),
    text: body([t(COMMON.greeting, { firstName: user.firstName }), t(PASSWORD_CHANGED.body)], store),
  };
}

/**
 * "Notify me": sent once per subscription when its product (or shade or size) is back in stock,
 * with the product's and variant's names already in `language`.
 */
export function backInStockEmail(
  to: { email: string; country: string },
  language: LanguageCode,
  { productName, variantName, link }: { productName: string; variantName: string | null; link: string },
): OutgoingEmail {
  const t = translator(language);
  const store = storeNameIn(t, to.country);
  const product = variantName ? t(COMMON.productWithVariant, { product: productName, variant: variantName }) : productName;
  return {
    kind: 'back-in-stock',
    to: to.email,
    subject: t(BACK_IN_STOCK.subject, { product }),
    text: body([t(COMMON.greetingNoName), t(BACK_IN_STOCK.body, { product, store }), link, t(BACK_IN_STOCK.once)], store),
  };
}

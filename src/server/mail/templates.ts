import { isCountryCode, type CountryCode } from '../../config/countries.ts';
import type { OutgoingEmail } from './outbox.ts';

/**
 * Email texts. English for now in every country (the SPA's catalogs do not reach the server);
 * the store's name carries the member's country, since each country runs its own Beauty Pass.
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

export interface MailRecipient {
  email: string;
  firstName: string;
  /** Upper-case country code as stored on the user. */
  country: string;
}

export function storeName(country: string): string {
  return isCountryCode(country) ? `Beauty Pass ${COUNTRY_NAMES[country]}` : 'Beauty Pass';
}

function signature(country: string): string {
  return `\n\n${storeName(country)}`;
}

export function welcomeEmail(user: MailRecipient, { beautyPassMember }: { beautyPassMember: boolean }): OutgoingEmail {
  const store = storeName(user.country);
  const membership = beautyPassMember
    ? 'You are now a Beauty Pass member at the Pink tier: every purchase earns points towards White, Black and Gold.'
    : 'You can join Beauty Pass any time from your account page to earn points on every purchase.';
  return {
    kind: 'welcome',
    to: user.email,
    subject: `Welcome to ${store}`,
    text: `Hello ${user.firstName},\n\nYour ${store} account is ready. ${membership}${signature(user.country)}`,
  };
}

export function passwordResetEmail(user: MailRecipient, { link, validMinutes }: { link: string; validMinutes: number }): OutgoingEmail {
  const store = storeName(user.country);
  return {
    kind: 'password-reset',
    to: user.email,
    subject: `Reset your ${store} password`,
    text:
      `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${store} account. ` +
      `Open this link within ${validMinutes} minutes to choose a new password:\n\n${link}\n\n` +
      `The link works once. If you did not ask for it, ignore this email: your password stays as it is.${signature(user.country)}`,
  };
}

export function passwordChangedEmail(user: MailRecipient): OutgoingEmail {
  const store = storeName(user.country);
  return {
    kind: 'password-changed',
    to: user.email,
    subject: `Your ${store} password was changed`,
    text:
      `Hello ${user.firstName},\n\nYour password was changed successfully and every device was signed out. ` +
      `If you did not change it, reset your password now and contact our support.${signature(user.country)}`,
  };
}

/** "Notify me": sent once per subscription when its product (or shade or size) is back in stock. */
export function backInStockEmail(to: { email: string; country: string }, { productName, variantName, link }: { productName: string; variantName: string | null; link: string }): OutgoingEmail {
  const what = variantName ? `${productName} (${variantName})` : productName;
  return {
    kind: 'back-in-stock',
    to: to.email,
    subject: `Back in stock: ${what}`,
    text:
      `Hello,\n\n${what} is back in stock at ${storeName(to.country)}. Stock can go quickly:\n\n${link}\n\n` +
      `You asked us to tell you once, so this is the only email about it.${signature(to.country)}`,
  };
}

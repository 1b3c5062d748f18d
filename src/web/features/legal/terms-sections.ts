import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Labels of the terms sections the layout can name (`/terms?section=…`). A section the SPA does
 * not know yet is still linked, under the generic label with its code.
 */
export const TERMS_SECTIONS: Readonly<Record<string, MessageDescriptor>> = {
  general: msg`General terms of use`,
  'beauty-pass': msg`Beauty Pass terms`,
  sale: msg`Sale terms`,
  promotions: msg`Promotion terms`,
  'gift-cards': msg`E-gift card terms`,
  rewards: msg`Rewards terms`,
  bookings: msg`Booking terms`,
  delivery: msg`Delivery and returns`,
};

export function termsHref(section: string | null): string {
  return section ? `/terms?section=${encodeURIComponent(section)}` : '/terms';
}

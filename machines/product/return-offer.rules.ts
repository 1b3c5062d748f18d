import { notifyTarget, type StockProduct, type StockVariant } from './notify-me.rules.ts';
import { waitlistOffered, type WaitlistProduct } from './waitlist-toggle.rules.ts';

/**
 * The one way the page offers to hear of a product that cannot be bought now, never two side by
 * side: a signed-in member's waitlist when nothing of the product can be bought (sold out or
 * coming soon) or the member is on it already; otherwise "Notify me" for what is chosen and out
 * of stock (one click for a member, the email form for a guest); for a guest, the sign-in to the
 * waitlist only where no email could tell them anything (coming soon with stock: nothing will come
 * back in stock). Null: nothing to offer.
 */
export type ReturnOffer = 'waitlist' | 'notify' | 'waitlistSignIn';

export function returnOffer<TVariant extends StockVariant>(
  product: StockProduct & WaitlistProduct,
  chosen: TVariant | null,
  { signedIn, waitlisted }: { signedIn: boolean; waitlisted: boolean },
): ReturnOffer | null {
  if (signedIn && waitlistOffered(product, waitlisted)) return 'waitlist';
  if (notifyTarget(product, chosen)) return 'notify';
  if (!signedIn && waitlistOffered(product, false)) return 'waitlistSignIn';
  return null;
}

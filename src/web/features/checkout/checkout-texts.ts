import { useLingui } from '@lingui/react/macro';
import { ADDRESS_FIELD_MAX, PHONE_MAX } from '../../../config/addresses.ts';
import { ADDRESS_ISSUE_REASONS } from '../../../contract/contact-fields.ts';
import { contactFieldMessage } from '../../shared/forms/contact-field-messages.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import type { AddressField, AddressIssueCode } from '../../../contract/address.ts';
import type { DeclineReason, DeliveryMethod, PaymentMethod } from '../../../contract/checkout.ts';
import type { SubdivisionLabel } from '../../../config/addresses.ts';
import { GIFT_CARD_CODE_LENGTH, GIFT_CARD_PIN_DIGITS, GIFT_CARDS_PER_ORDER } from '../../../config/gift-cards.ts';
import type { CheckoutFailure, GiftCardFailureReason, RewardFailureReason } from '../../../../machines/checkout/checkout.failure.ts';
import type { RestoreNotice } from '../../../../machines/checkout/checkout.persist.ts';
import type { CardIssueCode, EmailIssue, GiftCardCheckRefusal, GiftCardIssueCode, PaymentMethodRefusal, PlaceRefusal } from '../../../../machines/checkout/checkout.rules.ts';
import type { CardField, CheckoutStep, GiftCardDraft, GiftCardField } from '../../../../machines/checkout/checkout.types.ts';

/** Providers' own names: brands, the same in every language. */
export const PROVIDER_NAMES = { afterpay: 'Afterpay', klarna: 'Klarna', atome: 'Atome' } as const;

/**
 * Checkout's words for the codes its machine and the server give (steps, refusals, failures,
 * field issues): the view shows the guard's reason, never a rule of its own.
 */
export function useCheckoutTexts() {
  const { t, i18n } = useLingui();
  const { country } = useSite();
  const steps: Record<CheckoutStep, string> = {
    contact: t`Contact`,
    address: t`Address`,
    delivery: t`Delivery`,
    extras: t`Samples and offers`,
    payment: t`Payment`,
    review: t`Review`,
  };
  const deliveryNames: Record<DeliveryMethod, string> = { standard: t`Standard delivery`, express: t`Express delivery`, click_collect: t`Click & collect` };
  const paymentNames: Record<PaymentMethod, string> = { card: t`Credit or debit card`, ...PROVIDER_NAMES, gift_cards: t`Gift cards` };
  const refusals: Record<PlaceRefusal, string> = {
    email_required: t`Enter your email address.`,
    email_invalid: t`Enter a valid email address, like name@example.com.`,
    address_incomplete: t`Complete the address: the fields marked below need your attention.`,
    delivery_required: t`Choose how you would like to receive your order.`,
    delivery_unavailable: t`This delivery method is not offered for your order. Choose another.`,
    store_required: t`Choose the store where you will collect your order.`,
    bag_blocked: t`Out-of-stock item must be removed to proceed`,
    payment_required: t`Choose how you would like to pay.`,
    payment_unavailable: t`This payment method is not available for your order. Choose another.`,
    below_minimum: t`Your order is below this provider's minimum. Choose another way to pay.`,
    above_maximum: t`Your order is above this provider's maximum. Choose another way to pay.`,
    card_details_needed: t`For your security, card numbers are never kept: enter your card number and security code again.`,
    card_invalid: t`Check your card details: the fields marked below need your attention.`,
    gift_card_pin_needed: t`For your security, gift card PINs are never kept: enter the PIN of each gift card again.`,
    gift_card_invalid: t`Check your gift cards: the fields marked below need your attention.`,
    sold_out: t`Someone just bought the last of an item in your bag. Update your bag to continue.`,
    bag_changed: t`Your bag changed in another window. Check the updated order below, then place it.`,
    offer_unavailable: t`Your offer code can no longer be used. Remove it from your bag to continue.`,
    reward: t`The Beauty Pass reward in your bag cannot be ordered as it is. Update your bag to continue.`,
  };
  const rewardRefusals: Record<RewardFailureReason, string> = {
    reward_unavailable: t`The Beauty Pass reward in your bag has just run out. Nothing was charged: remove it from your bag to continue.`,
    points_insufficient: t`You no longer have enough points for the reward in your bag. Nothing was charged: remove it from your bag to continue.`,
    reward_without_goods: t`A Beauty Pass reward comes with a purchase: add a product to your bag.`,
  };
  const methodRefusals: Record<PaymentMethodRefusal, string> = {
    payment_unavailable: refusals.payment_unavailable,
    below_minimum: t`Not available: your order is below the minimum.`,
    above_maximum: t`Not available: your order is above the maximum.`,
  };
  const declines: Record<DeclineReason, string> = {
    card_declined: t`Your card was declined. Try another card or payment method.`,
    insufficient_funds: t`Your card has insufficient funds. Try another card or payment method.`,
    expired_card: t`Your card has expired. Check the expiry date or use another card.`,
    incorrect_cvc: t`The security code is incorrect. Check the 3 or 4 digits on your card.`,
    incorrect_number: t`The card number is incorrect. Check it and try again.`,
    challenge_failed: t`Your bank could not confirm this payment. Try again or use another card.`,
    outside_provider_limits: t`The provider declined this amount. Choose another way to pay.`,
  };
  const giftCardRefusals: Record<GiftCardFailureReason, string> = {
    not_found: t`We could not find a card with this code and PIN.`,
    balance_changed: t`This card was just used for another order and has less left on it. Nothing was charged: place your order again.`,
    empty: t`There is nothing left on this card. Remove it to continue.`,
    other_country: t`This card was bought in another country and can only be used there.`,
    duplicate: t`This card is entered twice.`,
    too_many_attempts: t`Too many wrong gift card codes or PINs. Try again later.`,
  };
  /** Which card: its place in the list and the end of its code, as typed. */
  function giftCardName(index: number, cards: readonly GiftCardDraft[]): string {
    const position = index + 1;
    const ending = (cards[index]?.code ?? '').replace(/[\s-]/g, '').slice(-4).toUpperCase();
    return ending === '' ? t`Gift card ${position}` : t`Gift card ${position} (ending ${ending})`;
  }
  /** What failed; a gift card's failure names the card among those typed (`giftCards`). */
  function failure(value: CheckoutFailure, giftCards: readonly GiftCardDraft[] = []): string {
    switch (value.kind) {
      case 'gift_card': {
        if (value.index === null) return giftCardRefusals[value.reason];
        const name = giftCardName(value.index, giftCards);
        const reason = giftCardRefusals[value.reason];
        return t`${name}: ${reason}`;
      }
      case 'declined':
        return declines[value.reason];
      case 'payment_unavailable':
        if (value.reason === 'gift_cards_short') return t`Your gift cards no longer cover the whole order. Choose how to pay the rest.`;
        return refusals[value.reason === 'below_minimum' || value.reason === 'above_maximum' ? value.reason : 'payment_unavailable'];
      case 'delivery_unavailable':
        return refusals.delivery_unavailable;
      case 'sold_out':
        return refusals.sold_out;
      case 'bag_changed':
        return refusals.bag_changed;
      case 'bag_blocked':
        return refusals.bag_blocked;
      case 'offer_unavailable':
        return refusals.offer_unavailable;
      case 'reward':
        return rewardRefusals[value.reason];
      case 'challenge_gone':
        return t`The payment check has expired. Place your order again.`;
      case 'rejected':
        return t`Your order could not be placed. Check your details and try again.`;
      case 'signed_out':
        return t`Your session has ended. Sign in again to place your order.`;
      case 'network':
        return t`We could not reach the store. Your details are kept: try again.`;
    }
  }
  const notices: Record<RestoreNotice, string> = {
    other_bag: t`We started a new checkout: the one saved in this browser was for another bag.`,
    outdated: t`We started a new checkout: the one saved in this browser was from an older version of the store.`,
    unreadable: t`We started a new checkout: the one saved in this browser could not be read.`,
  };
  // The same words as the booking form's (shared/forms/contact-field-messages.ts): one message per field, saying what to type.
  const emailIssues: Record<EmailIssue, string> = {
    required: i18n._(contactFieldMessage('email', 'required', { country })),
    invalid: i18n._(contactFieldMessage('email', 'invalidEmail', { country })),
  };
  const addressFields: Record<Exclude<AddressField, 'state'>, string> = {
    fullName: t`Full name`,
    phone: t`Phone number`,
    line1: t`Address line 1`,
    line2: t`Address line 2 (optional)`,
    city: t`Town or city`,
    postcode: t`Postcode`,
  };
  const subdivisions: Record<SubdivisionLabel, string> = { state: t`State`, province: t`Province`, region: t`Region`, district: t`District` };
  const addressIssue = (field: AddressField, code: AddressIssueCode): string =>
    i18n._(contactFieldMessage(field, ADDRESS_ISSUE_REASONS[code], { country, max: field === 'phone' ? PHONE_MAX : ADDRESS_FIELD_MAX[field] }));
  const cardFields: Record<CardField, string> = { number: t`Card number`, cvc: t`Security code (CVC)`, name: t`Name on card`, expMonth: t`Expiry month (MM)`, expYear: t`Expiry year (YYYY)` };
  // One message per card field, saying what to type, empty or refused alike; an expired card says what to do.
  const cardWhatToType: Record<CardField, string> = {
    number: t`Enter the long number on the front of your card.`,
    cvc: t`Enter the 3 or 4 digits of the security code on your card.`,
    name: t`Enter the name as it is printed on the card.`,
    expMonth: t`Enter the expiry month as two digits, like 08.`,
    expYear: t`Enter the expiry year as four digits, like 2030.`,
  };
  const cardIssues = (field: CardField, code: CardIssueCode): string => (code === 'expired' ? t`This card has expired: use another card.` : cardWhatToType[field]);
  const codeLength = GIFT_CARD_CODE_LENGTH;
  const pinDigits = GIFT_CARD_PIN_DIGITS;
  const giftCardFields: Record<GiftCardField, string> = { code: t`Gift card code`, pin: t`PIN` };
  const giftCardIssues: Record<GiftCardField, Record<GiftCardIssueCode, string>> = {
    // Empty or refused, a code or PIN says what a valid one looks like (the balance check's words).
    code: { required: t`Enter the ${codeLength}-character code from the gift card email`, invalid: t`Enter the ${codeLength}-character code from the gift card email`, duplicate: t`This card is entered twice` },
    pin: { required: t`Enter the ${pinDigits}-digit PIN from the gift card email`, invalid: t`Enter the ${pinDigits}-digit PIN from the gift card email`, duplicate: t`This card is entered twice` },
  };
  const giftCardCheckRefusals: Record<GiftCardCheckRefusal, string> = {
    gift_cards_not_accepted: t`Gift cards cannot pay for e-gift cards.`,
    gift_card_missing: t`Add a gift card first.`,
    gift_card_invalid: t`Enter each gift card's code and PIN first.`,
    gift_cards_checked: t`Your gift cards are applied.`,
  };
  const giftCardLimit = GIFT_CARDS_PER_ORDER;
  const giftCardLimitReason = t`You can pay with up to ${giftCardLimit} gift cards.`;
  return {
    steps,
    deliveryNames,
    paymentNames,
    refusals,
    methodRefusals,
    failure,
    notices,
    emailIssues,
    addressFields,
    subdivisions,
    addressIssue,
    cardFields,
    cardIssues,
    giftCardName,
    giftCardFields,
    giftCardIssues,
    giftCardRefusals,
    giftCardLimitReason,
    giftCardCheckRefusals,
  };
}

export type CheckoutTexts = ReturnType<typeof useCheckoutTexts>;

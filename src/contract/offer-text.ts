import type { Money } from './site.ts';

/**
 * An offer's title and description name amounts as placeholders, never as figures (a figure in a
 * sentence is written in one locale's way): `{amount}` is the offer's `amount` (an amount off),
 * `{minimum}` its `minimumSpend`. `offerText` fills them where the text is shown, with the
 * shopper's locale and the country's currency.
 */
export const OFFER_TEXT_AMOUNT = '{amount}';
export const OFFER_TEXT_MINIMUM = '{minimum}';

/** An offer's title or description with its amounts written by `format` (the SPA's money format, or the emails'). */
export function offerText(text: string, amounts: { amount: Money | null; minimumSpend: Money | null }, format: (money: Money) => string): string {
  return text.replace(/\{(amount|minimum)\}/g, (placeholder: string, name: string) => {
    const money = name === 'amount' ? amounts.amount : amounts.minimumSpend;
    return money ? format(money) : placeholder;
  });
}

import { TEST_CARDS } from '../../src/server/payments/test-cards.ts';

/**
 * `/checkout` as a shopper fills it, step by step, in English: one driver for the component tests
 * (Testing Library in jsdom, tests/web/checkout.test.tsx) and the browser tests (Playwright,
 * tests/e2e/fixtures/checkout.ts). Each gives it the four gestures it needs; the labels, the order
 * of the fields and the test card are written here once. (The API's own driver is ./checkout.ts.)
 */

/** What a test runner does on the screen, by what a shopper reads: a label, a radio's name, a button's name. */
export interface ScreenGestures {
  fill(label: string, value: string): Promise<void>;
  /** Picks an option of a list by the text it shows. */
  select(label: string, option: string): Promise<void>;
  choose(radio: RegExp): Promise<void>;
  press(button: string): Promise<void>;
}

/** A delivery address as the checkout form takes it. */
export interface AddressInput {
  fullName: string;
  phone: string;
  line1: string;
  city?: string;
  /** The state's or province's name as the list shows it, and the list's label (`State`, `Province`, `Region`). */
  state?: string;
  stateLabel?: string;
  postcode?: string;
}

export interface CardInput {
  number: string;
  name?: string;
  expMonth?: string;
  expYear?: string;
  cvc?: string;
}

/** The card of the test processor that is authorized without a challenge (src/server/payments/test-cards.ts). */
export const TEST_CARD: Required<CardInput> = { number: TEST_CARDS.success, name: 'Tan Mei Ling', expMonth: '12', expYear: '2031', cvc: '123' };

export function checkoutScreen(gestures: ScreenGestures) {
  return {
    continue: () => gestures.press('Continue'),
    async contact(email: string) {
      await gestures.fill('Email address', email);
      await this.continue();
    },
    async address(address: AddressInput) {
      await gestures.fill('Full name', address.fullName);
      await gestures.fill('Phone number', address.phone);
      await gestures.fill('Address line 1', address.line1);
      if (address.city !== undefined) await gestures.fill('Town or city', address.city);
      if (address.state !== undefined) await gestures.select(address.stateLabel ?? 'State', address.state);
      if (address.postcode !== undefined) await gestures.fill('Postcode', address.postcode);
      await this.continue();
    },
    /** Pays by card: the test card unless given another (any field of it). */
    async card(card: Partial<CardInput> = {}) {
      const filled = { ...TEST_CARD, ...card };
      await gestures.choose(/Credit or debit card/);
      await gestures.fill('Card number', filled.number);
      await gestures.fill('Name on card', filled.name);
      await gestures.fill('Expiry month (MM)', filled.expMonth);
      await gestures.fill('Expiry year (YYYY)', filled.expYear);
      await gestures.fill('Security code (CVC)', filled.cvc);
    },
    place: () => gestures.press('Place order'),
  };
}

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { ApiError } from '../../src/web/shared/api/errors.ts';
import { createGiftCardsApi, type BalanceOutcome, type GiftCardsApi } from '../../src/web/features/gift-cards/gift-cards-api.ts';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { EMPTY_SCREEN } from '../../machines/bag/bag.fixtures.ts';
import { BAG_WITH_CARD } from '../../machines/gift-cards/gift-card-purchase.fixtures.ts';
import { renderApp } from '../helpers/render-app.tsx';
import { bagApis, cartApiFake, countStoreFake } from './bag-fakes.ts';

async function renderGiftCards(options: { addToBag?: GiftCardsApi['addToBag']; balance?: GiftCardsApi['balance']; country?: string; language?: string; heading?: string } = {}) {
  const count = countStoreFake(0);
  const giftCards = {
    addToBag: vi.fn<GiftCardsApi['addToBag']>(options.addToBag ?? (async () => BAG_WITH_CARD)),
    balance: vi.fn<GiftCardsApi['balance']>(options.balance ?? (async () => ({ kind: 'notFound' }) as BalanceOutcome)),
  } satisfies GiftCardsApi;
  const apis = bagApis(cartApiFake(EMPTY_SCREEN), count.store);
  apis.set(...apiFake(createGiftCardsApi, giftCards));
  const result = await renderApp({ url: '/e-gift-cards', apis, ...(options.country ? { country: options.country } : {}), ...(options.language ? { language: options.language } : {}) });
  await screen.findByRole('heading', { level: 1, name: options.heading ?? 'E-gift cards' });
  return { ...result, count, giftCards };
}

const buyForm = () => within(screen.getByRole('form', { name: 'Buy an e-gift card' }));
const balanceForm = () => within(screen.getByRole('form', { name: 'Check a balance' }));

describe('/e-gift-cards: buying a card', () => {
  test('offers the country’s presets and an amount of one’s own within its range, and today as the send date', async () => {
    await renderGiftCards();
    const amount = buyForm().getByRole('group', { name: 'Amount' });
    expect(amount).toHaveAccessibleDescription('Choose an amount, or enter your own from S$20 to S$300.');
    expect(within(amount).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['S$20', 'S$50', 'S$100', 'S$200', 'Other amount']);
    expect(within(amount).getByRole('radio', { name: 'S$50' })).toBeChecked();
    const sendOn = buyForm().getByLabelText('Send date');
    expect(sendOn).toHaveValue(todayIn('SG'));
    expect(sendOn).toHaveAttribute('min', todayIn('SG'));
    expect(buyForm().getByText('0 of 200 characters')).toBeInTheDocument();
  });

  test('another country, its own range and currency', async () => {
    await renderGiftCards({ country: 'TH', language: 'en' });
    expect(buyForm().getByRole('group', { name: 'Amount' })).toHaveAccessibleDescription('Choose an amount, or enter your own from ฿500 to ฿10,000.');
  });

  test('Thai: the screen in Thai, its range in baht', async () => {
    await renderGiftCards({ country: 'TH', heading: 'บัตรของขวัญอิเล็กทรอนิกส์' });
    const form = within(screen.getByRole('form', { name: 'ซื้อบัตรของขวัญอิเล็กทรอนิกส์' }));
    expect(form.getByRole('group', { name: 'จำนวนเงิน' })).toHaveAccessibleDescription('เลือกจำนวนเงิน หรือกรอกจำนวนเงินเองตั้งแต่ ฿500 ถึง ฿10,000');
    expect(form.getByRole('button', { name: 'เพิ่มลงถุง' })).toBeInTheDocument();
  });

  test('Add to bag checks the server’s rules first: errors under the fields, an alert that takes the focus; nothing is sent', async () => {
    const { user, giftCards } = await renderGiftCards();
    await user.click(buyForm().getByRole('button', { name: 'Add to bag' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveFocus();
    // Each field says what to type, once: never "Required field".
    expect(within(alert).getByRole('link', { name: "Recipient's name: Enter the name of the person you are sending it to." })).toBeInTheDocument();
    expect(buyForm().getByLabelText("Recipient's email")).toHaveAccessibleDescription('We email the card, its code and its PIN here on the send date. Enter their email address, like name@example.com.');
    expect(document.body).not.toHaveTextContent('Required field');
    await user.click(buyForm().getByRole('radio', { name: 'Other amount' }));
    const custom = buyForm().getByLabelText('Your amount (S$20 to S$300)');
    await user.type(custom, '500');
    expect(custom).toHaveAttribute('aria-invalid', 'true');
    expect(custom).toHaveAccessibleDescription('Enter an amount from S$20 to S$300.');
    await user.clear(custom);
    await user.type(custom, '25.50');
    expect(custom).toHaveAccessibleDescription('Enter a whole amount, without cents.');
    await user.type(buyForm().getByLabelText('Message (optional)'), 'Happy birthday!');
    expect(buyForm().getByText('15 of 200 characters')).toBeInTheDocument();
    expect(giftCards.addToBag).not.toHaveBeenCalled();
  });

  test('adds the card to the bag: the header’s count follows, and the shopper can go to the bag or buy another', async () => {
    const { user, giftCards, count } = await renderGiftCards();
    await user.click(buyForm().getByRole('radio', { name: 'Other amount' }));
    await user.type(buyForm().getByLabelText('Your amount (S$20 to S$300)'), '75');
    await user.type(buyForm().getByLabelText("Recipient's name"), 'Aisha Rahman');
    await user.type(buyForm().getByLabelText("Recipient's email"), 'aisha@example.com');
    await user.type(buyForm().getByLabelText('Your name'), 'Mei');
    await user.type(buyForm().getByLabelText('Message (optional)'), 'Happy birthday!');
    await user.click(buyForm().getByRole('button', { name: 'Add to bag' }));
    const added = await screen.findByRole('heading', { level: 3, name: 'Added to your bag' });
    expect(added).toHaveFocus();
    expect(giftCards.addToBag).toHaveBeenCalledWith({ amount: 75, recipientName: 'Aisha Rahman', recipientEmail: 'aisha@example.com', senderName: 'Mei', message: 'Happy birthday!', sendOn: todayIn('SG') });
    expect(count.confirmed).toEqual([BAG_WITH_CARD.count]);
    expect(screen.getByText(/^A S\$75 e-gift card for Aisha Rahman, emailed to aisha@example\.com on /)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to bag' })).toHaveAttribute('href', '/cart');
    await user.click(screen.getByRole('button', { name: 'Buy another e-gift card' }));
    expect(buyForm().getByLabelText('Your name')).toHaveValue('Mei');
    expect(buyForm().getByLabelText("Recipient's name")).toHaveValue('');
  });

  test('a bag holding as many cards as it may says so and keeps every value', async () => {
    const limit = new ApiError('http', 'limit', { status: 409, body: { code: 'gift_card_bag_limit', message: 'A bag holds at most 5 e-gift cards', status: 409 } });
    const { user } = await renderGiftCards({ addToBag: () => Promise.reject(limit) });
    await user.type(buyForm().getByLabelText("Recipient's name"), 'Aisha Rahman');
    await user.type(buyForm().getByLabelText("Recipient's email"), 'aisha@example.com');
    await user.type(buyForm().getByLabelText('Your name'), 'Mei');
    await user.click(buyForm().getByRole('button', { name: 'Add to bag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bag holds as many e-gift cards as it can. Check out first, or remove one from your bag.');
    expect(buyForm().getByLabelText("Recipient's name")).toHaveValue('Aisha Rahman');
  });
});

describe('/e-gift-cards: checking a balance', () => {
  test('the code and the PIN are checked before anything is sent', async () => {
    const { user, giftCards } = await renderGiftCards();
    await user.type(balanceForm().getByLabelText('Gift card code'), 'ABCD-123');
    await user.click(balanceForm().getByRole('button', { name: 'Check balance' }));
    expect(balanceForm().getByLabelText('Gift card code')).toHaveAccessibleDescription('As in the gift card email, for example ABCD-EFGH-JKLM-NPQR. Enter the 16-character code from the gift card email');
    // Empty, the PIN says what a PIN is, as a wrong one would.
    expect(balanceForm().getByLabelText('PIN')).toHaveAccessibleDescription('The 8 digits under the code in the email. Enter the 8-digit PIN from the gift card email');
    expect(giftCards.balance).not.toHaveBeenCalled();
  });

  test('shows what is left, from the server’s answer; another card can be checked', async () => {
    const found: BalanceOutcome = { kind: 'found', balance: { code: '••••-••••-••••-NPQR', balance: { currency: 'SGD', amount: 25 }, initial: { currency: 'SGD', amount: 50 }, expiresOn: null } };
    const { user, giftCards } = await renderGiftCards({ balance: async () => found });
    await user.type(balanceForm().getByLabelText('Gift card code'), 'abcd efgh jklm npqr');
    await user.type(balanceForm().getByLabelText('PIN'), '12345678');
    await user.click(balanceForm().getByRole('button', { name: 'Check balance' }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Gift card ••••-••••-••••-NPQR' });
    expect(heading).toHaveFocus();
    expect(giftCards.balance).toHaveBeenCalledWith({ code: 'ABCDEFGHJKLMNPQR', pin: '12345678' });
    expect(screen.getByText('Balance: S$25.00')).toBeInTheDocument();
    expect(screen.getByText('Loaded with S$50.00. E-gift cards do not expire.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check another card' }));
    await waitFor(() => expect(balanceForm().getByLabelText('Gift card code')).toHaveFocus());
  });

  test('a wrong code or PIN (404) and too many of them (429) say so, keeping the form', async () => {
    const outcomes: BalanceOutcome[] = [{ kind: 'notFound' }, { kind: 'tooManyAttempts', retryAfterSeconds: 900 }];
    const { user } = await renderGiftCards({ balance: async () => outcomes.shift() ?? { kind: 'notFound' } });
    await user.type(balanceForm().getByLabelText('Gift card code'), 'ABCD-EFGH-JKLM-NPQR');
    await user.type(balanceForm().getByLabelText('PIN'), '12345678');
    await user.click(balanceForm().getByRole('button', { name: 'Check balance' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not find a card with this code and PIN.');
    expect(alert).toHaveFocus();
    expect(balanceForm().getByLabelText('PIN')).toHaveValue('12345678');
    await user.click(balanceForm().getByRole('button', { name: 'Check balance' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.'));
  });
});

// @module-tag clock: the send date's range starts at the country's today.
import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import type { Cart } from '../../src/contract/cart.ts';
import type { GiftCardPurchase } from '../../src/contract/gift-cards.ts';
import { giftCardPurchaseConnect } from '../../machines/gift-cards/gift-card-purchase.connect.ts';
import { BAG_LIMIT, BAG_WITH_CARD, GOOD_PURCHASE, NETWORK, PURCHASE_INPUT, SEND_DATE_REFUSED } from '../../machines/gift-cards/gift-card-purchase.fixtures.ts';
import { giftCardPurchaseMachine, type GiftCardPurchaseInput } from '../../machines/gift-cards/gift-card-purchase.machine.ts';
import { emptyDraft, purchaseIssues, validPurchase, type PurchaseDraft } from '../../machines/gift-cards/gift-card-purchase.rules.ts';
import { connectActor } from './connect-helpers.ts';

/* Buying an e-gift card: the form's rules (the contract's, as the server checks them), adding it to the bag, refusals. */

type Pending = { input: GiftCardPurchase; resolve: (bag: Cart) => void; reject: (error: unknown) => void };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(input: GiftCardPurchaseInput = PURCHASE_INPUT) {
  const adds: Pending[] = [];
  const added: Cart[] = [];
  const machine = giftCardPurchaseMachine.provide({
    actors: { addToBag: fromPromise<Cart, GiftCardPurchase>(({ input: purchase }) => new Promise((resolve, reject) => void adds.push({ input: purchase, resolve, reject }))) },
    actions: { added: (_, bag: Cart) => void added.push(bag) },
  });
  const { actor, send, sent } = connectActor(machine, input);
  const view = () => giftCardPurchaseConnect(actor.getSnapshot(), send);
  const fill = () => {
    for (const field of ['recipientName', 'recipientEmail', 'senderName', 'message'] as const) view().setField(field, GOOD_PURCHASE[field]);
  };
  return { actor, view, sent, adds, added, fill };
}

const draft = (overrides: Partial<PurchaseDraft> = {}): PurchaseDraft => ({ ...emptyDraft('SG', '2030-01-15'), ...GOOD_PURCHASE, ...overrides });

describe('gift card purchase: the rules', () => {
  test('a preset or a whole custom amount within the country’s range', () => {
    expect(purchaseIssues('SG', '2030-01-15', draft())).toEqual({});
    expect(purchaseIssues('SG', '2030-01-15', draft({ preset: null, customAmount: '' }))).toEqual({ amount: 'required' });
    expect(purchaseIssues('SG', '2030-01-15', draft({ preset: null, customAmount: '19' }))).toEqual({ amount: 'below_minimum' });
    expect(purchaseIssues('SG', '2030-01-15', draft({ preset: null, customAmount: '301' }))).toEqual({ amount: 'above_maximum' });
    expect(purchaseIssues('SG', '2030-01-15', draft({ preset: null, customAmount: '25.50' }))).toEqual({ amount: 'not_whole' });
    expect(purchaseIssues('SG', '2030-01-15', draft({ preset: null, customAmount: 'fifty' }))).toEqual({ amount: 'invalid' });
    // Another country, another range: Rp200,000 to Rp3,000,000.
    expect(purchaseIssues('ID', '2030-01-15', draft({ preset: null, customAmount: '300' }))).toEqual({ amount: 'below_minimum' });
    expect(purchaseIssues('ID', '2030-01-15', draft({ preset: null, customAmount: '250,000' }))).toEqual({});
    expect(purchaseIssues('ID', '2030-01-15', draft({ preset: null, customAmount: '250.000' }))).toEqual({});
  });

  test('names, email and message as the contract takes them', () => {
    expect(purchaseIssues('SG', '2030-01-15', draft({ recipientName: ' ', recipientEmail: 'aisha@', senderName: 'Mei\tTan', message: 'x'.repeat(201) }))).toEqual({
      recipientName: 'required',
      recipientEmail: 'invalid_email',
      senderName: 'one_line',
      message: 'too_long',
    });
    // A message may hold line breaks; it is optional.
    expect(purchaseIssues('SG', '2030-01-15', draft({ message: 'Dear Aisha,\nHappy birthday!' }))).toEqual({});
    expect(purchaseIssues('SG', '2030-01-15', draft({ message: '' }))).toEqual({});
  });

  test('a send date from today to 180 days ahead in the country’s calendar', () => {
    expect(purchaseIssues('SG', '2030-01-15', draft({ sendOn: '2030-01-14' }))).toEqual({ sendOn: 'in_the_past' });
    expect(purchaseIssues('SG', '2030-01-15', draft({ sendOn: '2030-07-14' }))).toEqual({});
    expect(purchaseIssues('SG', '2030-01-15', draft({ sendOn: '2030-07-15' }))).toEqual({ sendOn: 'too_far_ahead' });
    expect(purchaseIssues('SG', '2030-01-15', draft({ sendOn: '' }))).toEqual({ sendOn: 'required' });
  });

  test('the purchase sent is the contract’s output: trimmed, the amount a number', () => {
    expect(validPurchase('SG', '2030-01-15', draft({ preset: null, customAmount: ' 75 ', recipientName: ' Aisha Rahman ' }))).toEqual({
      amount: 75,
      recipientName: 'Aisha Rahman',
      recipientEmail: 'aisha@example.com',
      senderName: 'Mei',
      message: 'Happy birthday!',
      sendOn: '2030-01-15',
    });
    expect(validPurchase('SG', '2030-01-15', draft({ recipientName: '' }))).toBeNull();
  });
});

describe('gift card purchase: the form', () => {
  test('starts with the country’s presets (the second chosen), today as the send date and its range', () => {
    const { view } = start();
    expect(view()).toMatchObject({ status: 'editing', custom: false, range: { min: 20, max: 300, currency: 'SGD' }, sendOn: { min: '2030-01-15', max: '2030-07-14' }, message: { length: 0, max: 200 }, issues: {}, attempts: 0 });
    expect(view().presets.map((preset) => [preset.amount, preset.selected])).toEqual([
      [20, false],
      [50, true],
      [100, false],
      [200, false],
    ]);
  });

  test('Add to bag is refused until the rules pass; the issues then follow each change', () => {
    const { view, adds } = start();
    view().submit();
    expect(adds).toHaveLength(0);
    expect(view()).toMatchObject({ status: 'editing', attempts: 1, issues: { recipientName: 'required', recipientEmail: 'required', senderName: 'required' } });
    expect(view().fieldsInError).toEqual(['recipientName', 'recipientEmail', 'senderName']);
    view().setField('recipientName', 'Aisha');
    expect(view().issues.recipientName).toBeUndefined();
    view().chooseCustom();
    expect(view()).toMatchObject({ custom: true, issues: { amount: 'required' } });
    view().setField('customAmount', '500');
    expect(view().issues.amount).toBe('above_maximum');
    view().presets[0]?.select();
    expect(view()).toMatchObject({ custom: false, draft: { preset: 20 } });
    expect(view().issues.amount).toBeUndefined();
  });

  test('only the country’s presets can be chosen; typing an amount chooses it', () => {
    const { view, actor } = start();
    actor.send({ type: 'purchase.preset', amount: 30 });
    expect(view().draft.preset).toBe(50);
    view().setField('customAmount', '30');
    expect(view()).toMatchObject({ custom: true, draft: { preset: null, customAmount: '30' } });
  });

  test('adds the card to the bag, tells the app the bag, and offers another', async () => {
    const { view, adds, added, fill } = start();
    fill();
    view().setField('message', 'Happy birthday!');
    expect(view().message.length).toBe(15);
    view().submit();
    expect(view()).toMatchObject({ status: 'adding', busy: true });
    expect(adds[0]?.input).toEqual({ amount: 50, ...GOOD_PURCHASE, sendOn: '2030-01-15' });
    adds[0]?.resolve(BAG_WITH_CARD);
    await tick();
    expect(view()).toMatchObject({ status: 'added', added: { purchase: { amount: 50, recipientName: 'Aisha Rahman' }, count: 1 } });
    expect(added).toEqual([BAG_WITH_CARD]);
    view().another();
    expect(view()).toMatchObject({ status: 'editing', added: null, draft: { senderName: 'Mei', recipientName: '', preset: 50 }, issues: {} });
  });

  test('a refusal keeps every value: the fields the server named, the bag’s limit, no answer', async () => {
    const { view, adds, fill } = start();
    fill();
    view().submit();
    adds[0]?.reject(SEND_DATE_REFUSED);
    await tick();
    expect(view()).toMatchObject({ status: 'editing', failure: null, issues: { sendOn: 'in_the_past' }, fieldsInError: ['sendOn'], attempts: 1, draft: { recipientName: 'Aisha Rahman' } });
    view().setField('sendOn', '2030-01-16');
    expect(view().issues).toEqual({});
    view().submit();
    adds[1]?.reject(BAG_LIMIT);
    await tick();
    expect(view()).toMatchObject({ failure: { kind: 'bag_limit' }, attempts: 2 });
    view().submit();
    adds[2]?.reject(NETWORK);
    await tick();
    expect(view()).toMatchObject({ failure: { kind: 'network' }, attempts: 3, draft: { recipientEmail: 'aisha@example.com' } });
  });
});

import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { GiftCardPurchase } from '../../src/contract/gift-cards.ts';
import { COUNTRIES } from '../../src/config/countries.ts';
import { GIFT_CARD_MESSAGE_MAX, GIFT_CARD_NAME_MAX, GIFT_CARD_RANGES } from '../../src/config/gift-cards.ts';
import type { PurchaseFailure } from './gift-card-purchase.failure.ts';
import type { giftCardPurchaseMachine } from './gift-card-purchase.machine.ts';
import { lastSendDay, PURCHASE_FIELDS, purchaseIssues, type PurchaseDraft, type PurchaseField, type PurchaseIssues, type PurchaseTextField } from './gift-card-purchase.rules.ts';

type Snapshot = SnapshotFrom<typeof giftCardPurchaseMachine>;
type Send = (event: EventFromLogic<typeof giftCardPurchaseMachine>) => void;

/** `data-state` of the purchase form. */
export type PurchaseStatus = 'editing' | 'adding' | 'added';

export interface PresetView {
  /** Whole units of the country's currency. */
  amount: number;
  selected: boolean;
  select(): void;
}

export interface GiftCardPurchaseApi {
  status: PurchaseStatus;
  busy: boolean;
  draft: PurchaseDraft;
  /** The country's range in whole units of its currency, as the rules hold it. */
  range: { min: number; max: number; currency: string };
  presets: PresetView[];
  /** The custom amount is chosen (the typed amount is the card's). */
  custom: boolean;
  /**
   * What to show under each field: the rules' issue once a submit was refused (then after every
   * change), or the server's refusal of it until the field changes.
   */
  issues: PurchaseIssues;
  /** The fields in error, in the form's order (the summary's list). */
  fieldsInError: PurchaseField[];
  nameMax: number;
  message: { length: number; max: number };
  /** The send dates the rules take: today to `GIFT_CARD_SEND_DAYS_AHEAD` days later, in the country's calendar. */
  sendOn: { min: string; max: string };
  /** Why the last submit failed, when it was not the fields (they say it themselves). */
  failure: Exclude<PurchaseFailure, { kind: 'invalid' }> | null;
  /** Refused and failed submits so far: each one moves the focus to the summary. */
  attempts: number;
  /** The card just added to the bag, with the bag's count after it. */
  added: { purchase: GiftCardPurchase; count: number } | null;
  choosePreset(amount: number): void;
  chooseCustom(): void;
  setField(field: PurchaseTextField, value: string): void;
  submit(): void;
  another(): void;
}

function statusOf(snapshot: Snapshot): PurchaseStatus {
  if (snapshot.hasTag('added')) return 'added';
  return snapshot.hasTag('busy') ? 'adding' : 'editing';
}

export function giftCardPurchaseConnect(snapshot: Snapshot, send: Send): GiftCardPurchaseApi {
  const { country, today, draft, checked, failure, attempts, purchase, bag } = snapshot.context;
  const range = GIFT_CARD_RANGES[country];
  const status = statusOf(snapshot);
  const issues: PurchaseIssues = { ...(failure?.kind === 'invalid' ? failure.issues : {}), ...(checked ? purchaseIssues(country, today, draft) : {}) };
  return {
    status,
    busy: status === 'adding',
    draft,
    range: { min: range.min, max: range.max, currency: COUNTRIES[country].currency },
    presets: range.presets.map((amount) => ({ amount, selected: draft.preset === amount, select: () => send({ type: 'purchase.preset', amount }) })),
    custom: draft.preset === null,
    issues,
    fieldsInError: PURCHASE_FIELDS.filter((field) => issues[field] !== undefined),
    nameMax: GIFT_CARD_NAME_MAX,
    message: { length: draft.message.length, max: GIFT_CARD_MESSAGE_MAX },
    sendOn: { min: today, max: lastSendDay(today) },
    failure: failure === null || failure.kind === 'invalid' ? null : failure,
    attempts,
    added: status === 'added' && purchase !== null && bag !== null ? { purchase, count: bag.count } : null,
    choosePreset: (amount) => send({ type: 'purchase.preset', amount }),
    chooseCustom: () => send({ type: 'purchase.custom' }),
    setField: (field, value) => send({ type: 'purchase.field', field, value }),
    submit: () => send({ type: 'purchase.submit' }),
    another: () => send({ type: 'purchase.another' }),
  };
}

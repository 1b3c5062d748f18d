import * as v from 'valibot';
import type { CountryCode } from '../../src/config/countries.ts';
import { GIFT_CARD_RANGES, GIFT_CARD_SEND_DAYS_AHEAD } from '../../src/config/gift-cards.ts';
import { addDays } from '../../src/contract/calendar-day.ts';
import { GIFT_CARD_ISSUE_MESSAGES, giftCardPurchaseIssues, GiftCardPurchaseSchema, type GiftCardIssueCode, type GiftCardPurchase } from '../../src/contract/gift-cards.ts';

/*
 * The e-gift card purchase form's rules, read by the purchase machine's guards and by its connect.
 * They are the server's own (src/contract/gift-cards.ts): the contract's schema for the shape (names,
 * email, message length, a whole amount, a date) and `giftCardPurchaseIssues` for the country's
 * range and the send date in its calendar. Nothing here re-decides them: it only names, per field,
 * the first thing they refuse.
 */

/** The form's text inputs, as typed. The amount is a preset chosen or a custom amount typed. */
export const PURCHASE_TEXT_FIELDS = ['customAmount', 'recipientName', 'recipientEmail', 'senderName', 'message', 'sendOn'] as const;
export type PurchaseTextField = (typeof PURCHASE_TEXT_FIELDS)[number];

export interface PurchaseDraft {
  /** One of the country's presets, or null: the custom amount typed is the amount. */
  preset: number | null;
  customAmount: string;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  /** `YYYY-MM-DD`, as a date input gives it. */
  sendOn: string;
}

/** The fields a refusal is shown under (the amount's group for both ways of giving it), in the form's order. */
export const PURCHASE_FIELDS = ['amount', 'recipientName', 'recipientEmail', 'senderName', 'message', 'sendOn'] as const;
export type PurchaseField = (typeof PURCHASE_FIELDS)[number];

export type PurchaseIssueCode = 'required' | 'too_long' | 'invalid_email' | 'one_line' | 'not_whole' | 'invalid' | GiftCardIssueCode;
export type PurchaseIssues = Readonly<Partial<Record<PurchaseField, PurchaseIssueCode>>>;

/** A fresh form: the smallest preset but one (a usual gift), the rest empty, sent today. */
export function emptyDraft(country: CountryCode, today: string, senderName = ''): PurchaseDraft {
  const { presets } = GIFT_CARD_RANGES[country];
  return { preset: presets[1] ?? presets[0] ?? null, customAmount: '', recipientName: '', recipientEmail: '', senderName, message: '', sendOn: today };
}

/** Digits in groups of three (`250,000`, `250.000`, `250 000`): thousands, as each country writes them. */
const GROUPED = /^\d{1,3}(?:[.,\s]\d{3})+$/;

/** The amount the form gives: the preset, or the custom amount read as a number (NaN when it is none). */
function amountOf(draft: PurchaseDraft): number {
  if (draft.preset !== null) return draft.preset;
  const typed = draft.customAmount.trim();
  if (typed === '') return Number.NaN;
  return Number(GROUPED.test(typed) ? typed.replace(/[.,\s]/g, '') : typed);
}

/** The request body the form makes (`POST cart/gift-cards`), before the contract's schema reads it. */
export function purchaseBody(draft: PurchaseDraft): Record<keyof GiftCardPurchase, unknown> {
  const { recipientName, recipientEmail, senderName, message, sendOn } = draft;
  return { amount: amountOf(draft), recipientName, recipientEmail, senderName, message, sendOn };
}

/** A schema issue as the code the form shows. */
function codeOf(issue: v.BaseIssue<unknown>, field: PurchaseField, draft: PurchaseDraft): PurchaseIssueCode {
  switch (issue.type) {
    case 'non_empty':
      return 'required';
    case 'max_length':
      return 'too_long';
    case 'email':
      return 'invalid_email';
    case 'integer':
      return 'not_whole';
    case 'min_value':
      return 'below_minimum';
    case 'max_value':
      return 'above_maximum';
    case 'check':
      return field === 'message' ? 'invalid' : 'one_line';
    case 'number':
      return draft.preset === null && draft.customAmount.trim() === '' ? 'required' : 'invalid';
    case 'iso_date':
      return draft.sendOn.trim() === '' ? 'required' : 'invalid';
    default:
      return 'invalid';
  }
}

const isField = (path: string | null): path is PurchaseField => (PURCHASE_FIELDS as readonly (string | null)[]).includes(path);

/**
 * What the form cannot send yet, field by field: the contract's schema first, then (for a body it
 * accepts) the country's range and the send date against `today` in the country's calendar.
 */
export function purchaseIssues(country: CountryCode, today: string, draft: PurchaseDraft): PurchaseIssues {
  const issues: Partial<Record<PurchaseField, PurchaseIssueCode>> = {};
  const result = v.safeParse(GiftCardPurchaseSchema, purchaseBody(draft));
  if (!result.success) {
    for (const issue of result.issues) {
      const path = v.getDotPath(issue);
      if (isField(path) && issues[path] === undefined) issues[path] = codeOf(issue, path, draft);
    }
  }
  const amount = amountOf(draft);
  const sendOn = draft.sendOn.trim();
  // The country's rules on what the schema let through (a whole amount, a date).
  for (const issue of giftCardPurchaseIssues(country, { amount: Number.isInteger(amount) ? amount : Number.NaN, sendOn: sendOn === '' ? today : sendOn }, today)) {
    issues[issue.field] ??= issue.code;
  }
  return issues;
}

/** The purchase to send when the form passes every rule; null otherwise. */
export function validPurchase(country: CountryCode, today: string, draft: PurchaseDraft): GiftCardPurchase | null {
  if (Object.keys(purchaseIssues(country, today, draft)).length > 0) return null;
  return v.parse(GiftCardPurchaseSchema, purchaseBody(draft));
}

/** The last day a card can be sent on: `GIFT_CARD_SEND_DAYS_AHEAD` days after today. */
export const lastSendDay = (today: string): string => addDays(today, GIFT_CARD_SEND_DAYS_AHEAD);

const SERVER_MESSAGES: ReadonlyMap<string, GiftCardIssueCode> = new Map(
  (Object.entries(GIFT_CARD_ISSUE_MESSAGES) as [GiftCardIssueCode, string][]).map(([code, message]) => [message, code]),
);

/** A 400's field errors (`body.amount`, `body.sendOn` …) as the form's issues: the country's rules by their message, anything else "invalid". */
export function serverIssues(errors: unknown): PurchaseIssues {
  const issues: Partial<Record<PurchaseField, PurchaseIssueCode>> = {};
  if (!Array.isArray(errors)) return issues;
  for (const entry of errors as unknown[]) {
    const { field, message } = (typeof entry === 'object' && entry !== null ? entry : {}) as { field?: unknown; message?: unknown };
    const name = typeof field === 'string' ? field.replace(/^body\./, '') : null;
    if (isField(name) && issues[name] === undefined) issues[name] = (typeof message === 'string' ? SERVER_MESSAGES.get(message) : undefined) ?? 'invalid';
  }
  return issues;
}

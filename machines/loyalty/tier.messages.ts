import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import type { TierName } from '../../src/contract/loyalty.ts';
import type { tierMachine } from './tier.machine.ts';
import { amountLeft, daysLeft, renewalSpend, type MemberState } from '../../src/contract/tier-rules.ts';

type TierSnapshot = SnapshotFrom<typeof tierMachine>;

/** How the app writes amounts and dates for the member (the site's formatMoney / formatDate). */
export interface TierFormat {
  /** An amount in major units of `currency`, e.g. `S$350.00`, `฿8,000.00`. */
  money(amount: number, currency: string): string;
  /** A calendar date `YYYY-MM-DD` in the member's language. */
  date(isoDate: string): string;
}

export type TierMessageValues = Record<string, string | number>;

export interface TierMessage {
  /** Translated by the view with `i18n._(descriptor)`; its `values` are filled in. */
  descriptor: MessageDescriptor;
  values: TierMessageValues;
}

/** Tier and message state of a snapshot: `{ tier: 'gold', messaging: 'maxTier' }`; both null while loading. */
export function tierState(snapshot: TierSnapshot): { tier: TierName | null; messaging: string | null } {
  const value = snapshot.value;
  if (typeof value === 'string') return { tier: null, messaging: null };
  const [tier, messaging] = Object.entries(value)[0] ?? [];
  return { tier: (tier as TierName | undefined) ?? null, messaging: typeof messaging === 'string' ? messaging : null };
}

export const TIER_LABELS: Readonly<Record<TierName, MessageDescriptor>> = {
  pink: msg`Pink`,
  white: msg`White`,
  black: msg`Black`,
  gold: msg`Gold`,
};

function make(descriptor: MessageDescriptor): TierMessage {
  return { descriptor, values: { ...(descriptor.values as TierMessageValues | undefined) } };
}

/**
 * The message of the member's current state, with amounts in their country's currency and the
 * year end in their language. The numbers come from the same rules as the guards that chose the
 * state, so the view never recomputes them.
 */
export function tierMessage(snapshot: TierSnapshot, format: TierFormat): TierMessage {
  return tierMessageOf({ member: snapshot.context.member, ...tierState(snapshot) }, format);
}

/** The same, from what the tier's view-model holds (tier.connect.ts). */
export function tierMessageOf({ member, tier, messaging }: { member: MemberState | null; tier: TierName | null; messaging: string | null }, format: TierFormat): TierMessage {
  if (!member || !tier) return make(msg`Loading your Beauty Pass status…`);
  return messageFor(`${tier}.${messaging ?? ''}`, member, format);
}

function messageFor(state: string, member: MemberState, format: TierFormat): TierMessage {
  const { reach } = member.thresholds;
  const money = (value: number) => format.money(value, member.thresholds.currency);
  const date = format.date(member.yearEnd);
  const days = Math.max(0, daysLeft(member));
  const toRenew = money(amountLeft(renewalSpend(member), member.spend));
  const minimum = money(renewalSpend(member));

  switch (state) {
    case 'pink.inProgress': {
      const amount = money(amountLeft(reach.white, member.spend));
      return make(msg`You are a Pink member. Spend ${amount} more to become White and enjoy its benefits.`);
    }
    case 'white.justUpgraded': {
      const amount = money(amountLeft(reach.black, member.spend));
      return make(msg`Congratulations, you are now a White member! Spend ${amount} more by ${date} to reach Black.`);
    }
    case 'white.renewed': {
      const amount = money(amountLeft(reach.black, member.spend));
      return make(msg`Your White membership has been renewed. Spend ${amount} by ${date} to reach Black.`);
    }
    case 'white.downgraded': {
      const amount = money(amountLeft(reach.black, member.spend));
      return make(msg`Your spend did not meet the Black renewal criteria, so you are now a White member. Spend ${amount} to regain Black.`);
    }
    case 'white.inProgress': {
      const amount = money(amountLeft(reach.black, member.spend));
      return make(msg`You are on your way to Black. Spend ${amount} more by ${date} to reach it.`);
    }
    case 'black.justUpgraded': {
      const amount = money(amountLeft(reach.gold, member.spend));
      return make(msg`Congratulations, you are now a Black member! Spend ${amount} more by ${date} to reach Gold.`);
    }
    case 'black.renewed': {
      const amount = money(amountLeft(reach.gold, member.spend));
      return make(msg`Your Black membership has been renewed. Spend ${amount} by ${date} to reach Gold.`);
    }
    case 'black.downgraded': {
      const amount = money(amountLeft(reach.gold, member.spend));
      return make(msg`Your spend did not meet the Gold renewal criteria, so you are now a Black member. Spend ${amount} to regain Gold.`);
    }
    case 'black.keepTier': {
      const amount = money(amountLeft(reach.gold, member.spend));
      return make(msg`You will keep Black for another year. Spend ${amount} more by ${date} to reach Gold.`);
    }
    case 'black.nearingExpiry':
      return make(msg`Your Black membership ends in ${plural(days, { one: '# day', other: '# days' })}. Spend ${toRenew} by ${date} to keep it.`);
    case 'black.downgradeWarning':
      return make(msg`Spend ${toRenew} by ${date} to renew your Black membership.`);
    case 'black.failedRenewal':
      return make(msg`You did not reach the Black renewal spend of ${minimum} by ${date}, so your membership will move to White.`);
    case 'gold.justUpgraded':
      return make(msg`Congratulations, you are now a Gold member! Spend ${toRenew} by ${date} to keep Gold for another year.`);
    case 'gold.renewed':
      return make(msg`Welcome back to Gold! Your welcome gift is waiting for you. Spend ${toRenew} more by ${date} to extend Gold by one year.`);
    case 'gold.maxTier':
      return make(msg`You have kept Gold, our highest tier, for another year. Spend beyond ${minimum} is not carried over to next year.`);
    case 'gold.nearingExpiry':
      return make(msg`Your Gold membership ends in ${plural(days, { one: '# day', other: '# days' })}. Spend ${toRenew} by ${date} to keep it.`);
    case 'gold.downgradeWarning':
      return make(msg`Spend ${toRenew} by ${date} to renew your Gold membership.`);
    case 'gold.failedRenewal':
      return make(msg`You did not reach the Gold spend of ${minimum} by ${date}, so your membership will move to Black.`);
    default:
      // A state without a message is a bug in this file, not something to show the member.
      throw new Error(`tierMessage: no message for ${state}`);
  }
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TierName } from '../../../contract/loyalty.ts';

/**
 * Perks named in spec §6. The spec ties only early sale access and exclusive events and rewards to
 * black and gold; the rest of this split is our assumption until Beauty Pass content arrives.
 */
const SALE_ACCESS = msg`Beauty Pass sale access`;
const BIRTHDAY = msg`Birthday perks`;
const EARLY_SALE = msg`Early access to the sale`;
const EXCLUSIVE = msg`Exclusive events and rewards`;
const MAKEUP = msg`Personalised makeup services`;

export const TIER_PERKS: Readonly<Record<TierName, readonly MessageDescriptor[]>> = {
  pink: [SALE_ACCESS],
  white: [SALE_ACCESS, BIRTHDAY],
  black: [SALE_ACCESS, BIRTHDAY, EARLY_SALE, EXCLUSIVE],
  gold: [SALE_ACCESS, BIRTHDAY, EARLY_SALE, EXCLUSIVE, MAKEUP],
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EYE_COLOURS, FINISHES, HAIR_CONCERNS, HAIR_TYPES, SKIN_CONCERNS, SKIN_TONES, SKIN_TYPES, UNDERTONES } from '../../../contract/account.ts';

type Labels<T extends readonly string[]> = Readonly<Record<T[number], MessageDescriptor>>;

/** The beauty profile's answers in the shopper's language; the values are the contract's. */
export const SKIN_TYPE_LABELS: Labels<typeof SKIN_TYPES> = {
  dry: msg`Dry`,
  oily: msg`Oily`,
  combination: msg`Combination`,
  normal: msg`Normal`,
  sensitive: msg`Sensitive`,
};

export const SKIN_CONCERN_LABELS: Labels<typeof SKIN_CONCERNS> = {
  acne: msg`Acne`,
  dullness: msg`Dullness`,
  pores: msg`Visible pores`,
  'dark-spots': msg`Dark spots`,
  'fine-lines': msg`Fine lines`,
  redness: msg`Redness`,
  dehydration: msg`Dehydration`,
  'uneven-texture': msg`Uneven texture`,
};

export const HAIR_TYPE_LABELS: Labels<typeof HAIR_TYPES> = {
  straight: msg`Straight`,
  wavy: msg`Wavy`,
  curly: msg`Curly`,
  coily: msg`Coily`,
};

export const HAIR_CONCERN_LABELS: Labels<typeof HAIR_CONCERNS> = {
  dryness: msg`Dryness`,
  frizz: msg`Frizz`,
  'hair-loss': msg`Hair loss`,
  'colour-treated': msg`Colour-treated hair`,
  'oily-scalp': msg`Oily scalp`,
  dandruff: msg`Dandruff`,
};

export const EYE_COLOUR_LABELS: Labels<typeof EYE_COLOURS> = {
  brown: msg`Brown`,
  // "Black" is also a Beauty Pass tier: the context keeps the two translations apart.
  black: msg({ message: 'Black', context: 'eye colour' }),
  hazel: msg`Hazel`,
  green: msg`Green`,
  blue: msg`Blue`,
  grey: msg`Grey`,
};

export const SKIN_TONE_LABELS: Labels<typeof SKIN_TONES> = {
  fair: msg`Fair`,
  light: msg`Light`,
  medium: msg`Medium`,
  tan: msg`Tan`,
  deep: msg`Deep`,
};

export const UNDERTONE_LABELS: Labels<typeof UNDERTONES> = {
  cool: msg`Cool`,
  neutral: msg`Neutral`,
  warm: msg`Warm`,
  olive: msg`Olive`,
};

export const FINISH_LABELS: Labels<typeof FINISHES> = {
  matte: msg`Matte`,
  natural: msg`Natural`,
  dewy: msg`Dewy`,
};

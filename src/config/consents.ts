import type { CountryCode } from './countries.ts';

/**
 * The Beauty Pass terms each country shows at registration (spec §5: "a variant per country").
 * The id names the text version the member agreed to; it is stored with the consent, and the
 * server refuses a registration that agreed to an older variant than the current one.
 * `dataLaw` names the local personal-data law the country's variant cites.
 */
export const BEAUTY_PASS_TERMS: Readonly<Record<CountryCode, { variant: string; dataLaw: 'PDPA' | 'PDP' | 'DPA' | 'Privacy Act' | 'PDPO' }>> = {
  AU: { variant: 'bp-terms-au-2026-07', dataLaw: 'Privacy Act' },
  HK: { variant: 'bp-terms-hk-2026-07', dataLaw: 'PDPO' },
  ID: { variant: 'bp-terms-id-2026-07', dataLaw: 'PDP' },
  MY: { variant: 'bp-terms-my-2026-07', dataLaw: 'PDPA' },
  NZ: { variant: 'bp-terms-nz-2026-07', dataLaw: 'Privacy Act' },
  PH: { variant: 'bp-terms-ph-2026-07', dataLaw: 'DPA' },
  SG: { variant: 'bp-terms-sg-2026-07', dataLaw: 'PDPA' },
  TH: { variant: 'bp-terms-th-2026-07', dataLaw: 'PDPA' },
};

/** The tier a new Beauty Pass member starts at (spec §4: pink is the initial tier). */
export const ENTRY_TIER = 'pink' as const;

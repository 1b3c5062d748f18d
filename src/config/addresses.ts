import { AU_STATES, HK_AREAS, ID_PROVINCES, MY_STATES, PH_PROVINCES, TH_PROVINCES, type Subdivision } from './address-subdivisions.ts';
import type { CountryCode } from './countries.ts';

/*
 * Delivery addresses per country (issue 13): which fields a country asks for, what its postcodes
 * and phone numbers look like, its states or provinces. Data, never branches in code: the server
 * checks an address with it and the SPA builds the form from it.
 */

/** Longest value of each address field (characters, after trimming). */
export const ADDRESS_FIELD_MAX = { fullName: 80, line1: 100, line2: 100, city: 60, state: 40, postcode: 12 } as const;

/** Longest phone number as typed (spaces, dashes, a leading +). */
export const PHONE_MAX = 24;

/** What the form calls the country's subdivisions (the SPA translates the label). */
export type SubdivisionLabel = 'state' | 'province' | 'region' | 'district';

export interface PostcodeRule {
  /** RegExp source, anchored, of a whole postcode as entered (after trimming). */
  pattern: string;
  /** A valid postcode, shown as the field's hint. */
  example: string;
}

export interface StateRule {
  label: SubdivisionLabel;
  /** When false an empty value is accepted; a non-empty one must still be one of `options`. */
  required: boolean;
  /** The address's `state` holds one of these codes. */
  options: readonly Subdivision[];
}

export interface PhoneRule {
  /** ITU calling code without the `+` (`'65'`). */
  callingCode: string;
  /** The digit dialled before a national number inside the country (`'0'`), null where there is none. */
  trunkPrefix: string | null;
  /**
   * RegExp source, anchored, of the national significant number: digits only, without the calling
   * code or the trunk prefix, mobile and landline alike (toll-free and premium numbers are not
   * accepted: a courier has to be able to call or text it).
   */
  nationalPattern: string;
  /** A valid number written the way people of the country write it, shown as the field's hint. */
  example: string;
}

export interface AddressRule {
  /** Null where the country has no postcodes: the field must then be empty. */
  postcode: PostcodeRule | null;
  /** Null where addresses name no state or province: the field must then be empty. */
  states: StateRule | null;
  /** The town or city line (a suburb in AU, a district in HK and TH). */
  city: { required: boolean };
  phone: PhoneRule;
}

/*
 * Postcode and phone patterns follow the numbering plans as published by each country's postal
 * service and telecoms regulator; they are deliberately no stricter than the plan (a number range
 * not yet allocated passes), as refusing a real address costs more than a courier's call.
 */
export const ADDRESS_RULES: Readonly<Record<CountryCode, AddressRule>> = {
  AU: {
    postcode: { pattern: '^\\d{4}$', example: '2000' },
    states: { label: 'state', required: true, options: AU_STATES },
    // The suburb: Australia Post routes by suburb, state and postcode together.
    city: { required: true },
    // 2, 3, 7, 8: landlines by region; 4: mobiles. Nine digits after the trunk 0.
    phone: { callingCode: '61', trunkPrefix: '0', nationalPattern: '^[23478]\\d{8}$', example: '0412 345 678' },
  },
  HK: {
    // Hong Kong has no postcodes (the "999077" some foreign forms ask for is not one).
    postcode: null,
    states: { label: 'region', required: true, options: HK_AREAS },
    // The district (Causeway Bay, Mong Kok): with no postcode, couriers sort by area and district.
    city: { required: true },
    // Eight digits, no trunk prefix: 2, 3 landlines; 4–7, 9 mobiles (8 is special services).
    phone: { callingCode: '852', trunkPrefix: null, nationalPattern: '^[2-79]\\d{7}$', example: '9123 4567' },
  },
  ID: {
    postcode: { pattern: '^[1-9]\\d{4}$', example: '10310' },
    states: { label: 'province', required: true, options: ID_PROVINCES },
    // The city or regency (kota / kabupaten).
    city: { required: true },
    // Mobiles 08xx with 9 to 12 digits after the 0; landlines an area code (21 Jakarta) and 5 to 8 digits.
    phone: { callingCode: '62', trunkPrefix: '0', nationalPattern: '^(?:8[1-9]\\d{7,10}|[2-79]\\d{6,10})$', example: '0812-3456-7890' },
  },
  MY: {
    postcode: { pattern: '^\\d{5}$', example: '50088' },
    states: { label: 'state', required: true, options: MY_STATES },
    city: { required: true },
    // Mobiles 01x with 8 or 9 more digits; landlines 03 (Klang Valley) + 8, 04–07 and 09 + 7, 082–089 (Sabah, Sarawak) + 6.
    phone: { callingCode: '60', trunkPrefix: '0', nationalPattern: '^(?:1\\d{8,9}|3\\d{8}|[4-79]\\d{7}|8[2-9]\\d{6})$', example: '012-345 6789' },
  },
  NZ: {
    postcode: { pattern: '^\\d{4}$', example: '1010' },
    // No states: NZ Post's addressing standard is street, suburb, town or city and postcode; the
    // region is not part of a postal address, and an optional list would only be one more field.
    states: null,
    city: { required: true },
    // Mobiles 02x with 6 to 8 more digits; landlines 3, 4, 6, 7, 9 and a 7-digit local number.
    phone: { callingCode: '64', trunkPrefix: '0', nationalPattern: '^(?:2\\d{7,9}|[34679][2-9]\\d{6})$', example: '021 123 4567' },
  },
  PH: {
    postcode: { pattern: '^\\d{4}$', example: '1550' },
    states: { label: 'province', required: true, options: PH_PROVINCES },
    // The city or municipality.
    city: { required: true },
    // Mobiles 9xx with 10 digits after the 0; landlines 2 (Metro Manila) + 8, or a 2-digit area code + 7.
    phone: { callingCode: '63', trunkPrefix: '0', nationalPattern: '^(?:9\\d{9}|[2-8]\\d{8})$', example: '0917 123 4567' },
  },
  SG: {
    // Six digits; each building has its own.
    postcode: { pattern: '^\\d{6}$', example: '238801' },
    states: null,
    // Not required: Singapore is a city-state whose postcode alone locates the building; the city
    // line would always read "Singapore", which the shipping label can print from the country.
    city: { required: false },
    // Eight digits, no trunk prefix: 6 landlines, 8 and 9 mobiles, 3 internet numbers.
    phone: { callingCode: '65', trunkPrefix: null, nationalPattern: '^[3689]\\d{7}$', example: '9123 4567' },
  },
  TH: {
    postcode: { pattern: '^[1-9]\\d{4}$', example: '10330' },
    states: { label: 'province', required: true, options: TH_PROVINCES },
    // The district (amphoe, or khet in Bangkok).
    city: { required: true },
    // Mobiles 6, 8, 9 with 9 digits after the 0; landlines 2 (Bangkok) and 3–5, 7 with 8 digits.
    phone: { callingCode: '66', trunkPrefix: '0', nationalPattern: '^(?:[689]\\d{8}|[2-57]\\d{7})$', example: '081 234 5678' },
  },
};

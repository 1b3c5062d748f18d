import { COUNTRIES, type CountryCode } from './countries.ts';

/*
 * The retailer's stores (issue 13): where click & collect orders can be picked up. Data, never
 * branches in code: checkout lists a country's collection stores from it. Later issues add what
 * else a store offers (services, artists) as fields of their own beside these.
 *
 * Addresses are the malls' real ones with invented unit numbers; the phone numbers are invented.
 */

export { WEEKDAYS, type OpeningHours, type OpeningTime, type Weekday } from './weekdays.ts';
import type { OpeningHours } from './weekdays.ts';

export interface Store {
  /** Stable slug, `<country>-<place>` in lower case: orders keep it. */
  id: string;
  country: CountryCode;
  name: string;
  /** Street address with the unit. */
  line1: string;
  city: string;
  /** Empty where the country has no postcodes (HK). */
  postcode: string;
  /** E.164 (`+6565091234`): the SPA formats it for show and dials it as is. */
  phone: string;
  /** IANA zone of the store's own clock (the country's, or the state's where a country has several): its hours, slots and bookings are in it. */
  timeZone: string;
  /** Whether orders can be collected here (an airport store has no room to keep them). */
  clickAndCollect: boolean;
  openingHours: OpeningHours;
}

/** The same hours every day, as most malls of the region keep. */
function daily(opens: string, closes: string): OpeningHours {
  const time = { opens, closes };
  return { mon: time, tue: time, wed: time, thu: time, fri: time, sat: time, sun: time };
}

/** Australian shopping centres: late trading on Thursday, short hours on Sunday. */
const AU_CENTRE_HOURS: OpeningHours = {
  mon: { opens: '09:30', closes: '18:30' },
  tue: { opens: '09:30', closes: '18:30' },
  wed: { opens: '09:30', closes: '18:30' },
  thu: { opens: '09:30', closes: '21:00' },
  fri: { opens: '09:30', closes: '19:00' },
  sat: { opens: '09:30', closes: '18:00' },
  sun: { opens: '10:00', closes: '17:00' },
};

const zone = (country: CountryCode): string => COUNTRIES[country].timeZone;

export const STORES: readonly Store[] = [
  { id: 'sg-ion-orchard', country: 'SG', name: 'ION Orchard', line1: '2 Orchard Turn, #B2-51', city: 'Singapore', postcode: '238801', phone: '+6565091234', timeZone: zone('SG'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'sg-vivocity', country: 'SG', name: 'VivoCity', line1: '1 HarbourFront Walk, #01-112', city: 'Singapore', postcode: '098585', phone: '+6563761234', timeZone: zone('SG'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'sg-tampines-mall', country: 'SG', name: 'Tampines Mall', line1: '4 Tampines Central 5, #02-18', city: 'Singapore', postcode: '529510', phone: '+6567881234', timeZone: zone('SG'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'sg-jewel-changi', country: 'SG', name: 'Jewel Changi Airport', line1: '78 Airport Boulevard, #02-215', city: 'Singapore', postcode: '819666', phone: '+6562141234', timeZone: zone('SG'), clickAndCollect: false, openingHours: daily('10:00', '23:00') },
  { id: 'au-westfield-sydney', country: 'AU', name: 'Westfield Sydney', line1: '188 Pitt Street, Shop 4012', city: 'Sydney', postcode: '2000', phone: '+61292341234', timeZone: zone('AU'), clickAndCollect: true, openingHours: AU_CENTRE_HOURS },
  { id: 'au-melbourne-central', country: 'AU', name: 'Melbourne Central', line1: '211 La Trobe Street, Shop GD-020', city: 'Melbourne', postcode: '3000', phone: '+61396541234', timeZone: 'Australia/Melbourne', clickAndCollect: true, openingHours: AU_CENTRE_HOURS },
  { id: 'hk-times-square', country: 'HK', name: 'Times Square', line1: 'Shop 1012, 10/F, 1 Matheson Street', city: 'Causeway Bay', postcode: '', phone: '+85225061234', timeZone: zone('HK'), clickAndCollect: true, openingHours: daily('11:00', '22:00') },
  { id: 'hk-harbour-city', country: 'HK', name: 'Harbour City', line1: 'Shop OT 215, Ocean Terminal, 3–27 Canton Road', city: 'Tsim Sha Tsui', postcode: '', phone: '+85221181234', timeZone: zone('HK'), clickAndCollect: false, openingHours: daily('10:00', '22:00') },
  { id: 'id-grand-indonesia', country: 'ID', name: 'Grand Indonesia', line1: 'Jl. M.H. Thamrin No. 1, East Mall Lt. 1 No. 12', city: 'Jakarta Pusat', postcode: '10310', phone: '+622123581234', timeZone: zone('ID'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'id-pakuwon-mall', country: 'ID', name: 'Pakuwon Mall', line1: 'Jl. Puncak Indah Lontar No. 2, Lt. 1 Unit 27', city: 'Surabaya', postcode: '60227', phone: '+62317391234', timeZone: zone('ID'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'my-pavilion-kl', country: 'MY', name: 'Pavilion Kuala Lumpur', line1: '168 Jalan Bukit Bintang, Lot 3.24.00', city: 'Kuala Lumpur', postcode: '55100', phone: '+60321421234', timeZone: zone('MY'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'my-mid-valley', country: 'MY', name: 'Mid Valley Megamall', line1: 'Lingkaran Syed Putra, Lot G-051', city: 'Kuala Lumpur', postcode: '59200', phone: '+60322871234', timeZone: zone('MY'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'nz-commercial-bay', country: 'NZ', name: 'Commercial Bay', line1: '7 Queen Street, Shop 118', city: 'Auckland', postcode: '1010', phone: '+6493021234', timeZone: zone('NZ'), clickAndCollect: true, openingHours: daily('10:00', '19:00') },
  { id: 'nz-westfield-riccarton', country: 'NZ', name: 'Westfield Riccarton', line1: '129 Riccarton Road, Shop 215', city: 'Christchurch', postcode: '8041', phone: '+6433481234', timeZone: zone('NZ'), clickAndCollect: true, openingHours: daily('09:00', '18:00') },
  { id: 'ph-sm-megamall', country: 'PH', name: 'SM Megamall', line1: 'EDSA corner Doña Julia Vargas Avenue, Mega Fashion Hall 2/F', city: 'Mandaluyong', postcode: '1550', phone: '+63286331234', timeZone: zone('PH'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'ph-greenbelt', country: 'PH', name: 'Greenbelt 5', line1: 'Legazpi Street, Ayala Center, Level 2', city: 'Makati', postcode: '1224', phone: '+63287571234', timeZone: zone('PH'), clickAndCollect: true, openingHours: daily('11:00', '21:00') },
  { id: 'th-siam-paragon', country: 'TH', name: 'Siam Paragon', line1: '991 Rama I Road, Pathum Wan, M Floor', city: 'Bangkok', postcode: '10330', phone: '+6626101234', timeZone: zone('TH'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
  { id: 'th-centralworld', country: 'TH', name: 'centralwOrld', line1: '999/9 Rama I Road, Pathum Wan, 1st Floor', city: 'Bangkok', postcode: '10330', phone: '+6626401234', timeZone: zone('TH'), clickAndCollect: true, openingHours: daily('10:00', '22:00') },
];

/** The country's stores, in the order above. */
export function storesIn(country: CountryCode): readonly Store[] {
  return STORES.filter((store) => store.country === country);
}

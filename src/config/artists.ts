import type { ActivityId } from './activity-texts.ts';
import { WEEKDAYS, type OpeningTime, type Weekday } from './stores.ts';

/*
 * The artists who do the services (issue 14): two or three per store with services, each with the
 * services they do and the hours they work, in the store's local time. Some work every day, most
 * on some days only; an artist's hours may reach beyond the store's (the slots keep to both). The
 * server upserts them into `artists` at every start: their rows are what a service's hold locks.
 * Names of people are not translated.
 */

export type ArtistHours = Readonly<Record<Weekday, OpeningTime | null>>;

export interface ArtistData {
  /** Stable: bookings keep it. */
  id: string;
  storeId: string;
  name: string;
  serviceIds: readonly ActivityId[];
  hours: ArtistHours;
}

/** `opens`–`closes` on `days`, off on the others. */
function shift(days: readonly Weekday[], opens: string, closes: string): ArtistHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, days.includes(day) ? { opens, closes } : null])) as Record<Weekday, OpeningTime | null>;
}

const WEEKDAYS_ONLY: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const but = (day: Weekday): Weekday[] => WEEKDAYS.filter((d) => d !== day);

const MAKEUP: readonly ActivityId[] = ['signature-makeup', 'brow-shaping'];
const SKIN: readonly ActivityId[] = ['express-facial', 'skin-consultation'];
const BRIDAL: ActivityId = 'bridal-trial';
/** The four services every store with services offers. */
const ALL_FOUR: readonly ActivityId[] = [...MAKEUP, ...SKIN];

const artist = (id: string, storeId: string, name: string, serviceIds: readonly ActivityId[], hours: ArtistHours): ArtistData => ({ id, storeId, name, serviceIds, hours });

export const ARTISTS: readonly ArtistData[] = [
  artist('sg-ion-aisha', 'sg-ion-orchard', 'Aisha Rahman', [...MAKEUP, BRIDAL], shift(WEEKDAYS_ONLY, '10:00', '18:00')),
  artist('sg-ion-mei', 'sg-ion-orchard', 'Tan Mei Ling', [...ALL_FOUR, BRIDAL], shift(['wed', 'thu', 'fri', 'sat', 'sun'], '12:00', '22:00')),
  artist('sg-ion-priya', 'sg-ion-orchard', 'Priya Nair', [...SKIN, 'brow-shaping'], shift(['sat', 'sun', 'mon', 'tue'], '10:00', '19:00')),
  artist('sg-vivo-jia', 'sg-vivocity', 'Lim Jia Hui', ALL_FOUR, shift(WEEKDAYS_ONLY, '11:00', '20:00')),
  artist('sg-vivo-farah', 'sg-vivocity', 'Farah Aziz', ALL_FOUR, shift(['thu', 'fri', 'sat', 'sun', 'mon'], '12:00', '22:00')),
  artist('sg-tampines-rui', 'sg-tampines-mall', 'Ong Rui En', ALL_FOUR, shift(but('wed'), '10:00', '18:00')),
  artist('sg-tampines-kavya', 'sg-tampines-mall', 'Kavya Menon', ALL_FOUR, shift(['tue', 'wed', 'thu', 'fri', 'sat'], '14:00', '22:00')),

  artist('au-sydney-olivia', 'au-westfield-sydney', 'Olivia Brown', [...MAKEUP, BRIDAL], shift(['thu', 'fri', 'sat', 'sun', 'mon'], '09:30', '21:00')),
  artist('au-sydney-jess', 'au-westfield-sydney', 'Jess Kim', ALL_FOUR, shift(WEEKDAYS_ONLY, '10:00', '18:30')),
  artist('au-sydney-ruby', 'au-westfield-sydney', 'Ruby Patel', SKIN, shift(['sat', 'sun', 'mon'], '10:00', '17:00')),
  artist('au-melb-sienna', 'au-melbourne-central', 'Sienna Rossi', ALL_FOUR, { ...shift(['mon', 'tue', 'wed', 'fri'], '09:30', '18:30'), thu: { opens: '12:00', closes: '21:00' } }),
  artist('au-melb-harper', 'au-melbourne-central', 'Harper Walsh', ALL_FOUR, shift(['wed', 'thu', 'fri', 'sat', 'sun'], '10:00', '19:00')),

  artist('hk-ts-wing', 'hk-times-square', 'Chan Wing Yan', [...MAKEUP, BRIDAL], shift(WEEKDAYS_ONLY, '11:00', '20:00')),
  artist('hk-ts-kelly', 'hk-times-square', 'Kelly Ho', [...ALL_FOUR, BRIDAL], shift(['thu', 'fri', 'sat', 'sun', 'mon'], '13:00', '22:00')),
  artist('hk-hc-cherry', 'hk-harbour-city', 'Cherry Leung', ALL_FOUR, shift(but('thu'), '10:00', '18:00')),
  artist('hk-hc-natalie', 'hk-harbour-city', 'Natalie Tsang', ALL_FOUR, shift(['mon', 'tue', 'fri', 'sat', 'sun'], '14:00', '22:00')),

  artist('id-gi-putri', 'id-grand-indonesia', 'Putri Anggraini', [...MAKEUP, BRIDAL], shift(but('mon'), '10:00', '18:00')),
  artist('id-gi-rina', 'id-grand-indonesia', 'Rina Wijaya', ALL_FOUR, shift(WEEKDAYS_ONLY, '12:00', '21:00')),
  artist('id-gi-sari', 'id-grand-indonesia', 'Sari Hidayat', SKIN, shift(['sat', 'sun'], '11:00', '20:00')),
  artist('id-pk-maya', 'id-pakuwon-mall', 'Maya Kusuma', ALL_FOUR, shift(but('sun'), '10:00', '18:00')),
  artist('id-pk-intan', 'id-pakuwon-mall', 'Intan Permata', ALL_FOUR, shift(['wed', 'thu', 'fri', 'sat', 'sun'], '13:00', '22:00')),

  artist('my-pv-siti', 'my-pavilion-kl', 'Siti Aisyah', [...ALL_FOUR, BRIDAL], shift(WEEKDAYS_ONLY, '10:00', '18:00')),
  artist('my-pv-jasmine', 'my-pavilion-kl', 'Jasmine Tan', [...ALL_FOUR, BRIDAL], shift(['thu', 'fri', 'sat', 'sun', 'mon'], '13:00', '22:00')),
  artist('my-mv-divya', 'my-mid-valley', 'Divya Raj', ALL_FOUR, shift(but('tue'), '10:00', '18:00')),
  artist('my-mv-huimin', 'my-mid-valley', 'Lee Hui Min', ALL_FOUR, shift(['tue', 'wed', 'thu', 'fri', 'sat'], '14:00', '22:00')),

  artist('nz-cb-mia', 'nz-commercial-bay', 'Mia Thompson', [...ALL_FOUR, BRIDAL], shift(['sat', 'sun', 'mon', 'tue', 'wed'], '10:00', '19:00')),
  artist('nz-cb-aria', 'nz-commercial-bay', 'Aria Ngata', ALL_FOUR, shift(['wed', 'thu', 'fri', 'sat', 'sun'], '10:00', '19:00')),
  artist('nz-rc-grace', 'nz-westfield-riccarton', 'Grace Wilson', ALL_FOUR, shift(WEEKDAYS_ONLY, '09:00', '17:00')),
  artist('nz-rc-isla', 'nz-westfield-riccarton', 'Isla Campbell', ALL_FOUR, shift(['thu', 'fri', 'sat', 'sun', 'mon'], '10:00', '18:00')),

  artist('ph-sm-andrea', 'ph-sm-megamall', 'Andrea Cruz', [...MAKEUP, BRIDAL], shift(but('sun'), '10:00', '19:00')),
  artist('ph-sm-joy', 'ph-sm-megamall', 'Joy Villanueva', ALL_FOUR, shift(['wed', 'thu', 'fri', 'sat', 'sun'], '13:00', '22:00')),
  artist('ph-sm-nicole', 'ph-sm-megamall', 'Nicole Garcia', SKIN, shift(['fri', 'sat', 'sun', 'mon', 'tue'], '10:00', '18:00')),
  artist('ph-gb-katrina', 'ph-greenbelt', 'Katrina Santos', ALL_FOUR, shift(WEEKDAYS_ONLY, '11:00', '19:00')),
  artist('ph-gb-lea', 'ph-greenbelt', 'Lea Bautista', ALL_FOUR, shift(['wed', 'thu', 'fri', 'sat', 'sun'], '12:00', '21:00')),

  artist('th-sp-pim', 'th-siam-paragon', 'Pim Suwannarat', [...MAKEUP, BRIDAL], shift(WEEKDAYS_ONLY, '10:00', '19:00')),
  artist('th-sp-mint', 'th-siam-paragon', 'Mint Thanawat', [...ALL_FOUR, BRIDAL], shift(['thu', 'fri', 'sat', 'sun', 'mon'], '12:00', '22:00')),
  artist('th-sp-fern', 'th-siam-paragon', 'Fern Kittisak', SKIN, shift(['sat', 'sun', 'mon', 'tue'], '10:00', '18:00')),
  artist('th-cw-bow', 'th-centralworld', 'Bow Rattanakorn', ALL_FOUR, shift(but('wed'), '10:00', '18:00')),
  artist('th-cw-praew', 'th-centralworld', 'Praew Sombat', ALL_FOUR, shift(['tue', 'wed', 'thu', 'fri', 'sat'], '14:00', '22:00')),
];

const BY_STORE = new Map<string, ArtistData[]>();
for (const artist of ARTISTS) BY_STORE.set(artist.storeId, [...(BY_STORE.get(artist.storeId) ?? []), artist]);

/** A store's artists, in the order above (the order "any artist" picks in). */
export function artistsAt(storeId: string): readonly ArtistData[] {
  return BY_STORE.get(storeId) ?? [];
}

import * as v from 'valibot';
import { StoreDateSchema } from '../../src/contract/booking.ts';

/** Why a typed date cannot be searched: it is not a store-local `YYYY-MM-DD` day (an empty field included). */
export type DateRefusal = 'notADate';

/** The `isStoreDate` guard's decision, which the connect also gives the "Show times" button. */
export function dateRefusal(date: string): DateRefusal | null {
  return v.is(StoreDateSchema, date) ? null : 'notADate';
}

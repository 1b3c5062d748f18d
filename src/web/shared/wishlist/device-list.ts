import * as v from 'valibot';
import { SLUG_PATTERN } from '../../../contract/patterns.ts';
import { DEVICE_WISHLIST_KEY } from './device-key.ts';

/**
 * A guest's wish list, kept on the device (localStorage) until they sign in: then it is sent to
 * the server with `PATCH wishlist` and cleared. Whatever is stored there is read through the
 * schema: a value another version of the app, an extension or a curious shopper left is dropped,
 * never a crash.
 */
export { DEVICE_WISHLIST_KEY };

/**
 * At most this many products: what one `PATCH wishlist` may add at sign-in (WishlistPatchSchema's
 * limit), so the whole list always merges in one request. The oldest go first beyond it.
 */
export const DEVICE_WISHLIST_LIMIT = 200;

const IdSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

const DeviceEntrySchema = v.object({
  productId: IdSchema,
  /** The product page's address, and how the wish list screen reads the product (there is no read by id). */
  slug: v.pipe(v.string(), v.regex(SLUG_PATTERN), v.maxLength(120)),
  /** The shade or size liked, if one was chosen. */
  variantId: v.nullable(IdSchema),
  /** ISO time it was added: the screen lists the newest first. */
  addedAt: v.pipe(v.string(), v.maxLength(40)),
});
export type DeviceEntry = v.InferOutput<typeof DeviceEntrySchema>;

const DeviceListSchema = v.pipe(v.array(DeviceEntrySchema), v.maxLength(DEVICE_WISHLIST_LIMIT));

export interface DeviceWishlist {
  read(): DeviceEntry[];
  /** False when the browser refused (storage full or switched off): the change did not happen. */
  write(entries: readonly DeviceEntry[]): boolean;
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off: reading `localStorage` itself then throws.
    return null;
  }
}

/** The device's list over `storage` (localStorage by default; none on the server). */
export function deviceWishlist(storage: Storage | null = browserStorage()): DeviceWishlist {
  return {
    read() {
      let raw: string | null;
      try {
        raw = storage?.getItem(DEVICE_WISHLIST_KEY) ?? null;
      } catch {
        return [];
      }
      if (raw === null) return [];
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        value = undefined;
      }
      const parsed = v.safeParse(DeviceListSchema, value);
      if (parsed.success) return parsed.output;
      // Corrupt: dropped, so every later read does not trip on it again.
      try {
        storage?.removeItem(DEVICE_WISHLIST_KEY);
      } catch {
        // Nothing more to do: the next read drops it again.
      }
      return [];
    },
    write(entries) {
      if (!storage) return false;
      try {
        if (entries.length === 0) storage.removeItem(DEVICE_WISHLIST_KEY);
        else storage.setItem(DEVICE_WISHLIST_KEY, JSON.stringify(entries.slice(-DEVICE_WISHLIST_LIMIT)));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The list with `entry` added (replacing the product's older entry, the oldest dropped beyond the limit) or the product removed. */
export function withEntry(entries: readonly DeviceEntry[], productId: number, entry: DeviceEntry | null): DeviceEntry[] {
  const others = entries.filter((item) => item.productId !== productId);
  return entry ? [...others, entry].slice(-DEVICE_WISHLIST_LIMIT) : others;
}

import type { CountryCode } from '../../../config/countries.ts';
import { normalizeQuery, RECENT_MAX } from '../../../../machines/search/search-box.rules.ts';

/** Where a device keeps its recent searches, per country (each country has its own catalogue). */
export interface RecentSearchStore {
  read(country: CountryCode): string[];
  write(country: CountryCode, recent: readonly string[]): void;
}

export const recentSearchesKey = (country: CountryCode) => `beautypass.recentSearches.${country.toLowerCase()}`;

/** Whatever another version of the app (or a curious shopper) left there, only short strings survive. */
function parse(raw: string | null): string[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const texts = value.filter((item): item is string => typeof item === 'string').map(normalizeQuery).filter((item) => item !== '');
  return [...new Set(texts)].slice(0, RECENT_MAX);
}

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off: reading `localStorage` itself then throws.
    return null;
  }
}

/** localStorage, or nothing when the browser refuses it (private modes, quota): searching still works. */
export function localRecentSearches(storage: Storage | null = browserStorage()): RecentSearchStore {
  return {
    read(country) {
      try {
        return parse(storage?.getItem(recentSearchesKey(country)) ?? null);
      } catch {
        return [];
      }
    },
    write(country, recent) {
      try {
        if (recent.length === 0) storage?.removeItem(recentSearchesKey(country));
        else storage?.setItem(recentSearchesKey(country), JSON.stringify(recent.slice(0, RECENT_MAX)));
      } catch {
        // A full or disabled storage only means the searches are not remembered.
      }
    },
  };
}

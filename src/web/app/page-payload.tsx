import { createContext, use, useContext, type ReactNode } from 'react';
import { CACHE_FRESH_MS } from '../../config/constants.ts';
import { payloadPath, readPageState, type PageState } from '../../contract/page-state.ts';
import { ScreenStateProvider } from '../shared/ssr/screen-state.tsx';

/**
 * Client-side navigations of a server-rendered store (issue 11): the next page's screen machines
 * come restored from `{path}/_payload.json`, the same snapshots its HTML would carry, so one
 * navigation costs one data request. A payload that fails leaves the machines to fetch their own.
 */

/** `null`: no payload (network, server error); the screen's machines load by themselves. */
export type PayloadFetch = (url: string) => Promise<PageState | null>;

export const browserPayloadFetch: PayloadFetch = async (url) => {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // A 404 page has a payload too (its layout's snapshots); other failures have none worth reading.
    if (!response.ok && response.status !== 404) return null;
    return readPageState(await response.json());
  } catch {
    return null;
  }
};

export interface PayloadNavigation {
  /** The page the server rendered: its snapshots are the page's own, no payload needed. */
  initialPath: string;
  load: (url: string) => Promise<PageState | null>;
}

/** One request per page and query; kept as long as catalogue reads are fresh (spec §9), so Back is instant. */
export function createPayloadLoader(fetchPayload: PayloadFetch, { now = Date.now, freshMs = CACHE_FRESH_MS } = {}): PayloadNavigation['load'] {
  const cache = new Map<string, { at: number; value: Promise<PageState | null> }>();
  return (url) => {
    const hit = cache.get(url);
    if (hit && now() - hit.at < freshMs) return hit.value;
    const value = fetchPayload(url);
    cache.set(url, { at: now(), value });
    void value.then((state) => {
      if (state === null && cache.get(url)?.value === value) cache.delete(url);
    });
    return value;
  };
}

const PayloadNavigationContext = createContext<PayloadNavigation | null>(null);

export function PayloadNavigationProvider({ navigation, children }: { navigation: PayloadNavigation | null; children: ReactNode }) {
  return <PayloadNavigationContext.Provider value={navigation}>{children}</PayloadNavigationContext.Provider>;
}

export function usePayloadNavigation(): PayloadNavigation | null {
  return useContext(PayloadNavigationContext);
}

/** The screen of a page navigated to, with its machines restored from the page's payload (suspends until it arrives). */
export function PagePayload({ pathname, search, load, children }: { pathname: string; search: string; load: PayloadNavigation['load']; children: ReactNode }) {
  const state = use(load(`${payloadPath(pathname)}${search === '' ? '' : `?${search}`}`));
  return <ScreenStateProvider state={{ snapshots: state?.snapshots ?? {} }}>{children}</ScreenStateProvider>;
}

import { useSearch } from 'wouter';

/** The raw `return_to` of the current URL (spec §2), or null. Judge it with `landingPath` (landing.ts) before landing on it. */
export function useReturnTo(): string | null {
  return new URLSearchParams(useSearch()).get('return_to');
}

/** `path` carrying the shopper's `return_to` on, so sign-in → register → back still lands where they started. */
export function withReturnTo(path: string, returnTo: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (returnTo !== null) params.set('return_to', returnTo);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

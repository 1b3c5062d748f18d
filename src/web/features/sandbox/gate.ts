/** The `<meta>` the server adds to index.html when it runs with `SANDBOX=1`. */
export const SANDBOX_META_NAME = 'beauty-pass-sandbox';

/**
 * Developer pages (`/sandbox/...`) are on in development and when the server says so; a
 * production start without `SANDBOX=1` leaves them out of the route table, so they are a plain 404.
 * Small on purpose: it is part of the initial bundle, the sandbox screens are not.
 */
export function sandboxEnabled(): boolean {
  if (import.meta.env.DEV) return true;
  if (typeof document === 'undefined') return false;
  return document.querySelector(`meta[name="${SANDBOX_META_NAME}"]`)?.getAttribute('content') === 'on';
}

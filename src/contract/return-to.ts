/**
 * The `return_to` rule (issue 4): after sign-in the shopper lands on `return_to` only when it is a
 * path on our own origin, anything else lands on `/`. Shared by the server (which answers the
 * sign-in) and the SPA (which navigates), so both agree; it uses nothing but the standard `URL`.
 */

/** Longer values are refused: a real path fits, and a cap bounds the work done on hostile input. */
export const RETURN_TO_MAX_LENGTH = 2048;

/** Where a refused `return_to` lands. */
export const RETURN_TO_FALLBACK = '/';

/**
 * Rounds of percent-decoding inspected. A server, proxy or router further down may decode again, so
 * `%252F%252F` must be judged as the `//` it becomes; three rounds cover the known double and
 * triple encodings, and the bound stops a decoding loop on crafted input.
 */
const DECODE_ROUNDS = 3;

/** A placeholder origin: `.invalid` can never resolve (RFC 2606), so nothing real is ever trusted. */
const PROBE_ORIGIN = 'https://origin.invalid';

/** C0 and C1 controls: the URL parser silently drops tab and newline, so `/\t/evil.com` becomes `//evil.com`. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
// Any whitespace (including no-break and ideographic spaces) in the raw value: a real path from
// `location` is always percent-encoded, so raw whitespace is only ever an evasion attempt.
const RAW_WHITESPACE = /[\s\u200b-\u200d\u2060\ufeff]/;
// Invisible characters a browser or proxy may drop before the path is read.
const INVISIBLE = /[\s\u200b-\u200d\u2060\ufeff]/g;

/** The value and each further percent-decoding of it, stopping at malformed escapes or a fixed point. */
function decodedLayers(raw: string): string[] {
  const layers = [raw];
  let current = raw;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    layers.push(next);
    current = next;
  }
  return layers;
}

/** A path that a browser would read as another host: `//host`, `/\host`, or not a path at all. */
function leavesOrigin(path: string): boolean {
  return !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\');
}

/** One layer of the value, judged as a browser or a lenient server might read it. */
function layerIsSafe(layer: string): boolean {
  if (hasControlCharacter(layer)) return false;
  // NFKC folds look-alikes such as the fullwidth solidus `／` and reverse solidus `＼` into `/` and `\`.
  const folded = layer.normalize('NFKC');
  if (folded.includes('\\')) return false;
  if (leavesOrigin(folded.replace(INVISIBLE, ''))) return false;
  let resolved: URL;
  try {
    resolved = new URL(layer, PROBE_ORIGIN);
  } catch {
    return false;
  }
  // Dot segments can turn `/../..//evil.com` into the path `//evil.com`.
  return resolved.origin === PROBE_ORIGIN && !leavesOrigin(resolved.pathname);
}

/**
 * The same-origin path to land on after sign-in: `raw` normalised (dot segments resolved, unsafe
 * characters percent-encoded, as the URL parser serialises it) when every decoded form of it is a
 * path on our origin, otherwise `/`. The result is idempotent: `safeReturnTo(safeReturnTo(x))`
 * equals `safeReturnTo(x)`.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > RETURN_TO_MAX_LENGTH) return RETURN_TO_FALLBACK;
  if (RAW_WHITESPACE.test(raw) || leavesOrigin(raw)) return RETURN_TO_FALLBACK;
  if (!decodedLayers(raw).every(layerIsSafe)) return RETURN_TO_FALLBACK;

  const url = new URL(raw, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return RETURN_TO_FALLBACK;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (leavesOrigin(path) || path.includes('\\') || path.length > RETURN_TO_MAX_LENGTH) return RETURN_TO_FALLBACK;
  // The normalised form is checked once more, so the answer never depends on how often it is applied.
  if (path !== raw && !decodedLayers(path).every(layerIsSafe)) return RETURN_TO_FALLBACK;
  return path;
}

import * as v from 'valibot';

/** Persisted snapshots of a page's screen machines by key (src/web/shared/ssr/screen-state.tsx), as JSON. */
export type ScreenSnapshots = Record<string, unknown>;

/**
 * What a server-rendered page hands the browser besides its HTML, and what `{path}/_payload.json`
 * answers for a client-side navigation: the screen machines' snapshots and whether the request
 * was signed in.
 */
export interface PageState {
  snapshots: ScreenSnapshots;
  signedIn: boolean;
}

/** The id of the page's `<script type="application/json">` that carries its PageState. */
export const PAGE_STATE_ID = 'bp-page-state';

/** The payload path of a page path: `/categories/makeup` → `/categories/makeup/_payload.json` (spec §7). */
export const PAYLOAD_SUFFIX = '/_payload.json';

export function payloadPath(pathname: string): string {
  return `${pathname.replace(/\/+$/, '')}${PAYLOAD_SUFFIX}`;
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` are escaped so a
 * product name holding `</script>` or `<!--` cannot end the element or open a comment, and the
 * two line separators JavaScript once refused are escaped too.
 */
export function serializePageState(state: PageState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Each snapshot is checked by its machine as it is restored; here only the envelope. */
export const PageStateSchema = v.object({ snapshots: v.record(v.string(), v.unknown()), signedIn: v.boolean() });

/** The PageState of a payload or of the page's script, or null when it is not one (nothing is trusted blindly). */
export function readPageState(value: unknown): PageState | null {
  const result = v.safeParse(PageStateSchema, value);
  return result.success ? result.output : null;
}

export function parsePageState(text: string | null | undefined): PageState | null {
  if (!text) return null;
  try {
    return readPageState(JSON.parse(text));
  } catch {
    return null;
  }
}

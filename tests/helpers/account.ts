import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { BEAUTY_PASS_TERMS } from '../../src/config/consents.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import type { App } from '../../src/server/app.ts';
import { cookieHeader, cookieJar } from './auth.ts';

/** The headers every SPA request carries (spec §7), for Singapore in English. */
export const SPA_HEADERS: Record<string, string> = { ...CLIENT_HEADERS, 'Accept-Language': 'en-SG', 'X-Site-Country': 'sg' };

export interface CallOptions {
  cookie?: string;
  /** Sent as JSON, or as is when a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request as the SPA's API client sends it; a bodiless request carries no Content-Type. */
export function call(app: App, method: string, path: string, { cookie, body, headers = {} }: CallOptions = {}): Promise<Response> {
  const all: Record<string, string> = { ...SPA_HEADERS, ...headers, ...(cookie ? { Cookie: cookie } : {}) };
  if (body === undefined) delete all['Content-Type'];
  return Promise.resolve(
    app.request(`${API_PREFIX}${path}`, { method, headers: all, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) }),
  );
}

let counter = 0;

/** A valid registration body: every consent given, the country's current Beauty Pass terms. */
export function registration(overrides: Record<string, unknown> = {}, country: CountryCode = 'SG'): Record<string, unknown> {
  counter += 1;
  return {
    email: `member${counter}.${Date.now()}@example.com`,
    password: 'Pandan cake 42',
    firstName: 'Mei',
    lastName: 'Tan',
    country,
    consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: true, beautyPass: true },
    beautyPassTermsVariant: BEAUTY_PASS_TERMS[country].variant,
    ...overrides,
  };
}

/** Signs in through `POST sessions` and answers the cookie header of the new session. */
export async function signIn(app: App, email: string, password: string): Promise<string> {
  const response = await call(app, 'POST', '/sessions', { body: { email, password } });
  if (response.status !== 201) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`);
  return cookieHeader(cookieJar(response));
}

import * as v from 'valibot';

/** Body of `POST auth/token` in the client flow (spec §7): the refresh token travels as an http-only cookie. */
export const ClientTokenRequestSchema = v.object({
  grant_type: v.literal('refresh_token'),
  flow: v.literal('client'),
});
export type ClientTokenRequest = v.InferOutput<typeof ClientTokenRequestSchema>;

export const CLIENT_TOKEN_REQUEST: ClientTokenRequest = { grant_type: 'refresh_token', flow: 'client' };

/** Cookies of the session (spec §3, §9): only `jwt-data` is readable by scripts. */
export const SESSION_COOKIES = {
  data: 'jwt-data',
  signature: 'jwt-signature',
  refreshToken: 'jwt-refresh-token',
} as const;

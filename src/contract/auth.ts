import * as v from 'valibot';

/** Body of `POST auth/token` in the client flow (spec §7): the refresh token travels as an http-only cookie. */
export const ClientTokenRequestSchema = v.object({
  grant_type: v.literal('refresh_token'),
  flow: v.literal('client'),
});
export type ClientTokenRequest = v.InferOutput<typeof ClientTokenRequestSchema>;

// The SPA's first screens need only these constants: they live in a module without schemas, so
// the schemas here stay out of the entry chunk.
export { CLIENT_TOKEN_REQUEST, SESSION_COOKIES } from './session-constants.ts';

/** Body of `POST auth/token` in the server (app) flow: the app holds its tokens itself. */
export const AppTokenRequestSchema = v.object({
  grant_type: v.literal('refresh_token'),
  flow: v.literal('app'),
  refresh_token: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  device_id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});
export type AppTokenRequest = v.InferOutput<typeof AppTokenRequestSchema>;

export const TokenRequestSchema = v.variant('flow', [ClientTokenRequestSchema, AppTokenRequestSchema]);

/** Answer of `POST auth/token`: the app flow also gets the tokens in the body, the client only cookies. */
export const TokenResponseSchema = v.object({
  data: v.object({
    token_type: v.literal('Bearer'),
    expires_in: v.number(),
    access_token: v.optional(v.string()),
    refresh_token: v.optional(v.string()),
  }),
});
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;

export const MessageResponseSchema = v.object({ message: v.string() });

export const AUTH_MESSAGES = {
  failed: 'Authentication failed',
  signedOut: 'Signed out successfully',
} as const;

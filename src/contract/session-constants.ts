/** Body of `POST auth/token` in the client flow (spec §7): the refresh token travels as an http-only cookie. */
export const CLIENT_TOKEN_REQUEST = { grant_type: 'refresh_token', flow: 'client' } as const;

/** Cookies of the session (spec §3, §9): only `jwt-data` is readable by scripts. */
export const SESSION_COOKIES = {
  data: 'jwt-data',
  signature: 'jwt-signature',
  refreshToken: 'jwt-refresh-token',
  deviceId: 'device-id',
} as const;

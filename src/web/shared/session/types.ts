/**
 * What a request went out with: the refresh generation of this tab and the `jwt-data` cookie. A
 * 401 for a request sent before a refresh (here or in another tab) is retried without refreshing
 * again, since its token is simply old.
 */
export interface SessionTicket {
  readonly generation: number;
  readonly cookie: string | null;
}

/** What the client does with a 401: send the request once more, or give the 401 to the caller. */
export type UnauthorizedVerdict = 'retry' | 'fail';

import * as v from 'valibot';
import { CLIENT_TOKEN_REQUEST } from '../../../contract/session-constants.ts';
import type { RequestFn } from '../api/resource.ts';
import { TOKEN_PATH } from '../api/retry.ts';

/**
 * The client-flow token request (spec §7). The new tokens arrive as cookies, so the body is not
 * read. The client never retries it and never answers its 401 with another refresh.
 */
export async function requestTokenRefresh(request: RequestFn): Promise<void> {
  await request('POST', TOKEN_PATH, v.unknown(), { body: CLIENT_TOKEN_REQUEST });
}

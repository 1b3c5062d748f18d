import type * as v from 'valibot';
import { SandboxEmailListSchema } from '../../../contract/account.ts';
import type { ApiClient } from '../../shared/api/client.ts';

export type SandboxEmail = v.InferOutput<typeof SandboxEmailListSchema>['data'][number];

/** The developer pages' calls (`SANDBOX=1` or `npm run dev`; the API answers 404 otherwise). */
export interface SandboxApi {
  /** `GET sandbox/emails`: the outbox, newest first. */
  emails(opts?: { signal?: AbortSignal }): Promise<SandboxEmail[]>;
}

export function createSandboxApi(client: ApiClient): SandboxApi {
  return {
    emails: (opts) => client.request('GET', 'sandbox/emails', SandboxEmailListSchema, opts?.signal ? { signal: opts.signal } : {}).then((r) => r.data),
  };
}

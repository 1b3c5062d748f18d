import { createContext, useMemo, type ReactNode } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import type { AccountApi } from './account-api.ts';

/**
 * Where the account screens get their API: the app's client (the account module is built from it
 * inside the account chunk, so the first screen never loads it) or a ready API (a test's fake).
 */
export interface AccountApiSource {
  client: ApiClient | null;
  api: AccountApi | null;
}

export const AccountApiContext = createContext<AccountApiSource>({ client: null, api: null });

export function AccountApiProvider({ client = null, api = null, children }: Partial<AccountApiSource> & { children: ReactNode }) {
  const value = useMemo(() => ({ client, api }), [client, api]);
  return <AccountApiContext.Provider value={value}>{children}</AccountApiContext.Provider>;
}

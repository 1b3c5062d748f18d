import { useContext, useMemo } from 'react';
import { browserSession } from '../../shared/session/session.ts';
import { AccountApiContext } from './account-api-context.tsx';
import { createAccountApi, type AccountApi } from './account-api.ts';

/** The account API of the app (or the test's fake), built once per client. */
export function useAccountApi(): AccountApi {
  const { client, api } = useContext(AccountApiContext);
  return useMemo(() => {
    if (api) return api;
    if (!client) throw new Error('useAccountApi() needs an <AccountApiProvider> with a client or an api');
    return createAccountApi(client, { clearSession: browserSession.clear });
  }, [api, client]);
}

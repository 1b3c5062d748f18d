import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { authRefreshMachine } from './auth-refresh.machine.ts';

type Snapshot = SnapshotFrom<typeof authRefreshMachine>;
type Send = (event: EventFromLogic<typeof authRefreshMachine>) => void;

export interface AuthRefreshApi {
  /** `data-state` of the session notice. */
  state: 'expired' | 'active';
  /** The refresh failed: the shopper is offered sign-in. */
  expired: boolean;
  /** One token request is running; other requests wait for it. */
  refreshing: boolean;
  canDismiss: boolean;
  dismiss(): void;
}

export function authRefreshConnect(snapshot: Snapshot, send: Send): AuthRefreshApi {
  const expired = snapshot.hasTag('sessionExpired');
  return {
    state: expired ? 'expired' : 'active',
    expired,
    refreshing: snapshot.hasTag('locked'),
    canDismiss: snapshot.can({ type: 'auth.dismiss' }),
    dismiss: () => send({ type: 'auth.dismiss' }),
  };
}

import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { NotifyFailure, notifyMeMachine } from './notify-me.machine.ts';

type Snapshot = SnapshotFrom<typeof notifyMeMachine>;
type Send = (event: EventFromLogic<typeof notifyMeMachine>) => void;

export type NotifyMeStatus = 'idle' | 'subscribing' | 'subscribed';

export interface NotifyMeApi {
  status: NotifyMeStatus;
  /** The form is shown (not yet subscribed). */
  showsForm: boolean;
  busy: boolean;
  /** The guest's address; null for a member, whose account address is used. */
  email: string | null;
  failure: NotifyFailure | null;
  emailInvalid: boolean;
  /** The submit waits for the request in flight. */
  submitDisabledReason: 'busy' | null;
  setEmail(email: string): void;
  submit(): void;
}

export function notifyMeConnect(snapshot: Snapshot, send: Send): NotifyMeApi {
  const busy = snapshot.hasTag('busy');
  const { email, failure } = snapshot.context;
  return {
    status: snapshot.hasTag('subscribed') ? 'subscribed' : busy ? 'subscribing' : 'idle',
    showsForm: snapshot.hasTag('form'),
    busy,
    email,
    failure,
    emailInvalid: failure === 'invalidEmail',
    submitDisabledReason: !snapshot.can({ type: 'notify.submit' }) && busy ? 'busy' : null,
    setEmail: (next) => send({ type: 'notify.email', email: next }),
    submit: () => send({ type: 'notify.submit' }),
  };
}

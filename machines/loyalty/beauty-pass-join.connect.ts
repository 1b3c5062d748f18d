import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { beautyPassJoinMachine } from './beauty-pass-join.machine.ts';

type Snapshot = SnapshotFrom<typeof beautyPassJoinMachine>;
type Send = (event: EventFromLogic<typeof beautyPassJoinMachine>) => void;

const TERMS_REQUIRED = msg`Tick the box to agree to the Beauty Pass terms first.`;
const FAILURES: Readonly<Record<'signedOut' | 'failed', MessageDescriptor>> = {
  signedOut: msg`Your session has ended. Sign in again to join Beauty Pass.`,
  failed: msg`You could not be signed up for Beauty Pass just now. Please try again.`,
};

export interface BeautyPassJoinApi {
  /** `data-state`. */
  state: 'idle' | 'joining' | 'joined';
  agreed: boolean;
  busy: boolean;
  /** Why Join cannot go yet (the guard's rule): the button is `aria-disabled` and described by it. */
  joinBlocked: MessageDescriptor | null;
  /** Shown at the box once Join was pressed without it. */
  termsError: MessageDescriptor | null;
  failure: MessageDescriptor | null;
  agree(agreed: boolean): void;
  join(): void;
}

export function beautyPassJoinConnect(snapshot: Snapshot, send: Send): BeautyPassJoinApi {
  const { agreed, attempted, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  return {
    state: snapshot.hasTag('joined') ? 'joined' : busy ? 'joining' : 'idle',
    agreed,
    busy,
    joinBlocked: agreed ? null : TERMS_REQUIRED,
    termsError: attempted && !agreed ? TERMS_REQUIRED : null,
    failure: failure ? FAILURES[failure] : null,
    agree: (value) => send({ type: 'join.agree', agreed: value }),
    join: () => send({ type: 'join.submit' }),
  };
}

import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { WaitlistFailure, waitlistToggleMachine } from './waitlist-toggle.machine.ts';
import { joinRefusal, waitlistOffered, type JoinRefusal, type WaitlistProduct } from './waitlist-toggle.rules.ts';

type Snapshot = SnapshotFrom<typeof waitlistToggleMachine>;
type Send = (event: EventFromLogic<typeof waitlistToggleMachine>) => void;

/** Why the button cannot be pressed now: the member's waitlist is not known yet, a change is being saved, or the rule refuses. */
export type WaitlistDisabledReason = 'loading' | 'saving' | JoinRefusal;

export interface WaitlistToggleApi {
  /** Whether the page shows the button: the product can be joined, or the member is on its list. */
  offered: boolean;
  /** `aria-pressed`, and "Waitlisted" rather than "Waitlist me". */
  waitlisted: boolean;
  busy: boolean;
  disabledReason: WaitlistDisabledReason | null;
  failure: WaitlistFailure | null;
  /** Joins, or leaves when waitlisted. */
  toggle(): void;
  /** The member's waitlist (loaded after the first paint) says this. */
  sync(waitlisted: boolean): void;
  /** Live stock (and badges) for the rule. */
  describe(product: WaitlistProduct): void;
}

export function waitlistToggleConnect(snapshot: Snapshot, send: Send): WaitlistToggleApi {
  const waitlisted = snapshot.hasTag('waitlisted');
  const busy = snapshot.hasTag('busy');
  const { product, failure } = snapshot.context;
  let disabledReason: WaitlistDisabledReason | null = null;
  if (snapshot.matches('unknown')) disabledReason = 'loading';
  else if (busy) disabledReason = 'saving';
  else if (!waitlisted) disabledReason = joinRefusal(product);
  return {
    offered: waitlistOffered(product, waitlisted),
    waitlisted,
    busy,
    disabledReason,
    failure,
    toggle: () => send({ type: waitlisted ? 'waitlist.leave' : 'waitlist.join' }),
    sync: (on) => send({ type: 'waitlist.sync', waitlisted: on }),
    describe: (next) => send({ type: 'waitlist.product', product: next }),
  };
}

import { createActor, type AnyStateMachine, type EventFromLogic, type InputFrom } from 'xstate';

/**
 * A real actor of `machine` plus the `send` a connect receives, which records every event it is
 * given before the actor handles it: a test asserts both what an intent sent and where it led.
 */
export function connectActor<TMachine extends AnyStateMachine>(machine: TMachine, input?: InputFrom<TMachine>) {
  const actor = createActor(machine, { input } as never).start();
  const sent: EventFromLogic<TMachine>[] = [];
  const send = (event: EventFromLogic<TMachine>) => {
    sent.push(event);
    actor.send(event);
  };
  return { actor, send, sent };
}

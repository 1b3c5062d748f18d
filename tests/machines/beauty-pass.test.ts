import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { beautyPassConnect } from '../../machines/loyalty/beauty-pass.connect.ts';
import { BLACK_MEMBER, NOT_MEMBER_ERROR, OFFLINE_ERROR, SERVER_ERROR } from '../../machines/loyalty/beauty-pass.fixtures.ts';
import { beautyPassMachine } from '../../machines/loyalty/beauty-pass.machine.ts';
import { beautyPassJoinConnect } from '../../machines/loyalty/beauty-pass-join.connect.ts';
import { beautyPassJoinMachine } from '../../machines/loyalty/beauty-pass-join.machine.ts';
import type { BeautyPassStatus } from '../../src/contract/beauty-pass.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The section's machine over a scripted `GET beauty-pass`: each call takes the next answer. */
function section(answers: (BeautyPassStatus | object)[]) {
  let calls = 0;
  const actor = createActor(
    beautyPassMachine.provide({
      actors: {
        loadBeautyPass: fromPromise(async () => {
          const answer = answers[calls++];
          if (answer === BLACK_MEMBER || (answer && 'tier' in answer)) return answer as BeautyPassStatus;
          throw answer;
        }),
      },
    }),
  ).start();
  return { actor, calls: () => calls, view: () => beautyPassConnect(actor.getSnapshot(), actor.send) };
}

describe('beautyPass (the dashboard section)', () => {
  test('loading → member with the served status; busy only while loading (the server render waits for it)', async () => {
    const { actor, view } = section([BLACK_MEMBER]);
    expect(view().state).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    expect(view()).toEqual({ state: 'member', status: BLACK_MEMBER });
  });

  test('404 not_member is the join panel, not a failure; once joined, the programme is read again', async () => {
    const { actor, view, calls } = section([NOT_MEMBER_ERROR, BLACK_MEMBER]);
    await waitFor(actor, (snapshot) => snapshot.matches('notMember'));
    const panel = view();
    expect(panel.state).toBe('notMember');
    if (panel.state === 'notMember') panel.joined();
    await waitFor(actor, (snapshot) => snapshot.matches('member'));
    expect(calls()).toBe(2);
  });

  test('a server error or no network is a failure with a retry; a member is never "joined" again', async () => {
    const { actor, view } = section([SERVER_ERROR, OFFLINE_ERROR, BLACK_MEMBER]);
    await waitFor(actor, (snapshot) => snapshot.matches('failure'));
    const failure = view();
    if (failure.state === 'failure') failure.retry();
    await waitFor(actor, (snapshot) => snapshot.matches('failure') && !snapshot.hasTag('busy'));
    actor.send({ type: 'beautyPass.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('member'));
    actor.send({ type: 'beautyPass.joined' });
    expect(actor.getSnapshot().matches('member')).toBe(true);
  });
});

function join(answer: () => Promise<unknown>) {
  const joined: string[] = [];
  const actor = createActor(beautyPassJoinMachine.provide({ actors: { joinBeautyPass: fromPromise(answer) }, actions: { joined: () => void joined.push('joined') } })).start();
  return { actor, joined, view: () => beautyPassJoinConnect(actor.getSnapshot(), actor.send) };
}

describe('beautyPassJoin', () => {
  test('Join without the terms box says why and marks the box; nothing is sent', async () => {
    let sent = 0;
    const { view, joined } = join(async () => void sent++);
    expect(view().joinBlocked?.message).toBe('Tick the box to agree to the Beauty Pass terms first.');
    expect(view().termsError).toBeNull();
    view().join();
    expect(view()).toMatchObject({ state: 'idle', agreed: false });
    expect(view().termsError?.message).toBe('Tick the box to agree to the Beauty Pass terms first.');
    await settle();
    expect(sent).toBe(0);
    expect(joined).toEqual([]);
  });

  test('agreed → joining → joined, and the screen is told', async () => {
    const { actor, view, joined } = join(async () => undefined);
    view().agree(true);
    expect(view().joinBlocked).toBeNull();
    view().join();
    expect(view()).toMatchObject({ state: 'joining', busy: true });
    await waitFor(actor, (snapshot) => snapshot.hasTag('joined'));
    expect(view().state).toBe('joined');
    expect(joined).toEqual(['joined']);
  });

  test('already_member (another tab joined first) is joined; a failure says so and can be sent again', async () => {
    let attempt = 0;
    const { actor, view, joined } = join(async () => {
      attempt += 1;
      if (attempt === 1) throw OFFLINE_ERROR;
      if (attempt === 2) throw { kind: 'http', status: 401, body: null };
      throw { kind: 'http', status: 409, body: { code: 'already_member' } };
    });
    view().agree(true);
    view().join();
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.failure !== null);
    expect(view().failure?.message).toBe('You could not be signed up for Beauty Pass just now. Please try again.');
    view().join();
    await waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.failure === 'signedOut');
    expect(view().failure?.message).toBe('Your session has ended. Sign in again to join Beauty Pass.');
    view().join();
    await waitFor(actor, (snapshot) => snapshot.hasTag('joined'));
    expect(joined).toEqual(['joined']);
  });
});

import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { OFFLINE_ERROR, REWARD_LIST, reward, rewardRefusalError, SERVER_ERROR } from '../../machines/loyalty/beauty-pass.fixtures.ts';
import { rewardRedeemConnect } from '../../machines/loyalty/reward-redeem.connect.ts';
import { rewardRedeemMachine, type RedeemedBag } from '../../machines/loyalty/reward-redeem.machine.ts';
import { rewardsListConnect } from '../../machines/loyalty/rewards-list.connect.ts';
import { rewardsListMachine, type RewardSort } from '../../machines/loyalty/rewards-list.machine.ts';
import { REWARD_REFUSALS, type RewardList } from '../../src/contract/beauty-pass.ts';

function redeemer(answer: (rewardId: number) => Promise<RedeemedBag>) {
  const effects: string[] = [];
  const asked: number[] = [];
  const actor = createActor(
    rewardRedeemMachine.provide({
      actors: {
        redeemReward: fromPromise<RedeemedBag, { rewardId: number }>(({ input }) => {
          asked.push(input.rewardId);
          return answer(input.rewardId);
        }),
      },
      actions: { redeemed: (_, bag: RedeemedBag) => void effects.push(`redeemed:${bag.count}`), refused: () => void effects.push('refused') },
    }),
  ).start();
  return { actor, effects, asked, view: () => rewardRedeemConnect(actor.getSnapshot(), actor.send) };
}

describe('rewardRedeem', () => {
  test('redeeming → in the bag: the header’s count and the list follow (redeemed), the notice names it', async () => {
    const { actor, view, effects, asked } = redeemer(async () => ({ count: 3 }));
    view().redeem(reward(2, { name: 'Makeup pouch' }));
    expect(view()).toMatchObject({ status: 'redeeming', busy: true });
    expect(view().redeeming(2)).toBe(true);
    expect(view().redeeming(1)).toBe(false);
    // While one is out, every other reward waits, with why.
    expect(view().blockedReason(reward(1))?.message).toBe('Another reward is being added to your bag.');
    await waitFor(actor, (snapshot) => snapshot.hasTag('redeemed'));
    expect(view()).toMatchObject({ status: 'redeemed', target: { rewardId: 2, name: 'Makeup pouch' }, reason: null, canRetry: false });
    expect(effects).toEqual(['redeemed:3']);
    expect(asked).toEqual([2]);
    view().dismiss();
    expect(view()).toMatchObject({ status: 'idle', target: null });
  });

  test('every refusal the server names is shown with its reason, and the list is read again', async () => {
    for (const code of REWARD_REFUSALS.filter((refusal) => refusal !== 'sign_in')) {
      const { actor, view, effects } = redeemer(async () => {
        throw rewardRefusalError(code);
      });
      view().redeem(reward(1));
      await waitFor(actor, (snapshot) => snapshot.hasTag('refused'));
      expect(view()).toMatchObject({ status: 'refused', refusal: code, canRetry: false });
      expect(view().reason).not.toBeNull();
      expect(effects).toEqual(['refused']);
    }
    const { actor, view } = redeemer(async () => {
      throw rewardRefusalError('one_per_transaction');
    });
    view().redeem(reward(1));
    await waitFor(actor, (snapshot) => snapshot.hasTag('refused'));
    expect(view().reason?.message).toBe('Your bag already holds a reward: one reward per order.');
  });

  test('401 is the sign-in refusal; an unexplained failure can be retried, and then succeeds', async () => {
    const signedOut = redeemer(async () => {
      throw { kind: 'http', status: 401, body: null };
    });
    signedOut.view().redeem(reward(1));
    await waitFor(signedOut.actor, (snapshot) => snapshot.hasTag('refused'));
    expect(signedOut.view().refusal).toBe('sign_in');

    let calls = 0;
    const flaky = redeemer(async () => {
      calls += 1;
      if (calls === 1) throw OFFLINE_ERROR;
      return { count: 1 };
    });
    flaky.view().redeem(reward(4));
    await waitFor(flaky.actor, (snapshot) => snapshot.hasTag('failure'));
    expect(flaky.view()).toMatchObject({ status: 'failure', canRetry: true, refusal: null });
    expect(flaky.view().reason?.message).toBe('The reward could not be added to your bag. Please try again.');
    flaky.view().retry();
    await waitFor(flaky.actor, (snapshot) => snapshot.hasTag('redeemed'));
    expect(flaky.asked).toEqual([4, 4]);
  });

  test('a second reward after the first: the server’s one-per-order refusal; the list’s own refusal disables a button before it is pressed', async () => {
    let first = true;
    const { actor, view } = redeemer(async () => {
      if (first) {
        first = false;
        return { count: 2 };
      }
      throw rewardRefusalError('one_per_transaction');
    });
    view().redeem(reward(1));
    await waitFor(actor, (snapshot) => snapshot.hasTag('redeemed'));
    view().redeem(reward(2));
    await waitFor(actor, (snapshot) => snapshot.hasTag('refused'));
    expect(view()).toMatchObject({ refusal: 'one_per_transaction', target: { rewardId: 2 } });
    expect(view().blockedReason(reward(3, { refusal: 'out_of_stock' }))?.message).toBe('This reward is out of stock.');
    expect(view().blockedReason(reward(3))).toBeNull();
  });
});

function list(answers: (RewardList | object)[]) {
  const asked: RewardSort[] = [];
  const actor = createActor(
    rewardsListMachine.provide({
      actors: {
        loadRewards: fromPromise<RewardList, { sort: RewardSort }>(async ({ input }) => {
          asked.push(input.sort);
          const answer = answers[asked.length - 1];
          if (answer && 'data' in answer) return answer as RewardList;
          throw answer;
        }),
      },
    }),
    { input: { sort: 'points_desc' } },
  ).start();
  return { actor, asked, view: () => rewardsListConnect(actor.getSnapshot(), actor.send) };
}

describe('rewardsList', () => {
  test('loads in its sort; a refresh keeps the list shown and replaces it', async () => {
    const after = { ...REWARD_LIST, data: REWARD_LIST.data.map((item) => ({ ...item, refusal: 'one_per_transaction' as const })) };
    const { actor, view, asked } = list([REWARD_LIST, after]);
    expect(view().state).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const ready = view();
    if (ready.state !== 'ready') throw new Error('not ready');
    ready.refresh();
    expect(view()).toMatchObject({ state: 'ready', refreshing: true, list: REWARD_LIST });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
    expect(view()).toMatchObject({ state: 'ready', refreshing: false, list: after });
    expect(asked).toEqual(['points_desc', 'points_desc']);
  });

  test('a failed first load offers a retry; a failed refresh keeps the list as it was', async () => {
    const { actor, view } = list([SERVER_ERROR, REWARD_LIST, OFFLINE_ERROR]);
    await waitFor(actor, (snapshot) => snapshot.matches('failure'));
    const failure = view();
    if (failure.state === 'failure') failure.retry();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'rewards.refresh' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('refreshing'));
    expect(view()).toMatchObject({ state: 'ready', list: REWARD_LIST });
  });
});

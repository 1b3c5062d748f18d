import { describe, expect, it } from 'vitest';
import { REWARD_HOLD_MINUTES } from '../../src/contract/beauty-pass.ts';
import { LAST_UNIT_REWARD_SLUG } from '../../src/server/db/seed/rewards.ts';
import { findSlots, hold, holdRequest, postHold, refusal, timeSlots } from '../helpers/booking.ts';
import { happeningApp } from '../helpers/happening-app.ts';
import { bagOf, codeOf, newMember, redeem, rewardOf } from '../helpers/rewards.ts';

/**
 * Holds whose request died (the shopper's tab closed, the server killed before any confirmation)
 * need no sweeper: a seat's or time's hold and a reward's hold in a bag are live only while their
 * expiry lies ahead of the server's clock, compared whenever seats or units are counted
 * (happening/holds.ts `liveSql`, loyalty/rewards.ts `held_until`). Nothing writes them free, so
 * nothing can fail to: the next shopper after the expiry gets the seat or the unit.
 */

const START = new Date('2027-01-11T00:00:00Z');
const { target, setClock } = happeningApp(START);
const minutes = (n: number) => new Date(START.getTime() + n * 60_000);

describe('holds whose request died free themselves', () => {
  it("a class's last seats held and never confirmed: sold out until the holds run out, then the next shopper holds one", async () => {
    const [{ date, slot }] = await findSlots(target, 'skincare-basics', 'sg-vivocity', 1);
    const seats = slot.seatsLeft ?? 0;
    expect(seats).toBeGreaterThan(0);
    for (let seat = 0; seat < seats; seat += 1) await hold(target, 'skincare-basics', 'sg-vivocity', slot.startsAt);
    // Every holder is gone; nothing will confirm or release these holds.
    setClock(minutes(9));
    expect(await refusal(await postHold(target, holdRequest('skincare-basics', 'sg-vivocity', slot.startsAt)), 409)).toBe('sold_out');
    setClock(minutes(10));
    expect((await timeSlots(target, 'skincare-basics', 'sg-vivocity', date)).find((s) => s.startsAt === slot.startsAt)?.seatsLeft).toBe(seats);
    const next = await hold(target, 'skincare-basics', 'sg-vivocity', slot.startsAt);
    expect(Date.parse(next.expiresAt)).toBe(minutes(20).getTime());
  });

  it("a reward's last unit held in a bag that was left: out of stock for others until the hold runs out, then the next member redeems it", async () => {
    const { id } = await rewardOf(target, LAST_UNIT_REWARD_SLUG, { stock: 1 });
    const members = [await newMember(target, { points: 1_000 }), await newMember(target, { points: 1_000 })];
    // The members' programme year and points activity on the app's calendar, not the machine's.
    await target.query(`update beauty_pass_members set year_start = '2027-01-01', year_end = '2027-12-31', points_active_on = '2027-01-11' where user_id in (${members.map((m) => m.userId).join(',')})`);
    const [left, next] = members;
    if (!left || !next) throw new Error('members not made');
    expect((await redeem(target, left.cookie, id)).status).toBe(201);
    setClock(minutes(REWARD_HOLD_MINUTES - 1));
    const refused = await redeem(target, next.cookie, id);
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('out_of_stock');
    setClock(minutes(REWARD_HOLD_MINUTES));
    expect((await redeem(target, next.cookie, id)).status).toBe(201);
    expect((await bagOf(target, next.cookie)).reward).toMatchObject({ id });
  });
});

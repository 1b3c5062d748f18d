import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxUserListSchema, SandboxUserResponseSchema } from '../../src/contract/sandbox.ts';
import { ApiErrorBodySchema } from '../../src/contract/site.ts';
import { idempotencyKeys, sandboxUsers } from '../../src/server/db/schema.ts';
import { insertUser } from '../helpers/auth.ts';
import { IN_FLIGHT_LEASE_S, requestHash } from '../../src/server/http/idempotency.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
beforeAll(async () => {
  let calls = 0;
  t = await createTestApp({
    seedProducts: 0,
    // Fails on its first call only, like a request hitting a transient fault.
    routes: (app) =>
      app.post('/api/web/v1/test-only/flaky', (c) => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
        return c.json({ calls }, 201);
      }),
  });
});
afterAll(async () => {
  await t?.close();
});

let unique = 0;
const newUser = () => ({ name: `User ${++unique}`, email: `user${unique}@example.com` });
const rowCount = async (email: string) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(sandboxUsers).where(sql`lower(${sandboxUsers.email}) = lower(${email})`))[0]?.n;

async function create(body: unknown, headers: Record<string, string> = {}) {
  return t.api('/sandbox/users', { method: 'POST', body, headers });
}

describe('sandbox/users', () => {
  it('creates, shows, lists, patches, replaces and deletes a user', async () => {
    const created = await create(newUser());
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const { data: user } = v.parse(SandboxUserResponseSchema, await created.json());
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);

    const shown = v.parse(SandboxUserResponseSchema, await (await t.api(`/sandbox/users/${user.id}`)).json());
    expect(shown.data).toEqual(user);
    const list = await t.api('/sandbox/users');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(SandboxUserListSchema, await list.json()).data).toContainEqual(user);

    const patched = await t.api(`/sandbox/users/${user.id}`, { method: 'PATCH', body: { name: '  Renamed  ' } });
    expect(v.parse(SandboxUserResponseSchema, await patched.json()).data).toEqual({ ...user, name: 'Renamed' });

    const replacement = newUser();
    const replaced = await t.api(`/sandbox/users/${user.id}`, { method: 'PUT', body: replacement });
    expect(v.parse(SandboxUserResponseSchema, await replaced.json()).data).toEqual({ ...user, ...replacement });

    const deleted = await t.api(`/sandbox/users/${user.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const gone = await t.api(`/sandbox/users/${user.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'User not found', status: 404 });
    expect((await t.api(`/sandbox/users/${user.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('names each bad field', async () => {
    const response = await create({ name: '', email: 'not-an-email' });
    expect(response.status).toBe(400);
    const body = v.parse(ApiErrorBodySchema, await response.json());
    expect(body.errors?.map((e) => e.field)).toEqual(['body.name', 'body.email']);
    const missing = v.parse(ApiErrorBodySchema, await (await create({})).json());
    expect(missing.errors?.map((e) => e.field)).toEqual(['body.name', 'body.email']);
    const badPut = v.parse(ApiErrorBodySchema, await (await t.api('/sandbox/users/1', { method: 'PUT', body: { name: 'x' } })).json());
    expect(badPut.errors?.map((e) => e.field)).toEqual(['body.email']);
    const badId = v.parse(ApiErrorBodySchema, await (await t.api('/sandbox/users/abc')).json());
    expect(badId.errors?.map((e) => e.field)).toEqual(['param.id']);
    const badJson = await create('{"name": "x",');
    expect(badJson.status).toBe(400);
  });

  it('refuses a duplicate email (any case) with 422, not a retryable 409', async () => {
    const user = newUser();
    expect((await create(user)).status).toBe(201);
    const again = await create({ name: 'Other', email: user.email.toUpperCase() });
    expect(again.status).toBe(422);
    expect(v.parse(ApiErrorBodySchema, await again.json()).errors).toEqual([{ field: 'body.email', message: 'is already in use' }]);
    expect(await rowCount(user.email)).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored response for a retried create, and creates one row', async () => {
    const user = newUser();
    const first = await create(user, { 'Idempotency-Key': 'create-1' });
    const firstBody = await first.text();
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await create(user, { 'Idempotency-Key': 'create-1' });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toContain('application/json');
    expect(await second.text()).toBe(firstBody);
    expect(await rowCount(user.email)).toBe(1);
  });

  it('answers 422 when the key is reused with another body or path', async () => {
    const user = newUser();
    await create(user, { 'Idempotency-Key': 'create-2' });
    const changed = await create({ ...user, name: 'Changed' }, { 'Idempotency-Key': 'create-2' });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toMatchObject({ message: 'Idempotency-Key reused with a different request' });
    const otherPath = await t.api('/featured-products', { method: 'POST', body: user, headers: { 'Idempotency-Key': 'create-2' } });
    expect(otherPath.status).toBe(422);
  });

  it('lets concurrent requests with one key create exactly one row', async () => {
    const user = newUser();
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(user, { 'Idempotency-Key': 'create-concurrent' })));
    const statuses = responses.map((r) => r.status);
    // The first claims the key; the others either wait out as 409 (retryable) or replay the 201.
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(responses.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    expect(await rowCount(user.email)).toBe(1);
    const retry = await create(user, { 'Idempotency-Key': 'create-concurrent' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('answers 409 while the first request is still in flight', async () => {
    const user = newUser();
    // Claim the key the way a slow first request would, before sending the retry.
    const body = JSON.stringify(user);
    // A guest without a bag sends it: the hash is of the body and that caller.
    await t.db.execute(sql`insert into idempotency_keys (key, method, path, body_hash, state) values ('in-flight', 'POST', '/api/web/v1/sandbox/users', ${requestHash(body, 'guest:')}, 'in_flight')`);
    const retry = await create(body, { 'Idempotency-Key': 'in-flight' });
    expect(retry.status).toBe(409);
    expect(await rowCount(user.email)).toBe(0);
  });

  it(`takes over a claim left in flight for over ${IN_FLIGHT_LEASE_S} s (its process died): the retry runs once, a second retry is replayed`, async () => {
    const user = newUser();
    const body = JSON.stringify(user);
    const claim = (key: string, age: number) =>
      t.db.execute(sql`insert into idempotency_keys (key, method, path, body_hash, state, created_at)
        values (${key}, 'POST', '/api/web/v1/sandbox/users', ${requestHash(body, 'guest:')}, 'in_flight', now() - make_interval(secs => ${age}))`);
    // Just inside the lease: still the first request's.
    await claim('in-flight-live', IN_FLIGHT_LEASE_S - 5);
    expect((await create(body, { 'Idempotency-Key': 'in-flight-live' })).status).toBe(409);
    await claim('in-flight-dead', IN_FLIGHT_LEASE_S + 5);
    const retries = await Promise.all([create(body, { 'Idempotency-Key': 'in-flight-dead' }), create(body, { 'Idempotency-Key': 'in-flight-dead' })]);
    // One of two retries at once takes it over; the other is told it is in progress.
    expect(retries.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await rowCount(user.email)).toBe(1);
    const replay = await create(body, { 'Idempotency-Key': 'in-flight-dead' });
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    // Another body under a stale key is still refused.
    expect((await create(JSON.stringify(newUser()), { 'Idempotency-Key': 'in-flight-dead' })).status).toBe(422);
  });

  it('replays a 400 and a 204 too, and frees the key after a server error', async () => {
    const bad = await create({ name: '' }, { 'Idempotency-Key': 'bad-1' });
    const badAgain = await create({ name: '' }, { 'Idempotency-Key': 'bad-1' });
    expect([bad.status, badAgain.status]).toEqual([400, 400]);
    expect(badAgain.headers.get('idempotent-replayed')).toBe('true');

    const { data } = v.parse(SandboxUserResponseSchema, await (await create(newUser())).json());
    const del = () => t.api(`/sandbox/users/${data.id}`, { method: 'DELETE', headers: { 'Idempotency-Key': 'delete-1' } });
    expect((await del()).status).toBe(204);
    const replayed = await del();
    expect(replayed.status).toBe(204);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    const flaky = () => t.api('/test-only/flaky', { method: 'POST', body: { x: 1 }, headers: { 'Idempotency-Key': 'flaky-1' } });
    expect((await flaky()).status).toBe(500);
    const retried = await flaky();
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await retried.json()).toEqual({ calls: 2 });
    expect(await (await flaky()).json()).toEqual({ calls: 2 });
  });

  it('rejects a key longer than 255 characters', async () => {
    const response = await create(newUser(), { 'Idempotency-Key': 'k'.repeat(256) });
    expect(response.status).toBe(400);
    expect(v.parse(ApiErrorBodySchema, await response.json()).errors?.[0]?.field).toBe('header.idempotency-key');
  });

  it('ignores the key on reads', async () => {
    const response = await t.api('/sandbox/users', { headers: { 'Idempotency-Key': 'read-1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('never stores a response that sets session cookies: a sign-in retried with the same key signs in again (2 × 201 with 4 cookies, no replay, no token in the table)', async () => {
    const user = await insertUser(t.db);
    const signIn = () => t.api('/sessions', { method: 'POST', headers: { 'Idempotency-Key': 'sign-in-1' }, body: { email: user.email, password: user.password } });
    for (const response of [await signIn(), await signIn()]) {
      expect(response.status).toBe(201);
      expect(response.headers.get('idempotent-replayed')).toBeNull();
      expect(response.headers.getSetCookie()).toHaveLength(4);
    }
    const [stored] = await t.db.select({ n: sql<number>`count(*)::int` }).from(idempotencyKeys).where(sql`${idempotencyKeys.key} = 'sign-in-1'`);
    expect(stored?.n).toBe(0);
  });
});

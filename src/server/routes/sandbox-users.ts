import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { SandboxUserBodySchema, SandboxUserPatchSchema, type SandboxUser, SandboxUserListSchema, SandboxUserResponseSchema } from '../../contract/sandbox.ts';
import type { Db } from '../db/client.ts';
import { sandboxUsers } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { IdParamSchema } from '../http/validate.ts';
import { endpoint, jsonBody, params } from '../openapi/declare.ts';

const USER_NOT_FOUND = 'User not found';

function toUser(row: typeof sandboxUsers.$inferSelect): SandboxUser {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() };
}

/** 422, not 409: 409 is a retryable status for the client (spec §7), and a taken email never frees itself. */
function emailTaken(): ApiError {
  return new ApiError(422, 'Email already in use', [{ field: 'body.email', message: 'is already in use' }]);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function write<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The developer sandbox resource (spec §7): all six operations on a plain table. */
export function sandboxUserRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/', endpoint({ id: 'sandboxUsers.index', operation: 'index', description: 'Developer sandbox: all users.', status: 200, response: SandboxUserListSchema }), async (c) => {
      const rows = await db.select().from(sandboxUsers).orderBy(asc(sandboxUsers.id));
      return c.json({ data: rows.map(toUser) });
    })
    .get('/:id', endpoint({ id: 'sandboxUsers.show', operation: 'show', description: 'Developer sandbox: one user by id.', status: 200, response: SandboxUserResponseSchema, errors: { 404: 'No such account.' } }), params(IdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const [row] = await db.select().from(sandboxUsers).where(eq(sandboxUsers.id, id));
      if (!row) throw new ApiError(404, USER_NOT_FOUND);
      return c.json({ data: toUser(row) });
    })
    .post('/', endpoint({ id: 'sandboxUsers.create', operation: 'create', description: 'Developer sandbox: creates a user; send an Idempotency-Key so a retry never makes a duplicate.', status: 201, response: SandboxUserResponseSchema, errors: { 409: 'An account with that email exists.', 422: 'The account cannot be made as asked.' } }), jsonBody(SandboxUserBodySchema), async (c) => {
      const body = c.req.valid('json');
      const [row] = await write(() => db.insert(sandboxUsers).values(body).returning());
      if (!row) throw new Error('insert returned no row');
      return c.json({ data: toUser(row) }, 201);
    })
    .put('/:id', endpoint({ id: 'sandboxUsers.replace', operation: 'replace', description: 'Developer sandbox: replaces every field of a user.', status: 200, response: SandboxUserResponseSchema }), params(IdParamSchema), jsonBody(SandboxUserBodySchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const [row] = await write(() => db.update(sandboxUsers).set(body).where(eq(sandboxUsers.id, id)).returning());
      if (!row) throw new ApiError(404, USER_NOT_FOUND);
      return c.json({ data: toUser(row) });
    })
    .patch('/:id', endpoint({ id: 'sandboxUsers.update', operation: 'update', description: 'Developer sandbox: changes the fields sent and keeps the others.', status: 200, response: SandboxUserResponseSchema }), params(IdParamSchema), jsonBody(SandboxUserPatchSchema), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      const [row] =
        Object.keys(changes).length === 0
          ? await db.select().from(sandboxUsers).where(eq(sandboxUsers.id, id))
          : await write(() => db.update(sandboxUsers).set(changes).where(eq(sandboxUsers.id, id)).returning());
      if (!row) throw new ApiError(404, USER_NOT_FOUND);
      return c.json({ data: toUser(row) });
    })
    .delete('/:id', endpoint({ id: 'sandboxUsers.delete', operation: 'delete', description: 'Developer sandbox: deletes a user.', status: 204, contentType: null, errors: { 404: 'No such account.' } }), params(IdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await db.delete(sandboxUsers).where(eq(sandboxUsers.id, id)).returning({ id: sandboxUsers.id });
      if (deleted.length === 0) throw new ApiError(404, USER_NOT_FOUND);
      return c.body(null, 204);
    });
}

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { SandboxVariantPatchSchema, SandboxVariantResponseSchema } from '../../contract/sandbox.ts';
import type { Db } from '../db/client.ts';
import { variants } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { IdParamSchema } from '../http/validate.ts';
import { endpoint, jsonBody, params } from '../openapi/declare.ts';

/**
 * `PATCH sandbox/variants/{id}`: sets a variant's stock (the e2e tests make a bag line go out of
 * stock with it). Without the sandbox (a production start without `SANDBOX=1`) it answers 404 like
 * any unknown path, before reading anything: nobody changes stock through the shop's API.
 */
export function sandboxVariantRoutes(db: Db, { sandbox }: { sandbox: boolean }) {
  return new Hono<AppEnv>().patch('/:id', endpoint({ id: 'sandboxVariants.update', operation: 'update', description: 'Developer sandbox: sets a variant\'s stock, so the end-to-end tests can make a bag line go out of stock (404 unless the sandbox is on).', status: 200, response: SandboxVariantResponseSchema, errors: { 404: 'No such variant.' } }), params(IdParamSchema), jsonBody(SandboxVariantPatchSchema), async (c) => {
    if (!sandbox) throw notFound();
    const { id } = c.req.valid('param');
    const { stock } = c.req.valid('json');
    const [row] = await db.update(variants).set({ stock }).where(eq(variants.id, id)).returning({ id: variants.id, stock: variants.stock });
    if (!row) throw new ApiError(404, 'Variant not found');
    const body: v.InferOutput<typeof SandboxVariantResponseSchema> = { data: row };
    return c.json(body, 200);
  });
}

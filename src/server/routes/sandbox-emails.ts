import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { SANDBOX_MAILBOX_SIZE } from '../../config/api-limits.ts';
import type * as v from 'valibot';
import { SandboxEmailListSchema } from '../../contract/account.ts';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { endpoint } from '../openapi/declare.ts';

/**
 * `GET sandbox/emails`: the outbox as a developer mailbox. It holds live reset links, so without
 * the sandbox (a production start without `SANDBOX=1`) it answers 404 like any unknown path.
 */
export function sandboxEmailRoutes(db: Db, { sandbox }: { sandbox: boolean }) {
  return new Hono<AppEnv>().get('/', endpoint({ id: 'sandboxEmails.index', operation: 'index', description: 'Developer sandbox: the email outbox, newest first (404 unless the sandbox is on: it holds live reset links).', status: 200, response: SandboxEmailListSchema }), async (c) => {
    if (!sandbox) throw notFound();
    const rows = await db.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(SANDBOX_MAILBOX_SIZE);
    const body: v.InferOutput<typeof SandboxEmailListSchema> = {
      data: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
      })),
    };
    return c.json(body, 200);
  });
}

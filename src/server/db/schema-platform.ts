import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * What the HTTP layer and the mailer keep: idempotency keys of writes and the outbox of emails.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  /** sha256 (hex) of the raw request body. */
  bodyHash: text('body_hash').notNull(),
  /** `answered_by_route`: a write that answers its repeats itself (`IdempotencyOptions`); nothing stored but the claim. */
  state: text('state').$type<'in_flight' | 'done' | 'answered_by_route'>().notNull(),
  statusCode: integer('status_code'),
  responseBody: text('response_body'),
  contentType: text('content_type'),
  /** `Set-Cookie` lines replayed with the answer: a guest bag's cookie (never session cookies, which are not stored). */
  setCookies: text('set_cookies').array(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Emails to send: written in the same transaction as what caused them, delivered by the mailer. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    /** `welcome`, `password-reset`, `password-changed`. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_emails_pending_idx').on(t.sentAt, t.id)],
);

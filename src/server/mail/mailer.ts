import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…` (nodemailer's URL form). */
  smtpUrl: string;
  /** `From` of every email. */
  from: string;
  /** How often the outbox is drained. */
  intervalMs?: number;
  /** An email that failed this many times stays in the outbox with its last error, for a person to look at. */
  maxAttempts?: number;
  /** Emails claimed per round. */
  batchSize?: number;
  log?: (line: string) => void;
}

export const DEFAULT_MAIL_INTERVAL_MS = 5_000;
export const DEFAULT_MAX_ATTEMPTS = 5;
const LAST_ERROR_MAX = 500;

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Delivers the outbox over SMTP. Each round claims a batch by stamping `sent_at` in one
 * statement (`FOR UPDATE SKIP LOCKED`), so several server processes on one PostgreSQL never send
 * the same email twice; a failed send clears the stamp again and records the error, and the
 * next round retries it. A crash between claim and send loses that email rather than sending it
 * twice: for reset links, a second request is cheap and a duplicate is confusing.
 */
export class OutboxMailer {
  private readonly transport: Transporter;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly log: (line: string) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<DrainResult> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly options: MailerOptions,
  ) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.batchSize = options.batchSize ?? 20;
    this.log = options.log ?? console.error;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      void this.drain().catch((error: unknown) => this.log(`mailer: drain failed: ${error instanceof Error ? error.message : String(error)}`));
    }, this.options.intervalMs ?? DEFAULT_MAIL_INTERVAL_MS);
    // The mailer must never be what keeps a finished process alive.
    this.timer.unref();
  }

  /** One round; a round already under way is joined, never run twice at once in this process. */
  drain(): Promise<DrainResult> {
    this.running ??= this.drainOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops the timer, waits for a round under way, closes the SMTP connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  private async drainOnce(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    if (this.stopped) return result;
    const pending = this.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(and(isNull(outboxEmails.sentAt), lt(outboxEmails.attempts, this.maxAttempts)))
      .orderBy(asc(outboxEmails.id))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outboxEmails)
      .set({ sentAt: new Date(), attempts: sql`${outboxEmails.attempts} + 1` })
      .where(inArray(outboxEmails.id, pending))
      .returning();
    for (const email of claimed.sort((a, b) => a.id - b.id)) {
      try {
        await this.transport.sendMail({ from: this.options.from, to: email.toAddress, subject: email.subject, text: email.text });
        result.sent += 1;
      } catch (error) {
        result.failed += 1;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX);
        await this.db.update(outboxEmails).set({ sentAt: null, lastError: message }).where(eq(outboxEmails.id, email.id));
        this.log(`mailer: email ${email.id} (${email.kind}) not sent, attempt ${email.attempts}: ${message}`);
      }
    }
    return result;
  }
}

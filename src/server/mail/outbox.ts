import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';

export const EMAIL_KINDS = ['welcome', 'password-reset', 'password-changed', 'back-in-stock', 'order-confirmation', 'gift-card', 'booking-confirmation', 'booking-rescheduled', 'booking-cancelled', 'points-expiry'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export interface OutgoingEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  text: string;
}

/**
 * Writes the email to the outbox. Pass the transaction of what caused it, so the email exists
 * exactly when the change does (no reset link for a token that was rolled back).
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail, createdAt?: Date): Promise<void> {
  await db.insert(outboxEmails).values({ kind: email.kind, toAddress: email.to, subject: email.subject, text: email.text, ...(createdAt ? { createdAt } : {}) });
}

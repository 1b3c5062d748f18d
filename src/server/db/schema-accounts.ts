import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Accounts: users, their sign-in (refresh tokens, external identities, failures and blocks,
 * password resets), consents, beauty profiles, the sandbox's test users and the server's own secrets.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const sandboxUsers = pgTable(
  'sandbox_users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_users_email_uq').on(sql`lower(${t.email})`)],
);

export const USER_ROLES = ['shopper', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased, so the unique index is case-insensitive too. */
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash` (src/server/auth/password.ts). */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    role: text('role').$type<UserRole>().notNull().default('shopper'),
    /** The optional marketing consent as it stands now (its history is in `consents`). */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** One row per issued refresh token; a family is every token rotated from one sign-in. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the token: a database leak does not hand out sessions. */
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Id of the token this one was rotated into. */
    replacedBy: integer('replaced_by'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Secrets the server generates for itself in development (the JWT key when `JWT_SECRET` is unset). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Every consent a user gave or refused, with the text variant they saw (spec §5); never updated, only added to. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `personalInformation`, `thirdPartyDisclosure`, `policy`, `over14`, `marketing`, `beautyPass`. */
    kind: text('kind').notNull(),
    granted: boolean('granted').notNull(),
    /** Version of the text shown, e.g. the country's Beauty Pass terms variant. */
    variant: text('variant'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId)],
);

/** The beauty profile (skin, hair, eyes, shades) as one validated JSON document. */
export const beautyProfiles = pgTable('beauty_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One failed sign-in; `account_key` is the lower-cased email, `client_key` the client's address. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_pair_idx').on(t.accountKey, t.clientKey, t.createdAt), index('sign_in_failures_client_idx').on(t.clientKey, t.createdAt)],
);

/** A block on an account from one client; support finds it by `reference_id` (also in the server log). */
export const signInBlocks = pgTable(
  'sign_in_blocks',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    referenceId: text('reference_id').notNull(),
    blockedUntil: at('blocked_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_blocks_pair_idx').on(t.accountKey, t.clientKey, t.blockedUntil), uniqueIndex('sign_in_blocks_reference_uq').on(t.referenceId)],
);

/** A password-reset link; only the sha256 of its token is stored, and it works once. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)],
);

/** An external sign-in (OpenID Connect) linked to a user: the issuer's `iss` and `sub`. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_uq').on(t.issuer, t.subject)],
);

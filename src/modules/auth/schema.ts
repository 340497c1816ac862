import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, createdAt, flag } from '../../db/columns';

/**
 * Two usernames that differ only in case (in any script) or in Unicode form are the same: NFKC, full
 * case folding (Straße = STRASSE, final ς = σ), NFKC again, as Unicode's NFKC_Casefold. JavaScript has
 * no casefold(); lower, upper, lower reaches the same key for every code point (ß → SS → ss, ẞ → ß → ss),
 * and also reads the dotless ı as i.
 */
export const usernameKey = (username: string) =>
  username.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ').normalize('NFKC');

/** The account (docs/product-rules.md#accounts): who the learner is, how they sign in, and the trial granted when it was made (billing keeps the subscription). */
export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    username: text('username').notNull(),
    /** The username folded for uniqueness (`usernameKey`): SQLite's lower() folds ASCII only. */
    usernameKey: text('username_key').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    isVerified: flag('is_verified', true),
    /** When the owner last proved the mailbox (a mailed link followed, or Google); isVerified defaults to true without proof. */
    emailConfirmedAt: instant('email_confirmed_at'),
    googleId: text('google_id'),
    trialStartDate: instant('trial_start_date'),
    trialEndDate: instant('trial_end_date'),
    markedForDeletion: flag('marked_for_deletion'),
    scheduledDeletionDate: instant('scheduled_deletion_date'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_google_id_unique').on(t.googleId),
    index('users_deletion_idx').on(t.markedForDeletion, t.scheduledDeletionDate),
    // The minute watcher looks up trials ending since its last look.
    index('users_trial_end_idx').on(t.trialEndDate),
  ],
);

export type User = typeof users.$inferSelect;

/** A signed-in browser; the cookie's JWT names a row, so revoking the row ends the session at once. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The links sent by mail that work once: stored as SHA-256 hashes, with their expiry and when they were used. */
const singleUseTokens = <Name extends string>(name: Name) =>
  sqliteTable(
    name,
    {
      id: id(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      tokenHash: text('token_hash').notNull(),
      expires: instant('expires').notNull(),
      usedAt: instant('used_at'),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${name}_hash_unique`).on(t.tokenHash), index(`${name}_user_idx`).on(t.userId)],
  );

/** Password reset links. */
export const passwordResetTokens = singleUseTokens('password_reset_tokens');

/** E-mail verification links (REQUIRE_EMAIL_VERIFICATION=true). */
export const emailVerificationTokens = singleUseTokens('email_verification_tokens');

/** One trial per e-mail address ever: a hash of each address that had one outlives its account. */
export const trialGrants = sqliteTable('trial_grants', {
  emailHash: text('email_hash').primaryKey(),
  grantedAt: createdAt(),
});

export const supportTickets = sqliteTable(
  'support_tickets',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    username: text('username').notNull(),
    issue: text('issue').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId)],
);

/** Errors the browser reported through POST /api/log/client-error. */
export const clientErrors = sqliteTable('client_errors', {
  id: id(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  error: text('error').notNull(),
  stack: text('stack'),
  timestamp: text('timestamp'),
  userAgent: text('user_agent'),
  url: text('url'),
  createdAt: createdAt(),
});

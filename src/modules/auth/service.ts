import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { AppError, ValidationError, conflict, unauthorized } from '../../lib/errors';
import { DAY_MS } from '../../lib/clock';
import { isPrimary } from '../../lib/litefs';
import { emailVerificationTokens, passwordResetTokens, usernameKey, users, type User } from './schema';
import { resetMail, verificationMail } from './mails';
import { createDeletion } from './deletion';
import { authenticationFailed, createSessions } from './sessions';
import { createSupport } from './support';
import { dummyHash, hashPassword, randomToken, sha256 } from './tokens';
import { trialFor } from './trials';
import { refoldUsernameKeys } from './usernames';
import { CURRENT_PASSWORD_INCORRECT, CURRENT_PASSWORD_REQUIRED, INVALID_RESET_LINK, type ChangePasswordInput, type LoginInput, type RegisterInput, type ResetPasswordInput } from './model';

export type { User };

export const RESET_TOKEN_MS = 60 * 60 * 1000;
export const VERIFICATION_DAYS = 7;


/** What Google's userinfo says about a person, once its e-mail is known to be verified. */
export interface GoogleProfile {
  sub: string;
  email: string;
  name?: string;
}

const usernameTaken = () => conflict('Username Error', 'This username is already taken. Please choose another one.');
const invalidResetLink = () => new AppError(400, 'Invalid Token', INVALID_RESET_LINK);
const isUniqueViolation = (error: unknown) => String(error).includes('UNIQUE');

export function createAuthService(ctx: AppContext) {
  const { db, clock, mail, config, log } = ctx;
  if (isPrimary(config.LITEFS_DIR)) refoldUsernameKeys(db, log);

  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
  const userByEmail = db.select().from(users).where(eq(users.email, sql.placeholder('email'))).prepare();
  const sessions = createSessions(ctx);
  const { revokeUserSessions } = sessions;
  const { purgeIfDue, ...deletion } = createDeletion(ctx, sessions);
  const { restoreIfMarked } = deletion;

  // The usernames on the leaderboards (stats asks at most a few times a second): prepared once.
  const usernamesByIds = db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.id} in (select value from json_each(${sql.placeholder('ids')}))`)
    .prepare();

  function assertAvailable(email: string, username: string, exceptUserId?: number) {
    const byEmail = userByEmail.get({ email });
    if (byEmail && byEmail.id !== exceptUserId) {
      throw conflict('Email Error', 'This email is already registered. Please try logging in instead.');
    }
    assertUsernameAvailable(username, exceptUserId);
  }

  function assertUsernameAvailable(username: string, exceptUserId?: number) {
    const byName = db.select({ id: users.id }).from(users).where(eq(users.usernameKey, usernameKey(username))).get();
    if (byName && byName.id !== exceptUserId) throw usernameTaken();
  }

  /** Mails a single-use reset link valid for one hour to a known address; an unknown address gets nothing. */
  function mailResetLink(email: string) {
    const user = userByEmail.get({ email });
    if (!user || purgeIfDue(user)) return;
    const token = randomToken();
    const now = clock.now();
    db.insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: sha256(token), expires: new Date(now.getTime() + RESET_TOKEN_MS), createdAt: now })
      .run();
    mail
      .send({ to: user.email, ...resetMail(user, `${config.appUrl}/reset-password?token=${token}`) })
      .catch((error) => log.error('reset mail failed', { error: String(error) }));
  }

  /** A reset token that exists, is unused and unexpired. */
  function liveResetToken(token: string) {
    return db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expires, clock.now())))
      .get();
  }

  /** A free username made from a Google name: allowed characters, 3 to 20 long, numbered if taken. */
  function freeUsername(name: string, email: string) {
    const clean = (s: string) => s.normalize('NFC').replace(/[^\p{L}\p{N}_.-]+/gu, '').slice(0, 16);
    let base = clean(name);
    if (base.length < 3) base = clean(email.split('@')[0]);
    if (base.length < 3) base = 'learner';
    const taken = (candidate: string) => !!db.select({ id: users.id }).from(users).where(eq(users.usernameKey, usernameKey(candidate))).get();
    if (!taken(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base}${n}`;
      if (!taken(candidate)) return candidate;
    }
  }

  return {
    hashPassword,
    trialFor,
    assertUsernameAvailable,

    getUser(id: number): User | undefined {
      return userById.get({ id });
    },

    getUserByEmail(email: string): User | undefined {
      return userByEmail.get({ email: email.trim().toLowerCase() });
    },

    /** The usernames of these accounts, by id. */
    usernamesOf(ids: number[]): Map<number, string> {
      return new Map(usernamesByIds.all({ ids: JSON.stringify(ids) }).map((row) => [row.id, row.username]));
    },

    /** Accounts whose trial ended in (`from`, `to`]. */
    trialsEndingBetween(from: Date, to: Date): User[] {
      return db.select().from(users).where(and(gt(users.trialEndDate, from), lte(users.trialEndDate, to))).all();
    },

    async register(input: RegisterInput, opts: { isVerified: boolean }): Promise<User> {
      const previous = userByEmail.get({ email: input.email });
      if (previous) purgeIfDue(previous);
      assertAvailable(input.email, input.username);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      try {
        return db.transaction((tx) => {
          // Checked again inside the transaction: two registrations may race past the first check.
          assertAvailable(input.email, input.username);
          return tx
            .insert(users)
            .values({
              email: input.email,
              username: input.username,
              usernameKey: usernameKey(input.username),
              name: input.name,
              passwordHash,
              isVerified: opts.isVerified,
              createdAt: now,
              ...trialFor(tx, input.email, now),
            })
            .returning()
            .get();
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isUniqueViolation(error)) {
          if (String(error).includes('username')) throw usernameTaken();
          throw conflict('Email Error', 'This email is already registered. Please try logging in instead.');
        }
        throw error;
      }
    },

    /** Checks the password; unknown e-mail and wrong password fail alike. Restores an account marked for deletion. */
    async login(input: LoginInput): Promise<User> {
      const user = userByEmail.get({ email: input.email });
      // Hash anyway for unknown e-mails so timing does not tell which addresses have accounts.
      const valid = user?.passwordHash
        ? await Bun.password.verify(input.password, user.passwordHash)
        : (await Bun.password.verify(input.password, await dummyHash()), false);
      if (!user || !valid || purgeIfDue(user)) throw authenticationFailed();
      return restoreIfMarked(user);
    },

    ...sessions,

    /** A new username, unique without regard to case (docs/product-rules.md#accounts). */
    updateProfile(userId: number, username: string): User {
      assertUsernameAvailable(username, userId);
      try {
        return db.update(users).set({ username, usernameKey: usernameKey(username) }).where(eq(users.id, userId)).returning().get();
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },

    /**
     * Checks the current password (an account made with Google may set its first one without), stores
     * the new hash and revokes every session of the user; the caller starts a fresh one for the
     * browser that made the change, so only the others end.
     */
    async changePassword(user: User, sessionId: string, input: ChangePasswordInput): Promise<User> {
      if (user.passwordHash) {
        if (!input.currentPassword) throw new ValidationError(CURRENT_PASSWORD_REQUIRED, 'currentPassword');
        if (!(await Bun.password.verify(input.currentPassword, user.passwordHash))) {
          // 400, not 401: a 401 would sign the client out (docs/product-rules.md#sessions).
          throw new ValidationError(CURRENT_PASSWORD_INCORRECT, 'currentPassword');
        }
      }
      const passwordHash = await hashPassword(input.newPassword);
      return db.transaction((tx) => {
        // While the hash was computed the session may have ended or the password changed (a reset, a
        // Google link): then this change no longer speaks for the account.
        const live = sessions.userForSession(sessionId);
        if (!live || live.id !== user.id || live.passwordHash !== user.passwordHash) throw unauthorized();
        const updated = tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning().get();
        revokeUserSessions(tx, user.id);
        return updated;
      });
    },

    /**
     * Answers at once and does the work after the answer is sent: a known address writes a token and a
     * mail, and must not answer later than an unknown one (the caller answers the same either way).
     */
    requestPasswordReset(email: string) {
      setImmediate(() => {
        try {
          mailResetLink(email);
        } catch (error) {
          log.error('reset request failed', { error: String(error) });
        }
      });
    },

    /** Whether a reset token can still be used (the reset page checks before showing its form). */
    checkResetToken(token: string) {
      if (!liveResetToken(token)) throw invalidResetLink();
    },

    /** Sets the new password, uses up every reset token of the user and revokes all their sessions. */
    async resetPassword(input: ResetPasswordInput) {
      if (!liveResetToken(input.token)) throw invalidResetLink();
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      db.transaction((tx) => {
        // Claimed inside the transaction: of two concurrent resets with one token, one wins.
        const claimed = tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.tokenHash, sha256(input.token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expires, now)))
          .returning({ userId: passwordResetTokens.userId })
          .get();
        if (!claimed) throw invalidResetLink();
        tx.update(passwordResetTokens).set({ usedAt: now }).where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt))).run();
        // Following the mailed link proves the address, so the account counts as verified.
        tx.update(users).set({ passwordHash, isVerified: true, emailConfirmedAt: now }).where(eq(users.id, claimed.userId)).run();
        revokeUserSessions(tx, claimed.userId);
      });
    },

    /** Mails the single-use verification link (REQUIRE_EMAIL_VERIFICATION=true). */
    async sendVerificationMail(user: User) {
      const token = randomToken();
      const now = clock.now();
      db.insert(emailVerificationTokens)
        .values({ userId: user.id, tokenHash: sha256(token), expires: new Date(now.getTime() + VERIFICATION_DAYS * DAY_MS), createdAt: now })
        .run();
      await mail.send({ to: user.email, ...verificationMail(user, `${config.appUrl}/api/verify-email?token=${token}`, VERIFICATION_DAYS) });
    },

    /** Follows a verification link: true when it was live and the account is now verified. */
    verifyEmail(token: string): boolean {
      const now = clock.now();
      return db.transaction((tx) => {
        const claimed = tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(and(eq(emailVerificationTokens.tokenHash, sha256(token)), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expires, now)))
          .returning({ userId: emailVerificationTokens.userId })
          .get();
        if (!claimed) return false;
        tx.update(users).set({ isVerified: true, emailConfirmedAt: now }).where(eq(users.id, claimed.userId)).run();
        return true;
      });
    },

    ...deletion,

    ...createSupport(ctx),

    /**
     * Google sign-in: the account with this Google id, else the one with this (verified) e-mail, which
     * gets linked, else a new account with a trial. An account marked for deletion is restored.
     */
    signInWithGoogle(profile: GoogleProfile): User {
      const email = profile.email.trim().toLowerCase();
      const now = clock.now();
      let user = db.select().from(users).where(eq(users.googleId, profile.sub)).get() ?? userByEmail.get({ email });
      if (user && purgeIfDue(user)) user = undefined;
      if (user) {
        const existing = user;
        const linked = db.transaction((tx) => {
          // Whoever registered this address without proving the mailbox must not keep a way in once
          // its owner arrives through Google: their password and sessions end here.
          const unproven = !existing.googleId && !existing.emailConfirmedAt && existing.passwordHash !== null;
          if (unproven) revokeUserSessions(tx, existing.id);
          return tx
            .update(users)
            .set({ googleId: profile.sub, isVerified: true, emailConfirmedAt: now, ...(unproven ? { passwordHash: null } : {}) })
            .where(eq(users.id, existing.id))
            .returning()
            .get();
        });
        return restoreIfMarked(linked);
      }
      const name = googleName(profile.name, email);
      const username = freeUsername(name, email);
      return db.transaction((tx) =>
        tx
          .insert(users)
          .values({ email, username, usernameKey: usernameKey(username), name, passwordHash: null, googleId: profile.sub, isVerified: true, emailConfirmedAt: now, createdAt: now, ...trialFor(tx, email, now) })
          .returning()
          .get(),
      );
    },
  };
}

/** A display name from Google's, or from the e-mail's local part, fit for the Name rule. */
function googleName(name: string | undefined, email: string) {
  const cleaned = (name ?? '').replace(/<[^>]*>/g, '').replace(/[<>\p{Cc}]/gu, '').trim().slice(0, 100);
  if (cleaned.length >= 2) return cleaned;
  const local = email.split('@')[0].replace(/[<>\p{Cc}]/gu, '').slice(0, 100);
  return local.length >= 2 ? local : 'Learner';
}

export type AuthService = ReturnType<typeof createAuthService>;

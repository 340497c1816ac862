import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { isPrimary } from '../../lib/litefs';
import { usernameKey, users, type User } from './schema';
import { createDeletion } from './deletion';
import { authenticationFailed, createSessions } from './sessions';
import { createPasswords } from './passwords';
import { createVerification } from './verification';
import { createSupport } from './support';
import { dummyHash, hashPassword } from './tokens';
import { trialFor } from './trials';
import { refoldUsernameKeys } from './usernames';
import type { LoginInput, RegisterInput } from './model';

export type { User };

/** What Google's userinfo says about a person, once its e-mail is known to be verified. */
export interface GoogleProfile {
  sub: string;
  email: string;
  name?: string;
}

const usernameTaken = () => conflict('Username Error', 'This username is already taken. Please choose another one.');
const isUniqueViolation = (error: unknown) => String(error).includes('UNIQUE');

export function createAuthService(ctx: AppContext) {
  const { db, clock, config, log } = ctx;
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

    ...createPasswords(ctx, { userByEmail: (email) => userByEmail.get({ email }), purgeIfDue, ...sessions }),

    ...createVerification(ctx),

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

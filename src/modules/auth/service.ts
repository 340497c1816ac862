import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { DAY_MS } from '../../lib/clock';
import { accessOf } from '../billing/access';
import { sessions, trialGrants, users } from './schema';
import type { LoginInput, RegisterInput } from './model';

export type User = typeof users.$inferSelect;

export const TRIAL_DAYS = 7;
export const SESSION_DAYS = 30;
export const DELETION_GRACE_DAYS = 30;

/** OWASP's Argon2id profile (19 MiB, t=2): about 35 ms a hash here, against ~140 ms for Bun's default. */
const ARGON2 = { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 } as const;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the client sees of a user: never the password hash, tokens or payment ids. */
export function publicUser(user: User, now: Date) {
  const access = accessOf(user, now);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    isVerified: user.isVerified,
    createdAt: user.createdAt.toISOString(),
    subscription_status: access.status,
    isSubscribed: access.isSubscribed,
    trial_start_date: user.trialStartDate?.toISOString() ?? null,
    trial_end_date: user.trialEndDate?.toISOString() ?? null,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    hasPassword: user.passwordHash !== null,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

export function createAuthService(ctx: AppContext) {
  const { db, clock } = ctx;

  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare();
  const userByEmail = db.select().from(users).where(eq(users.email, sql.placeholder('email'))).prepare();
  const sessionUser = db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare();

  const hashPassword = (password: string) => Bun.password.hash(password, ARGON2);

  /** A new account's trial: 7 days, unless this e-mail address ever had one. */
  function trialFor(email: string, now: Date, tx = db) {
    const emailHash = sha256(email);
    const granted = tx.select().from(trialGrants).where(eq(trialGrants.emailHash, emailHash)).get();
    if (granted) return { trialStartDate: null, trialEndDate: null, subscriptionStatus: 'expired' as const };
    tx.insert(trialGrants).values({ emailHash, grantedAt: now }).run();
    return { trialStartDate: now, trialEndDate: new Date(now.getTime() + TRIAL_DAYS * DAY_MS), subscriptionStatus: 'trial' as const };
  }

  function assertAvailable(email: string, username: string, exceptUserId?: number) {
    const byEmail = userByEmail.get({ email });
    if (byEmail && byEmail.id !== exceptUserId) {
      throw conflict('Email Error', 'This email is already registered. Please try logging in instead.');
    }
    assertUsernameAvailable(username, exceptUserId);
  }

  function assertUsernameAvailable(username: string, exceptUserId?: number) {
    const byName = db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
    if (byName && byName.id !== exceptUserId) {
      throw conflict('Username Error', 'This username is already taken. Please choose another one.');
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

    /** The user behind a live session, or undefined for revoked, expired or unknown sessions. */
    userForSession(sessionId: string): User | undefined {
      return sessionUser.get({ sid: sessionId, now: clock.now().getTime() })?.user;
    },

    async register(input: RegisterInput, opts: { isVerified: boolean }): Promise<User> {
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
              name: input.name,
              passwordHash,
              isVerified: opts.isVerified,
              createdAt: now,
              ...trialFor(input.email, now, tx as never),
            })
            .returning()
            .get();
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (String(error).includes('UNIQUE')) throw conflict('Email Error', 'This email is already registered. Please try logging in instead.');
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
      if (!user || !valid) throw new AppError(401, 'Authentication Failed', 'Invalid email or password. Please try again.');
      return this.restoreIfMarked(user);
    },

    restoreIfMarked(user: User): User {
      if (!user.markedForDeletion) return user;
      return db
        .update(users)
        .set({ markedForDeletion: false, scheduledDeletionDate: null })
        .where(eq(users.id, user.id))
        .returning()
        .get();
    },

    createSession(userId: number, userAgent?: string | null) {
      const id = randomToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
      db.insert(sessions).values({ id, userId, createdAt: now, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null }).run();
      return { id, expiresAt };
    },

    revokeSession(sessionId: string) {
      db.update(sessions).set({ revokedAt: clock.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).run();
    },

    /** Revokes every session of the user, or every one but `keepSessionId`. */
    revokeUserSessions(userId: number, keepSessionId?: string) {
      const keep = keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : sql`1 = 1`;
      db.update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep))
        .run();
    },
  };
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= Bun.password.hash(randomToken(), ARGON2));

export type AuthService = ReturnType<typeof createAuthService>;

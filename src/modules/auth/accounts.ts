import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { AppError, conflict } from '../../lib/errors';
import { usernameKey, users, type User } from './schema';
import { dummyHash, hashPassword } from './tokens';
import { trialFor } from './trials';
import type { Deletion } from './deletion';
import { authenticationFailed } from './sessions';
import type { LoginInput, RegisterInput } from './model';

const usernameTaken = () => conflict('Username Error', 'This username is already taken. Please choose another one.');
const isUniqueViolation = (error: unknown) => String(error).includes('UNIQUE');

/** Accounts: looking them up, registering, signing in with a password, renaming. */
export function createAccounts(ctx: AppContext, { purgeIfDue, restoreIfMarked }: Pick<Deletion, 'purgeIfDue' | 'restoreIfMarked'>) {
  const { db, clock } = ctx;
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
  const userByEmail = db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare();
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
    const byName = db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.usernameKey, usernameKey(username)))
      .get();
    if (byName && byName.id !== exceptUserId) throw usernameTaken();
  }

  return {
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
      return db
        .select()
        .from(users)
        .where(and(gt(users.trialEndDate, from), lte(users.trialEndDate, to)))
        .all();
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

    /**
     * Checks the password; unknown e-mail and wrong password fail alike. Restores an account marked for
     * deletion, and says it did, so the learner is told.
     */
    async login(input: LoginInput): Promise<{ user: User; restored: boolean }> {
      const user = userByEmail.get({ email: input.email });
      // Hash anyway for unknown e-mails so timing does not tell which addresses have accounts.
      const valid = user?.passwordHash
        ? await Bun.password.verify(input.password, user.passwordHash)
        : (await Bun.password.verify(input.password, await dummyHash()), false);
      if (!user || !valid || purgeIfDue(user)) throw authenticationFailed();
      return { user: restoreIfMarked(user), restored: user.markedForDeletion };
    },

    /** A new username, unique without regard to case (docs/product-rules.md#accounts). */
    updateProfile(userId: number, username: string): User {
      assertUsernameAvailable(username, userId);
      try {
        return db
          .update(users)
          .set({ username, usernameKey: usernameKey(username) })
          .where(eq(users.id, userId))
          .returning()
          .get();
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

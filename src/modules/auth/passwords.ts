import { and, eq, gt, isNull } from 'drizzle-orm';
import { HOUR_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { AppError, ValidationError, unauthorized } from '../../lib/errors';
import { passwordResetTokens, users, type User } from './schema';
import { resetMail } from './mails';
import { hashPassword, randomToken, sha256 } from './tokens';
import type { Accounts } from './accounts';
import type { Deletion } from './deletion';
import type { Sessions } from './sessions';
import {
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_REQUIRED,
  INVALID_RESET_LINK,
  type ChangePasswordInput,
  type ResetPasswordInput,
} from './model';

export const RESET_TOKEN_MS = HOUR_MS;

const invalidResetLink = () => new AppError(400, 'Invalid Token', INVALID_RESET_LINK);

/** Changing a password while signed in, and resetting a forgotten one through a mailed link. */
export function createPasswords(
  ctx: AppContext,
  {
    getUserByEmail,
    purgeIfDue,
    userForSession,
    revokeUserSessions,
  }: Pick<Accounts, 'getUserByEmail'> & Pick<Deletion, 'purgeIfDue'> & Pick<Sessions, 'userForSession' | 'revokeUserSessions'>,
) {
  const { db, clock, mail, config, log } = ctx;

  /** Mails a single-use reset link valid for one hour to a known address; an unknown address gets nothing. */
  function mailResetLink(email: string) {
    const user = getUserByEmail(email);
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
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expires, clock.now()),
        ),
      )
      .get();
  }

  return {
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
        const live = userForSession(sessionId);
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
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(input.token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expires, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId })
          .get();
        if (!claimed) throw invalidResetLink();
        tx.update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)))
          .run();
        // Following the mailed link proves the address, so the account counts as verified.
        tx.update(users).set({ passwordHash, isVerified: true, emailConfirmedAt: now }).where(eq(users.id, claimed.userId)).run();
        revokeUserSessions(tx, claimed.userId);
      });
    },
  };
}

import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { DAY_MS } from '../../lib/clock';
import { emailVerificationTokens, users, type User } from './schema';
import { verificationMail } from './mails';
import { randomToken, sha256 } from './tokens';

export const VERIFICATION_DAYS = 7;

/** Proving the e-mail address through a mailed single-use link (REQUIRE_EMAIL_VERIFICATION=true). */
export function createVerification(ctx: AppContext) {
  const { db, clock, mail, config } = ctx;
  return {
    /** Mails the single-use verification link. */
    async sendVerificationMail(user: User) {
      const token = randomToken();
      const now = clock.now();
      db.insert(emailVerificationTokens)
        .values({
          userId: user.id,
          tokenHash: sha256(token),
          expires: new Date(now.getTime() + VERIFICATION_DAYS * DAY_MS),
          createdAt: now,
        })
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
          .where(
            and(
              eq(emailVerificationTokens.tokenHash, sha256(token)),
              isNull(emailVerificationTokens.usedAt),
              gt(emailVerificationTokens.expires, now),
            ),
          )
          .returning({ userId: emailVerificationTokens.userId })
          .get();
        if (!claimed) return false;
        tx.update(users).set({ isVerified: true, emailConfirmedAt: now }).where(eq(users.id, claimed.userId)).run();
        return true;
      });
    },
  };
}

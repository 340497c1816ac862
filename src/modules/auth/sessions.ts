import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { DAY_MS } from '../../lib/clock';
import { sessions, users, type User } from './schema';
import { randomToken } from './tokens';

export const SESSION_DAYS = 30;

export const authenticationFailed = () => new AppError(401, 'Authentication Failed', 'Invalid email or password. Please try again.');

/** Sessions: the one every signed-in request looks up, starting one, ending one or all of a user's. */
export function createSessions(ctx: AppContext) {
  const { db, clock, events } = ctx;
  // The user of a live session, by a subquery: SQLite answers it several times faster than the join
  // it equals, and every signed-in request asks it (docs/decisions/0008).
  const liveSession = db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('sid')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))));
  const sessionUser = db.select().from(users).where(eq(users.id, liveSession)).prepare();

  return {
    /** The user behind a live session, or undefined for revoked, expired or unknown sessions. */
    userForSession(sessionId: string): User | undefined {
      return sessionUser.get({ sid: sessionId, now: clock.now().getTime() });
    },

    /**
     * A session for `user` as the caller checked it: if the password changed meanwhile (a reset, another
     * change, a Google link ending an unproven password), the check no longer holds and no session starts.
     */
    createSession(user: User, userAgent?: string | null) {
      const id = randomToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
      db.transaction((tx) => {
        const current = tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
        if (!current || current.passwordHash !== user.passwordHash) throw authenticationFailed();
        tx.insert(sessions)
          .values({ id, userId: user.id, createdAt: now, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null })
          .run();
      });
      return { id, expiresAt };
    },

    revokeSession(sessionId: string) {
      const revoked = db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId })
        .get();
      if (revoked) events.sessionsChanged(revoked.userId);
    },

    /** Revokes every session of the user, or every one but `keepSessionId`; their open event streams close. */
    revokeUserSessions(tx: Tx, userId: number, keepSessionId?: string) {
      const keep = keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : sql`1 = 1`;
      tx.update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep))
        .run();
      events.sessionsChanged(userId);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

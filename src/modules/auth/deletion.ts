import { and, eq, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { DAY_MS } from '../../lib/clock';
import { supportTickets, users, type User } from './schema';
import { deletionMail } from './mails';
import type { Sessions } from './sessions';

export const DELETION_GRACE_DAYS = 30;

/** Deleting an account: marking it, restoring it when its owner comes back, and deleting it once due. */
export function createDeletion(ctx: AppContext, { revokeUserSessions }: Pick<Sessions, 'revokeUserSessions'>) {
  const { db, clock, mail } = ctx;
  const markedIds = db.select({ id: users.id }).from(users).where(eq(users.markedForDeletion, true)).prepare();

  return {
    /**
     * An account past its deletion date is gone even if the purge job has not run yet: it is deleted
     * now, and the caller treats it as unknown.
     */
    purgeIfDue(user: User): boolean {
      if (!user.markedForDeletion || !user.scheduledDeletionDate || user.scheduledDeletionDate > clock.now()) return false;
      db.transaction((tx) => {
        tx.delete(supportTickets).where(eq(supportTickets.userId, user.id)).run();
        tx.delete(users).where(eq(users.id, user.id)).run();
      });
      return true;
    },

    restoreIfMarked(user: User): User {
      if (!user.markedForDeletion) return user;
      return db.update(users).set({ markedForDeletion: false, scheduledDeletionDate: null }).where(eq(users.id, user.id)).returning().get();
    },

    /** The accounts marked for deletion: the leaderboards leave them out (stats asks a few times a second: prepared once). */
    markedForDeletionIds(): number[] {
      return markedIds.all().map((row) => row.id);
    },

    /**
     * Marks the account for deletion in 30 days (docs/product-rules.md#accounts), revokes every session and
     * tells the owner how to keep it, and that their subscription ends with the period when the caller
     * has just cancelled one.
     */
    async markForDeletion(user: User, opts: { subscriptionCancelled: boolean }): Promise<Date> {
      const now = clock.now();
      const scheduledDeletionDate = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
      db.transaction((tx) => {
        tx.update(users).set({ markedForDeletion: true, scheduledDeletionDate }).where(eq(users.id, user.id)).run();
        revokeUserSessions(tx, user.id);
      });
      await mail.send({ to: user.email, ...deletionMail(user, scheduledDeletionDate, opts.subscriptionCancelled) });
      return scheduledDeletionDate;
    },

    /** Deletes every account whose deletion date has passed, with all that belongs to it. */
    purgeDueAccounts(): number {
      const due = db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.markedForDeletion, true), lte(users.scheduledDeletionDate, clock.now())))
        .all()
        .map((row) => row.id);
      if (due.length === 0) return 0;
      db.transaction((tx) => {
        // Tickets keep the e-mail they were sent from; they go with the account.
        tx.delete(supportTickets).where(inArray(supportTickets.userId, due)).run();
        tx.delete(users).where(inArray(users.id, due)).run();
      });
      return due.length;
    },
  };
}

export type Deletion = ReturnType<typeof createDeletion>;

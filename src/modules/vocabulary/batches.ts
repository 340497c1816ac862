import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { keptRows } from '../../lib/kept';
import type { User } from '../auth/service';
import type { StreakPage } from '../streak/schema';
import type { Streak, StreakService } from '../streak/service';
import type { Catalogue } from './catalogue';
import type { Tier } from './free-tier';
import { FREE_TIER_WORDS, batchForStreak, batchStatus } from './rules';
import { userWordBatches } from './schema';
import { iso, type BatchView } from './views';

/** Batches (docs/product-rules.md#batches): the card streak's best unlocks them, and All Words grows with them. */
export function createBatches({ db, clock }: AppContext, deps: { streak: StreakService; catalogue: Catalogue; tier: Tier }) {
  const { streak } = deps;
  const { deckSize } = deps.catalogue;
  const { hasPremium } = deps.tier;
  const P = sql.placeholder;

  const byUser = db
    .select()
    .from(userWordBatches)
    .where(eq(userWordBatches.userId, P('userId')))
    .prepare();
  // Read by every answer and every All Words visit: kept per process, batches being the only writer of the table.
  const storedBatches = keptRows(db.$client, (userId: number) => byUser.get({ userId }));
  // Stores the streak's batch; max() keeps it from ever going back, and the date moves only on a rise.
  const unlock = db
    .insert(userWordBatches)
    // Batch 1 is open from the start: only later batches get an unlock date.
    .values({ userId: P('userId'), maxUnlockedBatch: P('batch'), lastUnlockDate: sql`case when ${P('batch')} > 1 then ${P('nowMs')} end` })
    .onConflictDoUpdate({
      target: userWordBatches.userId,
      set: {
        lastUnlockDate: sql`case when excluded.max_unlocked_batch > ${userWordBatches.maxUnlockedBatch} then excluded.last_unlock_date else ${userWordBatches.lastUnlockDate} end`,
        maxUnlockedBatch: sql`max(${userWordBatches.maxUnlockedBatch}, excluded.max_unlocked_batch)`,
      },
    })
    .prepare();

  type Stored = { maxUnlockedBatch: number; lastUnlockDate: Date | null } | undefined;

  function view(user: User, stored: Stored, unified: Streak): BatchView {
    const status = batchStatus({
      maxUnlockedBatch: stored?.maxUnlockedBatch ?? 1,
      bestStreak: unified.bestStreak,
      currentStreak: unified.currentStreak,
    });
    const unlockedWords = hasPremium(user) ? deckSize(status.batch, false) : Math.min(FREE_TIER_WORDS, deckSize(status.batch, true));
    return {
      ...status,
      maxUnlockedBatch: Math.max(stored?.maxUnlockedBatch ?? 1, status.batch),
      currentStreak: unified.currentStreak,
      bestStreak: unified.bestStreak,
      lastUnlockDate: iso(stored?.lastUnlockDate),
      unlockedWords,
    };
  }

  return {
    batchOf(user: User): BatchView {
      return view(user, storedBatches.get(user.id), streak.get(user.id, 'unified'));
    },

    /**
     * A card answer on the unified streak: the streak recorded, the batch its best reaches stored, and the
     * batch view before and after. Each row is read once and the batch written only when it rises (or on
     * the learner's first answer), leaving what recordStreak would: this is the hot path of every card
     * (docs/decisions/0008).
     */
    recordCard(user: User, correct: boolean): { recorded: Streak; before: BatchView; after: BatchView } {
      const userId = user.id;
      const stored = storedBatches.get(userId);
      const before = view(user, stored, streak.get(userId, 'unified'));
      const recorded = streak.record(userId, 'unified', correct);
      const reached = batchForStreak(recorded.bestStreak);
      let now: Stored = stored;
      if (!stored || reached > stored.maxUnlockedBatch) {
        const at = clock.now();
        unlock.run({ userId, batch: reached, nowMs: at.getTime() });
        storedBatches.forget(userId);
        const rises = reached > (stored?.maxUnlockedBatch ?? 1);
        now = {
          maxUnlockedBatch: Math.max(stored?.maxUnlockedBatch ?? 1, reached),
          lastUnlockDate: rises ? at : (stored?.lastUnlockDate ?? null),
        };
      }
      return { recorded, before, after: view(user, now, recorded) };
    },

    /** Records an answer on a page's streak; the card streak's best unlocks batches. */
    recordStreak(userId: number, page: StreakPage, correct: boolean): Streak {
      const recorded = streak.record(userId, page, correct);
      if (page === 'unified') {
        unlock.run({ userId, batch: batchForStreak(recorded.bestStreak), nowMs: clock.now().getTime() });
        storedBatches.forget(userId);
      }
      return recorded;
    },
  };
}

export type Batches = ReturnType<typeof createBatches>;

import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import type { User } from '../auth/service';
import type { FlaggedService } from '../flagged/service';
import type { Catalogue } from './catalogue';
import { isFree, type Tier } from './free-tier';
import { topics, words } from './schema';
import { wordColumns, wordView, type WordView } from './views';

/**
 * The practice list as vocabulary shows it: flagged owns the list's rules (docs/decisions/0021),
 * vocabulary what the learner's tier opens and how a word is shown.
 */
export function createPracticeList({ db }: AppContext, deps: { flagged: FlaggedService; catalogue: Catalogue; tier: Tier }) {
  const { flagged } = deps;
  const { hasPremium, assertMayPractise } = deps.tier;

  function openWords(user: User, ids: number[], flaggedIds: ReadonlySet<number>): WordView[] {
    if (ids.length === 0) return [];
    const premium = hasPremium(user);
    const rows = new Map(
      db
        .select(wordColumns)
        .from(words)
        .innerJoin(topics, eq(topics.id, words.topicId))
        .where(inArray(words.id, ids))
        .all()
        .map((w) => [w.id, w]),
    );
    return ids.flatMap((id) => {
      const w = rows.get(id);
      return w && (premium || isFree(w)) ? [wordView(w, flaggedIds, premium)] : [];
    });
  }

  return {
    /** The learner's practice list, most recently flagged first, without words their tier no longer opens. */
    flaggedWords(user: User): WordView[] {
      const ids = flagged.wordIds(user.id);
      return openWords(user, ids, new Set(ids));
    },

    /** Words by id, in that order, leaving out those the learner's tier does not open (as the practice list does). */
    openWords(user: User, ids: number[]): WordView[] {
      return openWords(user, ids, new Set(flagged.wordIds(user.id)));
    },

    /** Flags or unflags by hand. Flagging needs the word open to the learner; unflagging never does. */
    setFlag(user: User, wordId: number, isFlagged: boolean) {
      const word = deps.catalogue.findWord(wordId);
      if (isFlagged) {
        assertMayPractise(user, word);
        flagged.flag(user.id, wordId);
      } else flagged.unflag(user.id, wordId);
      return { wordId, isFlagged };
    },
  };
}

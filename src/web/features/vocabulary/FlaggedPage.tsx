import { GoalRing } from '../../ui/GoalRing';
import { ReviewShortcut } from '../../ui/ReviewShortcut';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '../../lib/session';
import { toast } from '../../ui/toast';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { LOAD_FAILURES } from '../../lib/messages';
import { usePractice, type Word } from './hooks';
import { flaggedQuery } from '../../lib/query';
import { WordListPractice } from './WordListPractice';
import { FLAGGED_REMOVAL_CORRECT, flaggedFeedback, validWords } from './rules';
import './vocabulary.css';

/**
 * /flagged, the practice list (docs/product-rules.md#flagged-words): answers here count toward
 * taking a word off the list, which 3 correct answers do.
 */
export function FlaggedPage() {
  const { data: user } = useUser();
  const practice = usePractice(user, { keepsStreak: false });
  const words = useQuery(flaggedQuery);
  const list = validWords(Array.isArray(words.data) ? words.data : []);

  async function answer(word: Word, correct: boolean) {
    const result = await practice.answer(word, correct, { inFlaggedSection: true });
    if (!correct) return;
    // The count could not be read back (the save failed and has said so): the learner is told to go on.
    if (!result) return void toast.info(flaggedFeedback(null), { duration: 3000 });
    // A word already off the list this round has nothing left to count.
    if (!result.removedFromPracticeList && result.remainingToRemove === null) return;
    const remaining = result.removedFromPracticeList ? 0 : result.remainingToRemove;
    const text = flaggedFeedback(remaining);
    if (remaining === 0) toast.success(text, { duration: 3000 });
    else toast.info(text, { duration: 3000 });
  }

  return (
    <section className="stack vocab-page narrow-page">
      <header className="vocab-title">
        <h1>Flagged Words</h1>
        <p>
          Your practice list: words you flagged or are still learning. Answer a word correctly {FLAGGED_REMOVAL_CORRECT} times here to take
          it off the list.
        </p>
        <GoalRing />
        <ReviewShortcut />
      </header>
      <QueryBoundary
        query={words}
        loading="Loading words..."
        failure={{ message: LOAD_FAILURES.words, showHelp: true, queryKey: flaggedQuery.queryKey }}
      >
        {() =>
          list.length === 0 ? (
            <div className="card center">
              <h2>No flagged words</h2>
              <p className="muted">
                Flag a word on a card, or answer <strong>Still learning</strong>, and it will appear here for extra practice.
              </p>
              <Link to="/words" className="button">
                Practice All Words
              </Link>
            </div>
          ) : (
            <WordListPractice
              words={list}
              onAnswer={(w, correct) => void answer(w, correct)}
              onFlag={(w, flagged) => void practice.setFlag(w, flagged)}
            />
          )
        }
      </QueryBoundary>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '../auth/hooks';
import { toast } from '../../ui/toast';
import { FLAGGED_KEY, usePractice, type Word } from './api';
import { WordListPractice } from './WordListPractice';
import { FLAGGED_REMOVAL_CORRECT, flaggedFeedback, validWords } from './rules';

/**
 * /flagged, the practice list (L §2 "Flagged words", §4 "Flagged list"): answers here count toward
 * taking a word off the list, which 3 correct answers do.
 */
export function FlaggedPage() {
  const { data: user } = useUser();
  const practice = usePractice(user);
  const words = useQuery<Word[]>({ queryKey: FLAGGED_KEY });
  const list = validWords(Array.isArray(words.data) ? words.data : []);

  async function answer(word: Word, correct: boolean) {
    const result = await practice.answer(word, correct, { inFlaggedSection: true });
    // A failed save has shown its own toast.
    if (!result || !correct) return;
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
          Your practice list: words you flagged or are still learning. Answer a word correctly {FLAGGED_REMOVAL_CORRECT} times here to take it
          off the list.
        </p>
      </header>
      {words.isPending ? (
        <div className="card center muted" role="status">
          Loading words...
        </div>
      ) : list.length === 0 ? (
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
        <WordListPractice words={list} onAnswer={(w, correct) => void answer(w, correct)} onFlag={(w, flagged) => void practice.setFlag(w, flagged)} />
      )}
    </section>
  );
}

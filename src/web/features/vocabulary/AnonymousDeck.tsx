import { useDeferredValue } from 'react';
import { Link } from '@tanstack/react-router';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { LOAD_FAILURES } from '../../lib/messages';
import { useQuery } from '@tanstack/react-query';
import { usePractice, type Word } from './hooks';
import { landingDeckQuery } from './queries';
import { FlashCard } from './FlashCard';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { validWords } from './rules';
import { DeckLoading } from './DeckLoading';
import './vocabulary.css';

/**
 * The try-it deck on /landing (docs/product-rules.md#screens): ten free words on the unified card, the streak
 * in local storage and nothing sent to the server. Flagging asks the visitor to log in.
 */
export function AnonymousDeck() {
  // Its own cache entry: a learner who signs in later must not see this deck as their All Words.
  const words = useQuery(landingDeckQuery);
  const practice = usePractice(null);
  return (
    <QueryBoundary query={words} loading={<DeckLoading />} failure={{ message: LOAD_FAILURES.words }}>
      {(data) => <Deck words={data} practice={practice} />}
    </QueryBoundary>
  );
}

function Deck({ words, practice }: { words: Word[]; practice: ReturnType<typeof usePractice> }) {
  // The card is drawn in the background once the words have come, in slices between which the
  // browser answers input, rather than in one long task while the page is still starting (bench:web).
  const shown = useDeferredValue<Word[] | null>(words, null);
  if (!shown) return <DeckLoading />;
  const list = validWords(Array.isArray(shown) ? shown : []);
  if (list.length === 0) {
    return (
      <div className="card center">
        <p className="muted">No words available.</p>
      </div>
    );
  }
  return (
    <section className="card try-deck stack" aria-labelledby="try-deck-title">
      <div className="try-deck-head">
        <div>
          <h2 id="try-deck-title">Try it now: {list.length} words, no account needed</h2>
          <p className="muted">
            Your streak is kept in this browser. Create an account to unlock hundreds of words and save your progress.
          </p>
        </div>
        <StreakDisplay streak={practice.streak} />
      </div>
      <FlashCard
        words={list}
        onAnswer={(w, correct) => void practice.answer(w, correct)}
        onFlag={(w, flagged) => void practice.setFlag(w, flagged)}
      />
      <p className="center">
        <Link to="/auth" search={{ tab: 'register' }}>
          Sign up to keep going →
        </Link>
      </p>
    </section>
  );
}

import { NextStep } from '../../ui/NextStep';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '../../lib/session';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { LOAD_FAILURES } from '../../lib/messages';
import { usePractice, type DueWord } from './hooks';
import { reviewDueQuery } from './queries';
import { FlashCard } from './FlashCard';
import { validWords } from './rules';
import './vocabulary.css';

/** A due card as the learner answered it: a card that comes back with a new due date is a new one. */
const answeredKey = (w: DueWord) => `${w.id}:${w.direction}:${w.due}`;

/**
 * Review on All Words (docs/decisions/0014): the words whose memory cards are due now, most overdue
 * first, on the unified flash card, each from the side its card asks. Review leaves the streak and the
 * batches alone, as the word lists do.
 */
export function ReviewMode({ onClose }: { onClose: () => void }) {
  const { data: user } = useUser();
  const due = useQuery(reviewDueQuery);
  const practice = usePractice(user, { keepsStreak: false });
  const [answered, setAnswered] = useState<string[]>([]);
  const list = validWords(due.data?.words ?? []).filter((w) => !answered.includes(answeredKey(w)));

  return (
    <>
      <header className="card review-header">
        <div>
          <h1>Review</h1>
          <p className="muted vocab-note">Words come back just before you are likely to forget them, the most overdue first.</p>
        </div>
        <div className="review-header-side">
          {due.data && (
            <p className="review-left" data-testid="review-left">
              <strong>{list.length}</strong> {list.length === 1 ? 'word' : 'words'} due
              {answered.length > 0 && <span className="muted"> · {answered.length} reviewed</span>}
            </p>
          )}
          <button type="button" className="button button-secondary" onClick={onClose}>
            Back to All Words
          </button>
        </div>
      </header>
      <QueryBoundary query={due} loading="Loading..." failure={{ message: LOAD_FAILURES.words, queryKey: reviewDueQuery.queryKey }}>
        {() =>
          list.length === 0 ? (
            <div className="card center review-done">
              <h2>All caught up!</h2>
              <p className="muted">No words are due for review right now. Your forecast is on your statistics page.</p>
              <NextStep />
            </div>
          ) : (
            <FlashCard
              inOrder
              words={list}
              onAnswer={(w, correct, manner) => {
                const card = list.find((d) => d.id === w.id);
                if (card) setAnswered((keys) => [...keys, answeredKey(card)]);
                void practice.answer(w, correct, manner);
              }}
              onFlag={(w, flagged) => void practice.setFlag(w, flagged)}
            />
          )
        }
      </QueryBoundary>
    </>
  );
}

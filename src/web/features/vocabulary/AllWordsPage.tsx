import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useUser } from '../../lib/session';
import { useShortcuts } from '../../ui/KeyboardHelp';
import { REVIEW_SEARCH } from '../../ui/ReviewShortcut';
import { ExplanationPopup } from '../../ui/Popup';
import { usePractice } from './hooks';
import { answeredWordsQuery, batchQuery, reviewDueQuery, wordsQuery } from './queries';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { LOAD_FAILURES } from '../../lib/messages';
import { FlashCard } from './FlashCard';
import { ReviewMode } from './ReviewMode';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { TodaysPlan } from '../../ui/TodaysPlan';
import { useGoal } from '../../lib/goal';
import { GoalPrompt } from './GoalPrompt';
import { batchLabel, batchStatus, validWords, type StreakCounts } from './rules';
import './vocabulary.css';

/**
 * /words, the home dashboard (All Words): today's plan, the batch header and the unified flash card, or the review of
 * due words, kept in the address (?mode=review) so a reload or a bookmark opens it again.
 */
export function AllWordsPage() {
  // Review is in the address (?mode=review), so every practice screen's shortcut opens it (src/web/ui/ReviewShortcut.tsx).
  const reviewing = useSearch({ from: '/_session/_verified/_signedIn/words' }).mode === REVIEW_SEARCH.mode;
  const navigate = useNavigate();
  if (reviewing)
    return (
      <section className="stack vocab-page">
        <ReviewMode onClose={() => navigate({ to: '/words' })} />
      </section>
    );
  return <AllWords onReview={() => navigate({ to: '/words', search: REVIEW_SEARCH })} />;
}

function AllWords({ onReview }: { onReview: () => void }) {
  const { data: user } = useUser();
  const due = useQuery({ ...reviewDueQuery, enabled: !!user });
  const words = useQuery(wordsQuery);
  const batch = useQuery(batchQuery);
  const answered = useQuery(answeredWordsQuery);
  const practice = usePractice(user);
  const goal = useGoal();
  const list = validWords(words.data ?? []);
  useShortcuts((e) => {
    if (!e.repeat && e.key.toLowerCase() === 'v' && due.data) onReview();
  });

  // Until the deck and the goal are known the page is a screen tall, so the footer waits below the fold:
  // the goal prompt (a learner with no goal) arriving under the first card would push it off a phone's screen.
  const settling = (!words.data && !words.error) || goal.isPending;
  return (
    <section className={`stack vocab-page${settling ? ' screen-loading' : ''}`}>
      <ExplanationPopup pageId="home" title="Welcome to All Words">
        <p>
          Each card shows an English word. Try to recall it in Lebanese Arabic before the timer runs out, then check yourself and answer
          honestly with <strong>I know it</strong> or <strong>Still learning</strong>.
        </p>
        <p>
          Right answers in a row build your streak, and your best streak unlocks new batches of words. Words you are still learning go to
          your Flagged Words list for extra practice.
        </p>
      </ExplanationPopup>

      <TodaysPlan />

      <header className="card vocab-header">
        <div className="vocab-header-main">
          <h1>All Words</h1>
          {/* Without the batch call the streak alone still places the learner (batches never go back). Before
              either call answers, an invisible header keeps its place so the card below does not jump. */}
          {batch.data || words.data ? (
            <BatchHeader
              maxUnlockedBatch={batch.data?.maxUnlockedBatch ?? 1}
              unlockedWords={batch.data?.unlockedWords ?? list.length}
              streak={practice.streak}
            />
          ) : (
            <div className="keeps-place" aria-hidden="true">
              <BatchHeader maxUnlockedBatch={1} unlockedWords={0} streak={practice.streak} />
            </div>
          )}
          <p className="muted vocab-note">Words are never removed once unlocked.</p>
        </div>
        <div className="vocab-header-side">
          <StreakDisplay streak={practice.streak} />
          {due.data ? (
            <button
              type="button"
              className={`button review-button${due.data.count === 0 ? ' button-secondary' : ''}`}
              onClick={onReview}
              aria-keyshortcuts="V"
            >
              Review due ({due.data.count}) <kbd aria-hidden="true">V</kbd>
            </button>
          ) : (
            // Its place is kept while the count loads: on a phone the button stands above the card, which would jump.
            !due.error && (
              <button type="button" className="button review-button keeps-place" aria-hidden="true" tabIndex={-1} disabled>
                Review due (0) <kbd aria-hidden="true">V</kbd>
              </button>
            )
          )}
        </div>
      </header>

      <QueryBoundary
        query={words}
        loading={
          <div className="card center muted flash-card-loading" role="status">
            Loading...
          </div>
        }
        failure={{ message: LOAD_FAILURES.words, showHelp: true, queryKey: wordsQuery.queryKey }}
      >
        {() =>
          list.length === 0 ? (
            <div className="card center">
              <p className="muted">No words available.</p>
            </div>
          ) : (
            <FlashCard
              words={list}
              answered={answered.data}
              onAnswer={(w, correct, manner) => void practice.answer(w, correct, manner)}
              onFlag={(w, flagged) => void practice.setFlag(w, flagged)}
            />
          )
        }
      </QueryBoundary>
      <GoalPrompt />
    </section>
  );
}

/** 'Batch N of 6', the streak the next batch needs and the answers still to give; at batch 6 the congratulation. */
function BatchHeader({
  maxUnlockedBatch,
  unlockedWords,
  streak,
}: {
  maxUnlockedBatch: number;
  unlockedWords: number;
  streak: StreakCounts;
}) {
  // The streak on screen is ahead of the server's between an answer and its reply.
  const status = batchStatus({ maxUnlockedBatch, bestStreak: streak.bestStreak, currentStreak: streak.currentStreak });
  return (
    <div className="batch-info">
      <p>
        <strong className="unlocked-count">{unlockedWords}</strong> words unlocked ·{' '}
        <span className="vocab-badge batch">{batchLabel(status.batch)}</span>
      </p>
      {status.allUnlocked ? (
        <p className="notice vocab-congrats">Congratulations! You have unlocked all {status.totalBatches} batches.</p>
      ) : (
        <p className="next-batch">
          Reach a streak of <strong>{status.nextBatchStreak}</strong> to unlock batch {status.nextBatch}:{' '}
          <strong>{status.remaining}</strong> more correct {status.remaining === 1 ? 'answer' : 'answers'} in a row.
        </p>
      )}
    </div>
  );
}

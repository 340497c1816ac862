import { DetailsList } from '../../ui/DetailsList';
import { NextStep } from '../../ui/NextStep';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { handledGlobally } from '../../lib/api';
import { saves } from '../../lib/saves';
import { Arabic } from '../../ui/Arabic';
import { ListenButton } from '../../ui/ListenButton';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SpinnerCard } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { NEXT_WORD_LOCK_MS } from '../../../modules/which-word/rules';
import type { WhichWordQuestion } from './types';
import { roundQuery, whichWordTopicsQuery } from './queries';
import { GuestNotice } from '../../ui/GuestNotice';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { GoalRing } from '../../ui/GoalRing';
import { ReviewShortcut } from '../../ui/ReviewShortcut';
import { useGameStreak } from '../../lib/streak';
import { FLAGGED_KEY, refreshStats } from '../../lib/query';
import { KeyboardHelp, useShortcuts } from '../../ui/KeyboardHelp';
import { ReportButton } from '../../ui/ReportButton';
import './which-word.css';

/** /which-word/{topic} (docs/product-rules.md#which-word): an English word, four arabizi options, one answer each. */
export function WhichWordGamePage({ topic }: { topic: string }) {
  // One round per visit: a refetch would reshuffle the words under the learner.
  const round = useQuery({ ...roundQuery(topic), staleTime: Infinity, gcTime: 0 });
  const streak = useGameStreak('which-word');
  const title = round.data?.topic ?? topic;

  const body = (
    <QueryBoundary query={round} loading={<SpinnerCard label="Loading words..." />} failure={{ title: 'Unable to load words' }}>
      {({ questions }) =>
        questions.length === 0 ? (
          <div className="card center">
            <p>No words available for the topic {title}. Please try another topic.</p>
            <Link to="/which-word" className="button">
              Back to Topics
            </Link>
          </div>
        ) : (
          <Game key={topic} questions={questions} streak={streak} />
        )
      }
    </QueryBoundary>
  );

  return (
    <section className="stack ww-game-page">
      <header className="game-header">
        <Link to="/which-word" className="game-back">
          <span aria-hidden="true">←</span> Back to Topics
        </Link>
        <h1>{title}</h1>
        <StreakDisplay streak={streak.streak} />
        <GoalRing />
        <ReviewShortcut />
      </header>
      <GuestNotice redirect={`/which-word/${encodeURIComponent(topic)}`} />
      {body}
    </section>
  );
}

function Game({ questions, streak }: { questions: WhichWordQuestion[]; streak: ReturnType<typeof useGameStreak> }) {
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const nextButton = useRef<HTMLButtonElement>(null);
  const firstOption = useRef<HTMLButtonElement>(null);
  const movedOn = useRef(false);

  const { word, options } = questions[index % questions.length];
  const answer = word.arabizi;
  const answered = chosen !== null;
  const correct = chosen === answer;

  useEffect(() => () => clearTimeout(unlockTimer.current), []);
  // Keyboard flow: the Next button once it can be pressed, the first option after moving on.
  useEffect(() => {
    if (answered && !waiting) nextButton.current?.focus();
  }, [answered, waiting]);
  useEffect(() => {
    if (movedOn.current) firstOption.current?.focus();
  }, [index]);

  function choose(option: string) {
    if (answered) return;
    setChosen(option);
    const right = option === answer;
    streak.answer(right);
    // A visitor's answers are not saved, so nothing holds Next back.
    const { userId } = streak;
    if (userId === null) return;
    setWaiting(true);
    // Kept in the save queue before it is sent (docs/decisions/0043-one-save-queue.md): Next waits for this
    // save as the spec has it, and when it cannot get through now the answer waits in the queue.
    saves
      .save(userId, 'word', { id: word.id }, { correct: right, flag: !right, page: 'which-word' })
      .then((reply) => {
        if (reply?.streak) streak.settle(reply.streak, right);
        void queryClient.invalidateQueries({ queryKey: whichWordTopicsQuery.queryKey });
        void refreshStats(queryClient);
        void queryClient.invalidateQueries({ queryKey: FLAGGED_KEY });
        unlockTimer.current = setTimeout(() => setWaiting(false), NEXT_WORD_LOCK_MS);
      })
      .catch((error: unknown) => {
        if (!handledGlobally(error))
          toast.error('Progress not saved', { description: 'There was a problem saving your progress', duration: 3000 });
        setWaiting(false);
      });
  }

  function next() {
    movedOn.current = true;
    setChosen(null);
    setIndex((i) => (i + 1) % questions.length);
  }

  // 1–4 pick an option, as a shortcut beside Tab and Enter.
  useShortcuts((e) => {
    const n = Number(e.key);
    if (n >= 1 && n <= options.length) choose(options[n - 1]);
  });

  return (
    <div className="card ww-card">
      <p className="muted ww-count">
        Word {(index % questions.length) + 1} of {questions.length}
      </p>
      <p className="ww-prompt">Which is the Lebanese Arabic for</p>
      <p className="ww-english" lang="en">
        {word.english}
      </p>
      <div className="ww-options" role="group" aria-label="Choose the Lebanese Arabic">
        {options.map((option, i) => {
          const state = !answered ? '' : option === answer ? 'right' : option === chosen ? 'wrong' : 'dim';
          return (
            <button
              key={option}
              ref={i === 0 ? firstOption : undefined}
              type="button"
              className={`ww-option ${state}`}
              aria-disabled={answered}
              aria-pressed={option === chosen}
              onClick={() => choose(option)}
            >
              <span className="ww-key" aria-hidden="true">
                {i + 1}
              </span>
              {option}
            </button>
          );
        })}
      </div>

      {answered && (
        <div className={`ww-result ${correct ? 'right' : 'wrong'}`}>
          {/* The verdict once, in the card (no toast saying it again), with the catalogue's sentence; after a
              wrong answer, where the word comes back to be tried again (docs/decisions/0026). */}
          <div role="status">
            <p className="ww-verdict">{correct ? 'Correct! 🎉' : 'Try again!'}</p>
            <p className="ww-explanation">
              {correct
                ? `That's right! ${word.english} is ${answer} in Lebanese Arabic.`
                : `The correct answer is ${answer} for ${word.english}.`}
            </p>
            {!correct && (
              <p className="ww-again muted">
                It comes back after the other words of this topic.
                {streak.signedIn && (
                  <>
                    {' '}
                    It is also in your <Link to="/flagged">Flagged Words</Link> to practise.
                  </>
                )}
              </p>
            )}
          </div>
          <ListenButton text={word.arabizi || word.arabicScript} label={`${word.arabizi} (${word.english})`} />
          <DetailsList
            className="ww-details"
            details={[
              { term: 'English', value: word.english },
              { term: 'Lebanese', value: word.arabizi },
              { term: 'Arabic', value: <Arabic>{word.arabicScript}</Arabic> },
              word.culturalContext ? { term: 'Cultural context', value: word.culturalContext, wide: true } : null,
              { term: 'Topic', value: word.topic },
            ]}
          />
          <button ref={nextButton} type="button" className="button ww-next" onClick={next} disabled={waiting}>
            {waiting ? 'Please wait...' : 'Next Word'}
          </button>
          {/* The round's last word: its end, where the plan's next step is offered. */}
          {index % questions.length === questions.length - 1 && !waiting && <NextStep />}
        </div>
      )}
      <div className="card-footer">
        {answered && streak.signedIn && <ReportButton item={{ kind: 'word', id: word.id }} shown={`${word.arabizi} (${word.english})`} />}
        <KeyboardHelp shortcuts={WHICH_WORD_KEYS} />
      </div>
    </div>
  );
}

const WHICH_WORD_KEYS = [
  { keys: ['1', '2', '3', '4'], action: 'Choose that option' },
  { keys: ['Enter'], action: 'Next word, once you have answered' },
  { keys: ['Tab'], action: 'Move between the options' },
];

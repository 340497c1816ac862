import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isSyncFailure, saves } from '../../lib/saves';
import { Arabic } from '../../ui/Arabic';
import { ProgressBar } from '../../ui/ProgressBar';
import { toast } from '../../ui/toast';
import { GuestNotice } from '../../ui/GuestNotice';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { GoalRing } from '../../ui/GoalRing';
import { ReviewShortcut } from '../../ui/ReviewShortcut';
import { useGameStreak } from '../../lib/streak';
import type { LetterAnswer } from '../../../modules/letters/model';
import { WithLetters, type LetterView } from './WithLetters';
import {
  COUNTDOWN_START,
  COUNTDOWN_TICK_MS,
  isFillBlankCorrect,
  LETTERS_ROUND,
  nextQuestion,
  RESULT_PAUSE_MS,
  type LetterQuestion,
} from './questions';
import { refreshStats } from '../../lib/query';
import { KeyboardHelp, useShortcuts } from '../../ui/KeyboardHelp';
import { NextStep } from '../../ui/NextStep';
import './letters.css';

/** /letters (docs/product-rules.md#letters): timed questions on the arabizi number-letters. */
export function LettersPage() {
  const streak = useGameStreak('letters');

  return (
    <section className="stack">
      <header className="game-header">
        <div>
          <h1>Letters Practice</h1>
          <p>Arabizi writes some Arabic sounds with numbers. How well do you know them?</p>
        </div>
        <div className="game-header-side">
          <StreakDisplay streak={streak.streak} />
          <GoalRing />
          <ReviewShortcut />
          <Link to="/study-letters" className="button button-secondary">
            Study Letters
          </Link>
        </div>
      </header>
      <GuestNotice redirect="/letters" />
      <WithLetters>{(letters) => <Game letters={letters} streak={streak} />}</WithLetters>
    </section>
  );
}

type Outcome = { correct: boolean; timedOut: boolean };

function Game({ letters, streak }: { letters: LetterView[]; streak: ReturnType<typeof useGameStreak> }) {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState<LetterQuestion>(() => nextQuestion(letters, null));
  const [serial, setSerial] = useState(0);
  const [countdown, setCountdown] = useState(COUNTDOWN_START);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [typed, setTyped] = useState('');
  const pauseTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const timed = question.type !== 'phonetic';

  function finish(correct: boolean, timedOut = false) {
    if (outcome) return;
    setOutcome({ correct, timedOut });
    streak.answer(correct);
    if (streak.userId !== null) {
      // Kept in the save queue before it is sent (docs/decisions/0043-one-save-queue.md). The letter is one
      // of the server's list, so one of the numbers the call accepts.
      saves
        .save(streak.userId, 'letter', {}, { letterNumber: question.letter.number as LetterAnswer['letterNumber'], correct })
        .then((reply) => {
          streak.settle(reply.streak, correct);
          for (const name of reply.earned) toast.success('Achievement unlocked!', { description: name, duration: 3000 });
          void refreshStats(queryClient);
        })
        // The streak is already shown from the answer; one that waits is counted by the queue's indicator, one refused is only logged.
        .catch((error: unknown) => {
          if (!isSyncFailure(error)) console.error('Saving the letter answer failed', error);
        });
    }
    pauseTimer.current = setTimeout(() => {
      setQuestion((q) => nextQuestion(letters, q.letter));
      setSerial((n) => n + 1);
      setCountdown(COUNTDOWN_START);
      setOutcome(null);
      setRevealed(false);
      setTyped('');
    }, RESULT_PAUSE_MS);
  }

  // The countdown drains 1 every 100 ms while a timed question waits for its answer.
  useEffect(() => {
    if (!timed || outcome) return;
    // The countdown waits while a popup (the keyboard help) covers the question.
    const tick = setInterval(() => {
      if (!document.querySelector('.dialog-backdrop')) setCountdown((c) => Math.max(0, c - 1));
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(tick);
  }, [timed, outcome, serial]);
  useEffect(() => {
    if (timed && countdown === 0 && !outcome) finish(false, true);
  });
  useEffect(() => () => clearTimeout(pauseTimer.current), []);

  const { letter } = question;
  // 1–4 pick an option of a multiple-choice question by its place, as in Which Word; options that are
  // numbers are picked by their own number instead, so pressing 2 can only ever choose "2".
  useShortcuts((e) => {
    if (question.type !== 'multiple-choice') return;
    const option = question.options.find((o, i) => optionKey(question, o, i) === e.key);
    if (option) finish(option.number === letter.number);
  });
  const submitTyped = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) finish(isFillBlankCorrect(typed, letter));
  };

  return (
    <>
      <div className="card letters-card" key={serial}>
        {timed ? (
          <div className="letters-countdown">
            <ProgressBar value={countdown} max={COUNTDOWN_START} label="Time left" />
          </div>
        ) : (
          <p className="muted letters-untimed">No time limit: take your time.</p>
        )}
        <p className="letters-type">{TYPE_LABELS[question.type]}</p>

        {question.type === 'multiple-choice' && (
          <>
            {question.shows === 'arabic' ? (
              <>
                <p className="letters-prompt">Which number writes this letter?</p>
                <p className="letters-big">
                  <Arabic>{letter.arabic}</Arabic>
                </p>
              </>
            ) : (
              <>
                <p className="letters-prompt">Which Arabic letter does {letter.arabizi} stand for?</p>
                <p className="letters-big">{letter.arabizi}</p>
              </>
            )}
            <div className="letters-options" role="group" aria-label="Choose an answer">
              {question.options.map((option, i) => {
                const state = !outcome ? '' : option.number === letter.number ? 'right' : 'dim';
                return (
                  <button
                    key={option.number}
                    type="button"
                    className={`ww-option letters-option ${state}`}
                    aria-disabled={!!outcome}
                    autoFocus={i === 0}
                    onClick={() => finish(option.number === letter.number)}
                    aria-keyshortcuts={optionKey(question, option, i)}
                  >
                    {question.shows === 'number' && (
                      <span className="ww-key" aria-hidden="true">
                        {i + 1}
                      </span>
                    )}
                    {question.shows === 'arabic' ? option.arabizi : <Arabic>{option.arabic}</Arabic>}
                  </button>
                );
              })}
            </div>
          </>
        )}

        {question.type === 'fill-blank' && (
          <form className="stack letters-fill" onSubmit={submitTyped}>
            <p className="letters-prompt">Fill in the missing number</p>
            <p className="letters-big letters-word">{question.blanked}</p>
            <p className="letters-hint">
              <Arabic>{letter.example.arabic}</Arabic> · {letter.example.english}
            </p>
            <div className="row center">
              <label className="visually-hidden" htmlFor="letters-blank">
                Missing number
              </label>
              <input
                id="letters-blank"
                className="letters-input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={3}
                autoFocus
                value={typed}
                readOnly={!!outcome}
                onChange={(e) => setTyped(e.target.value)}
              />
              <button type="submit" className="button" disabled={!typed.trim() || !!outcome}>
                Check
              </button>
            </div>
          </form>
        )}

        {question.type === 'phonetic' && (
          <div className="stack letters-phonetic">
            <p className="letters-prompt">How do you say {letter.arabizi}? Say it out loud, then reveal the answer.</p>
            <p className="letters-big">{letter.arabizi}</p>
            {!revealed ? (
              <div className="row center">
                <button type="button" className="button" autoFocus onClick={() => setRevealed(true)}>
                  Reveal Now
                </button>
              </div>
            ) : (
              <>
                <div className="letters-reveal">
                  <p>
                    <Arabic className="letters-reveal-arabic">{letter.arabic}</Arabic> sounds like <strong>{letter.englishLetter}</strong>
                  </p>
                  <p className="muted">{letter.meaning}</p>
                  <p>
                    {letter.example.arabizi} · <Arabic>{letter.example.arabic}</Arabic> · {letter.example.english}
                  </p>
                </div>
                <div className="row center wrap">
                  <button type="button" className="button letters-right" autoFocus aria-disabled={!!outcome} onClick={() => finish(true)}>
                    <span aria-hidden="true">✓</span> I got it right
                  </button>
                  <button type="button" className="button button-secondary" aria-disabled={!!outcome} onClick={() => finish(false)}>
                    <span aria-hidden="true">✗</span> I got it wrong
                  </button>
                </div>
              </>
            )}
          </div>
        )}

        <div className="letters-feedback" role="status">
          {outcome && (
            <p className={outcome.correct ? 'right' : 'wrong'}>
              {outcome.correct ? (
                'Correct! 🎉'
              ) : (
                <>
                  {outcome.timedOut ? "Time's up!" : 'Not quite!'} {letter.arabizi} is <Arabic>{letter.arabic}</Arabic> (
                  {letter.englishLetter}).
                </>
              )}
            </p>
          )}
        </div>
        <div className="card-footer">
          <KeyboardHelp shortcuts={LETTERS_KEYS} />
        </div>
      </div>
      {serial >= LETTERS_ROUND && <NextStep card />}
    </>
  );
}

const LETTERS_KEYS = [
  { keys: ['1', '2', '3', '4'], action: 'Choose that option (multiple choice); a number option is chosen by its own number' },
  { keys: ['Enter'], action: 'Check the number you typed (fill in the blank)' },
  { keys: ['Tab'], action: 'Move between the options and buttons' },
];

const TYPE_LABELS: Record<LetterQuestion['type'], string> = {
  'multiple-choice': 'Multiple choice',
  'fill-blank': 'Fill in the blank',
  phonetic: 'Say it',
};

/** The key that chooses an option: its own number when the options are numbers, else its place (1–4). */
function optionKey(question: Extract<LetterQuestion, { type: 'multiple-choice' }>, option: LetterView, place: number) {
  return question.shows === 'arabic' ? option.arabizi : String(place + 1);
}

import { DetailsList } from '../../ui/DetailsList';
import { NextStep } from '../../ui/NextStep';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { handledGlobally, searchOf, server } from '../../lib/api';
import { isSyncFailure, saves } from '../../lib/saves';
import { FLAGGED_KEY, refreshStats } from '../../lib/query';
import { useGameStreak } from '../../lib/streak';
import { Arabic } from '../../ui/Arabic';
import { KeyboardHelp, useShortcuts } from '../../ui/KeyboardHelp';
import { SpeakerIcon } from '../../ui/ListenButton';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { GoalRing } from '../../ui/GoalRing';
import { Tabs } from '../../ui/Tabs';
import { toast } from '../../ui/toast';
import { TypedResult } from '../../ui/TypedResult';
import { LISTENING_ANSWER_MAX, type ListeningMode } from '../../../modules/listening/rules';
import { listeningRoundQuery, type ListeningAnswerResult, type ListeningQuestion } from './queries';
import './listening.css';

const MODES: { value: ListeningMode; label: string }[] = [
  { value: 'choose', label: 'Choose the meaning' },
  { value: 'dictation', label: 'Type what you hear' },
];
/** The drill's way of answering, remembered in this browser. */
const modeAtom = atomWithStorage<ListeningMode>('listening-mode', 'choose', undefined, { getOnInit: true });

/**
 * /listen (docs/decisions/0032-listening-drill.md): a word the learner has unlocked plays with no text;
 * they pick its meaning from four or type what they heard. Every answer then shows the transcript.
 */
export function ListeningPage() {
  // One round per visit: a refetch would deal other words under the learner.
  const round = useQuery({ ...listeningRoundQuery, staleTime: Infinity, gcTime: 0 });
  const [mode, setMode] = useAtom(modeAtom);
  const streak = useGameStreak('listening');
  return (
    <section className="stack listen-page">
      <header className="game-header">
        <div className="listen-heading">
          <h1>Listening Drill</h1>
          <p>Hear a word or phrase with no text, then choose its meaning or type what you heard. The words are shown after each answer.</p>
        </div>
        <div className="game-header-side">
          <StreakDisplay streak={streak.streak} />
          <GoalRing />
        </div>
      </header>
      <div className="card listen-card">
        <Tabs id="listen-mode" label="How to answer" tabs={MODES} selected={mode} onSelect={setMode}>
          <QueryBoundary query={round} loading="Loading words..." failure={{ title: 'Unable to load words' }}>
            {(questions) =>
              questions.length === 0 ? (
                <div className="center">
                  <p>There are no words to listen to yet. Practise in All Words to unlock some.</p>
                  <Link to="/words" className="button">
                    Go to All Words
                  </Link>
                </div>
              ) : (
                <Drill key={round.dataUpdatedAt} questions={questions} mode={mode} streak={streak} onAgain={() => void round.refetch()} />
              )
            }
          </QueryBoundary>
        </Tabs>
      </div>
    </section>
  );
}

function Drill({ questions, mode, streak, onAgain }: { questions: ListeningQuestion[]; mode: ListeningMode; streak: ReturnType<typeof useGameStreak>; onAgain: () => void }) {
  const queryClient = useQueryClient();
  const [index, setIndex] = useState(0);
  const [result, setResult] = useState<ListeningAnswerResult | null>(null);
  const [given, setGiven] = useState('');
  const [typed, setTyped] = useState('');
  const [saving, setSaving] = useState(false);
  /** The answer waits in the save queue: it is judged once it gets through, and the drill goes on meanwhile. */
  const [kept, setKept] = useState(false);
  const [right, setRight] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [played, setPlayed] = useState(false);
  const [audioFailed, setAudioFailed] = useState(false);
  /** The slower speed, for every word of the round once chosen. */
  const [slow, setSlow] = useState(false);
  /** The learner has changed the speed: the word plays at once at the one chosen. */
  const speedChosen = useRef(false);
  const audio = useRef<HTMLAudioElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const typedInput = useRef<HTMLInputElement>(null);
  const typedId = useId();
  const done = index >= questions.length;
  const question = questions[Math.min(index, questions.length - 1)]!;

  function play() {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    setAudioFailed(false);
    element.play().catch(() => setPlaying(false));
  }
  // Each next word plays by itself once the learner has started the round (browsers allow sound after a press).
  // The button pressed for the next word is gone: the focus goes to the new word's field, or its play button.
  useEffect(() => {
    if (played && !done) play();
    if (typedInput.current) typedInput.current.focus();
    else if (index > 0) playButton.current?.focus();
  }, [index]);
  useEffect(() => {
    if (result || kept) nextButton.current?.focus();
  }, [result, kept]);
  // The word is heard at once at the speed just chosen (its clip's address has changed by then).
  useEffect(() => {
    if (speedChosen.current && !done) play();
  }, [slow]);

  function answer(text: string) {
    const { userId } = streak;
    if (result || saving || kept || !text.trim() || userId === null) return;
    setGiven(text);
    setSaving(true);
    // Kept in the save queue before it is sent (docs/decisions/0043-one-save-queue.md): the server judges it.
    saves
      .save(userId, 'listening', {}, { wordId: question.wordId, mode, answer: text })
      .then((reply) => {
        setResult(reply);
        if (reply.correct) setRight((n) => n + 1);
        streak.answer(reply.correct);
        if (reply.streak) streak.settle(reply.streak, reply.correct);
        void refreshStats(queryClient);
        void queryClient.invalidateQueries({ queryKey: FLAGGED_KEY });
      })
      .catch((error: unknown) => {
        if (isSyncFailure(error)) setKept(true);
        else if (!handledGlobally(error)) toast.error('Progress not saved', { description: 'There was a problem saving your answer. Please try again.', duration: 3000 });
      })
      .finally(() => setSaving(false));
  }

  function next() {
    setResult(null);
    setKept(false);
    setGiven('');
    setTyped('');
    setIndex((i) => i + 1);
  }

  const check = (event: FormEvent) => {
    event.preventDefault();
    answer(typed);
  };

  useShortcuts((e) => {
    if (e.repeat || done) return;
    if (e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      play();
    } else if (mode === 'choose' && !result && !kept) {
      const n = Number(e.key);
      if (n >= 1 && n <= question.options.length) answer(question.options[n - 1]!);
    }
  });

  if (done) {
    return (
      <div className="center stack listen-summary">
        <h2>Round complete</h2>
        <p className="listen-score" role="status">
          You got {right} out of {questions.length} right.
        </p>
        <button type="button" className="button" onClick={onAgain} autoFocus>
          Another round
        </button>
        <NextStep />
      </div>
    );
  }

  const word = result?.word;
  return (
    <div className="ww-card listen-drill">
      <p className="muted ww-count">
        Word {index + 1} of {questions.length}
      </p>
      <audio
        ref={audio}
        src={server.api.tts['~path'] + searchOf({ text: question.speech, speed: slow ? 'slow' : undefined })}
        preload="auto"
        onPlay={() => {
          setPlaying(true);
          setPlayed(true);
        }}
        onEnded={() => setPlaying(false)}
        onPause={() => setPlaying(false)}
        onError={() => {
          setPlaying(false);
          setAudioFailed(true);
        }}
        data-listen="word"
      />
      {/* Not disabled while it plays: a disabled button drops the keyboard's focus. */}
      <button ref={playButton} type="button" className="button listen-play" onClick={() => playing || play()} aria-disabled={playing} aria-keyshortcuts="R">
        <SpeakerIcon /> {playing ? 'Playing...' : played ? 'Play again' : 'Play the word'}
      </button>
      <label className="listen-slower-toggle">
        <input
          type="checkbox"
          checked={slow}
          onChange={(e) => {
            speedChosen.current = true;
            setSlow(e.target.checked);
          }}
        />{' '}
        Slower speed
      </label>
      {audioFailed && (
        <p className="say-it-problem" role="status">
          The sound could not be played. Try again, or answer and read the words below.
        </p>
      )}

      {mode === 'choose' ? (
        <div className="ww-options listen-options" role="group" aria-label="Choose the meaning">
          {question.options.map((option, i) => {
            const state = !result ? '' : option === word?.english ? 'right' : option === given ? 'wrong' : 'dim';
            return (
              <button key={option} type="button" className={`ww-option ${state}`} aria-disabled={!!result || saving || kept} aria-pressed={option === given} onClick={() => answer(option)}>
                <span className="ww-key" aria-hidden="true">
                  {i + 1}
                </span>
                {option}
              </button>
            );
          })}
        </div>
      ) : (
        <form className="typed-form listen-typed" onSubmit={check}>
          <label htmlFor={typedId}>Type what you hear, in arabizi</label>
          <div className="typed-row">
            <input
              ref={typedInput}
              id={typedId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              readOnly={!!result || kept}
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={LISTENING_ANSWER_MAX}
            />
            <button type="submit" className="button" disabled={!typed.trim() || !!result || saving || kept}>
              Check
            </button>
          </div>
        </form>
      )}

      {result && word && (
        <div className={`ww-result ${result.correct ? 'right' : 'wrong'}`}>
          {result.judgement ? (
            <TypedResult judgement={result.judgement} />
          ) : (
            <p className="ww-verdict" role="status">
              {result.correct ? 'Correct!' : 'Not quite.'}
            </p>
          )}
          <DetailsList
            className="ww-details listen-transcript"
            label="What you heard"
            details={[
              { term: 'Lebanese', value: word.lebanese },
              { term: 'Arabic', value: <Arabic>{word.arabicScript}</Arabic> },
              { term: 'English', value: word.english },
              { term: 'Topic', value: word.topic },
            ]}
          />
          {!result.correct && (
            <p className="listen-flagged">
              Added to your <Link to="/flagged">Flagged Words</Link> and your memory review, to practise again.
            </p>
          )}
          <button ref={nextButton} type="button" className="button ww-next" onClick={next}>
            {index + 1 < questions.length ? 'Next word' : 'See your score'}
          </button>
        </div>
      )}
      {kept && (
        <div className="ww-result listen-kept">
          <p role="status">Your answer is kept: it will be checked when your connection is back.</p>
          <button ref={nextButton} type="button" className="button ww-next" onClick={next}>
            {index + 1 < questions.length ? 'Next word' : 'See your score'}
          </button>
        </div>
      )}
      <div className="card-footer">
        <KeyboardHelp shortcuts={LISTEN_KEYS} />
      </div>
    </div>
  );
}

const LISTEN_KEYS = [
  { keys: ['R'], action: 'Replay the word (outside the answer field)' },
  { keys: ['1', '2', '3', '4'], action: 'Choose that meaning' },
  { keys: ['Enter'], action: 'Check what you typed, then go to the next word' },
];

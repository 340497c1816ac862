import { ArabiziInput } from '../../ui/ArabiziInput';
import { DetailsList } from '../../ui/DetailsList';
import { NextStep } from '../../ui/NextStep';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useId } from 'react';
import { searchOf, server } from '../../lib/api';
import { useGameStreak } from '../../lib/streak';
import { Arabic } from '../../ui/Arabic';
import { KeyboardHelp } from '../../ui/KeyboardHelp';
import { SpeakerIcon } from '../../ui/ListenButton';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { StreakDisplay } from '../../ui/StreakDisplay';
import { GoalRing } from '../../ui/GoalRing';
import { Tabs } from '../../ui/Tabs';
import { TypedResult } from '../../ui/TypedResult';
import { LISTENING_ANSWER_MAX, type ListeningMode } from '../../../modules/listening/rules';
import { listeningRoundQuery } from './queries';
import { optionMark } from './drill';
import { useListeningDrill, type DrillOptions } from './useListeningDrill';
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

/** A round of the drill: its logic is useListeningDrill's; this draws it. */
function Drill({ questions, mode, streak, onAgain }: DrillOptions & { onAgain: () => void }) {
  const drill = useListeningDrill({ questions, mode, streak });
  const { state, done, question, playing, played, audio, nextButton, playButton, typedInput } = drill;
  const { index, result, given, typed, saving, kept, right } = state;
  const typedId = useId();

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
        src={server.api.tts['~path'] + searchOf({ text: question.speech, speed: drill.slow ? 'slow' : undefined })}
        preload="auto"
        onPlay={drill.onPlay}
        onEnded={drill.onStop}
        onPause={drill.onStop}
        onError={drill.onError}
        data-listen="word"
      />
      {/* Not disabled while it plays: a disabled button drops the keyboard's focus. */}
      <button
        ref={playButton}
        type="button"
        className="button listen-play"
        onClick={() => playing || drill.play()}
        aria-disabled={playing}
        aria-keyshortcuts="R"
      >
        <SpeakerIcon /> {playing ? 'Playing...' : played ? 'Play again' : 'Play the word'}
      </button>
      <label className="listen-slower-toggle">
        <input type="checkbox" checked={drill.slow} onChange={(e) => drill.chooseSpeed(e.target.checked)} /> Slower speed
      </label>
      {drill.audioFailed && (
        <p className="say-it-problem" role="status">
          The sound could not be played. Try again, or answer and read the words below.
        </p>
      )}

      {mode === 'choose' ? (
        <div className="ww-options listen-options" role="group" aria-label="Choose the meaning">
          {question.options.map((option, i) => {
            const mark = optionMark(state, option);
            return (
              <button
                key={option}
                type="button"
                className={`ww-option ${mark}`}
                aria-disabled={!!result || saving || kept}
                aria-pressed={option === given}
                onClick={() => drill.answer(option)}
              >
                <span className="ww-key" aria-hidden="true">
                  {i + 1}
                </span>
                {option}
              </button>
            );
          })}
        </div>
      ) : (
        <form className="typed-form listen-typed" onSubmit={drill.check}>
          <label htmlFor={typedId}>Type what you hear, in arabizi</label>
          <div className="typed-row">
            <ArabiziInput
              ref={typedInput}
              id={typedId}
              value={typed}
              onChange={(e) => drill.type(e.target.value)}
              readOnly={!!result || kept}
              autoFocus
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
          <button ref={nextButton} type="button" className="button ww-next" onClick={drill.next}>
            {index + 1 < questions.length ? 'Next word' : 'See your score'}
          </button>
        </div>
      )}
      {kept && (
        <div className="ww-result listen-kept">
          <p role="status">Your answer is kept: it will be checked when your connection is back.</p>
          <button ref={nextButton} type="button" className="button ww-next" onClick={drill.next}>
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

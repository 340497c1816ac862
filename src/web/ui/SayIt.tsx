import { DetailsList } from './DetailsList';
import { useRef } from 'react';
import { searchOf, server } from '../lib/api';
import { useShortcuts, type Shortcut } from './KeyboardHelp';
import { Arabic } from './Arabic';
import { LineIcon } from './LineIcon';
import { useModelThenMine, useSaying, useSelfRecording } from './useSayIt';

/** The keys Say it answers to, for the host screen's shortcuts overlay. */
export const SAY_IT_KEYS: Shortcut[] = [
  { keys: ['S'], action: 'Say it: speak the word (recognition), or start and stop a recording' },
  { keys: ['M'], action: 'Record yourself, or stop the recording' },
  { keys: ['R'], action: 'Replay: the model, then your recording' },
];

interface Props {
  /** The Arabic script the recogniser's words are compared with. */
  arabic: string;
  /** The arabizi the model voice reads (GET /api/tts), as the Listen buttons ask for it. */
  arabizi: string;
  /** Each recognised attempt: what was heard (the alternative that matched, else the first) and whether it says the Arabic. */
  onResult?(heard: string, correct: boolean): void;
}

/**
 * Speaking practice (docs/decisions/0033-saying-it.md). "Say it" listens through the browser's speech
 * recognition where there is one and compares what it heard with the Arabic, after the shared
 * normaliser. Everywhere with a microphone, "Record" keeps a clip in the page, and "Compare" plays the
 * model and then the clip, back to back. Nothing recorded leaves the browser.
 */
export function SayIt({ arabic, arabizi, onResult }: Props) {
  const { listening, heard, listen, canListen } = useSaying(arabic, onResult);
  const { recording, clip, problem, setProblem, toggleRecording, canRecord } = useSelfRecording(arabic, arabizi);
  const model = useRef<HTMLAudioElement>(null);
  const mine = useRef<HTMLAudioElement>(null);
  const { playing, compare, modelEnded, stopped } = useModelThenMine(model, mine, clip, () => setProblem('The model could not be played.'));

  useShortcuts((e) => {
    if (e.repeat) return;
    const key = e.key.toLowerCase();
    if (key === 's') {
      e.preventDefault();
      if (canListen) listen();
      else toggleRecording();
    } else if (key === 'm') {
      e.preventDefault();
      toggleRecording();
    } else if (key === 'r') {
      e.preventDefault();
      compare();
    }
  });

  return (
    <section className="say-it" aria-label="Say it">
      <div className="say-it-buttons">
        {canListen && (
          <button
            type="button"
            className="button button-secondary say-it-listen"
            onClick={() => listen()}
            disabled={listening}
            aria-keyshortcuts="S"
          >
            <MicIcon /> {listening ? 'Listening...' : 'Say it'}
          </button>
        )}
        {canRecord && (
          <button
            type="button"
            className={`button button-secondary say-it-record${recording ? ' on' : ''}`}
            onClick={toggleRecording}
            aria-keyshortcuts={canListen ? 'M' : 'S M'}
            aria-pressed={recording}
          >
            {recording ? 'Stop recording' : clip ? 'Record again' : 'Record yourself'}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary say-it-compare"
          onClick={compare}
          disabled={playing !== null || recording}
          aria-keyshortcuts="R"
        >
          {playing === 'model'
            ? 'Playing the model...'
            : playing === 'mine'
              ? 'Playing your recording...'
              : clip
                ? 'Compare: model, then you'
                : 'Hear the model'}
        </button>
      </div>
      {heard && 'text' in heard && (
        <div className={`say-it-heard ${heard.correct ? 'right' : 'wrong'}`} role="status">
          <p className="say-it-verdict">{heard.correct ? 'Right! That is the word.' : 'Not quite. Listen to the model and try again.'}</p>
          <HeardBeside className="say-it-compare-text" heard={heard.text} expected={arabic} />
        </div>
      )}
      {heard && 'problem' in heard && (
        <p className="say-it-problem" role="status">
          {heard.problem}
        </p>
      )}
      {problem && (
        <p className="say-it-problem" role="status">
          {problem}
        </p>
      )}
      {clip && <p className="muted say-it-clip">Your recording is ready: compare it with the model.</p>}
      <p className="muted say-it-privacy">
        {canListen
          ? 'Say it uses your browser’s speech recognition. '
          : 'Automatic checking is off in this browser (it has no speech recognition): record yourself and compare. '}
        Your recordings stay in this browser: they are never uploaded or saved.
      </p>
      <audio
        ref={model}
        src={server.api.tts['~path'] + searchOf({ text: arabizi })}
        preload="none"
        onEnded={modelEnded}
        onError={() => playing && stopped()}
        data-say-it="model"
      />
      {clip && <audio ref={mine} src={clip} onEnded={stopped} onError={stopped} data-say-it="mine" />}
    </section>
  );
}

function MicIcon() {
  return (
    <LineIcon>
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </LineIcon>
  );
}

/** What recognition heard beside the Arabic expected, as Say it and a role-play's said turn both show it. */
export function HeardBeside({ heard, expected, className }: { heard: string; expected: string; className: string }) {
  return (
    <DetailsList
      className={className}
      details={[
        { term: 'We heard', value: <Arabic>{heard}</Arabic> },
        { term: 'Expected', value: <Arabic>{expected}</Arabic> },
      ]}
    />
  );
}

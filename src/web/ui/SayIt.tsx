import { DetailsList } from './DetailsList';
import { useEffect, useRef, useState } from 'react';
import { sameArabic } from '../../shared/arabic';
import { searchOf, server } from '../lib/api';
import { activityEnded, activityStarted } from '../lib/activity-time';
import { useShortcuts, type Shortcut } from './KeyboardHelp';
import { Arabic } from './Arabic';

/** The parts of the Web Speech API's recognition that Say it uses (not every TypeScript DOM library has them). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}
type RecognitionClass = new () => Recognition;

/** The browser's speech recognition, standard or prefixed; undefined where it has none. */
export function recognitionClass(): RecognitionClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

const canRecord = () => typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;

/** Lebanese first; a recogniser without it is asked for Arabic. */
export const RECOGNITION_LANGUAGES = ['ar-LB', 'ar'];
/** A recording stops by itself after this long. */
const RECORDING_MAX_MS = 8000;

/** The keys Say it answers to, for the host screen's shortcuts overlay. */
export const SAY_IT_KEYS: Shortcut[] = [
  { keys: ['S'], action: 'Say it: speak the word (recognition), or start and stop a recording' },
  { keys: ['M'], action: 'Record yourself, or stop the recording' },
  { keys: ['R'], action: 'Replay: the model, then your recording' },
];

type Heard = { text: string; correct: boolean } | { problem: string };

const RECOGNITION_PROBLEMS: Record<string, string> = {
  'no-speech': 'Nothing was heard. Press Say it and speak.',
  // Chromium says this when its recognition could not take the microphone, which may still work for a recording.
  'audio-capture': 'Speech recognition could not hear the microphone. Record yourself instead, and compare it with the model.',
  'not-allowed': 'The microphone is blocked for this site. Allow it in the browser to speak.',
  'service-not-allowed': 'Speech recognition is not allowed in this browser.',
  network: 'Speech recognition needs a connection. You can still record yourself.',
};

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
  const Recogniser = recognitionClass();
  const recordable = canRecord();
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState<Heard | null>(null);
  const [recording, setRecording] = useState(false);
  const [clip, setClip] = useState<string | null>(null);
  const [playing, setPlaying] = useState<'model' | 'mine' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stopTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const model = useRef<HTMLAudioElement>(null);
  const mine = useRef<HTMLAudioElement>(null);
  const result = useRef(onResult);
  result.current = onResult;
  /** False once the section is gone (the card answered mid-recording): a clip stopped then is dropped. */
  const shown = useRef(true);

  // A new word starts afresh; what was recorded for the last one is let go.
  useEffect(() => {
    setHeard(null);
    setProblem(null);
    setClip(null);
  }, [arabic, arabizi]);
  useEffect(() => () => void (clip && URL.revokeObjectURL(clip)), [clip]);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      recognition.current?.abort();
      if (recorder.current?.state === 'recording') recorder.current.stop();
      clearTimeout(stopTimer.current);
    };
  }, []);

  function listen(languages = RECOGNITION_LANGUAGES) {
    if (!Recogniser || listening) return;
    const r = new Recogniser();
    recognition.current = r;
    r.lang = languages[0]!;
    r.interimResults = false;
    r.maxAlternatives = 5;
    let settled = false;
    r.onresult = (event) => {
      const alternatives = Array.from(event.results[0] ?? [], (a) => a.transcript.trim()).filter(Boolean);
      if (alternatives.length === 0) return;
      settled = true;
      const match = alternatives.find((a) => sameArabic(a, arabic));
      const text = match ?? alternatives[0]!;
      setHeard({ text, correct: match !== undefined });
      result.current?.(text, match !== undefined);
    };
    r.onerror = (event) => {
      if (event.error === 'language-not-supported' && languages.length > 1) {
        settled = true;
        r.onend = null;
        setListening(false);
        activityEnded('speaking');
        listen(languages.slice(1));
        return;
      }
      if (event.error === 'aborted') return;
      settled = true;
      setHeard({ problem: RECOGNITION_PROBLEMS[event.error] ?? 'Speech recognition failed. Try again.' });
    };
    r.onend = () => {
      if (!settled) setHeard({ problem: RECOGNITION_PROBLEMS['no-speech']! });
      setListening(false);
      activityEnded('speaking');
    };
    setHeard(null);
    setListening(true);
    activityStarted('speaking');
    try {
      r.start();
    } catch {
      setListening(false);
      activityEnded('speaking');
      setHeard({ problem: 'Speech recognition could not start. Try again.' });
    }
  }

  async function record() {
    if (!recordable || recording) return;
    setProblem(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setProblem('The microphone could not be opened. Allow it in the browser to record yourself.');
      return;
    }
    const chunks: Blob[] = [];
    const r = new MediaRecorder(stream);
    recorder.current = r;
    r.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    r.onstop = () => {
      clearTimeout(stopTimer.current);
      stream.getTracks().forEach((track) => track.stop());
      setRecording(false);
      activityEnded('speaking');
      if (shown.current && chunks.length > 0) setClip(URL.createObjectURL(new Blob(chunks, { type: r.mimeType })));
    };
    r.start();
    setRecording(true);
    activityStarted('speaking');
    stopTimer.current = setTimeout(() => r.state === 'recording' && r.stop(), RECORDING_MAX_MS);
  }

  const stopRecording = () => recorder.current?.state === 'recording' && recorder.current.stop();
  const toggleRecording = () => (recording ? stopRecording() : void record());

  /** The model, then the learner's own clip (when there is one), back to back. */
  function compare() {
    const audio = model.current;
    if (!audio || playing) return;
    audio.currentTime = 0;
    setPlaying('model');
    audio.play().catch(() => {
      setPlaying(null);
      setProblem('The model could not be played.');
    });
  }
  function modelEnded() {
    if (clip && mine.current) {
      setPlaying('mine');
      mine.current.currentTime = 0;
      mine.current.play().catch(() => setPlaying(null));
    } else setPlaying(null);
  }

  useShortcuts((e) => {
    if (e.repeat) return;
    const key = e.key.toLowerCase();
    if (key === 's') {
      e.preventDefault();
      if (Recogniser) listen();
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
        {Recogniser && (
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
        {recordable && (
          <button
            type="button"
            className={`button button-secondary say-it-record${recording ? ' on' : ''}`}
            onClick={toggleRecording}
            aria-keyshortcuts={Recogniser ? 'M' : 'S M'}
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
        {Recogniser
          ? 'Say it uses your browser’s speech recognition. '
          : 'Automatic checking is off in this browser (it has no speech recognition): record yourself and compare. '}
        Your recordings stay in this browser: they are never uploaded or saved.
      </p>
      <audio
        ref={model}
        src={server.api.tts['~path'] + searchOf({ text: arabizi })}
        preload="none"
        onEnded={modelEnded}
        onError={() => playing && setPlaying(null)}
        data-say-it="model"
      />
      {clip && <audio ref={mine} src={clip} onEnded={() => setPlaying(null)} onError={() => setPlaying(null)} data-say-it="mine" />}
    </section>
  );
}

function MicIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </svg>
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

import { activityEnded, activityStarted } from './activity-time';

/**
 * The learner's voice, in: the browser's speech recognition and the microphone's recordings, as Say it,
 * a role-play's said turn and the conversation partner use them. The time either takes counts as
 * speaking (src/web/lib/activity-time.ts).
 */

/** The parts of the Web Speech API's recognition used here (not every TypeScript DOM library has them). */
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
function recognitionClass(): RecognitionClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** Whether the browser can turn speech into text. */
export const canListen = () => recognitionClass() !== undefined;
/** Whether the browser can record the microphone. */
export const canRecord = () => typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;

/** Lebanese first; a recogniser without it is asked for Arabic. */
const RECOGNITION_LANGUAGES = ['ar-LB', 'ar'];
/** The alternatives asked of the recogniser: the one that says the expected line may not be its first. */
const ALTERNATIVES = 5;

/** Why recognition gave nothing, by the recogniser's error; a screen may say some its own way. */
export const RECOGNITION_PROBLEMS: Record<string, string> = {
  'no-speech': 'Nothing was heard. Press Say it and speak.',
  'not-allowed': 'The microphone is blocked for this site. Allow it in the browser to speak.',
  'service-not-allowed': 'Speech recognition is not allowed in this browser.',
};

/** What listening gave: the recogniser's alternatives, or why there are none. */
export type Heard = { heard: string[] } | { problem: string };

/**
 * Listens once, Lebanese first, then Arabic when the recogniser has no Lebanese. `problems` says the
 * recogniser's errors the screen's way; `signal` stops listening (the screen is gone) and settles nothing.
 */
export function listenOnce(problems: Record<string, string>, signal?: AbortSignal, languages = RECOGNITION_LANGUAGES): Promise<Heard> {
  const Recogniser = recognitionClass();
  if (!Recogniser) return Promise.resolve({ problem: 'This browser has no speech recognition.' });
  return new Promise((resolve) => {
    const r = new Recogniser();
    r.lang = languages[0]!;
    r.interimResults = false;
    r.maxAlternatives = ALTERNATIVES;
    let settled = false;
    const done = (heard: Heard) => {
      if (settled) return;
      settled = true;
      activityEnded('speaking');
      signal?.removeEventListener('abort', abort);
      resolve(heard);
    };
    const abort = () => {
      settled = true;
      activityEnded('speaking');
      r.abort();
    };
    signal?.addEventListener('abort', abort, { once: true });
    r.onresult = (event) => {
      const alternatives = Array.from(event.results[0] ?? [], (a) => a.transcript.trim()).filter(Boolean);
      if (alternatives.length > 0) done({ heard: alternatives.slice(0, ALTERNATIVES) });
    };
    r.onerror = (event) => {
      if (event.error === 'language-not-supported' && languages.length > 1) {
        settled = true;
        activityEnded('speaking');
        signal?.removeEventListener('abort', abort);
        r.onend = null;
        void listenOnce(problems, signal, languages.slice(1)).then(resolve);
        return;
      }
      if (event.error !== 'aborted') done({ problem: problems[event.error] ?? 'Speech recognition failed. Try again.' });
    };
    r.onend = () => done({ problem: problems['no-speech'] ?? RECOGNITION_PROBLEMS['no-speech']! });
    activityStarted('speaking');
    try {
      r.start();
    } catch {
      done({ problem: 'Speech recognition could not start. Try again.' });
    }
  });
}

/** A recording under way: `stop` ends it early; `clip` is what was recorded (null when nothing was), or why there is none. */
export interface Recording {
  stop(): void;
  clip: Promise<Blob | null>;
}

/**
 * The rate a voice is recorded at: Opus is clear for speech at 32 kb/s. The browser's own choice (about
 * 128 kb/s in Chromium) made 5 s of a conversation's line too large for its route (`RECORDING_CHARS`).
 */
export const SPEECH_BITS_PER_SECOND = 32_000;

/** Records the microphone for `maxMs` at most, or until stopped; null when it could not be opened. */
export async function recordMicrophone(maxMs: number): Promise<Recording | null> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    return null;
  }
  const r = new MediaRecorder(stream, { audioBitsPerSecond: SPEECH_BITS_PER_SECOND });
  const chunks: Blob[] = [];
  const clip = new Promise<Blob | null>((resolve) => {
    r.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
    r.onstop = () => {
      clearTimeout(timer);
      stream.getTracks().forEach((track) => track.stop());
      activityEnded('speaking');
      const blob = new Blob(chunks, { type: r.mimeType });
      resolve(blob.size > 0 ? blob : null);
    };
  });
  const stop = () => r.state === 'recording' && r.stop();
  r.start();
  activityStarted('speaking');
  const timer = setTimeout(stop, maxMs);
  return { stop, clip };
}

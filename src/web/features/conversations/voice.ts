import { useEffect, useRef } from 'react';
import { searchOf, server } from '../../lib/api';
import { activityEnded, activityStarted } from '../../lib/activity-time';
import { loadClip, playClip, speakInBrowser } from '../../lib/speech';
import { RECOGNITION_LANGUAGES, recognitionClass } from '../../ui/SayIt';

/**
 * The partner's voice: every line is asked of the speech call in the partner's voice. A scripted line
 * is course text, spoken like a dialogue's (a recorded clip or the local voice); an AI line is not, and
 * the server has no clip for it (404) unless it repeats a line of the course: the browser's own voice
 * reads it then, in the browser (docs/decisions/0072-conversation-partner.md).
 */
export function usePartnerVoice() {
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(
    () => () => {
      audio.current?.pause();
      if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    },
    [],
  );

  return async function speak(line: { arabizi: string }, voice: 'male' | 'female'): Promise<void> {
    audio.current?.pause();
    let clip: Blob | null = null;
    try {
      clip = await loadClip(server.api.tts['~path'] + searchOf({ text: line.arabizi, voice }));
    } catch {
      // No clip could be loaded (offline): the browser's voice reads the line.
    }
    if (!clip) return speakInBrowser(line.arabizi).catch(() => undefined);
    await playClip(clip, audio).catch(() => {
      // A browser that refuses to play before a tap: the line is on screen, and its Listen button plays it.
    });
  };
}

/** What listening gave: the recogniser's alternatives, or why there are none. */
export type Heard = { heard: string[] } | { problem: string };

const PROBLEMS: Record<string, string> = {
  'no-speech': 'Nothing was heard. Press Say it and speak.',
  'audio-capture': 'No microphone was found.',
  'not-allowed': 'The microphone is blocked for this site. Allow it in the browser to speak.',
  'service-not-allowed': 'Speech recognition is not allowed in this browser.',
  network: 'Speech recognition needs a connection. You can type your reply.',
};

/** Whether the browser can turn speech into text (then the learner may say their line). */
export const canListen = () => recognitionClass() !== undefined;

/** Listens once through the browser's recognition, Lebanese first, then Arabic; the time counts as speaking. */
export function listenOnce(languages = RECOGNITION_LANGUAGES): Promise<Heard> {
  const Recogniser = recognitionClass();
  if (!Recogniser) return Promise.resolve({ problem: 'This browser has no speech recognition: type your reply.' });
  return new Promise((resolve) => {
    const r = new Recogniser();
    r.lang = languages[0]!;
    r.interimResults = false;
    r.maxAlternatives = 5;
    let settled = false;
    const done = (heard: Heard) => {
      if (settled) return;
      settled = true;
      activityEnded('speaking');
      resolve(heard);
    };
    r.onresult = (event) => {
      const alternatives = Array.from(event.results[0] ?? [], (a) => a.transcript.trim()).filter(Boolean);
      if (alternatives.length > 0) done({ heard: alternatives.slice(0, 5) });
    };
    r.onerror = (event) => {
      if (event.error === 'language-not-supported' && languages.length > 1) {
        settled = true;
        activityEnded('speaking');
        r.onend = null;
        void listenOnce(languages.slice(1)).then(resolve);
        return;
      }
      if (event.error !== 'aborted') done({ problem: PROBLEMS[event.error] ?? 'Speech recognition failed. Try again.' });
    };
    r.onend = () => done({ problem: PROBLEMS['no-speech']! });
    activityStarted('speaking');
    try {
      r.start();
    } catch {
      done({ problem: 'Speech recognition could not start. Try again.' });
    }
  });
}

/** The longest recording sent for transcription: a line, within the request's size. */
const RECORDING_MAX_MS = 5000;
const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
export type Recording = { audio: string; type: (typeof RECORDING_TYPES)[number] } | { problem: string };

export const canRecord = () => typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;

/** The recording as base64, the form the recording route takes. */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Records one line from the microphone, up to 5 s or until `stop` is called, for a learner who chose to
 * send it for transcription; the time counts as speaking. Nothing is recorded otherwise.
 */
export function useLineRecorder() {
  const recorder = useRef<MediaRecorder | null>(null);
  useEffect(() => () => void (recorder.current?.state === 'recording' && recorder.current.stop()), []);

  async function record(): Promise<Recording> {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return { problem: 'The microphone could not be opened. Allow it in the browser, or type your reply.' };
    }
    const r = new MediaRecorder(stream);
    recorder.current = r;
    const chunks: Blob[] = [];
    activityStarted('speaking');
    const stopped = new Promise<void>((resolve) => {
      r.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
      r.onstop = () => resolve();
    });
    r.start();
    const timer = setTimeout(() => r.state === 'recording' && r.stop(), RECORDING_MAX_MS);
    await stopped;
    clearTimeout(timer);
    stream.getTracks().forEach((track) => track.stop());
    activityEnded('speaking');
    const blob = new Blob(chunks, { type: r.mimeType });
    if (blob.size === 0) return { problem: 'Nothing was recorded. Try again, or type your reply.' };
    const type = RECORDING_TYPES.find((t) => r.mimeType.startsWith(t)) ?? 'audio/webm';
    return { audio: await base64Of(blob), type };
  }

  const stop = () => recorder.current?.state === 'recording' && recorder.current.stop();
  return { record, stop };
}

import { useEffect, useRef } from 'react';
import { searchOf, server } from '../../lib/api';
import { activityEnded, activityStarted } from '../../lib/activity-time';
import { loadClip, speakInBrowser } from '../../lib/speech';
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
    const url = URL.createObjectURL(clip);
    const element = new Audio(url);
    audio.current = element;
    try {
      await element.play();
      await new Promise<void>((resolve) => {
        element.onended = () => resolve();
        element.onerror = () => resolve();
        element.onpause = () => resolve();
      });
    } catch {
      // A browser that refuses to play before a tap: the line is on screen, and its Listen button plays it.
    } finally {
      URL.revokeObjectURL(url);
    }
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

import { useEffect, useRef, useState } from 'react';
import { toast } from '../ui/toast';
import { searchOf, server } from './api';

/** Audio loads are tried up to 3 more times (docs/product-rules.md#speech). */
const AUDIO_RETRIES = 3;
const AUDIO_TOAST_MS = 2000;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** Answers that mean no clip for this text, or not for this learner (docs/decisions/0066-speech-off-the-servers-thread.md). */
const NO_CLIP = new Set([401, 402, 404, 429, 503]);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A clip from a URL (the speech call or a lesson's own audio), tried again on network errors and 5xx.
 * Null when the server has none for this text (404: not a course text; 503: no voice free, or none at
 * all; 429: this learner made many new clips just now), or none for this learner (401, 402: premium
 * text, which a free lesson may still show): the browser's voice reads the text shown then.
 */
export async function loadClip(url: string): Promise<Blob | null> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(url, { credentials: 'same-origin' });
    } catch {
      // A network failure: tried again below.
    }
    if (response?.ok) return response.blob();
    if (response && NO_CLIP.has(response.status)) return null;
    if ((response && response.status < 500) || attempt >= AUDIO_RETRIES) throw new Error('audio');
    await wait(300 * (attempt + 1));
  }
}

/** The browser's voice's rate for the slower speed, beside its usual 0.85. */
const SLOW_BROWSER_RATE = 0.6;

/** The browser's own voice, at `rate` (the dialogues' slower speed speaks slower). */
export function speakInBrowser(text: string, rate = 0.85): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!('speechSynthesis' in window)) return reject(new Error('speech'));
    const utterance = new SpeechSynthesisUtterance(text);
    // Arabic script gets an Arabic voice; arabizi is Latin letters and reads better in the default one.
    if (ARABIC_SCRIPT.test(text)) utterance.lang = 'ar';
    utterance.rate = rate;
    utterance.onend = () => resolve();
    utterance.onerror = () => reject(new Error('speech'));
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  });
}

/**
 * Plays a clip on the element `audio` holds (pausing the one it held) and resolves once it has ended,
 * failed or been paused; rejects when the browser refuses to play (before a tap, say).
 */
export async function playClip(clip: Blob, audio: { current: HTMLAudioElement | null }): Promise<void> {
  const url = URL.createObjectURL(clip);
  audio.current?.pause();
  const element = new Audio(url);
  audio.current = element;
  try {
    await element.play();
    await new Promise<void>((resolve) => {
      element.onended = () => resolve();
      element.onerror = () => resolve();
      element.onpause = () => resolve();
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Every Listen button (cards, sentences, lessons): a lesson component's own audioUrl, else /api/tts,
 * else the browser's speech synthesis, with the audio error toasts (docs/product-rules.md#speech).
 */
export function useSpeech() {
  const [speaking, setSpeaking] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);

  async function play(clip: Blob) {
    try {
      await playClip(clip, audio);
    } catch {
      toast.error('Audio Error', { description: 'Failed to play audio. Please try again.', duration: AUDIO_TOAST_MS });
    }
  }

  /** Says `text` (or plays `audioUrl`); `slow` asks the server for its slower clip of the text. */
  async function speak(text: string, audioUrl?: string, slow = false) {
    if (speaking) return;
    setSpeaking(true);
    try {
      let clip: Blob | null;
      try {
        clip = await loadClip(audioUrl ?? server.api.tts['~path'] + searchOf({ text, speed: slow ? 'slow' : undefined }));
      } catch {
        toast.error('Audio Error', { description: 'Failed to load audio. Please try again.', duration: AUDIO_TOAST_MS });
        return;
      }
      if (clip) await play(clip);
      else
        await speakInBrowser(text, slow ? SLOW_BROWSER_RATE : undefined).catch(() =>
          toast.error('Speech error', { description: 'Could not play audio for this word.', duration: AUDIO_TOAST_MS }),
        );
    } finally {
      setSpeaking(false);
    }
  }

  return { speak, speaking };
}

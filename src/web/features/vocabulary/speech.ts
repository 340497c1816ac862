import { useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast';

/** Audio loads are tried up to 3 more times (L §9 "Audio max 3 retries"). */
const AUDIO_RETRIES = 3;
const AUDIO_TOAST_MS = 2000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The text the speech call is asked for: the Arabic script, which the server matches to the content. */
export const speechText = (word: { arabicScript: string; lebanese: string }) => word.arabicScript || word.lebanese;

/**
 * The clip for a text from /api/tts (an audio body, so fetched directly rather than through the JSON
 * client). Null when the server has no speech engine (503): the browser's own voice is used then.
 */
async function loadClip(text: string): Promise<Blob | null> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | undefined;
    try {
      response = await fetch(`/api/tts?text=${encodeURIComponent(text)}`, { credentials: 'same-origin' });
    } catch {
      // A network failure: tried again below.
    }
    if (response?.ok) return response.blob();
    if (response?.status === 503) return null;
    if ((response && response.status < 500) || attempt >= AUDIO_RETRIES) throw new Error('audio');
    await wait(300 * (attempt + 1));
  }
}

function speakInBrowser(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!('speechSynthesis' in window)) return reject(new Error('speech'));
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = 'ar';
    utterance.rate = 0.85;
    utterance.onend = () => resolve();
    utterance.onerror = () => reject(new Error('speech'));
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  });
}

/** The Listen button's action: server speech, else the browser's, with the audio error toasts of L §8. */
export function useListen() {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => audio.current?.pause(), []);

  async function listen(text: string) {
    if (playing) return;
    setPlaying(true);
    try {
      let clip: Blob | null;
      try {
        clip = await loadClip(text);
      } catch {
        toast.error('Audio Error', { description: 'Failed to load audio. Please try again.', duration: AUDIO_TOAST_MS });
        return;
      }
      if (!clip) {
        await speakInBrowser(text).catch(() => toast.error('Speech error', { description: 'Could not play audio for this word.', duration: AUDIO_TOAST_MS }));
        return;
      }
      const url = URL.createObjectURL(clip);
      audio.current?.pause();
      audio.current = new Audio(url);
      try {
        await audio.current.play();
        await new Promise<void>((resolve) => {
          audio.current!.onended = () => resolve();
          audio.current!.onerror = () => resolve();
          audio.current!.onpause = () => resolve();
        });
      } catch {
        toast.error('Audio Error', { description: 'Failed to play audio. Please try again.', duration: AUDIO_TOAST_MS });
      } finally {
        URL.revokeObjectURL(url);
      }
    } finally {
      setPlaying(false);
    }
  }

  return { listen, playing };
}

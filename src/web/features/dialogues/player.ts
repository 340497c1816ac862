import { useEffect, useRef, useState } from 'react';
import type { DialogueLine } from './queries';
import { searchOf, server } from '../../lib/api';
import { keepClipOffline } from '../../lib/offline';
import { loadClip, speakInBrowser } from '../../lib/speech';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';

/** The slower speed of Listen and Role-play. */
export const SLOW_RATE = 0.7;
/** The silence between two turns, as between two people talking: without it each line follows the last at once. */
export const TURN_PAUSE_MS = 700;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A line's clip: its arabizi in its speaker's voice (the speech call reads `voice`). */
const clipUrl = (line: DialogueLine) => server.api.tts['~path'] + searchOf({ text: line.arabizi, voice: line.voice });

/**
 * Plays dialogue lines through one audio element on the page, one after another, at a speed; a new
 * play or `stop` ends what was playing. Without a clip from the server (no speech engine) the browser's
 * voice reads the arabizi (docs/product-rules.md#speech).
 */
export function useLinePlayer() {
  const audio = useRef<HTMLAudioElement>(null);
  /** Each run of lines has its number; a later run (or a stop) makes an earlier one give up. */
  const run = useRef(0);
  const [playing, setPlaying] = useState<number | null>(null);

  function stop() {
    run.current++;
    audio.current?.pause();
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    setPlaying(null);
  }
  useEffect(() => () => stop(), []);

  /** Plays one line to its end; false when it could not be played or was stopped. */
  async function playOne(line: DialogueLine, rate: number, mine: number): Promise<boolean> {
    const path = clipUrl(line);
    let clip: Blob | null;
    try {
      clip = await loadClip(path);
      if (clip) keepClipOffline(path);
    } catch {
      toast.error('Audio Error', { description: 'Failed to load audio. Please try again.', duration: LEARNING_TOAST_MS });
      return false;
    }
    if (run.current !== mine) return false;
    const element = audio.current;
    if (!clip || !element) {
      return speakInBrowser(line.arabizi, 0.85 * rate).then(
        () => run.current === mine,
        () => false,
      );
    }
    const url = URL.createObjectURL(clip);
    try {
      element.src = url;
      // Loading a source resets the rate to the default one.
      element.defaultPlaybackRate = rate;
      element.playbackRate = rate;
      const ended = new Promise<boolean>((resolve) => {
        element.onended = () => resolve(true);
        // A clip that reaches its end pauses just before it ends: only a pause before the end is a stop.
        element.onpause = () => {
          if (!element.ended) resolve(false);
        };
        element.onerror = () => resolve(false);
      });
      await element.play();
      return (await ended) && run.current === mine;
    } catch {
      toast.error('Audio Error', { description: 'Failed to play audio. Please try again.', duration: LEARNING_TOAST_MS });
      return false;
    } finally {
      URL.revokeObjectURL(url);
    }
  }

  /**
   * Plays `lines` from `from` while `until` holds for the next, highlighting each (and telling `onLine`),
   * with a pause between two turns; resolves with the index it stopped before (lines.length at the end),
   * or null when stopped.
   */
  async function playFrom(
    lines: DialogueLine[],
    from: number,
    rate: number,
    until: (line: DialogueLine) => boolean = () => true,
    onLine?: (index: number) => void,
  ): Promise<number | null> {
    stop();
    const mine = run.current;
    for (let i = from; i < lines.length; i++) {
      if (!until(lines[i])) {
        setPlaying(null);
        return i;
      }
      if (i > from) {
        await pause(TURN_PAUSE_MS / rate);
        if (run.current !== mine) return null;
      }
      setPlaying(i);
      onLine?.(i);
      if (!(await playOne(lines[i], rate, mine))) {
        if (run.current === mine) setPlaying(null);
        return null;
      }
    }
    setPlaying(null);
    return lines.length;
  }

  return { audio, playing, playFrom, stop };
}

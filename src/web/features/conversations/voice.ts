import { useEffect, useRef } from 'react';
import { searchOf, server } from '../../lib/api';
import { loadClip, playClip, speakInBrowser } from '../../lib/speech';
import { listenOnce, recordMicrophone, RECOGNITION_PROBLEMS } from '../../lib/voice-input';
import { RECORDING_MAX_MS, RECORDING_TYPES } from '../../../modules/conversations/rules';

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

const PROBLEMS: Record<string, string> = {
  ...RECOGNITION_PROBLEMS,
  'audio-capture': 'No microphone was found.',
  network: 'Speech recognition needs a connection. You can type your reply.',
};

/** Listens once for the learner's line; the screen is gone, it stops listening. */
export const listenForLine = (signal?: AbortSignal) => listenOnce(PROBLEMS, signal);

export type Recording = { audio: string; type: (typeof RECORDING_TYPES)[number] } | { problem: string };

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
  const recording = useRef<{ stop(): void } | null>(null);
  useEffect(() => () => recording.current?.stop(), []);

  async function record(): Promise<Recording> {
    const microphone = await recordMicrophone(RECORDING_MAX_MS);
    if (!microphone) return { problem: 'The microphone could not be opened. Allow it in the browser, or type your reply.' };
    recording.current = microphone;
    const blob = await microphone.clip;
    recording.current = null;
    if (!blob) return { problem: 'Nothing was recorded. Try again, or type your reply.' };
    const type = RECORDING_TYPES.find((t) => blob.type.startsWith(t)) ?? 'audio/webm';
    return { audio: await base64Of(blob), type };
  }

  return { record, stop: () => recording.current?.stop() };
}

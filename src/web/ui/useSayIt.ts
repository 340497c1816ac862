import { useEffect, useRef, useState, type RefObject } from 'react';
import { sameArabic } from '../../shared/arabic';
import { canListen, canRecord, listenOnce, recordMicrophone, RECOGNITION_PROBLEMS } from '../lib/voice-input';

/** What Say it heard: the alternative that says the Arabic (else the first) and whether one did, or why nothing. */
type Heard = { text: string; correct: boolean } | { problem: string };

const PROBLEMS: Record<string, string> = {
  ...RECOGNITION_PROBLEMS,
  // Chromium says this when its recognition could not take the microphone, which may still work for a recording.
  'audio-capture': 'Speech recognition could not hear the microphone. Record yourself instead, and compare it with the model.',
  network: 'Speech recognition needs a connection. You can still record yourself.',
};

/** A recording stops by itself after this long. */
const RECORDING_MAX_MS = 8000;

/** Say it's recognition: each attempt heard and compared with the Arabic, after the shared normaliser. */
export function useSaying(arabic: string, onResult?: (heard: string, correct: boolean) => void) {
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState<Heard | null>(null);
  const result = useRef(onResult);
  result.current = onResult;
  const gone = useRef<AbortController>(null);

  // A new word starts afresh.
  useEffect(() => setHeard(null), [arabic]);
  useEffect(() => {
    const controller = new AbortController();
    gone.current = controller;
    return () => controller.abort();
  }, []);

  async function listen() {
    if (!canListen() || listening) return;
    setHeard(null);
    setListening(true);
    const said = await listenOnce(PROBLEMS, gone.current?.signal);
    setListening(false);
    if ('problem' in said) return setHeard(said);
    const match = said.heard.find((a) => sameArabic(a, arabic));
    const text = match ?? said.heard[0]!;
    setHeard({ text, correct: match !== undefined });
    result.current?.(text, match !== undefined);
  }

  return { listening, heard, listen, canListen: canListen() };
}

/** Recording oneself: a clip kept in the page (never sent), let go when the word changes or the screen goes. */
export function useSelfRecording(arabic: string, arabizi: string) {
  const [recording, setRecording] = useState(false);
  const [clip, setClip] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const microphone = useRef<{ stop(): void } | null>(null);
  /** False once the screen is gone (the card answered mid-recording): a clip stopped then is dropped. */
  const shown = useRef(true);

  useEffect(() => {
    setProblem(null);
    setClip(null);
  }, [arabic, arabizi]);
  useEffect(() => () => void (clip && URL.revokeObjectURL(clip)), [clip]);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
      microphone.current?.stop();
    };
  }, []);

  async function record() {
    if (!canRecord() || recording) return;
    setProblem(null);
    const started = await recordMicrophone(RECORDING_MAX_MS);
    if (!started) return setProblem('The microphone could not be opened. Allow it in the browser to record yourself.');
    microphone.current = started;
    setRecording(true);
    const blob = await started.clip;
    microphone.current = null;
    setRecording(false);
    if (shown.current && blob) setClip(URL.createObjectURL(blob));
  }

  const toggleRecording = () => (recording ? microphone.current?.stop() : void record());
  return { recording, clip, problem, setProblem, toggleRecording, canRecord: canRecord() };
}

/** "Compare": the model, then the learner's own clip when there is one, back to back. */
export function useModelThenMine(
  model: RefObject<HTMLAudioElement | null>,
  mine: RefObject<HTMLAudioElement | null>,
  clip: string | null,
  modelFailed: () => void,
) {
  const [playing, setPlaying] = useState<'model' | 'mine' | null>(null);

  function compare() {
    const audio = model.current;
    if (!audio || playing) return;
    audio.currentTime = 0;
    setPlaying('model');
    audio.play().catch(() => {
      setPlaying(null);
      modelFailed();
    });
  }
  function modelEnded() {
    if (clip && mine.current) {
      setPlaying('mine');
      mine.current.currentTime = 0;
      mine.current.play().catch(() => setPlaying(null));
    } else setPlaying(null);
  }

  return { playing, compare, modelEnded, stopped: () => setPlaying(null) };
}

import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { handledGlobally } from '../../lib/api';
import { isSyncFailure, saves } from '../../lib/saves';
import { FLAGGED_KEY, refreshStats } from '../../lib/query';
import type { useGameStreak } from '../../lib/streak';
import { useShortcuts } from '../../ui/KeyboardHelp';
import { toast } from '../../ui/toast';
import type { ListeningMode } from '../../../modules/listening/rules';
import type { ListeningAnswerResult, ListeningQuestion } from './queries';
import { canAnswer, drillReducer, drillStart, isDone } from './drill';

export interface DrillOptions {
  questions: ListeningQuestion[];
  mode: ListeningMode;
  streak: ReturnType<typeof useGameStreak>;
}

/**
 * The listening drill's logic (docs/decisions/0032-listening-drill.md): playing the word, sending an
 * answer to be judged, the next word, the keys and where the focus goes. Its steps are the reducer in drill.ts.
 */
export function useListeningDrill({ questions, mode, streak }: DrillOptions) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(drillReducer<ListeningAnswerResult>, undefined, drillStart<ListeningAnswerResult>);
  const { index, result, kept } = state;
  const [playing, setPlaying] = useState(false);
  const [played, setPlayed] = useState(false);
  const [audioFailed, setAudioFailed] = useState(false);
  /** The slower speed, for every word of the round once chosen. */
  const [slow, setSlow] = useState(false);
  /** The learner has changed the speed: the word plays at once at the one chosen. */
  const speedChosen = useRef(false);
  const audio = useRef<HTMLAudioElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const typedInput = useRef<HTMLInputElement>(null);
  const done = isDone(state, questions.length);
  const question = questions[Math.min(index, questions.length - 1)]!;

  function play() {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    setAudioFailed(false);
    element.play().catch(() => setPlaying(false));
  }
  // Each next word plays by itself once the learner has started the round (browsers allow sound after a press).
  // The button pressed for the next word is gone: the focus goes to the new word's field, or its play button.
  useEffect(() => {
    if (played && !done) play();
    if (typedInput.current) typedInput.current.focus();
    else if (index > 0) playButton.current?.focus();
  }, [index]);
  useEffect(() => {
    if (result || kept) nextButton.current?.focus();
  }, [result, kept]);
  // The word is heard at once at the speed just chosen (its clip's address has changed by then).
  useEffect(() => {
    if (speedChosen.current && !done) play();
  }, [slow]);

  function answer(text: string) {
    const { userId } = streak;
    if (!canAnswer(state, text) || userId === null) return;
    dispatch({ type: 'send', answer: text });
    // Kept in the save queue before it is sent (docs/decisions/0043-one-save-queue.md): the server judges it.
    saves
      .save(userId, 'listening', {}, { wordId: question.wordId, mode, answer: text })
      .then((reply) => {
        dispatch({ type: 'judged', result: reply });
        streak.answer(reply.correct);
        if (reply.streak) streak.settle(reply.streak, reply.correct);
        void refreshStats(queryClient);
        void queryClient.invalidateQueries({ queryKey: FLAGGED_KEY });
      })
      .catch((error: unknown) => {
        if (isSyncFailure(error)) dispatch({ type: 'kept' });
        else if (!handledGlobally(error))
          toast.error('Progress not saved', { description: 'There was a problem saving your answer. Please try again.', duration: 3000 });
      })
      .finally(() => dispatch({ type: 'sent' }));
  }

  const check = (event: FormEvent) => {
    event.preventDefault();
    answer(state.typed);
  };

  useShortcuts((e) => {
    if (e.repeat || done) return;
    if (e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      play();
    } else if (mode === 'choose' && !result && !kept) {
      const n = Number(e.key);
      if (n >= 1 && n <= question.options.length) answer(question.options[n - 1]!);
    }
  });

  return {
    state,
    done,
    question,
    answer,
    check,
    type: (text: string) => dispatch({ type: 'type', text }),
    next: () => dispatch({ type: 'next' }),
    play,
    playing,
    played,
    audioFailed,
    slow,
    chooseSpeed: (slower: boolean) => {
      speedChosen.current = true;
      setSlow(slower);
    },
    /** The clip's own events: it plays, ends, pauses or cannot be played. */
    onPlay: () => {
      setPlaying(true);
      setPlayed(true);
    },
    onStop: () => setPlaying(false),
    onError: () => {
      setPlaying(false);
      setAudioFailed(true);
    },
    audio,
    nextButton,
    playButton,
    typedInput,
  };
}

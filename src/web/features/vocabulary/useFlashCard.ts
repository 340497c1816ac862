import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { useIsMobile } from '../../lib/useIsMobile';
import { useUser } from '../../lib/session';
import { useSpellingLexicon } from '../../lib/spelling';
import { decideOnce, useHydrated } from '../../lib/drawn';
import { judgeAnswer } from '../../../shared/judge';
import type { GradeName } from '../../../modules/review/rules';
import type { AnswerManner, Direction, Intervals, Word } from './hooks';
import { useCardKeys } from './parts';
import { cardFadeMs, isNewWord, markSeen, pickNextWord, recentMemorySize, shownLebanese } from './rules';
import { seenWordsAtom, useTypedAnswers } from './state';
import { canAnswer, canReveal, cardKeysMode, cardReducer, firstCard, type Shown } from './card';

/** A word of the card; a review word says which side to show first (the English without one) and what each grade would schedule. */
export type CardWord = Word & { direction?: Direction; intervals?: Intervals };

export interface FlashCardOptions {
  words: CardWord[];
  onAnswer: (word: Word, correct: boolean, manner: AnswerManner) => void;
  /** Review: the words in the order given (most overdue first) instead of the random pick (docs/product-rules.md#flash-cards). */
  inOrder: boolean;
  /** The words the learner answered on any device (their own read): seen, beside those this browser marked. */
  answered: readonly number[];
}

/**
 * The flash card's logic (docs/product-rules.md#flash-cards): which word comes next, revealing, judging
 * a typed answer, counting an answer, the fade before the next word, the keys and where the focus goes.
 * Its states and their moves are the reducer in card.ts.
 */
export function useFlashCard({ words, onAnswer, inOrder, answered }: FlashCardOptions) {
  const mobile = useIsMobile();
  const [seenHere, setSeen] = useAtom(seenWordsAtom);
  const seen = answered.length > 0 ? seenHere.concat(answered) : seenHere;
  const recent = useRef<number[]>([]);
  /** The next word from `list` (remembered among the recent ones), null when there is none. */
  const pick = (list: CardWord[]): Shown | null => {
    const next = inOrder ? { word: list[0] ?? null, recent: [] } : pickNextWord(list, recent.current);
    recent.current = next.recent;
    return next.word ? { id: next.word.id, isNew: isNewCard(seen, next.word) } : null;
  };
  // The first word is picked as the card is first drawn: a card drawn empty and filled by an effect
  // grew after the first paint and pushed the page below it down (layout shift on /landing). On a
  // screen drawn on the server it is the server's pick, so hydrating draws the same card.
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(cardReducer, null, () => {
    const id = decideOnce('first-card', hydrated, () => pick(words)?.id ?? null);
    const first = words.find((w) => w.id === id);
    if (!first) return firstCard(pick(words));
    if (recentMemorySize(words.length) > 0 && !recent.current.includes(first.id)) recent.current = [first.id];
    return firstCard({ id: first.id, isNew: isNewCard(seen, first) });
  });
  const { shown, revealed, round, fading, typed } = state;
  /** The time the countdown of this round has run so far. */
  const elapsed = useRef(0);
  const { data: user } = useUser();
  const [typing, setTyping] = useTypedAnswers(user?.id ?? null);
  const lexicon = useSpellingLexicon();

  // The shown word comes from the current list, so a flag change or a fresh fetch is reflected; one the
  // list dropped on its answer (a reviewed word) stays until its fade ends.
  const last = useRef<CardWord | null>(null);
  const word = shown ? (words.find((w) => w.id === shown.id) ?? (fading && last.current?.id === shown.id ? last.current : null)) : null;
  last.current = word;

  // The next word is picked from the list as it is when the fade ends, not as it was at the answer.
  const current = useRef(words);
  current.current = words;
  function showNext() {
    dispatch({ type: 'show', shown: pick(current.current) });
    elapsed.current = 0;
  }

  // The first word, and a new one when the list no longer holds the shown word.
  useEffect(() => {
    if (!word && words.length > 0 && !fading) showNext();
  }, [words, word, fading]);

  /**
   * Reveals the answer, judging what the learner typed when there is something to judge: a judged answer
   * counts at once, so the streak beside 'Not quite.' is already the one it left.
   */
  const reveal = () => {
    if (!word || !canReveal(state)) return;
    dispatch({ type: 'reveal' });
    setSeen((list) => markSeen(list, word.id));
    if (!typing || !typed.trim()) return;
    const judged = judgeAnswer(
      typed,
      shownLebanese(word),
      lexicon,
      words.map((w) => [shownLebanese(w), w.english] as const),
    );
    dispatch({ type: 'judge', judgement: judged });
    count(word, judged.verdict === 'right');
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) reveal();
  };
  const fadeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(fadeTimer.current), []);
  const count = (answered: CardWord, correct: boolean, grade?: GradeName) => {
    setSeen((list) => markSeen(list, answered.id));
    onAnswer(answered, correct, { direction: answered.direction ?? 'english-to-lebanese', grade });
  };
  /** An answer, graded by what the learner chose (docs/decisions/0039-review-controls.md): never by how quickly. */
  const answer = (correct: boolean, grade?: GradeName) => {
    if (!word || !canAnswer(state)) return;
    count(word, correct, grade);
    moveOn();
  };
  /** The fade, then the next word. */
  const moveOn = () => {
    if (!word || !canAnswer(state)) return;
    dispatch({ type: 'fade' });
    fadeTimer.current = setTimeout(showNext, cardFadeMs(mobile));
  };

  // The control pressed (Reveal Now, I know it) leaves the page as the card changes: the focus stays in
  // the card, so the next Tab goes to the card's own controls and not to the footer.
  const card = useRef<HTMLElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) {
      changed.current = true;
      return;
    }
    const focused = document.activeElement;
    if (!focused || focused === document.body) card.current?.focus({ preventScroll: true });
  }, [revealed, round]);

  const grading = !!word?.intervals;
  const keysMode = cardKeysMode(state, grading);
  useCardKeys(
    keysMode === 'next'
      ? { next: moveOn }
      : keysMode === 'grade'
        ? { reveal, grade: (grade) => answer(grade !== 'again', grade) }
        : { reveal, right: () => answer(true), wrong: () => answer(false) },
  );

  return {
    word,
    state,
    /** 'New word!' waits until the drawing is hydrated: which words this browser has seen is its own. */
    isNew: hydrated && !!shown?.isNew,
    grading,
    mobile,
    user,
    typing,
    setTyping,
    type: (text: string) => dispatch({ type: 'type', text }),
    reveal,
    check,
    answer,
    moveOn,
    elapsed,
    card,
  };
}

/** A review card's word has a memory card, so it was answered before, whatever this browser remembers. */
const isNewCard = (seen: readonly number[], word: CardWord) => !word.intervals && isNewWord(seen, word.id);

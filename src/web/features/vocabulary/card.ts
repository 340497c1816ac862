import type { Judgement } from '../../../shared/judge';

/** The word on the card and whether it was unseen when it came up: the 'New word!' marker stays for the whole card. */
export interface Shown {
  id: number;
  isNew: boolean;
}

/**
 * Where the flash card is (docs/product-rules.md#flash-cards): the word shown, whether its answer is
 * revealed, the round of the countdown (one per word shown), the fade before the next word, what the
 * learner typed and the judge's verdict on it.
 */
export interface CardState {
  shown: Shown | null;
  revealed: boolean;
  round: number;
  fading: boolean;
  typed: string;
  judgement: Judgement | null;
}

export type CardEvent =
  | { type: 'show'; shown: Shown | null }
  | { type: 'reveal' }
  | { type: 'judge'; judgement: Judgement }
  | { type: 'type'; text: string }
  | { type: 'fade' };

export const firstCard = (shown: Shown | null): CardState => ({
  shown,
  revealed: false,
  round: 0,
  fading: false,
  typed: '',
  judgement: null,
});

/** The answer shows once per word, and not while the card fades out. */
export const canReveal = (state: CardState) => state.shown !== null && !state.revealed && !state.fading;

/** An answer counts once the answer is revealed, and once: the fade that follows it takes the buttons away. */
export const canAnswer = (state: CardState) => state.shown !== null && state.revealed && !state.fading;

export function cardReducer(state: CardState, event: CardEvent): CardState {
  switch (event.type) {
    case 'show':
      return { shown: event.shown, revealed: false, round: state.round + 1, fading: false, typed: '', judgement: null };
    case 'reveal':
      return canReveal(state) ? { ...state, revealed: true } : state;
    case 'judge':
      return { ...state, judgement: event.judgement };
    case 'type':
      return { ...state, typed: event.text };
    case 'fade':
      return canAnswer(state) ? { ...state, fading: true } : state;
  }
}

/**
 * What the keys do on the card: a judged answer counts as the verdict says, so only its Next goes on; a
 * review card is graded (docs/decisions/0039-review-controls.md); any other is 'I know it' or 'Still learning'.
 */
export const cardKeysMode = (state: CardState, grading: boolean): 'next' | 'grade' | 'know-it' =>
  state.judgement ? 'next' : grading ? 'grade' : 'know-it';

/** What the server says of an answer, as far as the drill's steps need it. */
interface Judged {
  correct: boolean;
  word: { english: string };
}

/**
 * Where the listening drill is (docs/decisions/0032-listening-drill.md): the word of the round, the
 * answer given or being typed, whether it is on its way (saving), waiting in the save queue (kept) or
 * judged (result), and how many were right.
 */
export interface DrillState<R extends Judged> {
  index: number;
  given: string;
  typed: string;
  saving: boolean;
  kept: boolean;
  result: R | null;
  right: number;
}

export type DrillEvent<R extends Judged> =
  | { type: 'type'; text: string }
  | { type: 'send'; answer: string }
  | { type: 'judged'; result: R }
  | { type: 'kept' }
  | { type: 'sent' }
  | { type: 'next' };

export const drillStart = <R extends Judged>(): DrillState<R> => ({
  index: 0,
  given: '',
  typed: '',
  saving: false,
  kept: false,
  result: null,
  right: 0,
});

/** One answer a word: none while one is on its way, kept or judged, and never an empty one. */
export const canAnswer = <R extends Judged>(state: DrillState<R>, text: string) =>
  !state.result && !state.saving && !state.kept && text.trim() !== '';

export const isDone = <R extends Judged>(state: DrillState<R>, words: number) => state.index >= words;

export function drillReducer<R extends Judged>(state: DrillState<R>, event: DrillEvent<R>): DrillState<R> {
  switch (event.type) {
    case 'type':
      return { ...state, typed: event.text };
    case 'send':
      return canAnswer(state, event.answer) ? { ...state, given: event.answer, saving: true } : state;
    case 'judged':
      return { ...state, result: event.result, right: state.right + (event.result.correct ? 1 : 0) };
    case 'kept':
      return { ...state, kept: true };
    case 'sent':
      return { ...state, saving: false };
    case 'next':
      return { ...state, result: null, kept: false, given: '', typed: '', index: state.index + 1 };
  }
}

/** How a meaning to choose shows once judged: the word's own right, the one chosen if not it wrong, the rest dimmed. */
export function optionMark<R extends Judged>(state: DrillState<R>, option: string): '' | 'right' | 'wrong' | 'dim' {
  if (!state.result) return '';
  if (option === state.result.word.english) return 'right';
  return option === state.given ? 'wrong' : 'dim';
}

import type { SpellingLexicon } from '../../shared/arabizi';
import { judgeAnswer, type Judgement } from '../../shared/judge';

/**
 * The conversation partner's rules (docs/decisions/0072-conversation-partner.md), pure and shared by the
 * server and the browser: what a scenario holds, and how a learner's line is understood.
 */

export interface Partner {
  name: string;
  gender: 'male' | 'female';
}

/** A line in Lebanese: arabizi and Arabic script. */
export interface Said {
  arabizi: string;
  arabic: string;
}

/** One thing the learner may answer a partner's turn with: example replies, the turn it leads to, the checklist items it does. */
export interface Expected {
  intent: string;
  says: Said[];
  next: string;
  /** Checklist items done, by their index. */
  ticks: number[];
}

export interface ScenarioWord {
  key: string;
  arabizi: string;
  english: string;
}

/** A line of a conversation's transcript. */
export type TalkLine =
  | { who: 'partner'; arabizi: string; arabic: string; english: string; by: 'scripted' | 'ai' }
  | { who: 'learner'; text: string; spoken: boolean; understood: boolean };

/** A learner's line and the line as the partner corrected it, with why. */
export interface Correction {
  said: string;
  corrected: string;
  explanation: string;
}

/** The most characters of a learner's line (docs/product-rules.md#conversations). */
export const LINE_MAX = 300;
/** The most lines a learner says in one conversation: past it the conversation has ended. */
export const LEARNER_LINES_MAX = 30;

/**
 * How the partner took a learner's line: understood as said, understood with a slip (its example is the
 * correction, and `why` the checker's words on which words are off), or not understood.
 */
export type Understanding =
  | { intent: Expected; example: Said; slip: false }
  | { intent: Expected; example: Said; slip: true; why: string }
  | null;

/**
 * Whether a typed line says an example reply. The one call of the shared answer checker here, so a
 * better checker changes the partner's understanding in one place.
 */
export function saysExample(line: string, example: string, lexicon: SpellingLexicon): Judgement {
  return judgeAnswer(line, example, lexicon);
}

/** The first expected reply a typed line says, an exact one before one with a slip. */
export function understandTyped(line: string, expects: readonly Expected[], lexicon: SpellingLexicon): Understanding {
  let slipped: Understanding = null;
  for (const intent of expects) {
    for (const example of intent.says) {
      const judged = saysExample(line, example.arabizi, lexicon);
      if (judged.verdict === 'right') return { intent, example, slip: false };
      if (judged.verdict === 'almost' && !slipped) slipped = { intent, example, slip: true, why: judged.message };
    }
  }
  return slipped;
}

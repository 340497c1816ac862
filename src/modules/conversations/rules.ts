import type { SpellingLexicon } from '../../shared/arabizi';
import { judgeAnswer, type Judgement } from '../../shared/judge';
import { sameArabic } from '../../shared/arabic';

/**
 * The conversation partner's rules (docs/decisions/0072-conversation-partner.md), pure and shared by the
 * server and the browser: what a scenario holds, and how a learner's line is understood.
 */

/** The longest recording sent for transcription, base64: a few seconds of speech within the JSON body's 64 KiB. */
export const RECORDING_CHARS = 60_000;
/** The recording types a browser's MediaRecorder makes, as the transcription accepts them. */
export const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;
/** The longest a browser records a line for transcription. */
export const RECORDING_MAX_MS = 5000;

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

/** A line the learner gave: typed in arabizi, or said (what recognition heard, its alternatives). */
export type LearnerLine = string | { heard: string[] };

/** A partner's turn of the scripted graph, as the browser gets it to talk without a network. */
export interface ScriptTurn {
  key: string;
  arabizi: string;
  arabic: string;
  english: string;
  hint: string | null;
  /** What the partner says again, in other words, when nothing of the learner's line matched. */
  rephrase: { arabizi: string; arabic: string; english: string } | null;
  expects: Expected[];
}

/** How the scripted partner takes a line: typed, by the answer checker; said, when one alternative says an example's Arabic. */
export function understandLine(line: LearnerLine, expects: readonly Expected[], lexicon: SpellingLexicon): Understanding {
  if (typeof line === 'string') return understandTyped(line, expects, lexicon);
  for (const intent of expects) {
    for (const example of intent.says) if (line.heard.some((h) => sameArabic(h, example.arabic))) return { intent, example, slip: false };
  }
  return null;
}

/** The turn a conversation is at (an unknown key, as the graph changed under a kept conversation: the first). */
export const turnAt = (turns: readonly ScriptTurn[], key: string) => turns.find((t) => t.key === key) ?? turns[0]!;

/**
 * One of the learner's lines through the scripted partner, the same on the server and, without a
 * network, in the browser: what it understood, its answer (the turn the reply leads to, or this one
 * said again in other words), the checklist items done and the correction of a slip.
 */
export function scriptedStep(turns: readonly ScriptTurn[], at: string, line: LearnerLine, lexicon: SpellingLexicon) {
  const turn = turnAt(turns, at);
  const understood = understandLine(line, turn.expects, lexicon);
  const next = understood ? turnAt(turns, understood.intent.next) : turn;
  const said = next === turn && !understood ? (turn.rephrase ?? turn) : next;
  const text = typeof line === 'string' ? line : line.heard[0]!;
  return {
    understood,
    learner: { who: 'learner', text, spoken: typeof line !== 'string', understood: understood !== null } satisfies TalkLine,
    partner: { arabizi: said.arabizi, arabic: said.arabic, english: said.english },
    next: next.key,
    ticks: understood?.intent.ticks ?? [],
    correction: understood?.slip
      ? ({ said: text, corrected: understood.example.arabizi, explanation: understood.why } satisfies Correction)
      : null,
  };
}

/** Whether a conversation at this turn has come to its end: the turn expects no reply, or the learner has said the most lines. */
export const scriptEnded = (turns: readonly ScriptTurn[], at: string, learnerLines: number) =>
  turnAt(turns, at).expects.length === 0 || learnerLines >= LEARNER_LINES_MAX;

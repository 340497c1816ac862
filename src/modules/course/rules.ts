/** What the course shows a learner, shared with the browser (docs/decisions/0076-the-course.md). */

/** Questions in a unit's placement check, and the right answers that pass it. */
export const PLACEMENT_QUESTIONS = 4;
export const PLACEMENT_PASS = 3;

export type StepKind = 'words' | 'grammar' | 'lesson' | 'dialogue' | 'conversation';

export interface StepView {
  kind: StepKind;
  /** The topic name (words), grammar page key, or lesson, dialogue or conversation scenario id: what its screen's address holds. */
  key: string;
  title: string;
  /** What the learner sees on the path: "Practise the words of Greetings", "Lesson: ...". */
  label: string;
  done: boolean;
  /** Premium, and the learner has neither trial nor subscription. */
  locked: boolean;
  premium: boolean;
  /** Words answered right of the step's words (a words step). */
  progress?: { done: number; of: number };
}

export interface UnitView {
  key: string;
  title: string;
  number: number;
  premium: boolean;
  locked: boolean;
  done: boolean;
  /** The unit the learner is in: the first not done. */
  current: boolean;
  steps: StepView[];
}

export interface CoursePath {
  units: UnitView[];
  /** The unit a placement check placed the learner in, if one did. */
  placedIn: string | null;
}

export interface TodaysPlan {
  reviewsDue: number;
  newWordsLeft: number;
  newWordsPerDay: number;
  unit: { key: string; title: string; number: number; locked: boolean; stepsDone: number; steps: number } | null;
  next: StepView | null;
  courseDone: boolean;
}

export interface PlacementQuiz {
  unit: string;
  pass: number;
  questions: { wordId: number; english: string }[];
}

export interface PlacementResult {
  unit: string;
  right: number;
  total: number;
  passed: boolean;
  answers: { wordId: number; english: string; lebanese: string; right: boolean }[];
  placedIn: string | null;
}

const LABELS: Record<StepKind, (title: string) => string> = {
  words: (title) => `Practise the words of ${title}`,
  grammar: (title) => `Read: ${title}`,
  lesson: (title) => `Lesson: ${title}`,
  dialogue: (title) => `Dialogue: ${title}`,
  conversation: (title) => `Conversation: ${title}`,
};

export const stepView = (step: Omit<StepView, 'label'>): StepView => ({ ...step, label: LABELS[step.kind](step.title) });

export type { LetterAnswerResult, LetterView } from '../../../modules/letters/service';

/** Query keys are the paths they GET (src/web/lib/query.ts). */
export const LETTERS_KEY = ['/api/letters'] as const;

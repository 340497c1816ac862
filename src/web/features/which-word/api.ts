export type { WhichWordQuestion, WhichWordRound, WhichWordTopic } from '../../../modules/which-word/service';

/** Query keys are the paths they GET (src/web/lib/query.ts). */
export const TOPICS_KEY = ['/api/which-word/topics'] as const;
export const roundKey = (topic: string) => [`/api/which-word/topics/${encodeURIComponent(topic)}`] as const;

/** What POST /api/words/{id}/progress answers that the game reads. */
export interface AnswerReply {
  streak: { currentStreak: number; bestStreak: number } | null;
}

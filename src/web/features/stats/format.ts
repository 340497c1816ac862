import { formatDayWithWeekday } from '../../lib/format';

/**
 * Learning time as /stats shows it: hours and minutes, or minutes alone under an hour; some time under a
 * minute is 'under a minute', not '0 minutes' (a feature used for 40 seconds was used).
 */
export function formatLearningTime(seconds: number): string {
  if (seconds > 0 && seconds < 60) return 'under a minute';
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return hours > 0 ? `${unit(hours, 'hour')} ${unit(rest, 'minute')}` : unit(minutes, 'minute');
}

/** The names the navigation gives the learning features the server measures time for (speaking: Say it and recordings, on any page). */
const FEATURE_NAMES: Record<string, string> = {
  words: 'All Words',
  topics: 'Topics',
  flagged: 'Flagged Words',
  'which-word': 'Which Word',
  listening: 'Listening',
  speaking: 'Speaking',
  letters: 'Letters',
  sentences: 'Sentences',
  lessons: 'Lessons',
  dialogues: 'Dialogues',
  conversations: 'Conversations',
};

export const featureName = (featureId: string) => FEATURE_NAMES[featureId] ?? featureId;

/** A forecast day as the chart's description reads it: today, tomorrow, then the weekday and date. */
export function dayLabel(date: string, index: number): string {
  if (index === 0) return 'Today';
  if (index === 1) return 'Tomorrow';
  return formatDayWithWeekday(date);
}

/** The share of reviews recalled, as a whole percentage; null before any review. */
export const retentionPercent = ({ reviews, recalled }: { reviews: number; recalled: number }) =>
  reviews > 0 ? Math.round((recalled / reviews) * 100) : null;

/** The share of answers that were right, as a whole percentage; 0 before any answer. */
export const accuracyPercent = ({ answered, correct }: { answered: number; correct: number }) =>
  answered > 0 ? Math.round((correct / answered) * 100) : 0;

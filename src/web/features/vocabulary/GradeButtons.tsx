import { GRADES, intervalLabel, type GradeName } from '../../../modules/review/rules';
import type { Intervals } from './hooks';
import './vocabulary.css';

const LABELS: Record<GradeName, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };

/**
 * Review's four grades (docs/decisions/0039-review-controls.md), each with the interval it schedules as the
 * server computed it for this card, on keys 1 to 4.
 */
export function GradeButtons({
  intervals,
  disabled,
  onGrade,
}: {
  intervals: Intervals;
  disabled: boolean;
  onGrade: (grade: GradeName) => void;
}) {
  return (
    <div className="grade-buttons" role="group" aria-label="How well did you remember it?">
      {GRADES.map((grade, i) => (
        <button
          key={grade}
          type="button"
          className={`button grade-${grade}${grade === 'again' ? ' button-secondary' : ''}`}
          onClick={() => onGrade(grade)}
          disabled={disabled}
          aria-keyshortcuts={String(i + 1)}
          aria-label={`${LABELS[grade]}, next in ${intervalLabel(intervals[grade])}`}
        >
          <span className="grade-name">
            {LABELS[grade]} <kbd aria-hidden="true">{i + 1}</kbd>
          </span>
          <span className="grade-interval" aria-hidden="true">
            {intervalLabel(intervals[grade])}
          </span>
        </button>
      ))}
    </div>
  );
}

/** The card's keys in Review. */
export const REVIEW_CARD_KEYS = [
  { keys: ['Space'], action: 'Reveal the answer' },
  { keys: ['Enter'], action: 'Check the answer you typed (with Type my answer on), then go on' },
  ...GRADES.map((grade, i) => ({ keys: [String(i + 1)], action: LABELS[grade] })),
];

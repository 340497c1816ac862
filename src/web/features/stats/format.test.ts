import { describe, expect, test } from 'bun:test';
import { dayLabel, featureName, formatLearningTime, retentionPercent } from './format';

describe('learning time', () => {
  test('minutes alone under an hour, hours and minutes above', () => {
    expect(formatLearningTime(0)).toBe('0 minutes');
    expect(formatLearningTime(59)).toBe('under a minute');
    expect(formatLearningTime(1)).toBe('under a minute');
    expect(formatLearningTime(60)).toBe('1 minute');
    expect(formatLearningTime(60)).toBe('1 minute');
    expect(formatLearningTime(59 * 60 + 59)).toBe('59 minutes');
    expect(formatLearningTime(3600)).toBe('1 hour 0 minutes');
    expect(formatLearningTime(2 * 3600 + 5 * 60)).toBe('2 hours 5 minutes');
    expect(formatLearningTime(-5)).toBe('0 minutes');
  });

  test('features are named as the navigation names them', () => {
    expect(featureName('which-word')).toBe('Which Word');
    expect(featureName('sentences')).toBe('Sentences');
    expect(featureName('something-new')).toBe('something-new');
  });
});

describe('review forecast', () => {
  test('days read as today, tomorrow, then weekday and date', () => {
    expect(dayLabel('2026-03-28', 0)).toBe('Today');
    expect(dayLabel('2026-03-29', 1)).toBe('Tomorrow');
    expect(dayLabel('2026-03-30', 2)).toBe('Mon 30 Mar');
  });

  test('retention is the share recalled, none before the first answer', () => {
    expect(retentionPercent({ reviews: 0, recalled: 0 })).toBeNull();
    expect(retentionPercent({ reviews: 3, recalled: 2 })).toBe(67);
  });
});

import { describe, expect, test } from 'bun:test';
import { featureName, formatLearningTime } from './format';

describe('learning time', () => {
  test('minutes alone under an hour, hours and minutes above', () => {
    expect(formatLearningTime(0)).toBe('0 minutes');
    expect(formatLearningTime(59)).toBe('0 minutes');
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

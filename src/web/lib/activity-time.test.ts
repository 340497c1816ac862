import { afterEach, expect, test } from 'bun:test';
import { activityEnded, activityNow, activityStarted, onActivityChange, type Activity } from './activity-time';

const reports: (Activity | undefined)[] = [];
const remove = onActivityChange((activity) => reports.push(activity));
afterEach(() => void (reports.length = 0));

test('each change reports the time before it for what it was spent on; speaking inside listening interrupts it', () => {
  activityStarted('listening');
  expect([activityNow(), ...reports]).toEqual(['listening', undefined]);
  activityStarted('speaking');
  activityStarted('speaking');
  activityEnded('speaking');
  expect([activityNow(), ...reports]).toEqual(['speaking', undefined, 'listening']);
  activityEnded('speaking');
  expect(activityNow()).toBe('listening');
  activityEnded('listening');
  expect([activityNow(), ...reports]).toEqual([undefined, undefined, 'listening', 'speaking', 'listening']);
});

test('an end with nothing started reports nothing', () => {
  activityEnded('listening');
  activityEnded('speaking');
  expect(reports).toEqual([]);
  remove();
  activityStarted('listening');
  activityEnded('listening');
  expect(reports).toEqual([]);
});

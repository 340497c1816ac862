import { describe, expect, test } from 'bun:test';
import { canAnswer, drillReducer, drillStart, isDone, optionMark, type DrillEvent, type DrillState } from './drill';

type Reply = { correct: boolean; word: { english: string } };
const run = (state: DrillState<Reply>, ...events: DrillEvent<Reply>[]) => events.reduce(drillReducer<Reply>, state);
const start = drillStart<Reply>();
const hello = (correct: boolean): Reply => ({ correct, word: { english: 'hello' } });

describe('the listening drill, step by step (docs/decisions/0032-listening-drill.md)', () => {
  test('an empty answer is no answer', () => {
    expect(canAnswer(start, '   ')).toBe(false);
    expect(run(start, { type: 'send', answer: '' })).toBe(start);
  });

  test('one answer a word: none while one is on its way, judged or kept', () => {
    const sending = run(start, { type: 'send', answer: 'hello' });
    expect(sending).toMatchObject({ given: 'hello', saving: true });
    expect(canAnswer(sending, 'thanks')).toBe(false);
    expect(run(sending, { type: 'send', answer: 'thanks' }).given).toBe('hello');
    const judged = run(sending, { type: 'judged', result: hello(true) }, { type: 'sent' });
    expect(judged.saving).toBe(false);
    expect(canAnswer(judged, 'thanks')).toBe(false);
    const kept = run(sending, { type: 'kept' }, { type: 'sent' });
    expect(canAnswer(kept, 'thanks')).toBe(false);
  });

  test('the score counts the right answers only', () => {
    const two = run(
      start,
      { type: 'send', answer: 'hello' },
      { type: 'judged', result: hello(true) },
      { type: 'sent' },
      { type: 'next' },
      { type: 'send', answer: 'bye' },
      { type: 'judged', result: hello(false) },
      { type: 'sent' },
      { type: 'next' },
    );
    expect(two.right).toBe(1);
    expect(isDone(two, 2)).toBe(true);
    expect(isDone(two, 3)).toBe(false);
  });

  test('the next word clears the answer, the typing, the verdict and a kept answer', () => {
    const kept = run(start, { type: 'type', text: 'marhaba' }, { type: 'send', answer: 'marhaba' }, { type: 'kept' }, { type: 'sent' });
    expect(run(kept, { type: 'next' })).toEqual({ index: 1, given: '', typed: '', saving: false, kept: false, result: null, right: 0 });
  });

  test("once judged, the word's meaning is right, the one chosen instead wrong, the others dimmed", () => {
    expect(optionMark(start, 'hello')).toBe('');
    const wrong = run(start, { type: 'send', answer: 'thanks' }, { type: 'judged', result: hello(false) });
    expect(optionMark(wrong, 'hello')).toBe('right');
    expect(optionMark(wrong, 'thanks')).toBe('wrong');
    expect(optionMark(wrong, 'bye')).toBe('dim');
  });
});

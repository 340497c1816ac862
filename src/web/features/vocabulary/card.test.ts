import { describe, expect, test } from 'bun:test';
import { judgeAnswer } from '../../../shared/judge';
import { canAnswer, canReveal, cardKeysMode, cardReducer, firstCard, type CardEvent, type CardState } from './card';

const run = (state: CardState, ...events: CardEvent[]) => events.reduce(cardReducer, state);
const kifak = { id: 7, isNew: true };
const marhaba = { id: 9, isNew: false };

describe('the flash card, step by step (docs/product-rules.md#flash-cards)', () => {
  test('a card starts on its word, the answer hidden, nothing typed', () => {
    const card = firstCard(kifak);
    expect(card).toEqual({ shown: kifak, revealed: false, round: 0, fading: false, typed: '', judgement: null });
    expect(canReveal(card)).toBe(true);
    expect(canAnswer(card)).toBe(false);
  });

  test('an answer counts only once the word is revealed', () => {
    const hidden = firstCard(kifak);
    expect(run(hidden, { type: 'fade' })).toBe(hidden);
    const revealed = run(hidden, { type: 'reveal' });
    expect(revealed.revealed).toBe(true);
    expect(canAnswer(revealed)).toBe(true);
    expect(canReveal(revealed)).toBe(false);
  });

  test('the fade after an answer takes the answer and the reveal away until the next word', () => {
    const fading = run(firstCard(kifak), { type: 'reveal' }, { type: 'fade' });
    expect(fading.fading).toBe(true);
    expect(canAnswer(fading)).toBe(false);
    expect(canReveal(fading)).toBe(false);
    expect(run(fading, { type: 'fade' })).toBe(fading);
  });

  test('the next word starts a new round: hidden, nothing typed, no verdict, no fade', () => {
    const judged = run(
      firstCard(kifak),
      { type: 'type', text: 'kifak' },
      { type: 'reveal' },
      { type: 'judge', judgement: judgeAnswer('kifak', 'kifak') },
      { type: 'fade' },
    );
    const next = run(judged, { type: 'show', shown: marhaba });
    expect(next).toEqual({ shown: marhaba, revealed: false, round: 1, fading: false, typed: '', judgement: null });
    expect(run(next, { type: 'show', shown: kifak }).round).toBe(2);
  });

  test('no word to show is a card with nothing to reveal', () => {
    expect(canReveal(firstCard(null))).toBe(false);
    expect(canReveal(run(firstCard(kifak), { type: 'show', shown: null }))).toBe(false);
  });

  test('keys: a judged answer only goes on, a review card is graded, any other is I know it or Still learning', () => {
    const revealed = run(firstCard(kifak), { type: 'reveal' });
    expect(cardKeysMode(revealed, false)).toBe('know-it');
    expect(cardKeysMode(revealed, true)).toBe('grade');
    const judged = run(revealed, { type: 'judge', judgement: judgeAnswer('shu', 'kifak') });
    expect(judged.judgement?.verdict).toBe('wrong');
    expect(cardKeysMode(judged, true)).toBe('next');
    expect(cardKeysMode(judged, false)).toBe('next');
  });
});

import { describe, expect, test } from 'bun:test';
import { applyStandings } from './standings';

const board = {
  allTime: { entries: [{ rank: 1, username: 'rana', points: 30 }], viewer: { rank: 2, username: 'nour', points: 20 } },
  thisWeek: {
    since: '2026-11-23T00:00:00.000Z',
    entries: [{ rank: 1, username: 'rana', points: 30 }],
    viewer: { rank: 2, username: 'nour', points: 20 },
  },
};

describe('applyStandings', () => {
  test('takes the new entries, and the viewer’s place from them', () => {
    const entries = [
      { rank: 1, username: 'nour', points: 40 },
      { rank: 2, username: 'rana', points: 30 },
    ];
    const { board: next, stale } = applyStandings(board, { allTime: entries, thisWeek: { since: board.thisWeek.since, entries } });
    expect(stale).toBe(false);
    expect(next.allTime).toEqual({ entries, viewer: { rank: 1, username: 'nour', points: 40 } });
    expect(next.thisWeek.viewer).toEqual({ rank: 1, username: 'nour', points: 40 });
  });

  test('a viewer outside the top entries keeps their place and is marked to be read again', () => {
    const entries = [{ rank: 1, username: 'rana', points: 50 }];
    const { board: next, stale } = applyStandings(board, {
      allTime: entries,
      thisWeek: { since: '2026-11-30T00:00:00.000Z', entries: [] },
    });
    expect(stale).toBe(true);
    expect(next.allTime).toEqual({ entries, viewer: board.allTime.viewer });
    expect(next.thisWeek).toEqual({ since: '2026-11-30T00:00:00.000Z', entries: [], viewer: board.thisWeek.viewer });
  });
});

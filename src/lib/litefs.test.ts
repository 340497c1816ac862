import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPrimary, primaryHost, replayOnPrimary } from './litefs';

/** A directory laid out as LiteFS lays out its mount: `.lag` always, `.primary` on a connected replica. */
function mount(files: { lag?: number; primary?: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-litefs-'));
  // LiteFS's format: a signed, zero-padded count of milliseconds (docs/decisions/0034-cluster-rehearsal.md).
  if (files.lag !== undefined)
    writeFileSync(join(dir, '.lag'), `${files.lag >= 0 ? '+' : '-'}${String(Math.abs(files.lag)).padStart(10, '0')}\n`);
  if (files.primary !== undefined) writeFileSync(join(dir, '.primary'), `${files.primary}\n`);
  return dir;
}

describe("this machine's part in a LiteFS cluster", () => {
  test('without LiteFS the process is the primary', () => {
    expect(isPrimary(undefined)).toBe(true);
    expect(replayOnPrimary(undefined)).toBeUndefined();
  });

  test('the LiteFS primary: no .primary, and a lag of 0', () => {
    const dir = mount({ lag: 0 });
    expect([isPrimary(dir), primaryHost(dir), replayOnPrimary(dir)]).toEqual([true, null, undefined]);
  });

  test('a connected replica names its primary, and a write is replayed there', () => {
    const dir = mount({ lag: 12, primary: 'machine-a' });
    expect([isPrimary(dir), primaryHost(dir)]).toEqual([false, 'machine-a']);
    expect(replayOnPrimary(dir)).toMatchObject({ status: 409, headers: { 'fly-replay': 'instance=machine-a' } });
  });

  test('a replica whose primary is gone shows no .primary but a lag that grows: it is no primary, and a write is asked again later', () => {
    const dir = mount({ lag: 2_147_483_647 });
    expect([isPrimary(dir), primaryHost(dir)]).toEqual([false, null]);
    expect(replayOnPrimary(dir)).toMatchObject({
      status: 503,
      message: 'The server that takes changes is restarting. Please try again in a moment.',
    });
  });

  test('a mount that cannot be read is an error, not a guess', () => {
    const dir = mount({ lag: 0 });
    mkdirSync(join(dir, '.primary'));
    expect(() => isPrimary(dir)).toThrow();
  });
});

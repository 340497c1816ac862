import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from '../db/client';
import { EventHub, MAX_BACKLOG } from './events';

/** The hub's plumbing is tested with payloads of any shape. */
type AnyChannels = Record<string, unknown>;

const dir = mkdtempSync(join(tmpdir(), 'kalimat-events-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let databases = 0;
/** A migrated database file of its own; `again` opens a second connection to it, as another process would. */
function database() {
  const path = join(dir, `events-${++databases}.db`);
  const db = openDatabase(path);
  migrateDatabase(db);
  return { db, again: () => openDatabase(path) };
}

/** Reads a stream until `until` holds for the text so far, then stops reading. */
async function readUntil(res: Response, until: (text: string) => boolean) {
  const reader = res.body!.getReader();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return text;
}

/**
 * Opens a tab of `userId` on `hub`, does `meanwhile`, and reads until `until` holds for the text so far;
 * the tab is closed after.
 */
async function listen(
  hub: EventHub<AnyChannels>,
  userId: number,
  until: (text: string) => boolean,
  opts: { lastEventId?: number } = {},
  meanwhile: () => unknown = () => {},
) {
  const abort = new AbortController();
  const reading = readUntil(hub.stream(userId, { ...opts, signal: abort.signal }), until);
  await meanwhile();
  const text = await reading;
  abort.abort();
  return text;
}

/** The id of the newest event a fresh tab of `userId` is replayed from the start. */
async function lastIdSeenBy(hub: EventHub<AnyChannels>, userId: number) {
  return Number(eventsIn(await listen(hub, userId, (t) => t.includes('event: '), { lastEventId: 0 })).at(-1)!.id);
}

const eventsIn = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.includes('event: '))
    .map((block) =>
      Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])),
    );

describe('the event stream', () => {
  test("a reconnecting tab gets what it missed after Last-Event-ID: its own events and everyone's, not another user's", async () => {
    const hub = new EventHub<AnyChannels>(database().db);
    hub.publish('subscription', { status: 'trial' }, 1);
    const seen = await lastIdSeenBy(hub, 1);
    hub.publish('subscription', { status: 'active' }, 1);
    hub.publish('subscription', { status: 'expired' }, 2);
    hub.publish('leaderboard', { top: [] });

    const text = await listen(hub, 1, (t) => t.includes('event: leaderboard'), { lastEventId: seen });
    expect(text).toStartWith('retry: 3000\n');
    expect(eventsIn(text).map((e) => [e.event, e.data])).toEqual([
      ['subscription', '{"status":"active"}'],
      ['leaderboard', '{"top":[]}'],
    ]);
    expect(Number(eventsIn(text)[0].id)).toBe(seen + 1);
  });

  test('a new tab gets no replay, then the events published while it listens, each once', async () => {
    const hub = new EventHub<AnyChannels>(database().db, { pollMs: 5 });
    hub.publish('subscription', { status: 'trial' }, 1);
    const text = await listen(
      hub,
      1,
      (t) => t.includes('"last"'),
      {},
      async () => {
        hub.publish('subscription', { status: 'active' }, 2);
        hub.publish('subscription', { status: 'active' }, 1);
        await Bun.sleep(30);
        hub.publish('leaderboard', { last: true });
      },
    );
    expect(eventsIn(text).map((e) => e.data)).toEqual(['{"status":"active"}', '{"last":true}']);
  });

  test("an event published by another process reaches this one's tabs through the database", async () => {
    const { db, again } = database();
    const here = new EventHub<AnyChannels>(db, { pollMs: 5 });
    const there = new EventHub<AnyChannels>(again());
    const text = await listen(
      here,
      7,
      (t) => t.includes('event: subscription'),
      {},
      () => {
        there.publish('subscription', { status: 'active' }, 8);
        there.publish('subscription', { status: 'active', plan: 'yearly' }, 7);
      },
    );
    expect(eventsIn(text).map((e) => e.data)).toEqual(['{"status":"active","plan":"yearly"}']);
  });

  test('an id the database never gave (an old tab after a deploy) replays nothing', async () => {
    const hub = new EventHub<AnyChannels>(database().db);
    hub.publish('subscription', { status: 'trial' }, 1);
    const text = await listen(
      hub,
      1,
      (t) => t.includes('event: '),
      { lastEventId: Date.now() },
      () => hub.publish('leaderboard', { changed: true }),
    );
    expect(eventsIn(text).map((e) => e.event)).toEqual(['leaderboard']);
  });

  test('after a long absence a tab gets the newest event of each channel, however many piled up', async () => {
    const hub = new EventHub<AnyChannels>(database().db);
    hub.publish('subscription', { status: 'trial' }, 1);
    const seen = await lastIdSeenBy(hub, 1);
    hub.publish('subscription', { status: 'active' }, 1);
    for (let i = 0; i < 600; i++) hub.publish('leaderboard', { round: i });
    hub.publish('subscription', { status: 'cancelled' }, 1);
    hub.publish('subscription', { status: 'other' }, 2);
    const text = await listen(hub, 1, (t) => t.includes('cancelled'), { lastEventId: seen });
    expect(eventsIn(text).map((e) => e.data)).toEqual(['{"round":599}', '{"status":"cancelled"}']);
  });

  test("a tab gets this process's events in order with another process's earlier ones", async () => {
    const { db, again } = database();
    const here = new EventHub<AnyChannels>(db, { pollMs: 60_000 });
    const there = new EventHub<AnyChannels>(again());
    const text = await listen(
      here,
      1,
      (t) => t.includes('"second"'),
      {},
      () => {
        there.publish('subscription', { status: 'first' }, 1);
        here.publish('subscription', { status: 'second' }, 1);
      },
    );
    expect(eventsIn(text).map((e) => e.data)).toEqual(['{"status":"first"}', '{"status":"second"}']);
  });

  test('a tab whose session has ended is closed at the next heartbeat', async () => {
    const hub = new EventHub<AnyChannels>(database().db, { heartbeatMs: 5 });
    let signedIn = true;
    const res = hub.stream(1, { stillAllowed: () => signedIn });
    await readUntil(res, (t) => t.includes(': heartbeat'));
    signedIn = false;
    const rest = await readUntil(res, () => false);
    expect(rest).not.toContain('event: ');
    expect(hub.connections).toBe(0);
  });

  test('sends heartbeats so an idle stream is not closed, and forgets the tab when it goes', async () => {
    const hub = new EventHub<AnyChannels>(database().db, { heartbeatMs: 5 });
    const abort = new AbortController();
    const text = await readUntil(hub.stream(1, { signal: abort.signal }), (t) => t.split(': heartbeat').length > 2);
    expect(hub.connections).toBe(1);
    abort.abort();
    expect(text).toContain(': heartbeat\n\n');
    expect(hub.connections).toBe(0);
  });

  test('a tab is closed as soon as its sessions change and its own has ended, on every process', async () => {
    const { db, again } = database();
    const here = new EventHub<AnyChannels>(db, { heartbeatMs: 60_000, pollMs: 5 });
    const there = new EventHub<AnyChannels>(again(), { heartbeatMs: 60_000 });
    let signedIn = true;
    const res = here.stream(4, { stillAllowed: () => signedIn });
    const other = here.stream(5, { stillAllowed: () => false });
    await readUntil(res, (t) => t.includes(': connected'));
    await readUntil(other, (t) => t.includes(': connected'));
    signedIn = false;
    there.sessionsChanged(4);
    const rest = await readUntil(res, () => false);
    expect(rest).not.toContain('$sessions');
    expect(here.connections).toBe(1);
    other.body!.cancel();
  });

  test('publishLatest sends at most one event per interval, carrying the newest state', async () => {
    const hub = new EventHub<AnyChannels>(database().db, { latestIntervalMs: 50 });
    let version = 0;
    const text = await listen(
      hub,
      1,
      (t) => t.includes('"version":30'),
      {},
      async () => {
        for (let i = 0; i < 30; i++) {
          version++;
          hub.publishLatest('leaderboard', () => ({ version }));
          await Bun.sleep(3);
        }
      },
    );
    const events = eventsIn(text);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.length).toBeLessThan(10);
    expect(events.at(-1)!.data).toBe('{"version":30}');
  });

  test('every tab gets the same encoded bytes of an event', async () => {
    const hub = new EventHub<AnyChannels>(database().db);
    const seen: Uint8Array[] = [];
    const streams = [1, 2, 3].map((userId) => hub.stream(userId));
    const readers = streams.map((res) => res.body!.getReader());
    for (const reader of readers) await reader.read();
    hub.publish('leaderboard', { board: [1, 2, 3] });
    for (const reader of readers) seen.push((await reader.read()).value!);
    expect(new TextDecoder().decode(seen[0])).toContain('data: {"board":[1,2,3]}');
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
    for (const reader of readers) await reader.cancel();
  });

  test('a tab whose browser stopped reading is dropped once its backlog is full, the others keep theirs', async () => {
    const hub = new EventHub<AnyChannels>(database().db);
    const asleep = hub.stream(1);
    const awake = hub.stream(2);
    const reader = awake.body!.getReader();
    for (let i = 0; i < MAX_BACKLOG + 10; i++) {
      hub.publish('leaderboard', { i });
      await reader.read();
    }
    expect(hub.connections).toBe(1);
    await reader.cancel();
    void asleep;
  });
});

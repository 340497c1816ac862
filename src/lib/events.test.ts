import { describe, expect, test } from 'bun:test';
import { EventHub } from './events';

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

const eventsIn = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.includes('event: '))
    .map((block) => Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])));

describe('the event stream', () => {
  test('a reconnecting tab gets what it missed after Last-Event-ID: its own events and everyone\'s, not another user\'s', async () => {
    const hub = new EventHub();
    hub.publish('subscription', { status: 'trial' }, 1);
    const seen = hub['recent'].at(-1)!.id;
    hub.publish('subscription', { status: 'active' }, 1);
    hub.publish('subscription', { status: 'expired' }, 2);
    hub.publish('leaderboard', { top: [] });

    const abort = new AbortController();
    const text = await readUntil(hub.stream(1, seen, abort.signal), (t) => t.includes('event: leaderboard'));
    abort.abort();
    expect(text).toStartWith('retry: 3000\n');
    expect(eventsIn(text).map((e) => [e.event, e.data])).toEqual([
      ['subscription', '{"status":"active"}'],
      ['leaderboard', '{"top":[]}'],
    ]);
    expect(Number(eventsIn(text)[0].id)).toBe(seen + 1);
  });

  test('a new tab gets no replay, then the events published while it listens', async () => {
    const hub = new EventHub();
    hub.publish('subscription', { status: 'trial' }, 1);
    const abort = new AbortController();
    const res = hub.stream(1, undefined, abort.signal);
    const reading = readUntil(res, (t) => t.includes('event: '));
    hub.publish('subscription', { status: 'active' }, 2);
    hub.publish('subscription', { status: 'active' }, 1);
    const text = await reading;
    abort.abort();
    expect(eventsIn(text).map((e) => e.data)).toEqual(['{"status":"active"}']);
  });

  test('sends heartbeats so an idle stream is not closed, and forgets the tab when it goes', async () => {
    const hub = new EventHub(5);
    const abort = new AbortController();
    const text = await readUntil(hub.stream(1, undefined, abort.signal), (t) => t.split(': heartbeat').length > 2);
    expect(hub.connections).toBe(1);
    abort.abort();
    expect(text).toContain(': heartbeat\n\n');
    expect(hub.connections).toBe(0);
  });
});

import { and, eq, gt, inArray, isNull, lt, lte, max, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Channels } from '../shared/channels';
import { HOUR_MS } from './clock';
import { serverEvents } from './schema';

/**
 * The server-sent events hub: one stream per browser tab (browsers allow only six per origin), shared
 * by every channel. A module publishes to one user or to everyone. Each event is a row of
 * `server_events`: the publishing process delivers it to its own tabs at once, and every process polls
 * the table while it has tabs, so a tab connected to another machine (a LiteFS replica sees the row
 * once replicated) gets it too. A reconnecting browser sends Last-Event-ID and gets what it missed.
 *
 * An event is encoded once, and the same bytes are written to every stream that gets it; a stream whose
 * browser stopped reading is dropped once its backlog is full, instead of holding memory without limit
 * (docs/decisions/0008).
 */
interface Frame {
  /** Undefined only when the event could not be recorded: it still reaches this process's tabs. */
  id?: number;
  channel: string;
  /** Only this user receives it; undefined: everyone signed in. */
  userId?: number;
  bytes: Uint8Array;
}

interface Tab {
  userId: number;
  /** Events up to this id were replayed to the tab already. */
  replayedUpTo: number;
  write(bytes: Uint8Array): void;
  /** Closes the tab at once if its session has ended. */
  recheck(): void;
  /** Ends the stream, telling the browser to reconnect after retryMs and to resume after lastId. */
  end(retryMs: number, lastId: number): void;
}

const POLL_LIMIT = 500;
const KEEP_MS = HOUR_MS;
const PRUNE_EVERY = 100;
export const HEARTBEAT_MS = 8_000;
export const POLL_MS = 500;
/**
 * A channel published with publishLatest goes out at most once in this interval: twice a second is as
 * live as a leaderboard reads, and every event is written to every open stream (docs/decisions/0008).
 */
export const LATEST_INTERVAL_MS = 500;
/** Chunks a stream may hold for a browser that does not read before it is dropped (a few minutes of events). */
export const MAX_BACKLOG = 256;
/** Not sent to browsers: tells every process that a user's sessions changed, so their tabs are checked. */
const SESSIONS_CHANGED = '$sessions';

const encoder = new TextEncoder();
const frameOf = (channel: string, json: string, id?: number, userId?: number): Frame => ({
  id,
  channel,
  userId,
  bytes: encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}event: ${channel}\ndata: ${json}\n\n`),
});
const rowFrame = (row: typeof serverEvents.$inferSelect) => frameOf(row.channel, row.data, row.id, row.userId ?? undefined);

/** A hub is typed by its channel map: the app's (src/shared/channels.ts), or any map for a test. */
export class EventHub<C extends object = Channels> {
  private tabs = new Set<Tab>();
  private polledUpTo = 0;
  private poller: ReturnType<typeof setInterval> | null = null;
  private published = 0;
  private latest = new Map<string, { compute: () => C[keyof C & string]; timer: ReturnType<typeof setTimeout> | null; sentAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly opts: { heartbeatMs?: number; pollMs?: number; latestIntervalMs?: number } = {},
  ) {}

  /**
   * Records the event; this process's tabs get it at once, in id order with what other processes
   * published before it, and other processes' tabs when they poll.
   */
  publish<K extends keyof C & string>(channel: K, data: C[K], userId?: number) {
    this.record(channel, data, userId);
  }

  private record(channel: string, data: unknown, userId?: number) {
    const json = JSON.stringify(data);
    try {
      this.db
        .insert(serverEvents)
        .values({ channel, data: json, userId: userId ?? null })
        .run();
      if (++this.published % PRUNE_EVERY === 0) {
        this.db
          .delete(serverEvents)
          .where(lt(serverEvents.createdAt, new Date(Date.now() - KEEP_MS)))
          .run();
      }
    } catch {
      // Publishing follows a change already made; a database that refuses the row (closing, read-only)
      // must not turn that into a failure. This process's tabs still hear of it.
      this.deliver(frameOf(channel, json, undefined, userId));
      return;
    }
    this.poll();
  }

  /**
   * For a channel that changes with every answer (the leaderboard): at most one event per interval,
   * to everyone, carrying what `compute` returns when it goes out, so the newest state is sent once
   * however many changes it covers. The first change after a quiet spell goes out on the next turn
   * of the event loop, after the transaction that made it has committed.
   */
  publishLatest<K extends keyof C & string>(channel: K, compute: () => C[K]) {
    let entry = this.latest.get(channel);
    if (!entry) this.latest.set(channel, (entry = { compute, timer: null, sentAt: -Infinity }));
    entry.compute = compute;
    if (entry.timer) return;
    const current = entry;
    const wait = Math.max(0, current.sentAt + (this.opts.latestIntervalMs ?? LATEST_INTERVAL_MS) - Date.now());
    current.timer = setTimeout(() => {
      current.timer = null;
      current.sentAt = Date.now();
      this.publish(channel, current.compute());
    }, wait);
    current.timer.unref?.();
  }

  /**
   * A user's sessions changed (logout, a password change or reset, deletion): their open tabs, on
   * every process, are checked at once, and those whose session ended are closed. Sent after the
   * caller's transaction has committed.
   */
  sessionsChanged(userId: number) {
    queueMicrotask(() => this.record(SESSIONS_CHANGED, null, userId));
  }

  /**
   * Ends every open stream with a `retry:` hint, so browsers reconnect (to another machine, or after a
   * restart), and the id of the last event delivered, which the browser sends back on reconnecting: what is
   * published meanwhile is replayed then, also to a tab that has had no event yet.
   */
  closeAll(retryMs: number) {
    this.poll();
    for (const tab of [...this.tabs]) tab.end(retryMs, this.polledUpTo);
  }

  get connections() {
    return this.tabs.size;
  }

  private deliver(frame: Frame) {
    for (const tab of this.tabs) {
      if (frame.id !== undefined && frame.id <= tab.replayedUpTo) continue;
      if (frame.userId !== undefined && frame.userId !== tab.userId) continue;
      if (frame.channel === SESSIONS_CHANGED) tab.recheck();
      else tab.write(frame.bytes);
    }
  }

  private lastId() {
    return (
      this.db
        .select({ id: max(serverEvents.id) })
        .from(serverEvents)
        .get()?.id ?? 0
    );
  }

  private poll() {
    if (this.tabs.size === 0) return;
    let rows: (typeof serverEvents.$inferSelect)[];
    try {
      rows = this.db
        .select()
        .from(serverEvents)
        .where(gt(serverEvents.id, this.polledUpTo))
        .orderBy(serverEvents.id)
        .limit(POLL_LIMIT)
        .all();
    } catch {
      // A busy or closing database: the open tabs are served at the next tick.
      return;
    }
    for (const row of rows) {
      this.polledUpTo = row.id;
      this.deliver(rowFrame(row));
    }
  }

  /**
   * What a tab missed after `lastEventId`: per channel, the newest of its own events and everyone's.
   * Every event says "this changed" or carries the newest state, so the newest suffices however many
   * a long absence piled up.
   */
  private missed(userId: number, lastEventId: number, upTo: number) {
    // An id from before the events were kept in the database (or from another database) is not a place to resume from.
    if (lastEventId > upTo) return [];
    const newest = this.db
      .select({ id: max(serverEvents.id) })
      .from(serverEvents)
      .where(
        and(gt(serverEvents.id, lastEventId), lte(serverEvents.id, upTo), or(isNull(serverEvents.userId), eq(serverEvents.userId, userId))),
      )
      .groupBy(serverEvents.channel);
    return this.db
      .select()
      .from(serverEvents)
      .where(inArray(serverEvents.id, newest))
      .orderBy(serverEvents.id)
      .all()
      .filter((row) => row.channel !== SESSIONS_CHANGED)
      .map(rowFrame);
  }

  /** A text/event-stream response for one user, replaying events after lastEventId. */
  stream(userId: number, opts: { lastEventId?: number; signal?: AbortSignal; stillAllowed?: () => boolean } = {}): Response {
    const { lastEventId, signal, stillAllowed = () => true } = opts;
    let cleanup = () => {};
    const hub = this;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const close = () => {
          cleanup();
          try {
            controller.close();
          } catch {}
        };
        const write = (bytes: Uint8Array) => {
          // A browser that stopped reading (a phone asleep with the tab open) is let go, not buffered for.
          if ((controller.desiredSize ?? 0) < -MAX_BACKLOG) return close();
          try {
            controller.enqueue(bytes);
          } catch {
            cleanup();
          }
        };
        const text = (s: string) => write(encoder.encode(s));
        text(`retry: 3000\n: connected\n\n`);
        const upTo = hub.lastId();
        if (lastEventId !== undefined) for (const frame of hub.missed(userId, lastEventId, upTo)) write(frame.bytes);
        const recheck = () => {
          if (!stillAllowed()) close();
        };
        const end = (retryMs: number, lastId: number) => {
          text(`id: ${lastId}\nretry: ${retryMs}\n\n`);
          close();
        };
        const tab: Tab = { userId, replayedUpTo: lastEventId === undefined ? 0 : upTo, write, recheck, end };
        hub.tabs.add(tab);
        if (!hub.poller) {
          hub.polledUpTo = upTo;
          hub.poller = setInterval(() => hub.poll(), hub.opts.pollMs ?? POLL_MS);
          hub.poller.unref?.();
        }
        // Bun closes connections idle for 10 s; a comment line more often keeps the stream open. A tab whose
        // session has ended and that no change told of (another machine's clock, an expiry) is closed then.
        const heartbeat = setInterval(() => (stillAllowed() ? text(`: heartbeat\n\n`) : close()), hub.opts.heartbeatMs ?? HEARTBEAT_MS);
        cleanup = () => {
          clearInterval(heartbeat);
          hub.tabs.delete(tab);
          if (hub.tabs.size === 0 && hub.poller) {
            clearInterval(hub.poller);
            hub.poller = null;
          }
        };
        signal?.addEventListener('abort', close);
      },
      cancel() {
        cleanup();
      },
    });
    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  }
}

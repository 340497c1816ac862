import { and, eq, gt, inArray, isNull, lt, lte, max, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverEvents } from './schema';

/**
 * The server-sent events hub: one stream per browser tab (browsers allow only six per origin), shared
 * by every channel. A module publishes to one user or to everyone. Each event is a row of
 * `server_events`: the publishing process delivers it to its own tabs at once, and every process polls
 * the table while it has tabs, so a tab connected to another machine (a LiteFS replica sees the row
 * once replicated) gets it too. A reconnecting browser sends Last-Event-ID and gets what it missed.
 */
export interface ServerEvent {
  /** Undefined only when the event could not be recorded: it still reaches this process's tabs. */
  id?: number;
  channel: string;
  data: unknown;
  /** Only this user receives it; undefined: everyone signed in. */
  userId?: number;
}

interface Tab {
  userId: number;
  /** Events up to this id were replayed to the tab already. */
  replayedUpTo: number;
  send(event: ServerEvent): void;
  /** Ends the stream, telling the browser to reconnect after retryMs and to resume after lastId. */
  end(retryMs: number, lastId: number): void;
}

const POLL_LIMIT = 500;
const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 100;
export const HEARTBEAT_MS = 8_000;
export const POLL_MS = 500;

const eventOf = (row: typeof serverEvents.$inferSelect): ServerEvent => ({ id: row.id, channel: row.channel, data: JSON.parse(row.data), userId: row.userId ?? undefined });

export class EventHub {
  private tabs = new Set<Tab>();
  private polledUpTo = 0;
  private poller: ReturnType<typeof setInterval> | null = null;
  private published = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: { heartbeatMs?: number; pollMs?: number } = {},
  ) {}

  /**
   * Records the event; this process's tabs get it at once, in id order with what other processes
   * published before it, and other processes' tabs when they poll.
   */
  publish(channel: string, data: unknown, userId?: number) {
    try {
      this.db.insert(serverEvents).values({ channel, data: JSON.stringify(data), userId: userId ?? null }).run();
      if (++this.published % PRUNE_EVERY === 0) {
        this.db.delete(serverEvents).where(lt(serverEvents.createdAt, new Date(Date.now() - KEEP_MS))).run();
      }
    } catch {
      // Publishing follows a change already made; a database that refuses the row (closing, read-only)
      // must not turn that into a failure. This process's tabs still hear of it.
      this.deliver({ channel, data, userId });
      return;
    }
    if (this.poller) this.poll();
  }

  /**
   * Ends every open stream with a `retry:` hint, so browsers reconnect (to another machine, or after a
   * restart), and the id of the last event delivered, which the browser sends back on reconnecting: what is
   * published meanwhile is replayed then, also to a tab that has had no event yet.
   */
  closeAll(retryMs: number) {
    if (this.tabs.size > 0) this.poll();
    for (const tab of [...this.tabs]) tab.end(retryMs, this.polledUpTo);
  }

  get connections() {
    return this.tabs.size;
  }

  private deliver(event: ServerEvent) {
    for (const tab of this.tabs) {
      if (event.id !== undefined && event.id <= tab.replayedUpTo) continue;
      if (event.userId === undefined || event.userId === tab.userId) tab.send(event);
    }
  }

  private lastId() {
    return this.db.select({ id: max(serverEvents.id) }).from(serverEvents).get()?.id ?? 0;
  }

  private poll() {
    let rows: (typeof serverEvents.$inferSelect)[];
    try {
      rows = this.db.select().from(serverEvents).where(gt(serverEvents.id, this.polledUpTo)).orderBy(serverEvents.id).limit(POLL_LIMIT).all();
    } catch {
      // A busy or closing database: the open tabs are served at the next tick.
      return;
    }
    for (const row of rows) {
      this.polledUpTo = row.id;
      this.deliver(eventOf(row));
    }
  }

  /**
   * What a tab missed after `lastEventId`: per channel, the newest of its own events and everyone's.
   * Every event says "this changed" (the client then reads the current state), so the newest suffices
   * however many a long absence piled up.
   */
  private missed(userId: number, lastEventId: number, upTo: number) {
    // An id from before the events were kept in the database (or from another database) is not a place to resume from.
    if (lastEventId > upTo) return [];
    const newest = this.db
      .select({ id: max(serverEvents.id) })
      .from(serverEvents)
      .where(and(gt(serverEvents.id, lastEventId), lte(serverEvents.id, upTo), or(isNull(serverEvents.userId), eq(serverEvents.userId, userId))))
      .groupBy(serverEvents.channel);
    return this.db.select().from(serverEvents).where(inArray(serverEvents.id, newest)).orderBy(serverEvents.id).all().map(eventOf);
  }

  /** A text/event-stream response for one user, replaying events after lastEventId. */
  stream(userId: number, opts: { lastEventId?: number; signal?: AbortSignal; stillAllowed?: () => boolean } = {}): Response {
    const { lastEventId, signal, stillAllowed = () => true } = opts;
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const hub = this;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanup();
          }
        };
        const send = (event: ServerEvent) => write(`${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.channel}\ndata: ${JSON.stringify(event.data)}\n\n`);
        const close = () => {
          cleanup();
          try {
            controller.close();
          } catch {}
        };
        write(`retry: 3000\n: connected\n\n`);
        const upTo = hub.lastId();
        const missed = lastEventId === undefined ? [] : hub.missed(userId, lastEventId, upTo);
        for (const event of missed) send(event);
        const end = (retryMs: number, lastId: number) => {
          write(`id: ${lastId}\nretry: ${retryMs}\n\n`);
          close();
        };
        const tab: Tab = { userId, replayedUpTo: lastEventId === undefined ? 0 : upTo, send, end };
        hub.tabs.add(tab);
        if (!hub.poller) {
          hub.polledUpTo = upTo;
          hub.poller = setInterval(() => hub.poll(), hub.opts.pollMs ?? POLL_MS);
          hub.poller.unref?.();
        }
        // Bun closes connections idle for 10 s; a comment line more often keeps the stream open. A tab whose
        // session has ended (logout, password change, deletion) is closed then.
        const heartbeat = setInterval(() => (stillAllowed() ? write(`: heartbeat\n\n`) : close()), hub.opts.heartbeatMs ?? HEARTBEAT_MS);
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

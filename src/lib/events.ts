import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
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
}

const REPLAY_LIMIT = 500;
const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY = 100;
export const HEARTBEAT_MS = 8_000;
export const POLL_MS = 500;

export class EventHub {
  private tabs = new Set<Tab>();
  /** Ids this process delivered when it published them, so the poll does not send them twice. */
  private deliveredHere = new Set<number>();
  private polledUpTo = 0;
  private poller: ReturnType<typeof setInterval> | null = null;
  private published = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: { heartbeatMs?: number; pollMs?: number } = {},
  ) {}

  /** Records the event and delivers it to this process's tabs; other processes deliver it when they poll. */
  publish(channel: string, data: unknown, userId?: number) {
    let id: number | undefined;
    try {
      id = this.db.insert(serverEvents).values({ channel, data: JSON.stringify(data), userId: userId ?? null }).returning({ id: serverEvents.id }).get().id;
      if (++this.published % PRUNE_EVERY === 0) {
        this.db.delete(serverEvents).where(lt(serverEvents.createdAt, new Date(Date.now() - KEEP_MS))).run();
      }
    } catch {
      // Publishing follows a change already made; a database that refuses the row (closing, read-only)
      // must not turn that into a failure. This process's tabs still hear of it.
    }
    if (id !== undefined && this.poller) this.deliveredHere.add(id);
    this.deliver({ id, channel, data, userId });
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
    return this.db.select({ id: serverEvents.id }).from(serverEvents).orderBy(desc(serverEvents.id)).limit(1).get()?.id ?? 0;
  }

  private poll() {
    let rows: (typeof serverEvents.$inferSelect)[];
    try {
      rows = this.db.select().from(serverEvents).where(gt(serverEvents.id, this.polledUpTo)).orderBy(serverEvents.id).limit(REPLAY_LIMIT).all();
    } catch {
      // The database is closing (shutdown, a test's end): nothing more to deliver.
      this.stopPolling();
      return;
    }
    for (const row of rows) {
      this.polledUpTo = row.id;
      if (this.deliveredHere.delete(row.id)) continue;
      this.deliver({ id: row.id, channel: row.channel, data: JSON.parse(row.data), userId: row.userId ?? undefined });
    }
  }

  private stopPolling() {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
    this.deliveredHere.clear();
  }

  /** What a tab missed after `lastEventId`: its own events and everyone's, oldest first. */
  private missed(userId: number, lastEventId: number) {
    // An id from before the events were kept in the database (or from another database) is not a place to resume from.
    if (lastEventId > this.lastId()) return [];
    return this.db
      .select()
      .from(serverEvents)
      .where(and(gt(serverEvents.id, lastEventId), or(isNull(serverEvents.userId), eq(serverEvents.userId, userId))))
      .orderBy(serverEvents.id)
      .limit(REPLAY_LIMIT)
      .all()
      .map((row): ServerEvent => ({ id: row.id, channel: row.channel, data: JSON.parse(row.data), userId: row.userId ?? undefined }));
  }

  /** A text/event-stream response for one user, replaying events after lastEventId. */
  stream(userId: number, lastEventId?: number, signal?: AbortSignal): Response {
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
        write(`retry: 3000\n: connected\n\n`);
        if (!hub.poller) {
          hub.polledUpTo = hub.lastId();
          hub.poller = setInterval(() => hub.poll(), hub.opts.pollMs ?? POLL_MS);
          hub.poller.unref?.();
        }
        const missed = lastEventId === undefined ? [] : hub.missed(userId, lastEventId);
        for (const event of missed) send(event);
        const tab: Tab = { userId, replayedUpTo: missed.at(-1)?.id ?? 0, send };
        hub.tabs.add(tab);
        // Bun closes connections idle for 10 s; a comment line more often keeps the stream open.
        const heartbeat = setInterval(() => write(`: heartbeat\n\n`), hub.opts.heartbeatMs ?? HEARTBEAT_MS);
        cleanup = () => {
          clearInterval(heartbeat);
          hub.tabs.delete(tab);
          if (hub.tabs.size === 0) hub.stopPolling();
        };
        signal?.addEventListener('abort', () => {
          cleanup();
          try {
            controller.close();
          } catch {}
        });
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

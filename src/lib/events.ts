/**
 * The server-sent events hub: one stream per browser tab (browsers allow only six per origin), shared
 * by every channel. A module publishes to one user or to everyone; a reconnecting browser sends
 * Last-Event-ID and gets what it missed from a short replay buffer.
 */
export interface ServerEvent {
  id: number;
  channel: string;
  data: unknown;
  /** Only this user receives it; undefined: everyone signed in. */
  userId?: number;
}

type Listener = (event: ServerEvent) => void;

const REPLAY_SIZE = 500;
export const HEARTBEAT_MS = 8_000;

export class EventHub {
  // Ids keep growing across restarts, so a browser's Last-Event-ID never hides newer events.
  private nextId = Date.now();
  private recent: ServerEvent[] = [];
  private listeners = new Set<{ userId: number; listener: Listener }>();

  constructor(private readonly heartbeatMs = HEARTBEAT_MS) {}

  publish(channel: string, data: unknown, userId?: number) {
    const event: ServerEvent = { id: this.nextId++, channel, data, userId };
    this.recent.push(event);
    if (this.recent.length > REPLAY_SIZE) this.recent.shift();
    for (const entry of this.listeners) {
      if (event.userId === undefined || event.userId === entry.userId) entry.listener(event);
    }
  }

  get connections() {
    return this.listeners.size;
  }

  /** A text/event-stream response for one user, replaying events after lastEventId. */
  stream(userId: number, lastEventId?: number, signal?: AbortSignal): Response {
    const encoder = new TextEncoder();
    let cleanup = () => {};
    const hub = this;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (event: ServerEvent) => {
          try {
            controller.enqueue(encoder.encode(`id: ${event.id}\nevent: ${event.channel}\ndata: ${JSON.stringify(event.data)}\n\n`));
          } catch {
            cleanup();
          }
        };
        controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`));
        if (lastEventId !== undefined) {
          for (const event of hub.recent) {
            if (event.id > lastEventId && (event.userId === undefined || event.userId === userId)) send(event);
          }
        }
        const entry = { userId, listener: send };
        hub.listeners.add(entry);
        // Bun closes connections idle for 10 s; a comment line more often keeps the stream open.
        const heartbeat = setInterval(() => {
          try {
            controller.enqueue(encoder.encode(`: heartbeat\n\n`));
          } catch {
            cleanup();
          }
        }, hub.heartbeatMs);
        cleanup = () => {
          clearInterval(heartbeat);
          hub.listeners.delete(entry);
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

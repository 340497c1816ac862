/**
 * Load for the bench: autocannon against a server in another process, and raw event-stream
 * connections (some reading, some never reading) for the fan-out run.
 */
import autocannon from 'autocannon';
import { connect, type Socket } from 'node:net';

export interface LoadResult {
  rps: number;
  /** Answered with a 2xx, per second. */
  okPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Per connection: its headers (a learner's cookie). */
  headersFor: (connection: number) => Record<string, string>;
  /** Per request on a connection: method, path and body. */
  request: (connection: number, n: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
  /** Requests per second offered by all connections together; unset: as fast as answers come. */
  rate?: number;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  let nextConnection = 0;
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    overallRate: opts.rate,
    setupClient(client: { setHeaders(h: Record<string, string>): void; __bench?: number }) {
      const connection = nextConnection++;
      client.__bench = connection;
      client.setHeaders({ 'content-type': 'application/json', ...opts.headersFor(connection) });
    },
    requests: [
      {
        setupRequest(request: { method: string; path: string; body?: string }, context: { connection?: number; n?: number }) {
          context.connection ??= Math.floor(Math.random() * opts.connections);
          context.n = (context.n ?? 0) + 1;
          const r = opts.request(context.connection, context.n);
          request.method = r.method;
          request.path = r.path;
          request.body = r.body === undefined ? undefined : JSON.stringify(r.body);
          return request;
        },
      },
    ],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    okPerSecond: result['2xx'] / opts.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    requests: result.requests.total,
  };
}

export interface StreamPool {
  close(): void;
  opened: number;
}

/**
 * Opens `count` event streams with raw sockets; the first `stalled` of them never read a byte after
 * connecting, as a phone that went to sleep with the tab open.
 */
export async function openStreams(opts: {
  port: number;
  cookies: string[];
  count: number;
  stalled: number;
  /** Called with the text of every event a reading stream receives, the stream's number, and when it arrived. */
  onEvent: (frame: string, stream: number, at: number) => void;
}): Promise<StreamPool> {
  const sockets: Socket[] = [];
  let opened = 0;
  const openOne = (i: number) =>
    new Promise<void>((resolve) => {
      const socket = connect({ port: opts.port, host: '127.0.0.1' });
      sockets.push(socket);
      let buffered = '';
      let settled = false;
      const done = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      socket.setEncoding('utf8');
      socket.on('connect', () => {
        socket.write(
          `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${opts.cookies[i % opts.cookies.length]}\r\nAccept: text/event-stream\r\n\r\n`,
        );
      });
      socket.on('data', (chunk: string) => {
        if (!settled) {
          opened++;
          done();
          if (i < opts.stalled) {
            socket.pause();
            return;
          }
        }
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) !== -1) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (frame.includes('event: ')) opts.onEvent(frame, i, performance.now());
        }
      });
      socket.on('error', done);
      socket.on('close', done);
    });
  for (let i = 0; i < opts.count; i += 100) {
    await Promise.all(Array.from({ length: Math.min(100, opts.count - i) }, (_, k) => openOne(i + k)));
  }
  return {
    opened,
    close() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * An open-loop load at a fixed rate: request i leaves at start + i / rate seconds whether or not the
 * earlier ones were answered, and its latency counts from then (autocannon's rate limit sends each
 * connection's quota for a second in one burst, which measures a saturated server, not a steady rate).
 */
export async function runPaced(opts: Omit<LoadOptions, 'connections'> & { rate: number }): Promise<LoadResult> {
  const total = Math.round(opts.rate * opts.seconds);
  const latencies: number[] = [];
  let errors = 0;
  let ok = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 1) await Bun.sleep(wait);
    // A request sent up to 1 ms early counts from when it left; one sent late, from when it was due.
    const from = Math.min(due, performance.now());
    const r = opts.request(i, i);
    pending.push(
      fetch(`${opts.url}${r.path}`, {
        method: r.method,
        headers: { 'content-type': 'application/json', ...opts.headersFor(i) },
        body: r.body === undefined ? undefined : JSON.stringify(r.body),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - from);
          if (res.ok) ok++;
          else errors++;
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { rps: total / elapsed, okPerSecond: ok / elapsed, p50: at(0.5), p99: at(0.99), errors, requests: total };
}

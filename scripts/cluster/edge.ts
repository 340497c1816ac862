/**
 * What Fly's proxy does in front of the machines, for the rehearsal (scripts/cluster/cluster.ts): one
 * address per machine (as a region's visitors reach the nearest one) that forwards to that machine's
 * LiteFS proxy and, when the answer carries `fly-replay: instance=<name>`, sends the same request again
 * to the machine so named and gives the visitor that machine's answer instead.
 */
export interface EdgeTarget {
  name: string;
  proxyUrl: string;
}

export interface EdgeAnswer {
  /** The machine whose answer the visitor got, after any replay. */
  node: string;
  method: string;
  path: string;
  status: number;
  replayedFrom?: string;
}

const BODYLESS = new Set(['GET', 'HEAD']);

export function startEdge(entry: EdgeTarget, targets: () => EdgeTarget[], record: (answer: EdgeAnswer) => void) {
  const send = (target: EdgeTarget, request: Request, url: URL, headers: Headers, body: ArrayBuffer | undefined) =>
    // Bodies pass through as sent: compressed bytes stay compressed, a redirect goes back to the visitor.
    fetch(`${target.proxyUrl}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      decompress: false,
      signal: request.signal,
    });

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    // Event streams stay open for minutes; the app's heartbeat keeps them alive, not a timeout here.
    idleTimeout: 0,
    async fetch(request, server) {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      // Fly's proxy names the visitor's address; a request that already names one keeps it, so tests can
      // stand for many visitors (the app's per-address limits).
      if (!headers.has('fly-client-ip')) headers.set('fly-client-ip', server.requestIP(request)?.address ?? '127.0.0.1');
      // Held whole: a replayed request is sent again with the same body.
      const body = BODYLESS.has(request.method) ? undefined : await request.arrayBuffer();
      let node = entry.name;
      const unreachable = (error: unknown) => {
        record({ node, method: request.method, path: url.pathname, status: 502 });
        return new Response(`edge: ${node} is unreachable (${String(error)})`, { status: 502 });
      };
      let answer: Response;
      try {
        answer = await send(entry, request, url, headers, body);
      } catch (error) {
        return unreachable(error);
      }
      const replay = answer.headers.get('fly-replay');
      if (replay !== null) {
        await answer.body?.cancel();
        const instance = /(?:^|[;,\s])instance=([^;,\s]+)/.exec(replay)?.[1];
        const target = targets().find((t) => t.name === instance);
        if (!target) {
          record({ node: 'edge', method: request.method, path: url.pathname, status: 502, replayedFrom: entry.name });
          return new Response(`edge: cannot replay (${replay}): no such instance`, { status: 502 });
        }
        headers.set('fly-replay-src', `instance=${entry.name}`);
        node = target.name;
        try {
          answer = await send(target, request, url, headers, body);
        } catch (error) {
          return unreachable(error);
        }
      }
      record({
        node,
        method: request.method,
        path: url.pathname,
        status: answer.status,
        replayedFrom: replay === null ? undefined : entry.name,
      });
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

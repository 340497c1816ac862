/**
 * A fake OpenAI API on 127.0.0.1 for tests: `POST /v1/audio/speech` answers a small MP3-like clip
 * (or the status set by `failWith`) and records every request. Point the app at it with
 * OPENAI_BASE_URL=`fake.url` and any OPENAI_API_KEY.
 */
export interface FakeOpenAIRequest {
  path: string;
  authorization: string | null;
  body: Record<string, unknown>;
}

export function startFakeOpenAI() {
  const requests: FakeOpenAIRequest[] = [];
  let failure: number | null = null;

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      const body = (await req.json().catch(() => ({}))) as Record<string, unknown>;
      requests.push({ path, authorization: req.headers.get('authorization'), body });
      if (failure !== null) {
        return Response.json({ error: { message: 'fake failure', type: 'server_error' } }, { status: failure });
      }
      if (req.method === 'POST' && path === '/v1/audio/speech') {
        // An ID3 header, then the text, so a test can tell which text was spoken.
        return new Response(new Blob(['ID3', String(body.input)]), { headers: { 'content-type': 'audio/mpeg' } });
      }
      return Response.json({ error: { message: `no fake for ${req.method} ${path}` } }, { status: 404 });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    requests,
    /** Every later request answers this status (null: answer normally again). */
    failWith(status: number | null) {
      failure = status;
    },
    close() {
      server.stop(true);
    },
  };
}

/**
 * A fake OpenAI API on 127.0.0.1 for tests: `POST /v1/audio/speech` answers a small MP3-like clip,
 * `POST /v1/chat/completions` answers the message set by `chatReply` (or both the status set by
 * `failWith`), and every request is recorded. Point the app at it with OPENAI_BASE_URL=`fake.url`
 * and any OPENAI_API_KEY.
 */
export interface FakeOpenAIRequest {
  path: string;
  authorization: string | null;
  body: Record<string, unknown>;
}

export function startFakeOpenAI() {
  const requests: FakeOpenAIRequest[] = [];
  let failure: number | null = null;
  let chatContent = JSON.stringify({ isCorrect: true, feedback: 'Very natural Lebanese: well done.' });

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
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        return Response.json({
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: String(body.model),
          choices: [{ index: 0, message: { role: 'assistant', content: chatContent, refusal: null }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        });
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
    /** The assistant message content of every later chat completion. */
    chatReply(content: string) {
      chatContent = content;
    },
    close() {
      server.stop(true);
    },
  };
}

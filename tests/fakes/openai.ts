/**
 * A fake OpenAI API on 127.0.0.1 for tests: `POST /v1/audio/speech` answers a small real MP3,
 * `POST /v1/chat/completions` answers the message set by `chatReply` (or both the status set by
 * `failWith`; or speech sends its headers and then stalls its body, with `stallSpeech`; or answers
 * 200 with an HTML page, with `speechAnswersHtml`; chat answers a refusal with `chatRefuses`, never
 * answers with `stallChat`, and counts the tokens set by `chatUsage`; `POST /v1/audio/transcriptions`
 * answers the text set by `transcribes`), and every
 * request is recorded. Point the app at it with OPENAI_BASE_URL=`fake.url`
 * and any OPENAI_API_KEY.
 */
import { silentMp3 } from '../support/audio';

export interface FakeOpenAIRequest {
  path: string;
  authorization: string | null;
  body: Record<string, unknown>;
}

export function startFakeOpenAI() {
  const requests: FakeOpenAIRequest[] = [];
  let failure: number | null = null;
  let stalling = false;
  let html = false;
  let refusing = false;
  let chatStalls = false;
  let totalTokens = 20;
  let transcript = 'بدي قهوة بلا سكر';
  /** Chat requests left waiting by a stall, answered when the fake closes. */
  const waitingChats = new Set<() => void>();
  /** Who waits for the next speech request to arrive. */
  let onSpeech: (() => void) | null = null;
  /** Bodies left open by a stall, ended when the fake closes. */
  const stalled = new Set<ReadableStreamDefaultController>();
  let chatContent = JSON.stringify({ isCorrect: true, feedback: 'Very natural Lebanese: well done.' });

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname;
      // A transcription comes as a form (the recording and its fields); every other call as JSON.
      const form = path === '/v1/audio/transcriptions' ? await req.formData().catch(() => null) : null;
      const body = (
        form
          ? Object.fromEntries(
              [...form.entries()].map(([name, value]) => [
                name,
                typeof value === 'string' ? value : `file:${(value as Blob).type}:${(value as Blob).size}`,
              ]),
            )
          : await req.json().catch(() => ({}))
      ) as Record<string, unknown>;
      requests.push({ path, authorization: req.headers.get('authorization'), body });
      if (failure !== null) {
        return Response.json({ error: { message: 'fake failure', type: 'server_error' } }, { status: failure });
      }
      if (path === '/v1/audio/speech') onSpeech?.();
      if (req.method === 'POST' && path === '/v1/audio/speech' && html) {
        // A proxy's or a status page's answer: 200, but not audio.
        return new Response('<!doctype html><title>Service status</title><p>We will be back soon.</p>', {
          headers: { 'content-type': 'text/html' },
        });
      }
      if (req.method === 'POST' && path === '/v1/audio/speech' && stalling) {
        // The headers and the first bytes go out at once; the rest of the clip never comes.
        const body = new ReadableStream({
          start(controller) {
            stalled.add(controller);
            controller.enqueue(new TextEncoder().encode('ID3'));
          },
        });
        return new Response(body, { headers: { 'content-type': 'audio/mpeg' } });
      }
      if (req.method === 'POST' && path === '/v1/audio/speech') {
        // A real MP3 whose tag holds the text, so a test can tell which text was spoken.
        return new Response(silentMp3(0.05, String(body.input)), { headers: { 'content-type': 'audio/mpeg' } });
      }
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') return Response.json({ text: transcript });
      if (req.method === 'POST' && path === '/v1/chat/completions' && chatStalls) {
        await new Promise<void>((resolve) => waitingChats.add(resolve));
        return Response.json({ error: { message: 'fake closed' } }, { status: 503 });
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const message = refusing
          ? { role: 'assistant', content: null, refusal: 'I cannot help with that.' }
          : { role: 'assistant', content: chatContent, refusal: null };
        return Response.json({
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: String(body.model),
          choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: totalTokens / 2, completion_tokens: totalTokens / 2, total_tokens: totalTokens },
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
    /** Whether later speech requests get their headers and then a body that never ends. */
    stallSpeech(on: boolean) {
      stalling = on;
    },
    /** Whether later speech requests are answered 200 with an HTML page. */
    speechAnswersHtml(on: boolean) {
      html = on;
    },
    /** Resolves when the next speech request arrives. */
    nextSpeechRequest() {
      return new Promise<void>((resolve) => {
        onSpeech = () => {
          onSpeech = null;
          resolve();
        };
      });
    },
    /** The assistant message content of every later chat completion. */
    chatReply(content: string) {
      chatContent = content;
    },
    /** Whether later chat completions are refused (message.refusal set, no content). */
    chatRefuses(on: boolean) {
      refusing = on;
    },
    /** Whether later chat completions are never answered (until the fake closes). */
    stallChat(on: boolean) {
      chatStalls = on;
    },
    /** The text every later transcription answers. */
    transcribes(text: string) {
      transcript = text;
    },
    /** The total tokens every later chat completion reports having used. */
    chatUsage(total: number) {
      totalTokens = total;
    },
    close() {
      for (const answer of waitingChats) answer();
      waitingChats.clear();
      for (const controller of stalled) controller.error(new Error('fake closed'));
      stalled.clear();
      server.stop(true);
    },
  };
}

import { Elysia } from 'elysia';
import type { SpeechService } from './service';
import { SpeechQuery } from './model';

/** Speech of content text: no sign-in, as the landing deck speaks too. */
export function speechRoutes({ speech }: { speech: SpeechService }) {
  return new Elysia({ name: 'speech' }).get(
    '/api/tts',
    async ({ query }) => {
      const clip = await speech.speak(query.text, query.voice);
      return new Response(new Uint8Array(clip.audio), { headers: { 'content-type': clip.contentType, 'cache-control': 'public, max-age=604800' } });
    },
    { query: SpeechQuery },
  );
}

import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { clientIp } from '../../lib/http';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { Clip, SpeechService } from './service';
import { RecordingParams, RecordingQuery, SpeechQuery } from './model';

/** A year: a recorded clip's address carries its hash, so what it names never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const IMMUTABLE_PRIVATE = 'private, max-age=31536000, immutable';

/**
 * A clip as an HTTP answer, in byte ranges when asked (a media element seeks and resumes with
 * `Range`): 206 with the range, 416 for a range beyond the clip, 304 for a clip the browser holds.
 */
function clipResponse(request: Request, clip: Clip, cacheControl: string) {
  const headers: Record<string, string> = { 'content-type': clip.contentType, 'cache-control': cacheControl, 'accept-ranges': 'bytes' };
  if (clip.hash) {
    headers.etag = `"${clip.hash}"`;
    if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers });
  }
  const size = clip.audio.byteLength;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range')?.trim() ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end)
      return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } });
    return new Response(clip.audio.slice(start, end + 1), {
      status: 206,
      headers: { ...headers, 'content-range': `bytes ${start}-${end}/${size}` },
    });
  }
  return new Response(new Uint8Array(clip.audio), { headers });
}

/** A week: a clip of a text changes only with its voice. A premium text's is the learner's own. */
const SPOKEN = 'public, max-age=604800';
const SPOKEN_PREMIUM = 'private, max-age=604800';

/**
 * Speech of content text and authors' recorded clips: free text with no sign-in, as the landing deck
 * speaks too; premium text for a learner with premium. New clips are counted per learner, or per
 * address signed out.
 */
export function speechRoutes(ctx: AppContext, { auth, speech }: { auth: AuthService; speech: SpeechService }) {
  return new Elysia({ name: 'speech' })
    .use(sessionPlugin(ctx, auth))
    .get(
      '/api/tts',
      async ({ query, request, server, user }) => {
        const client = user ? `learner ${user.id}` : `address ${clientIp(ctx.config, request, server)}`;
        const clip = await speech.speak(query.text, query.voice, query.speed, { user, client });
        return clipResponse(request, clip, clip.premium ? SPOKEN_PREMIUM : SPOKEN);
      },
      { query: SpeechQuery, optionalUser: true },
    )
    .get(
      '/api/audio/:kind/*',
      ({ params, query, request, user }) => {
        const clip = speech.recording(params.kind, params['*'], user);
        if (!clip) throw notFound('There is no recorded clip at this address.');
        // Only the address with the clip's own version is kept for good, a premium clip by its learner's browser alone; another revalidates by its ETag.
        return clipResponse(request, clip, query.v !== clip.hash ? 'no-cache' : clip.premium ? IMMUTABLE_PRIVATE : IMMUTABLE);
      },
      { params: RecordingParams, query: RecordingQuery, optionalUser: true },
    );
}

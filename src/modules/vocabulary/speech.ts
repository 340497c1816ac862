import { and, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { AppContext } from '../../lib/context';
import { notFound, serviceUnavailable } from '../../lib/errors';
import { speechCache } from './schema';

const ESPEAK_TIMEOUT_MS = 10_000;
const OPENAI_TIMEOUT_MS = 20_000;

export interface Clip {
  audio: Uint8Array;
  contentType: string;
}

/** Finds the Arabic script to speak for a content text (arabizi or Arabic), or null when the text is not content. */
export type SpeakableLookup = (text: string) => string | null;

interface Provider {
  /** Cache key part: a clip made by another voice or model is a different clip. */
  id: string;
  synthesize(arabic: string): Promise<Clip>;
}

/**
 * `/api/tts` (DECISIONS "Local defaults", "Learning"): speaks only content text, synthesizes each
 * text once and keeps the clip; OpenAI when configured, espeak-ng when installed, else 503.
 */
export function createSpeechService(ctx: AppContext, lookups: SpeakableLookup[]) {
  const { db, config, log } = ctx;
  const providers: Provider[] = [];
  if (config.OPENAI_API_KEY) providers.push(openAiProvider(ctx));
  const espeak = espeakBinary(config.ESPEAK_PATH);
  if (espeak) providers.push(espeakProvider(espeak));
  // Two requests for the same new text share one synthesis.
  const inFlight = new Map<string, Promise<Clip>>();

  const cached = (hash: string, provider?: string) =>
    db
      .select({ audio: speechCache.audio, contentType: speechCache.contentType })
      .from(speechCache)
      .where(and(eq(speechCache.textHash, hash), provider ? eq(speechCache.provider, provider) : undefined))
      .limit(1)
      .get();

  async function synthesize(provider: Provider, arabic: string, hash: string): Promise<Clip> {
    const clip = await provider.synthesize(arabic);
    try {
      db.insert(speechCache)
        .values({ textHash: hash, text: arabic, provider: provider.id, contentType: clip.contentType, audio: Buffer.from(clip.audio) })
        .onConflictDoNothing()
        .run();
    } catch (error) {
      // A LiteFS replica cannot write; the clip still plays, and the primary keeps its own cache.
      log.warn('speech clip not cached', { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
    }
    return clip;
  }

  return {
    async speak(text: string): Promise<Clip> {
      const arabic = lookups.reduce<string | null>((found, lookup) => found ?? lookup(text), null);
      if (!arabic) throw notFound('There is no audio for this text: only words and sentences of the course can be spoken.');
      const hash = createHash('sha256').update(arabic).digest('hex');
      for (const provider of providers) {
        const hit = cached(hash, provider.id);
        if (hit) return { audio: hit.audio, contentType: hit.contentType };
        const key = `${provider.id}\n${hash}`;
        let pending = inFlight.get(key);
        if (!pending) {
          pending = synthesize(provider, arabic, hash).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        try {
          return await pending;
        } catch (error) {
          log.warn('speech synthesis failed', { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
        }
      }
      // No voice answered (or none is set up): a clip made earlier by any voice still serves.
      const any = cached(hash);
      if (any) return { audio: any.audio, contentType: any.contentType };
      throw serviceUnavailable(
        providers.length === 0
          ? 'Speech is not available on this server. Your browser will read the word instead.'
          : 'Speech is not available right now. Please try again later.',
      );
    },
  };
}

export type SpeechService = ReturnType<typeof createSpeechService>;

function openAiProvider({ config }: AppContext): Provider {
  const client = new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: OPENAI_TIMEOUT_MS });
  return {
    id: `openai:${config.OPENAI_TTS_MODEL}:${config.OPENAI_TTS_VOICE}`,
    async synthesize(arabic) {
      const response = await client.audio.speech.create({
        model: config.OPENAI_TTS_MODEL,
        voice: config.OPENAI_TTS_VOICE,
        input: arabic,
        response_format: 'mp3',
      });
      const audio = new Uint8Array(await response.arrayBuffer());
      if (audio.byteLength === 0) throw new Error('OpenAI returned empty audio');
      return { audio, contentType: 'audio/mpeg' };
    },
  };
}

/** The espeak-ng binary: a path as given, or a name found on PATH; null when it is not installed. */
function espeakBinary(path: string): string | null {
  if (path.includes('/')) return existsSync(path) ? path : null;
  return Bun.which(path);
}

function espeakProvider(binary: string): Provider {
  return {
    id: 'espeak-ng:ar',
    async synthesize(arabic) {
      // The text goes through stdin, never as an argument, so nothing in it can read as an option.
      const proc = Bun.spawn([binary, '-v', 'ar', '--stdin', '--stdout'], { stdin: new TextEncoder().encode(arabic), stdout: 'pipe', stderr: 'pipe' });
      const timer = setTimeout(() => proc.kill(), ESPEAK_TIMEOUT_MS);
      try {
        const [audio, code] = await Promise.all([new Response(proc.stdout).arrayBuffer(), proc.exited]);
        if (code !== 0 || audio.byteLength <= 44) throw new Error(`espeak-ng exited with ${code}: ${(await new Response(proc.stderr).text()).trim()}`);
        return { audio: fixWavSizes(new Uint8Array(audio)), contentType: 'audio/wav' };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** espeak-ng writing to a pipe cannot seek back, so its WAV header claims an unknown length; set the real one. */
function fixWavSizes(wav: Uint8Array): Uint8Array {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return wav;
  view.setUint32(4, wav.byteLength - 8, true);
  for (let at = 12; at + 8 <= wav.byteLength; ) {
    const size = view.getUint32(at + 4, true);
    if (tag(at) === 'data') {
      view.setUint32(at + 4, wav.byteLength - at - 8, true);
      break;
    }
    at += 8 + size + (size % 2);
  }
  return wav;
}

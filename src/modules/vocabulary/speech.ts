import { and, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { AppContext } from '../../lib/context';
import { notFound, serviceUnavailable } from '../../lib/errors';
import { speechCache } from './schema';
import { espeakInput } from './lebanese-phonemes';

const ESPEAK_TIMEOUT_MS = 10_000;
/** One deadline for a whole OpenAI call, the audio's last byte included (its SDK's timeout ends at the headers). */
const OPENAI_DEADLINE_MS = 20_000;

export interface Clip {
  audio: Uint8Array;
  contentType: string;
}

/** A content text to speak: its Arabic script and its arabizi, which says how Lebanese pronounce it. */
export interface Speakable {
  arabic: string;
  arabizi: string;
}

/** Finds what to speak for a content text (arabizi or Arabic), or null when the text is not content. */
export type SpeakableLookup = (text: string) => Speakable | null;

interface Provider {
  /** Cache key part: a clip made by another voice or model is a different clip. */
  id: string;
  synthesize(text: Speakable): Promise<Clip>;
}

/**
 * `/api/tts` (docs/product-rules.md#speech, #local-defaults): speaks only content text, in Lebanese,
 * synthesizes each text once and keeps the clip; OpenAI when configured, espeak-ng when installed
 * (and when OpenAI fails or runs past its deadline), else 503.
 */
export function createSpeechService(ctx: AppContext, lookups: SpeakableLookup[], opts: { openAiDeadlineMs?: number } = {}) {
  const { db, config, log } = ctx;
  const providers: Provider[] = [];
  if (config.OPENAI_API_KEY) providers.push(openAiProvider(ctx, opts.openAiDeadlineMs ?? OPENAI_DEADLINE_MS));
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

  async function synthesize(provider: Provider, text: Speakable, hash: string): Promise<Clip> {
    const clip = await provider.synthesize(text);
    try {
      db.insert(speechCache)
        .values({ textHash: hash, text: text.arabic, provider: provider.id, contentType: clip.contentType, audio: Buffer.from(clip.audio) })
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
      const speakable = lookups.reduce<Speakable | null>((found, lookup) => found ?? lookup(text), null);
      if (!speakable) throw notFound('There is no audio for this text: only words and sentences of the course can be spoken.');
      // A clip says both: the same Arabic spelled as another Lebanese word is another clip.
      const hash = createHash('sha256').update(`${speakable.arabic}\n${speakable.arabizi}`).digest('hex');
      for (const provider of providers) {
        const hit = cached(hash, provider.id);
        if (hit) return { audio: hit.audio, contentType: hit.contentType };
        const key = `${provider.id}\n${hash}`;
        let pending = inFlight.get(key);
        if (!pending) {
          // Settled either way (the deadline included), the entry goes, so a later request starts afresh.
          pending = synthesize(provider, speakable, hash).finally(() => inFlight.delete(key));
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

/** What the OpenAI voice is told: Lebanese, not Modern Standard, read as the arabizi spells it. */
export function lebaneseInstructions(arabizi: string) {
  return [
    'Speak as a native speaker from Beirut, in Lebanese Arabic with a natural Lebanese accent, not Modern Standard Arabic.',
    `Pronounce the text exactly as this Lebanese arabizi spelling reads: "${arabizi}".`,
    'In arabizi, 2 is a glottal stop (Lebanese say ق as one, or drop it), 3 is ع, 5 is خ, 7 is ح and 8 is غ;',
    'e and o are short Lebanese vowels, ou and i long ones, and ei the long e of beit.',
    'Speak slowly and clearly, for a learner.',
  ].join(' ');
}

function openAiProvider({ config }: AppContext, deadlineMs: number): Provider {
  const client = new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: deadlineMs });
  return {
    id: `openai:${config.OPENAI_TTS_MODEL}:${config.OPENAI_TTS_VOICE}:lebanese`,
    synthesize: ({ arabic, arabizi }) =>
      withDeadline(deadlineMs, 'OpenAI speech', async (signal) => {
        const response = await client.audio.speech.create(
          { model: config.OPENAI_TTS_MODEL, voice: config.OPENAI_TTS_VOICE, input: arabic, instructions: lebaneseInstructions(arabizi), response_format: 'mp3' },
          { signal },
        );
        const audio = new Uint8Array(await response.arrayBuffer());
        if (audio.byteLength === 0) throw new Error('OpenAI returned empty audio');
        return { audio, contentType: 'audio/mpeg' } as Clip;
      }),
  };
}

/**
 * Runs `work` with a signal that aborts at the deadline, and gives up at the deadline whatever the
 * work does: a body that stalls after its headers cannot hold a request (or those waiting on it).
 */
async function withDeadline<T>(ms: number, what: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`${what} took longer than ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  const running = work(controller.signal);
  // Once the deadline has answered, the aborted work's own failure is of no interest.
  running.catch(() => {});
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** The espeak-ng binary: a path as given, or a name found on PATH; null when it is not installed. */
function espeakBinary(path: string): string | null {
  if (path.includes('/')) return existsSync(path) ? path : null;
  return Bun.which(path);
}

/**
 * espeak-ng's Arabic voice reads Arabic script as Modern Standard (قهوة is "qahwa"), so it is given
 * the arabizi as phonemes instead (lebanese-phonemes.ts) and says "ahwe", as Lebanese do.
 */
function espeakProvider(binary: string): Provider {
  return {
    id: 'espeak-ng:ar:lebanese',
    async synthesize({ arabizi }) {
      // The text goes through stdin, never as an argument, so nothing in it can read as an option.
      const proc = Bun.spawn([binary, '-v', 'ar', '--stdin', '--stdout'], { stdin: new TextEncoder().encode(espeakInput(arabizi)), stdout: 'pipe', stderr: 'pipe' });
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

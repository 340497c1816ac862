import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { AppContext } from '../../lib/context';
import { AppError, notFound, serviceUnavailable, unauthorized } from '../../lib/errors';
import { isPrimary } from '../../lib/litefs';
import { MINUTE_MS } from '../../lib/clock';
import { RateLimiter, type Limit } from '../../lib/rate-limit';
import { SPEEDS, VOICES, type Speakable, type SpeakableSource, type Speed, type Voice } from '../../content/speakable';
import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';
import { audioType } from './clips';
import { KeptClips } from './kept-clips';
import { espeakInput } from './lebanese-phonemes';
import { localVoice } from './local-voice';
import { recordedAudio, speechCache } from './schema';
import { createSynthesisPool, type SynthesisPool } from './synthesis-pool';

/**
 * One deadline for a whole OpenAI call, the audio's last byte included (its SDK's timeout ends at the
 * headers): past it the local voice answers, so a learner waits at most this long (docs/product-rules.md#speech).
 */
export const OPENAI_DEADLINE_MS = 8_000;

/**
 * New clips one client (a learner, else an address) may have made: a clip made is kept for everyone,
 * so a learner listening through the course stays far below it, and one visitor cannot keep the voices
 * busy for the rest (docs/decisions/0066-speech-off-the-servers-thread.md).
 */
const NEW_CLIPS_PER_CLIENT: Limit = { limit: 30, windowMs: MINUTE_MS };
/** Clips a node keeps in memory where its database cannot take them (a LiteFS replica): about 400 of the local voice's. */
const KEPT_CLIP_BYTES = 32 * 1024 * 1024;

export interface Clip {
  audio: Uint8Array;
  contentType: string;
  /** A recorded clip's hash (its ETag and the version in its address). */
  hash?: string;
  /** Premium text: kept by the learner's own browser, never by a cache it shares. */
  premium?: boolean;
}

/** Who asks for a clip: the learner (null signed out), and the client the limit on new clips counts. */
export interface Listener {
  user: User | null;
  client: string;
}

export interface SpeechOptions {
  openAiDeadlineMs?: number;
  /** The local voice's workers (synthesis-pool.ts); tests pass a pool of their own size. */
  pool?: SynthesisPool;
  newClipsPerClient?: Limit;
}

interface Provider {
  /** Cache key part: a clip made by another voice, speed, model or pronunciation rule is a different clip. */
  id(voice: Voice, speed: Speed): string;
  synthesize(text: Speakable, voice: Voice, speed: Speed): Promise<Clip>;
}

/** The cache key's tail: the rule version, after the speed when it is not the normal one. */
const keyTail = (speed: Speed) => `${speed === 'normal' ? '' : `${speed}:`}lebanese-3`;

/**
 * `/api/tts` (docs/product-rules.md#speech, #local-defaults): speaks only content text, in Lebanese,
 * synthesizes each text once per voice and keeps the clip; OpenAI when configured, else (and when
 * OpenAI fails, runs past its deadline or answers anything but audio) the local voice, which every
 * machine has (local-voice.ts).
 */
export function createSpeechService(ctx: AppContext, sources: SpeakableSource[], billing: BillingService, opts: SpeechOptions = {}) {
  const { db, config, clock, log } = ctx;
  const providers: Provider[] = [];
  if (config.OPENAI_API_KEY) providers.push(openAiProvider(ctx, opts.openAiDeadlineMs ?? OPENAI_DEADLINE_MS));
  providers.push(espeakProvider(ctx, opts.pool ?? createSynthesisPool({ espeakPath: config.ESPEAK_PATH, log })));
  // Two requests for the same new text share one synthesis.
  const inFlight = new Map<string, Promise<Clip>>();
  const kept = new KeptClips<Clip>(KEPT_CLIP_BYTES);
  const limiter = new RateLimiter(clock);
  const newClips = opts.newClipsPerClient ?? NEW_CLIPS_PER_CLIENT;

  /** A clip made earlier: in the database (the primary's, replicated), else in this node's memory. */
  const cached = (hash: string, provider: string): Clip | undefined =>
    db
      .select({ audio: speechCache.audio, contentType: speechCache.contentType })
      .from(speechCache)
      .where(and(eq(speechCache.textHash, hash), eq(speechCache.provider, provider)))
      .limit(1)
      .get() ?? kept.get(`${provider}\n${hash}`);
  const cachedByAnyVoice = (hash: string): Clip | undefined =>
    db
      .select({ audio: speechCache.audio, contentType: speechCache.contentType })
      .from(speechCache)
      .where(eq(speechCache.textHash, hash))
      .limit(1)
      .get() ??
    VOICES.flatMap((voice) =>
      SPEEDS.flatMap((speed) => providers.map((provider) => kept.get(`${provider.id(voice, speed)}\n${hash}`))),
    ).find((clip) => clip !== undefined);

  /** Keeps a new clip where this node can write: the database on the primary, else (a replica) its memory. */
  function keep(hash: string, text: Speakable, provider: string, clip: Clip) {
    if (isPrimary(config.LITEFS_DIR)) {
      try {
        db.insert(speechCache)
          .values({ textHash: hash, text: text.arabic, provider, contentType: clip.contentType, audio: Buffer.from(clip.audio) })
          .onConflictDoNothing()
          .run();
        return;
      } catch (error) {
        log.warn('speech clip not cached in the database', { provider, error: error instanceof Error ? error.message : String(error) });
      }
    }
    kept.set(`${provider}\n${hash}`, clip);
  }

  async function synthesize(provider: Provider, text: Speakable, voice: Voice, speed: Speed, hash: string): Promise<Clip> {
    const clip = await provider.synthesize(text, voice, speed);
    // Only a clip whose header a player would decode is kept or served (docs/decisions/0028-a-voice-on-every-machine.md).
    const type = audioType(clip.audio);
    if (!type)
      throw new Error(
        `${provider.id(voice, speed)} answered something that is not audio (${clip.contentType}, ${clip.audio.byteLength} bytes)`,
      );
    const made = { audio: clip.audio, contentType: type };
    keep(hash, text, provider.id(voice, speed), made);
    return made;
  }

  /**
   * What a text is, from the sources: a free item before a premium one of the same text. A premium one
   * is said only to a learner with a trial or subscription: 401 signed out, 402 after the trial, as the
   * text itself is (docs/product-rules.md#tiers).
   */
  function speakableFor(text: string, user: User | null): Speakable | null {
    let found: Speakable | null = null;
    for (const source of sources) {
      const speakable = source.speakableFor(text);
      if (speakable && !speakable.premium) return speakable;
      found ??= speakable;
    }
    if (found) {
      if (!user) throw unauthorized();
      billing.requirePremium(user, clock.now());
    }
    return found;
  }

  const recordingColumns = { audio: recordedAudio.audio, contentType: recordedAudio.contentType, hash: recordedAudio.hash };
  const recordingSaying = db
    .select(recordingColumns)
    .from(recordedAudio)
    .where(
      sql`${recordedAudio.arabizi} = ${sql.placeholder('text')} collate nocase or ${recordedAudio.arabic} = ${sql.placeholder('text')}`,
    )
    .limit(1)
    .prepare();
  const recordingByKey = db
    .select({ ...recordingColumns, arabizi: recordedAudio.arabizi })
    .from(recordedAudio)
    .where(and(eq(recordedAudio.kind, sql.placeholder('kind')), eq(recordedAudio.key, sql.placeholder('key'))))
    .prepare();
  const hashByKey = db
    .select({ hash: recordedAudio.hash })
    .from(recordedAudio)
    .where(and(eq(recordedAudio.kind, sql.placeholder('kind')), eq(recordedAudio.key, sql.placeholder('key'))))
    .prepare();

  return {
    /**
     * An author's clip of a content item (docs/content-format.md#recorded-audio), or null. A clip of a
     * premium text is said only to a learner who may read it, as the text is (401 signed out, 402 after the trial).
     */
    recording(kind: string, key: string, user: User | null): Clip | null {
      const row = recordingByKey.get({ kind, key });
      if (!row) return null;
      const { arabizi, ...clip } = row;
      return { ...clip, premium: speakableFor(arabizi, user)?.premium ?? false };
    },

    /** The address of an item's recorded clip, versioned by its hash so it may be cached for good; null when there is none. */
    recordingUrl(kind: string, key: string): string | null {
      const row = hashByKey.get({ kind, key });
      return row ? `/api/audio/${kind}/${key}?v=${row.hash}` : null;
    },

    /**
     * A content text said: its recorded clip when an author made one, else a voice's. Said at `speed`. A clip no voice
     * has made yet counts against the listener's client (429 past NEW_CLIPS_PER_CLIENT), unless the
     * same clip is already being made, which it then waits for.
     */
    async speak(
      text: string,
      asked?: Voice,
      speed: Speed = 'normal',
      listener: Listener = { user: null, client: 'unknown' },
    ): Promise<Clip> {
      const speakable = speakableFor(text, listener.user);
      const premium = speakable?.premium ?? false;
      const recorded = recordingSaying.get({ text });
      if (recorded) return { ...recorded, premium };
      if (!speakable) throw notFound('There is no audio for this text: only words and sentences of the course can be spoken.');
      const voice = asked ?? speakable.voice ?? 'male';
      // A clip says both: the same Arabic spelled as another Lebanese word is another clip.
      const hash = createHash('sha256').update(`${speakable.arabic}\n${speakable.arabizi}`).digest('hex');
      let counted = false;
      let refused: AppError | undefined;
      for (const provider of providers) {
        const id = provider.id(voice, speed);
        const hit = cached(hash, id);
        if (hit) return { audio: hit.audio, contentType: hit.contentType, premium };
        const key = `${id}\n${hash}`;
        let pending = inFlight.get(key);
        if (!pending) {
          if (!counted) limiter.consume(`new clips:${listener.client}`, newClips.limit, newClips.windowMs);
          counted = true;
          // Settled either way (the deadline included), the entry goes, so a later request starts afresh.
          pending = synthesize(provider, speakable, voice, speed, hash).finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        try {
          return { ...(await pending), premium };
        } catch (error) {
          // A busy voice (a full queue, a deadline passed) is the load's, not a fault: said in its answer, not the log.
          if (error instanceof AppError) refused = error;
          else log.warn('speech synthesis failed', { provider: id, error: error instanceof Error ? error.message : String(error) });
        }
      }
      // No voice answered: a clip made earlier by any voice still serves.
      const any = cachedByAnyVoice(hash);
      if (any) return { audio: any.audio, contentType: any.contentType, premium };
      throw refused ?? serviceUnavailable('Speech is not available right now. Please try again later.');
    },
  };
}

export type SpeechService = ReturnType<typeof createSpeechService>;

/** OpenAI's speed for the slower clips: about the local voice's (local-voice.ts). */
const SLOW_SPEED = 0.7;

/** What the OpenAI voice is told: Lebanese, not Modern Standard, read as the arabizi spells it, with the local voice's rules. */
export function lebaneseInstructions(arabizi: string, slow = false) {
  return [
    'Speak as a native speaker from Beirut, in Lebanese Arabic with a natural Lebanese accent, not Modern Standard Arabic.',
    `Pronounce the text exactly as this Lebanese arabizi spelling reads: "${arabizi}".`,
    'In arabizi, 2 is a glottal stop (Lebanese say ق as one, or drop it), 3 is ع, 5 is خ, 7 is ح and 8 is غ;',
    'j is the soft Lebanese ج of "measure", never "dj"; r is the tapped Arabic r, never the English one;',
    'a vowel written long in the Arabic script (ا, و, ي) is held long, as in salāme and ta3bān;',
    'the emphatic letters ص ط ض ظ stay heavy and darken the vowels beside them (tayyeb, saba7);',
    'words run together within a phrase, with no glottal stop before a word that starts with a vowel (w enta, el 5er), only where 2 is written;',
    'e and o are short Lebanese vowels, ou and i long ones, and ei the long e of beit;',
    "the present's by- before a consonant is said bi- (bykoun is bikoun, byshouf is bishouf);",
    "a question keeps a question's rising tune.",
    slow
      ? 'Speak much more slowly than usual, each word apart and clear, for a learner who asked to hear it slower.'
      : 'Speak slowly and clearly, for a learner.',
  ].join(' ');
}

function openAiProvider({ config }: AppContext, deadlineMs: number): Provider {
  const client = new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0, timeout: deadlineMs });
  const voiceNames: Record<Voice, string> = {
    male: config.OPENAI_TTS_VOICE,
    female: config.OPENAI_TTS_VOICE_FEMALE,
    'male-2': config.OPENAI_TTS_VOICE_SECOND,
    'female-2': config.OPENAI_TTS_VOICE_FEMALE_SECOND,
  };
  return {
    id: (voice, speed) => `openai:${config.OPENAI_TTS_MODEL}:${voiceNames[voice]}:${keyTail(speed)}`,
    synthesize: ({ arabic, arabizi }, voice, speed) =>
      withDeadline(deadlineMs, 'OpenAI speech', async (signal) => {
        // Its speed setting is not read by every model (gpt-4o-mini-tts takes it from the instructions).
        const slow = speed === 'slow';
        const response = await client.audio.speech.create(
          {
            model: config.OPENAI_TTS_MODEL,
            voice: voiceNames[voice],
            input: arabic,
            instructions: lebaneseInstructions(arabizi, slow),
            response_format: 'mp3',
            ...(slow ? { speed: SLOW_SPEED } : {}),
          },
          { signal },
        );
        const contentType = response.headers.get('content-type') ?? '';
        if (!contentType.startsWith('audio/')) throw new Error(`OpenAI answered ${contentType || 'no content type'}, not audio`);
        return { audio: new Uint8Array(await response.arrayBuffer()), contentType };
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

/**
 * espeak-ng's Arabic voice reads Arabic script as Modern Standard (قهوة is "qahwa"), so it is given
 * the arabizi as phonemes instead (lebanese-phonemes.ts) and says "ahwe", as Lebanese do.
 */
function espeakProvider({ config, log }: AppContext, pool: SynthesisPool): Provider {
  // Named here, on the server's thread, which warns once when ESPEAK_PATH names no espeak-ng; the pool's workers speak.
  const voice = localVoice(config.ESPEAK_PATH, log);
  return {
    id: (variant, speed) => `${voice.id}:${variant}:${keyTail(speed)}`,
    async synthesize({ arabic, arabizi }, variant, speed) {
      return { audio: await pool.synthesize(espeakInput(arabizi, arabic), variant, speed), contentType: 'audio/wav' };
    },
  };
}

import { availableParallelism } from 'node:os';
import { serviceUnavailable, type AppError } from '../../lib/errors';
import type { Logger } from '../../lib/log';
import { onShutdown } from '../../lib/shutdown';
import type { LocalVoice } from './local-voice';

/** What the local voice is asked: the pool passes it on to a worker as it is. */
export type SynthesisArgs = Parameters<LocalVoice['synthesize']>;
export interface SynthesisRequest {
  id: number;
  espeakPath: string | undefined;
  args: SynthesisArgs;
}
export type SynthesisAnswer = { id: number; audio: Uint8Array } | { id: number; error: string };

/**
 * Workers of the local voice: one core is left to the server's thread (the answers, /healthz), and a
 * machine of many cores gets no more than two, as clips are made once and then served from the cache
 * (docs/decisions/0066-speech-off-the-servers-thread.md).
 */
const SYNTHESIS_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Clips waiting per worker beyond which a new one is refused (503 with Retry-After): at about 0.3 s a clip, 2-3 s of waiting. */
const QUEUED_PER_WORKER = 8;
/**
 * How long a learner waits for a new clip, queued and synthesised; past it the request answers 503 and
 * the browser speaks with its own voice (docs/product-rules.md#speech). A worker still at the clip goes on:
 * stopped, it would lose the compiled voice that the next clip needs.
 */
const SYNTHESIS_DEADLINE_MS = 5_000;
/** A clip still unmade after this long is not coming: its worker is stopped, and the next starts afresh. */
const STUCK_MS = 30_000;
/** A worker holds espeak-ng's compiled module and a heap: it stops after this long without a clip. */
const IDLE_MS = 60_000;
/** The first guess of a clip's time, until clips have been timed. */
const FIRST_GUESS_MS = 300;

export interface SynthesisPoolOptions {
  espeakPath: string | undefined;
  log: Logger;
  workers?: number;
  queued?: number;
  deadlineMs?: number;
}

interface Job {
  id: number;
  args: SynthesisArgs;
  resolve(audio: Uint8Array): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
  startedAt?: number;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  stuck?: ReturnType<typeof setTimeout>;
}

export type SynthesisPool = ReturnType<typeof createSynthesisPool>;

/**
 * The local voice off the server's thread (src/modules/speech/synthesis-worker.ts): a few workers, a
 * bounded queue in front of them, a deadline on each clip. Workers start with the first clip, stop when
 * idle and when the server stops.
 */
export function createSynthesisPool(options: SynthesisPoolOptions) {
  const {
    espeakPath,
    log,
    workers = SYNTHESIS_WORKERS,
    queued = workers * QUEUED_PER_WORKER,
    deadlineMs = SYNTHESIS_DEADLINE_MS,
  } = options;
  const slots: Slot[] = Array.from({ length: workers }, () => ({ worker: null, job: null }));
  const queue: Job[] = [];
  let nextId = 0;
  let clipMs = FIRST_GUESS_MS;
  let stopsAtShutdown = false;
  let idle: ReturnType<typeof setTimeout> | undefined;

  /** 503 with Retry-After: when the clips ahead of a new one would be done, at the time clips take. */
  const busy = (): AppError => {
    const ahead = queue.length + slots.filter((slot) => slot.job).length;
    return serviceUnavailable(undefined, (ahead * clipMs) / workers / 1000);
  };

  function startWorker(slot: Slot) {
    // Bun's worker, which does not keep the process alive.
    const worker = new Worker(new URL('./synthesis-worker.ts', import.meta.url), { ref: false });
    worker.onmessage = ({ data }: MessageEvent<SynthesisAnswer>) => {
      const job = slot.job;
      if (!job || job.id !== data.id) return;
      slot.job = null;
      clearTimeout(job.timer);
      clearTimeout(slot.stuck);
      // A clip past its deadline has had its answer (a 503): settling it again changes nothing.
      if ('error' in data) job.reject(new Error(data.error));
      else {
        clipMs = 0.8 * clipMs + 0.2 * (performance.now() - job.startedAt!);
        job.resolve(data.audio);
      }
      next();
    };
    worker.onerror = (event) => {
      log.error('a speech worker failed', { error: event.message });
      stopWorker(slot, new Error(`the speech worker failed: ${event.message}`));
      next();
    };
    if (!stopsAtShutdown) {
      stopsAtShutdown = true;
      onShutdown(stop);
    }
    return worker;
  }

  /** Stops a slot's worker; the clip it was making fails with `error`. */
  function stopWorker(slot: Slot, error: Error) {
    clearTimeout(slot.stuck);
    slot.worker?.terminate();
    slot.worker = null;
    const job = slot.job;
    slot.job = null;
    if (job) {
      clearTimeout(job.timer);
      job.reject(error);
    }
  }

  /** Gives each free worker the next clip waiting. */
  function next() {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) break;
      slot.job = job;
      job.startedAt = performance.now();
      slot.worker ??= startWorker(slot);
      slot.stuck = setTimeout(() => {
        log.warn('a speech worker was stopped: its clip took too long', { ms: STUCK_MS });
        stopWorker(slot, new Error(`no clip in ${STUCK_MS} ms`));
        next();
      }, STUCK_MS);
      slot.worker.postMessage({ id: job.id, espeakPath, args: job.args } satisfies SynthesisRequest);
    }
    clearTimeout(idle);
    if (slots.every((slot) => !slot.job)) {
      idle = setTimeout(() => slots.forEach((slot) => stopWorker(slot, new Error('idle'))), IDLE_MS);
      idle.unref();
    }
  }

  /** The deadline: a clip still waiting leaves the queue; one being made is answered now and finished all the same. */
  function expire(job: Job) {
    const waiting = queue.indexOf(job);
    if (waiting >= 0) queue.splice(waiting, 1);
    job.reject(busy());
  }

  function stop() {
    clearTimeout(idle);
    for (const job of queue.splice(0)) {
      clearTimeout(job.timer);
      job.reject(new Error('the server is stopping'));
    }
    for (const slot of slots) stopWorker(slot, new Error('the server is stopping'));
  }

  return {
    /** A clip of the local voice, made by a worker; a full queue refuses at once (503 with Retry-After). */
    synthesize(...args: SynthesisArgs): Promise<Uint8Array> {
      if (queue.length >= queued) return Promise.reject(busy());
      return new Promise<Uint8Array>((resolve, reject) => {
        const job: Job = { id: nextId++, args, resolve, reject, timer: setTimeout(() => expire(job), deadlineMs) };
        queue.push(job);
        next();
      });
    },
    stop,
  };
}

import type { AppContext } from './context';
import { isPrimary } from './litefs';

/** Something the server repeats while it runs, as a module declares it. */
export interface Job<Result = unknown> {
  /** Names it in the log: `<name> failed`. */
  name: string;
  everyMs: number;
  /** It writes: only the LiteFS primary runs it (the primary can move, so this is asked on every turn). */
  primaryOnly: boolean;
  /** Also once when the server starts, not only after the first interval. */
  atStart?: boolean;
  /** Also after a commit of the write queue, at most this often: work that keeps up with the writes. */
  afterCommitsEveryMs?: number;
  run(): Result;
  /** What a primary-only job does on a replica instead of running (e.g. move a window on). */
  skip?(): void;
}

type JobContext = Pick<AppContext, 'config' | 'log'> & Partial<Pick<AppContext, 'writes'>>;

/** Runs `task` every `intervalMs` until stopped; the timer never keeps the process alive on its own. */
function repeatEvery(task: () => unknown, intervalMs: number) {
  const timer = setInterval(task, intervalMs);
  timer.unref?.();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}

/** One turn of a job: skipped on a replica if it is primary-only; a failure is logged, never thrown. */
export function runJob(ctx: JobContext, job: Job): unknown {
  const failed = (error: unknown) => {
    ctx.log.error(`${job.name} failed`, { error: String(error) });
    return null;
  };
  try {
    // Asked inside the try: a LiteFS mount whose process died fails every read, and a timer must not throw.
    if (job.primaryOnly && !isPrimary(ctx.config.LITEFS_DIR)) {
      job.skip?.();
      return null;
    }
    const result = job.run();
    return result instanceof Promise ? result.catch(failed) : result;
  } catch (error) {
    return failed(error);
  }
}

/** Starts every job on its interval (src/server.ts); `stop` ends them all when the server drains. */
export function startJobs(ctx: JobContext, jobs: Job[]) {
  let stopped = false;
  const timers = jobs.map((job) => {
    if (job.atStart) runJob(ctx, job);
    const { afterCommitsEveryMs } = job;
    if (afterCommitsEveryMs !== undefined && ctx.writes) {
      let last = -Infinity;
      ctx.writes.afterCommit(() => {
        if (stopped || performance.now() - last < afterCommitsEveryMs) return;
        last = performance.now();
        runJob(ctx, job);
      });
    }
    return repeatEvery(() => runJob(ctx, job), job.everyMs);
  });
  return {
    stop() {
      stopped = true;
      for (const timer of timers) timer.stop();
    },
  };
}

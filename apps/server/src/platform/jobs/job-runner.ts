import type PgBoss from 'pg-boss';
import { crashPoint, withJobKind } from './crash-points';

/** Where a job is in its retries; `final` means a failure now is the last one. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  final: boolean;
  /**
   * Aborted when the attempt has been given up (its deadline passed, or the queue stopped while
   * it ran): the job is already failed then, so stop work and give up.
   */
  signal: AbortSignal;
  /**
   * Logs an error this attempt handles itself (a final attempt that records why it failed), with
   * the job's id: the id a plain-words failure quotes to support.
   */
  report(error: unknown): void;
}

/** Which job an error came from, for the log line. */
export interface FailedJob {
  kind: string;
  id: string;
}

/** Why an attempt was given up: the reason of its aborted signal and of its failure. */
export class JobAbandonedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobAbandonedError';
  }
}

/** The pg-boss calls a runner needs (a narrow view, so tests can stand in for pg-boss). */
export type JobStore = Pick<PgBoss, 'fetch' | 'complete' | 'fail'>;

export interface KindRunnerOptions {
  store: JobStore;
  kind: string;
  handle: (data: unknown, attempt: JobAttempt) => Promise<void>;
  /** Jobs of this kind running at once in this process. */
  concurrency: number;
  /** Most jobs claimed by one fetch. */
  batchSize: number;
  deadlineSeconds: number;
  pollingIntervalMs: number;
  onError: (error: unknown, job?: FailedJob) => void;
}

export interface KindRunner {
  /** Fetches now instead of at the next poll. */
  wake(): void;
  /**
   * Stops fetching and waits up to `timeoutMs` for running jobs; those still running then are
   * failed (so they are retried) and their signals aborted.
   */
  stop(timeoutMs: number): Promise<void>;
}

interface Run {
  /** Settles once the job has been completed or failed in the store. */
  done: Promise<void>;
  abandon(reason: JobAbandonedError): Promise<void>;
}

type Outcome = { ok: true } | { ok: false; error: unknown };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs one job against its deadline; the first of handler, deadline or `abandon` decides. */
function startRun(options: KindRunnerOptions, job: PgBoss.JobWithMetadata<unknown>): Run {
  const { store, kind, onError, deadlineSeconds } = options;
  const controller = new AbortController();
  const attempt: JobAttempt = {
    id: job.id,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    final: job.retryCount >= job.retryLimit,
    signal: controller.signal,
    report: (error) => onError(error, { kind, id: job.id }),
  };
  let settling: Promise<void> | undefined;
  let markDone!: () => void;
  const done = new Promise<void>((resolve) => (markDone = resolve));
  const settle = (outcome: Outcome): Promise<void> => {
    settling ??= (async () => {
      clearTimeout(deadline);
      if (outcome.ok) {
        await store.complete(kind, job.id);
      } else {
        onError(outcome.error, { kind, id: job.id });
        // Only this job goes to retry (with back-off); the others running go on.
        await store.fail(kind, job.id, { message: errorMessage(outcome.error) });
      }
    })()
      .catch(onError)
      .then(markDone);
    return settling;
  };
  const abandon = (reason: JobAbandonedError): Promise<void> => {
    // Settled already (e.g. completing): the handler finished, nothing to give up.
    if (settling) return settling;
    controller.abort(reason);
    return settle({ ok: false, error: reason });
  };
  const deadline = setTimeout(() => {
    void abandon(
      new JobAbandonedError(`${kind} job ${job.id} did not finish within ${deadlineSeconds}s`),
    );
  }, deadlineSeconds * 1000);
  // A handler that throws synchronously fails like one that rejects; a late outcome is ignored.
  // The kind is known to durable steps for the test-only crash points (crash-points.ts).
  const handled = () =>
    withJobKind(kind, () => {
      crashPoint('begin');
      return options.handle(job.data, attempt);
    });
  void new Promise<void>((resolve) => resolve(handled())).then(
    () => {
      crashPoint('end', kind);
      return settle({ ok: true });
    },
    (error: unknown) => settle({ ok: false, error }),
  );
  return { done, abandon };
}

/**
 * Fetches and runs the jobs of one kind, each on its own: a slot freed by a finished (or given
 * up) job is refilled at once, so one slow job never holds the others back.
 */
export function startKindRunner(options: KindRunnerOptions): KindRunner {
  const { store, kind, concurrency, batchSize, onError } = options;
  const runs = new Set<Run>();
  let stopping = false;
  let nudged = false;
  let wakeUp: (() => void) | undefined;

  const nudge = (): void => {
    nudged = true;
    wakeUp?.();
  };
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (nudged || stopping) return resolve();
      const timer = setTimeout(() => wakeUp?.(), ms);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
    });

  /** Claims jobs for the free slots; answers whether more may be waiting right now. */
  const fill = async (): Promise<boolean> => {
    const wanted = Math.min(concurrency - runs.size, batchSize);
    if (wanted <= 0) return false;
    const jobs = await store.fetch<unknown>(kind, { batchSize: wanted, includeMetadata: true });
    for (const job of jobs) {
      const run = startRun(options, job);
      runs.add(run);
      void run.done.then(() => {
        runs.delete(run);
        nudge();
      });
    }
    return jobs.length === wanted && runs.size < concurrency;
  };

  const loop = (async () => {
    while (!stopping) {
      nudged = false;
      let more = false;
      try {
        more = await fill();
      } catch (error) {
        onError(error);
      }
      if (!more) await pause(options.pollingIntervalMs);
    }
  })();

  return {
    wake: nudge,
    async stop(timeoutMs) {
      stopping = true;
      wakeUp?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...runs].map((run) => run.done)),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
      const reason = new JobAbandonedError(`the ${kind} worker stopped before the job finished`);
      await Promise.all([...runs].map((run) => run.abandon(reason)));
    },
  };
}

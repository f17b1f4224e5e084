import PgBoss from 'pg-boss';
import type { Database, DatabaseDriver } from '../db/database';

/** What every job carries: its kind (the pg-boss queue name) and the data its handler needs. */
export interface JobBase {
  kind: string;
}

/** Where a job is in its retries; `final` means a failure now is the last one. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  final: boolean;
}

export type JobHandlers<J extends JobBase> = {
  [K in J['kind']]: (job: Extract<J, { kind: K }>, attempt: JobAttempt) => Promise<void>;
};

/** Runs SQL on the connection of an open transaction, so a job is enqueued with the change. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface SendOptions {
  startAfter?: Date;
  /**
   * The job's own id: sending an id that is already queued does nothing, so processes that each
   * send "the tick of 12:00:10" make one job between them.
   */
  id?: string;
  /** Enqueue inside this transaction (see `transactionExecutor`). */
  tx?: SqlExecutor;
}

export interface JobQueueOptions {
  /** Retries after the first failure, with exponential back-off from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** An active job whose process died is retried after this long. */
  expireInSeconds?: number;
  /** Jobs fetched per poll, per kind. */
  batchSize?: number;
  pollingIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

export interface JobQueue<J extends JobBase> {
  send(job: J, options?: SendOptions): Promise<void>;
  /** Wakes this process's workers of these kinds (after a transaction that sent jobs commits). */
  wake(kinds: Iterable<J['kind']>): void;
  stop(): Promise<void>;
}

/**
 * PGlite is one connection: pg-boss talks to it through its `db.executeSql` option. Statements
 * without parameters may be several (pg-boss's migrations), which only `exec` accepts.
 */
export function pgliteExecutor(client: {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[]; fields: unknown[] }[]>;
}): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      const withRows = results.filter((result) => result.fields.length > 0);
      return withRows.at(-1) ?? results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * The connection a drizzle transaction runs on (node-postgres PoolClient or PGlite
 * Transaction); both answer `query(text, values)`.
 */
export function transactionExecutor(tx: unknown): SqlExecutor {
  const client = (tx as { session?: { client?: unknown } }).session?.client as
    { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } | undefined;
  if (!client || typeof client.query !== 'function') {
    throw new Error('transactionExecutor: not a drizzle transaction');
  }
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * Durable jobs on pg-boss 10 (architecture §2): in the same database as everything else, so any
 * number of processes on one PostgreSQL share the work (`FOR UPDATE SKIP LOCKED`).
 */
export async function startJobQueue<J extends JobBase>(
  driver: DatabaseDriver,
  kinds: readonly J['kind'][],
  handlers: JobHandlers<J>,
  options: JobQueueOptions = {},
): Promise<JobQueue<J>> {
  const {
    retryLimit = 4,
    retryDelaySeconds = 2,
    expireInSeconds = 60,
    batchSize = 50,
    pollingIntervalSeconds = 0.5,
    onError = () => {},
  } = options;
  const base = {
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
    monitorStateIntervalSeconds: 60,
    expireInSeconds,
  };
  const boss =
    driver.kind === 'postgres'
      ? new PgBoss({ ...base, connectionString: driver.url, max: 4 })
      : new PgBoss({ ...base, db: pgliteExecutor(driver.client) as PgBoss.Db });
  boss.on('error', onError);
  await boss.start();

  const workers = new Map<string, string>();
  for (const kind of kinds) {
    // createQueue is idempotent in effect; a concurrent start may race on the insert.
    await boss
      .createQueue(kind, {
        name: kind,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds,
      })
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(kind))) throw error;
      });
  }
  for (const kind of kinds) {
    const handle = handlers[kind as J['kind']] as (job: J, attempt: JobAttempt) => Promise<void>;
    const id = await boss.work<J>(
      kind,
      { batchSize, includeMetadata: true, pollingIntervalSeconds },
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            const attempt: JobAttempt = {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              final: job.retryCount >= job.retryLimit,
            };
            try {
              await handle(job.data, attempt);
            } catch (error) {
              onError(error);
              // Only this job goes to retry; the batch's others complete normally.
              await boss.fail(kind, job.id, {
                message: error instanceof Error ? error.message : String(error),
              });
            }
          }),
        );
      },
    );
    workers.set(kind, id);
  }

  let stopped = false;
  const queue: JobQueue<J> = {
    async send(job, { startAfter, tx, id } = {}) {
      const sendOptions: PgBoss.SendOptions = {};
      if (id) sendOptions.id = id;
      if (startAfter && startAfter.getTime() > Date.now()) sendOptions.startAfter = startAfter;
      if (tx) sendOptions.db = tx as PgBoss.Db;
      await boss.send(job.kind, job as object, sendOptions);
      // A job due now: wake this process's worker instead of waiting for its next poll (one
      // sent inside a transaction is woken by the caller after the commit).
      if (!tx && !sendOptions.startAfter) queue.wake([job.kind]);
    },
    wake(kinds) {
      if (stopped) return;
      for (const kind of new Set(kinds)) {
        const worker = workers.get(kind);
        if (worker) boss.notifyWorker(worker);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  return queue;
}

/**
 * Runs `work` in one transaction of `db`: the jobs it sends are enqueued in that transaction (so
 * they exist only if the change commits) and their workers are woken once it has committed.
 */
export async function transactionWithJobs<J extends JobBase, T>(
  db: Database,
  queue: JobQueue<J>,
  work: (tx: Database, send: (job: J) => Promise<void>) => Promise<T>,
): Promise<T> {
  const sent: J['kind'][] = [];
  const result = await db.transaction(async (tx) => {
    const executor = transactionExecutor(tx);
    return work(tx, async (job) => {
      await queue.send(job, { tx: executor });
      sent.push(job.kind);
    });
  });
  if (sent.length > 0) queue.wake(sent);
  return result;
}

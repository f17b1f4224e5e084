import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, DatabaseDriver } from '../db/database';
import { nodePostgresParsers } from '../db/pglite-parsers';
import { prepareCrashPoints } from './crash-points';
import { startKindRunner, type FailedJob, type JobAttempt, type KindRunner } from './job-runner';

export { JobAbandonedError, type JobAttempt } from './job-runner';

/** What every job carries: its kind (the pg-boss queue name) and the data its handler needs. */
export interface JobBase {
  kind: string;
}

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

/** What may differ between the kinds of one queue. */
export interface JobKindOptions {
  /** Jobs of the kind running at once in this process (default 16). */
  concurrency?: number;
  /**
   * An attempt still running after this long is failed (so retried with back-off; the last one
   * ends the job like any failure), its slot freed and its `signal` aborted (default 120).
   */
  jobTimeoutSeconds?: number;
}

export interface JobQueueOptions extends JobKindOptions {
  /** Retries after the first failure, with exponential back-off from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * An active job whose process died is retried after this long; never less than the kind's
   * `jobTimeoutSeconds` plus one maintenance interval, so pg-boss never expires an attempt
   * before its deadline does.
   */
  expireInSeconds?: number;
  /** How often pg-boss expires the jobs of processes that died (default 30). */
  maintenanceIntervalSeconds?: number;
  /** Overrides `concurrency` and `jobTimeoutSeconds` for some kinds. */
  perKind?: Readonly<Record<string, JobKindOptions>>;
  /** Most jobs claimed by one fetch, per kind (default: `concurrency`). */
  batchSize?: number;
  /** How often each kind looks for due jobs when not woken (default 0.5). */
  pollingIntervalSeconds?: number;
  /** How long `stop()` waits for running jobs before failing them so they are retried (10). */
  stopTimeoutSeconds?: number;
  /** Logs a failed attempt (with its job) or a queue error (without). */
  onError?: (error: unknown, job?: FailedJob) => void;
}

/** A kind of durable job: its name, the shape of its data (checked on send and on run), its handler. */
export interface JobDefinition<J extends JobBase = JobBase> {
  kind: J['kind'];
  schema: z.ZodType<J>;
  handle: (job: J, attempt: JobAttempt) => Promise<void>;
}

/** Declares a kind of job; modules hand their definitions to the one queue before it starts. */
export function defineJob<J extends JobBase>(
  kind: J['kind'],
  schema: z.ZodType<J>,
  handle: (job: J, attempt: JobAttempt) => Promise<void>,
): JobDefinition<J> {
  return { kind, schema, handle };
}

/** A definition of any kind, as the queue keeps them (its data type erased). */
export interface AnyJobDefinition {
  kind: string;
  schema: z.ZodType<JobBase>;
  handle: (job: never, attempt: JobAttempt) => Promise<void>;
}

/** What a module needs of the queue to send its own jobs. */
export interface JobSender<J extends JobBase> {
  send(job: J, options?: SendOptions): Promise<void>;
  /** Wakes this process's workers of these kinds (after a transaction that sent jobs commits). */
  wake(kinds: Iterable<J['kind']>): void;
}

/** What a module may ask of the queue about its own jobs. */
export interface JobReader<J extends JobBase> {
  /**
   * Ids of the kind's jobs not yet finished (waiting, retrying or running) whose data has one of
   * `values` in `field`, per value, oldest first: what is working on a thing right now.
   */
  unfinishedJobIds(
    kind: J['kind'],
    field: string,
    values: readonly string[],
  ): Promise<Map<string, string[]>>;
  /** The data of the kind's unfinished jobs whose data has `value` in `field`, oldest first. */
  unfinishedJobData(kind: J['kind'], field: string, value: string): Promise<unknown[]>;
}

/** The one job queue of the process (one pg-boss), shared by every module. */
export interface JobQueue extends JobSender<JobBase>, JobReader<JobBase> {
  /** Adds kinds to the catalogue; only before `start`. */
  define(...definitions: AnyJobDefinition[]): void;
  /** The kinds defined, for tools that walk every job (crash tests, docs). */
  catalogue(): readonly string[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves when this process's queue takes work: started, not stopped, and its own connection
   * answers a query; otherwise throws saying why (the readiness probe asks).
   */
  checkReady(): Promise<void>;
}

/**
 * PGlite is one connection: pg-boss talks to it through its `db.executeSql` option. Statements
 * without parameters may be several (pg-boss's migrations), which only `exec` accepts. pg-boss was
 * written for node-postgres: it gets Dates back, not the text drizzle reads (pglite-parsers.ts).
 */
export function pgliteExecutor(client: Pick<PGlite, 'query' | 'exec'>): SqlExecutor {
  const options = { parsers: nodePostgresParsers };
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values, options);
      const results = await client.exec(text, options);
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

// pg-boss's supervisor expires active jobs only every `maintenanceIntervalSeconds` (30 s by
// default), and our deadline must always fail an attempt before pg-boss's expiry could hand it to
// another run: one interval past the deadline leaves the failure that long to be written.
const defaultMaintenanceSeconds = 30;
// pg-boss refuses expiries of 24 hours or more; timers misbehave past 2^31 ms anyway.
const longestDeadlineSeconds = 23 * 60 * 60;

interface KindSettings {
  concurrency: number;
  batchSize: number;
  deadlineSeconds: number;
  expireInSeconds: number;
}

function kindSettings(kind: string, options: JobQueueOptions): KindSettings {
  const own = options.perKind?.[kind] ?? {};
  const concurrency = own.concurrency ?? options.concurrency ?? 16;
  const deadlineSeconds = own.jobTimeoutSeconds ?? options.jobTimeoutSeconds ?? 120;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`job queue: concurrency of ${kind} must be a positive integer`);
  }
  if (!(deadlineSeconds > 0 && deadlineSeconds <= longestDeadlineSeconds)) {
    throw new Error(`job queue: jobTimeoutSeconds of ${kind} must be in (0, 23 hours]`);
  }
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? concurrency));
  const expiryMarginSeconds = options.maintenanceIntervalSeconds ?? defaultMaintenanceSeconds;
  const expireInSeconds = Math.max(
    Math.ceil(options.expireInSeconds ?? 0),
    Math.ceil(deadlineSeconds) + expiryMarginSeconds,
  );
  return { concurrency, batchSize, deadlineSeconds, expireInSeconds };
}

function createBoss(
  driver: DatabaseDriver,
  onError: (error: unknown) => void,
  maintenanceIntervalSeconds = defaultMaintenanceSeconds,
): PgBoss {
  const base = {
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds,
    monitorStateIntervalSeconds: 60,
  };
  const connection =
    driver.kind === 'postgres'
      ? { connectionString: driver.url, max: 4 }
      : { db: pgliteExecutor(driver.client) as PgBoss.Db };
  const boss = new PgBoss({ ...base, ...connection });
  boss.on('error', onError);
  return boss;
}

async function ensureQueue(
  boss: PgBoss,
  kind: string,
  settings: KindSettings,
  { retryLimit = 4, retryDelaySeconds = 2 }: JobQueueOptions,
): Promise<void> {
  // createQueue is idempotent in effect; a concurrent start may race on the insert.
  await boss
    .createQueue(kind, {
      name: kind,
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
    })
    .catch(async (error: unknown) => {
      if (!(await boss.getQueue(kind))) throw error;
    });
}

/** Calls a handler with data its own schema has just parsed, so the erased type is the real one. */
function runHandler(definition: AnyJobDefinition, job: JobBase, attempt: JobAttempt) {
  return (definition.handle as (job: JobBase, attempt: JobAttempt) => Promise<void>)(job, attempt);
}

/** The runners of every kind, started once the catalogue is complete. */
async function startRunners(
  boss: PgBoss,
  definitions: ReadonlyMap<string, AnyJobDefinition>,
  settings: ReadonlyMap<string, KindSettings>,
  options: JobQueueOptions,
): Promise<Map<string, KindRunner>> {
  const { pollingIntervalSeconds = 0.5, onError = () => {} } = options;
  const runners = new Map<string, KindRunner>();
  for (const [kind, definition] of definitions) {
    const own = settings.get(kind)!;
    await ensureQueue(boss, kind, own, options);
    runners.set(
      kind,
      startKindRunner({
        store: boss,
        kind,
        // Data is checked again on the way out: a job written by another version is refused.
        handle: (data, attempt) => runHandler(definition, definition.schema.parse(data), attempt),
        concurrency: own.concurrency,
        batchSize: own.batchSize,
        deadlineSeconds: own.deadlineSeconds,
        // A zero interval would fetch without pause.
        pollingIntervalMs: Math.max(100, pollingIntervalSeconds * 1000),
        onError,
      }),
    );
  }
  return runners;
}

/**
 * PGlite's files are one process's: a job still active when its queue starts was running in a
 * process that died (kill -9, power loss). It is retried now, not after pg-boss's expiry (the
 * deadline plus 30 s, checked every 30 s) nor after a back-off: the job did not fail, its process
 * did. One on its last attempt fails as expiry would fail it.
 */
async function retryOrphanedJobs(boss: PgBoss, kinds: readonly string[]): Promise<void> {
  const db = boss.getDb();
  await db.executeSql(
    `UPDATE pgboss.job SET state = 'retry', start_after = now()
      WHERE state = 'active' AND retry_count < retry_limit AND name = ANY($1::text[])`,
    [[...kinds]],
  );
  const { rows } = await db.executeSql(
    `SELECT name, id::text AS id FROM pgboss.job WHERE state = 'active' AND name = ANY($1::text[])`,
    [[...kinds]],
  );
  for (const { name, id } of rows as { name: string; id: string }[]) {
    await boss.fail(name, id, { message: 'the process running this job ended' });
  }
}

/** What is working on a thing right now, read from pg-boss's own table (JobReader). */
function unfinishedJobs(boss: PgBoss, started: () => boolean): JobReader<JobBase> {
  const unfinished = "name = $1 AND state IN ('created', 'retry', 'active')";
  return {
    async unfinishedJobIds(kind, field, values) {
      const found = new Map<string, string[]>();
      if (values.length === 0 || !started()) return found;
      const { rows } = await boss.getDb().executeSql(
        `SELECT id::text AS id, data->>$2 AS value FROM pgboss.job
          WHERE ${unfinished} AND data->>$2 = ANY($3::text[]) ORDER BY created_on`,
        [kind, field, [...values]],
      );
      for (const { id, value } of rows as { id: string; value: string }[]) {
        found.set(value, [...(found.get(value) ?? []), id]);
      }
      return found;
    },
    async unfinishedJobData(kind, field, value) {
      if (!started()) return [];
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT data FROM pgboss.job WHERE ${unfinished} AND data->>$2 = $3 ORDER BY created_on`,
          [kind, field, value],
        );
      return (rows as { data: unknown }[]).map((row) => row.data);
    },
  };
}

/**
 * The one durable job queue, on pg-boss 10 in the same database as everything else, so any
 * number of processes on one PostgreSQL share the work (`FOR UPDATE SKIP LOCKED`). Each kind
 * runs up to `concurrency` jobs at once, each on its own with a deadline.
 */
export function createJobQueue(driver: DatabaseDriver, options: JobQueueOptions = {}): JobQueue {
  const { stopTimeoutSeconds = 10, onError = () => {} } = options;
  const definitions = new Map<string, AnyJobDefinition>();
  const settings = new Map<string, KindSettings>();
  const boss = createBoss(driver, onError, options.maintenanceIntervalSeconds);
  let runners = new Map<string, KindRunner>();
  let state: 'defining' | 'started' | 'stopped' = 'defining';

  const queue: JobQueue = {
    define(...added) {
      if (state !== 'defining') throw new Error('job queue: define kinds before start');
      for (const definition of added) {
        if (definitions.has(definition.kind)) {
          throw new Error(`job queue: ${definition.kind} is defined twice`);
        }
        definitions.set(definition.kind, definition);
        settings.set(definition.kind, kindSettings(definition.kind, options));
      }
    },
    catalogue: () => [...definitions.keys()],
    async start() {
      if (state !== 'defining') return;
      state = 'started';
      prepareCrashPoints([...definitions.keys()]);
      await boss.start();
      if (driver.kind === 'pglite') await retryOrphanedJobs(boss, [...definitions.keys()]);
      runners = await startRunners(boss, definitions, settings, options);
    },
    async send(job, { startAfter, tx, id } = {}) {
      const definition = definitions.get(job.kind);
      if (!definition) throw new Error(`job queue: no job kind ${job.kind}`);
      definition.schema.parse(job);
      // Set on each job too: a queue made by an older version keeps its shorter expiry.
      const sendOptions: PgBoss.SendOptions = {
        expireInSeconds: settings.get(job.kind)!.expireInSeconds,
      };
      if (id) sendOptions.id = id;
      if (startAfter && startAfter.getTime() > Date.now()) sendOptions.startAfter = startAfter;
      if (tx) sendOptions.db = tx as PgBoss.Db;
      await boss.send(job.kind, job as object, sendOptions);
      // A job due now: wake this process's worker instead of waiting for its next poll (one
      // sent inside a transaction is woken by the caller after the commit).
      if (!tx && !sendOptions.startAfter) queue.wake([job.kind]);
    },
    ...unfinishedJobs(boss, () => state === 'started'),
    wake(kinds) {
      if (state !== 'started') return;
      for (const kind of new Set(kinds)) runners.get(kind)?.wake();
    },
    async stop() {
      if (state === 'stopped') return;
      const wasStarted = state === 'started';
      state = 'stopped';
      if (!wasStarted) return;
      const timeoutMs = stopTimeoutSeconds * 1000;
      await Promise.all([...runners.values()].map((runner) => runner.stop(timeoutMs)));
      await boss.stop({ graceful: true, wait: true, timeout: 1000 });
    },
    async checkReady() {
      if (state === 'defining') throw new Error('job queue: not started yet');
      if (state === 'stopped') throw new Error('job queue: stopped');
      // pg-boss has its own connections on PostgreSQL: the app's pool answering proves nothing.
      await boss.getDb().executeSql('SELECT 1', []);
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
  queue: JobSender<J>,
  work: (
    tx: Database,
    send: (job: J, options?: Omit<SendOptions, 'tx'>) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const sent: J['kind'][] = [];
  const result = await db.transaction(async (tx) => {
    const executor = transactionExecutor(tx);
    return work(tx, async (job, options) => {
      await queue.send(job, { ...options, tx: executor });
      sent.push(job.kind);
    });
  });
  if (sent.length > 0) queue.wake(sent);
  return result;
}

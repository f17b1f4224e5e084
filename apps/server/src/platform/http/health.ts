import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import type { App } from './http-app';

/** What readiness depends on: the database every module queries and the one job queue. */
export interface HealthDependencies {
  db: Pick<Database, 'execute'>;
  jobs: Pick<JobQueue, 'checkReady'>;
  /** How long each check may take before it counts as failing (default 2 s). */
  checkTimeoutMs?: number;
}

/** Under the 3 s timeout the Kubernetes probes of deploy/kubernetes give /readyz. */
const defaultCheckTimeoutMs = 2_000;

const checkNames = ['database', 'jobQueue'] as const;
type CheckName = (typeof checkNames)[number];
type Checks = Record<CheckName, 'ok' | 'failing'>;

/** One plain clause per failing check; the cause goes to the log, never to an anonymous caller. */
const failureClauses: Record<CheckName, string> = {
  database: 'the database did not answer a query',
  jobQueue: 'the job queue cannot take work',
};

const checkOutcome = z.enum(['ok', 'failing']);
const checksSchema = z.object({ database: checkOutcome, jobQueue: checkOutcome });

const livenessSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: z.literal('ok'), jobQueue: z.literal('ok') }),
});
const notReadySchema = z.object({
  status: z.literal('not ready'),
  message: z.string().describe('Which checks failed, in one sentence'),
  checks: checksSchema,
});

/**
 * `GET /healthz` (liveness: the process answers, nothing else is asked) and `GET /readyz`
 * (readiness: the database answers a query and the job queue takes work). Both are open to
 * anyone and never throttled: the kubelet and load balancers call them without credentials.
 */
export function registerHealthChecks(app: App, dependencies: HealthDependencies): void {
  const readiness = createReadiness(dependencies, app.log);
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers 200 while the process serves requests',
        security: [],
        response: { 200: livenessSchema },
      },
    },
    (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database and the job queue work, 503 naming what fails',
        security: [],
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      const checks = await readiness();
      reply.header('cache-control', 'no-store');
      const failing = checkNames.filter((name) => checks[name] !== 'ok');
      if (failing.length === 0) {
        return { status: 'ready' as const, checks: { database: 'ok', jobQueue: 'ok' } as const };
      }
      const clauses = failing.map((name) => failureClauses[name]).join(' and ');
      return reply
        .code(503)
        .send({ status: 'not ready', message: `Not ready: ${clauses}.`, checks });
    },
  );
}

/**
 * Runs both checks at once; callers arriving while a run is under way share it, so a flood of
 * probes costs the database one query at a time.
 */
function createReadiness(
  { db, jobs, checkTimeoutMs = defaultCheckTimeoutMs }: HealthDependencies,
  log: FastifyBaseLogger,
): () => Promise<Checks> {
  const probes: Record<CheckName, () => Promise<unknown>> = {
    database: () => db.execute(sql`select 1`),
    jobQueue: () => jobs.checkReady(),
  };
  const failingBefore = new Set<CheckName>();
  let running: Promise<Checks> | undefined;

  async function runCheck(name: CheckName): Promise<'ok' | 'failing'> {
    try {
      await withTimeout(probes[name](), checkTimeoutMs);
      if (failingBefore.delete(name)) log.info(`readiness: ${name} works again`);
      return 'ok';
    } catch (error) {
      // Once per outage: the kubelet asks every few seconds and would flood the log.
      if (!failingBefore.has(name)) log.warn({ err: error }, `readiness: ${failureClauses[name]}`);
      failingBefore.add(name);
      return 'failing';
    }
  }

  return () => {
    running ??= Promise.all([runCheck('database'), runCheck('jobQueue')])
      .then(([database, jobQueue]) => ({ database, jobQueue }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/** Rejects once `ms` have passed: a hung connection must fail the probe, not hold it open. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

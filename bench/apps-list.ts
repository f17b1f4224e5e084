// The app list, `GET /meridian/v1/kube/apps`, for one user with many apps (1,000 by default, each
// with 2 versions and 2 deployments): warm (cached) req/s and p50/p90/p99 at 50 connections beside
// the cheapest authenticated route (`GET /auth/session`) in the same run, the cold (cache-miss)
// build time, and the SQL statements one build issues for 10 and for 1,000 apps (constant).
//
// The control plane runs in this process (time scale 0) on a PGlite data dir and, with
// TEST_DATABASE_URL, DATABASE_URL or --postgres, on PostgreSQL in a throwaway database dropped
// afterwards. autocannon runs in a child process, so the load generator has its own event loop.
// One smart cluster with two members is made through the API and one app rolled out on it; its
// rows are then copied with drizzle inserts. Prints figures; asserts nothing; target p99 <= 100 ms.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  appTemplateRows,
  autocannon,
  baselinePath,
  call,
  connections,
  copyApps,
  durationSeconds,
  loadServerModule,
  onEachDatabase,
  listGoalMs,
  reportLoadFigures,
  withServer,
  type BenchDatabase,
  type BenchRoutes,
  type DatabaseOptions,
  type ListedApp,
  type LoadResult,
  type Session,
} from './list-load';

const appCount = Number(process.env.APPS ?? 1000);
const fewApps = 10;
const coldRuns = Number(process.env.COLD_RUNS ?? 20);
const appsPath = '/meridian/v1/kube/apps';
const sameSizePath = '/bench/same-size-body';
// What the console's sidebar asks for: one page of the summary (apps-list.ts in the console).
const summaryPath = `${appsPath}/summary?sort=created&limit=60&offset=0`;

interface AppListBody {
  json: Buffer;
  gzip: Buffer;
}
interface AppService {
  createAppListCache(): unknown;
  listApps(
    context: Record<string, unknown>,
    cache: unknown,
    reader: { userId: string },
  ): Promise<AppListBody>;
}
const appService = (await loadServerModule('modules/apps/app/app.service.ts')) as AppService;

// SQL statements issued inside `statements.run(log, …)`, with when each was sent and answered;
// the job queue's polling and other requests run outside it and are not counted.
interface Statement {
  text: string;
  sent: number;
  answered: number;
}
const statements = new AsyncLocalStorage<Statement[]>();

function recordStatements(database: BenchDatabase): void {
  const target = database.driver.kind === 'pglite' ? database.driver.client : database.driver.pool;
  const query = target.query.bind(target);
  target.query = (...args: unknown[]) => {
    const log = statements.getStore();
    if (!log) return query(...args);
    const first = args[0];
    const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
    const sent = performance.now();
    return Promise.resolve(query(...args)).then((result) => {
      log.push({ text, sent, answered: performance.now() });
      return result;
    });
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function distribution(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return (
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms, ` +
    `p99 ${percentile(sorted, 99).toFixed(1)} ms (n=${sorted.length})`
  );
}

const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

/** The list as the route builds it, with an empty cache of its own. */
function freshListService(database: BenchDatabase) {
  const cache = appService.createAppListCache();
  const context = { db: database.db };
  return { listApps: (userId: string) => appService.listApps(context, cache, { userId }) };
}

/** Statements of one cold build (a fresh service: empty cache) and of the warm call after it. */
async function countStatements(database: BenchDatabase, userId: string) {
  const service = freshListService(database);
  const cold: Statement[] = [];
  const body = await statements.run(cold, () => service.listApps(userId));
  const warm: Statement[] = [];
  await statements.run(warm, () => service.listApps(userId));
  return {
    cold: cold.length,
    warm: warm.length,
    apps: (JSON.parse(body.json.toString()) as unknown[]).length,
    gzipBytes: body.gzip.length,
  };
}

/**
 * Cold builds straight through the service (a fresh one each time: its cache is empty), split
 * into the stamp query, the three list queries and the JavaScript after them.
 */
async function coldBuilds(database: BenchDatabase, userId: string) {
  const build: number[] = [];
  const stamp: number[] = [];
  const lists: number[] = [];
  const js: number[] = [];
  for (let i = 0; i < coldRuns; i++) {
    const service = freshListService(database);
    const log: Statement[] = [];
    const started = performance.now();
    await statements.run(log, () => service.listApps(userId));
    const done = performance.now();
    const [first, ...rest] = log;
    build.push(done - started);
    stamp.push(first!.answered - first!.sent);
    const listStart = Math.min(...rest.map((s) => s.sent));
    const listEnd = Math.max(...rest.map((s) => s.answered));
    lists.push(listEnd - listStart);
    js.push(done - listEnd);
  }
  return { build, stamp, lists, js };
}

/** Sequential GETs over HTTP: each after a rename (a new stamp, so a rebuild), then warm ones. */
async function sequentialGets(base: string, session: Session) {
  const [firstApp] = JSON.parse(await call(base, 'GET', appsPath, session)) as ListedApp[];
  const coldHttp: number[] = [];
  let bytes = 0;
  for (let i = 0; i < coldRuns; i++) {
    await call(base, 'PUT', `${appsPath}/${firstApp!.uuid}`, session, { name: `app-0-${i}` });
    const started = performance.now();
    bytes = (await call(base, 'GET', appsPath, session)).length;
    coldHttp.push(performance.now() - started);
  }
  // Warm, one request at a time (no queueing): what one cached answer costs.
  const warmHttp: number[] = [];
  for (let i = 0; i < coldRuns; i++) {
    const started = performance.now();
    await call(base, 'GET', appsPath, session);
    warmHttp.push(performance.now() - started);
  }
  return { coldHttp, warmHttp, bytes };
}

/** The ETag the list carries now (what a browser holding it would send back). */
async function currentEtag(base: string, session: Session): Promise<string> {
  const response = await fetch(`${base}${appsPath}`, { headers: session.headers });
  await response.arrayBuffer();
  const etag = response.headers.get('etag');
  if (!etag) throw new Error('the app list has no ETag');
  return etag;
}

/** Warm under load: a short unmeasured run each first (JIT, connections), then the real one. */
async function loadRuns(base: string, session: Session) {
  const etag = await currentEtag(base, session);
  await autocannon(`${base}${baselinePath}`, session, 2);
  await autocannon(`${base}${appsPath}`, session, 2);
  const bare = await autocannon(`${base}${baselinePath}`, session, durationSeconds);
  const sameSize = await autocannon(`${base}${sameSizePath}`, session, durationSeconds);
  const list = await autocannon(`${base}${appsPath}`, session, durationSeconds);
  // What the console's refetches are: the browser revalidates with the ETag it holds.
  const revalidated = await autocannon(`${base}${appsPath}`, session, durationSeconds, {
    'if-none-match': etag,
  });
  await autocannon(`${base}${summaryPath}`, session, 2);
  const summary = await autocannon(`${base}${summaryPath}`, session, durationSeconds);
  return { bare, sameSize, list, revalidated, summary };
}

type LoadRuns = Awaited<ReturnType<typeof loadRuns>>;

async function measure(label: 'pglite' | 'postgres', options: DatabaseOptions) {
  // A route that only sends a buffer as large as the gzipped list: what moving that many bytes
  // per answer costs on this machine with this load generator, with no work behind it.
  let sameSizeBody = Buffer.alloc(0);
  const setup = {
    secretKey: 'bench-apps-secret-key',
    opened: recordStatements,
    extend: (instance: BenchRoutes) => {
      instance.get(sameSizePath, (_request, reply) =>
        reply.type('application/json').header('content-encoding', 'gzip').send(sameSizeBody),
      );
    },
  };
  await withServer(options, setup, async ({ base, session, database }) => {
    const t0 = performance.now();
    const template = await appTemplateRows(base, session, database);
    await copyApps(database, template, 0, fewApps);
    const few = await countStatements(database, session.userId);
    await copyApps(database, template, fewApps, appCount);
    const many = await countStatements(database, session.userId);
    const seedSeconds = (performance.now() - t0) / 1000;
    const cold = await coldBuilds(database, session.userId);
    const http = await sequentialGets(base, session);
    // Random, like gzip output: the load generator reads high-entropy bodies far slower.
    sameSizeBody = randomBytes(many.gzipBytes);
    const runs = await loadRuns(base, session);
    reportFigures(label, runs);

    console.log(`${label}`);
    console.log(
      `  seeded ${appCount} apps x 2 versions x 2 deployments in ${seedSeconds.toFixed(1)} s; ` +
        `list body ${(http.bytes / 1024 / 1024).toFixed(2)} MiB (gzip ${(many.gzipBytes / 1024).toFixed(0)} KiB)`,
    );
    console.log(
      `  SQL statements per list build: ${few.apps} apps ${few.cold} cold / ${few.warm} warm; ` +
        `${many.apps} apps ${many.cold} cold / ${many.warm} warm`,
    );
    console.log(`  cold build, service (${appCount} apps): ${distribution(cold.build)}`);
    console.log(
      `    median split: stamp query ${median(cold.stamp).toFixed(1)} ms, 3 list queries ` +
        `${median(cold.lists).toFixed(1)} ms, row mapping + assembly + JSON ${median(cold.js).toFixed(1)} ms`,
    );
    console.log(`  cold GET after a rename (HTTP, sequential): ${distribution(http.coldHttp)}`);
    console.log(`  warm GET (HTTP, sequential):                ${distribution(http.warmHttp)}`);
    printLoadTable(runs);
  });
}

/** The warm runs side by side, their p99 ratios, and any run that had errors. */
function printLoadTable({ bare, sameSize, list, revalidated, summary }: LoadRuns) {
  const column = (value: string) => value.padStart(20);
  const runs = [
    [`GET ${baselinePath}`, bare],
    ['same-size body', sameSize],
    ['GET apps (200, gzip)', list],
    ['GET apps (304)', revalidated],
    ['GET apps/summary', summary],
  ] as const;
  console.log(
    `  warm, ${connections} connections, ${durationSeconds} s each`.padEnd(28) +
      runs.map(([name]) => column(name)).join(''),
  );
  const rowOf = (name: string, pick: (result: LoadResult) => number, unit: string) =>
    console.log(
      `    ${name.padEnd(24)}` +
        runs.map(([, result]) => column(`${pick(result).toFixed(1)}${unit}`)).join(''),
    );
  rowOf('req/s', (result) => result.requests.average, '');
  rowOf('p50', (result) => result.latency.p50, ' ms');
  rowOf('p90', (result) => result.latency.p90, ' ms');
  rowOf('p99', (result) => result.latency.p99, ' ms');
  rowOf('max', (result) => result.latency.max, ' ms');
  rowOf('MiB/s', (result) => result.throughput.average / 1024 / 1024, '');
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log(
    `    p99 ratios: apps 200 / same-size body ${ratio(list.latency.p99, sameSize.latency.p99)}, ` +
      `apps 304 / ${baselinePath} ${ratio(revalidated.latency.p99, bare.latency.p99)}; ` +
      `req/s apps 200 / same-size body ${ratio(list.requests.average, sameSize.requests.average)}`,
  );
  for (const [name, result] of runs) {
    if (result.errors || result.timeouts || (result.non2xx && result !== revalidated)) {
      console.log(
        `    ${name}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
          `${result.non2xx} non-2xx answers`,
      );
    }
  }
}

/** The figures `npm run bench`'s table shows, each beside the bare route of the same run. */
function reportFigures(
  label: 'pglite' | 'postgres',
  runs: Pick<LoadRuns, 'bare' | 'list' | 'summary'>,
) {
  reportLoadFigures(`apps list ${label}`, runs.list, runs.bare, listGoalMs('spec', label));
  reportLoadFigures(
    `apps summary page (console) ${label}`,
    runs.summary,
    runs.bare,
    listGoalMs('console', label),
  );
}

console.log(
  `app list: ${appCount} apps of one user, ${connections} connections, ` +
    `${os.cpus().length} CPUs (load average ${os.loadavg()[0]!.toFixed(2)} at start)`,
);
await onEachDatabase('bench_apps', measure);
process.exit(0);

// The console's own list requests for one user with 1,000 smart clusters and 1,000 domains, at
// 50 connections: the pages the clusters and domains pages ask for beside the spec's full lists
// and the cheapest authenticated route (`GET /auth/session`) in the same run. PGlite, and with
// TEST_DATABASE_URL, DATABASE_URL or --postgres PostgreSQL too (a throwaway database); time scale
// 0; one smart cluster is made through the API and its rows copied. Prints figures; asserts
// nothing; target p99 <= 100 ms for the console's requests.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import {
  autocannon,
  call,
  connections,
  durationSeconds,
  insertInChunks,
  onEachDatabase,
  readySmartCluster,
  listGoalMs,
  reportLoadFigures,
  server,
  withServer,
  type BenchDb,
  type DatabaseOptions,
  type LoadResult,
  type Session,
} from './list-load';

const count = Number(process.env.ENTRIES ?? 1000);

/** One smart cluster through the API, then `count - 1` copies of its rows; `count` domains. */
async function seed(base: string, session: Session, db: BenchDb) {
  await readySmartCluster(base, session, 'bench-lists');
  const [smart] = await db.select().from(server.schema.smartClusters);
  const members = await db.select().from(server.schema.clusters);
  // The order key is an identity column: the database numbers the copies.
  const { orderKey: _orderKey, ...columns } = smart!;
  const smartRows = Array.from({ length: count - 1 }, (_, i) => ({
    ...columns,
    id: randomUUID(),
    name: `bench-${i}`,
  }));
  const memberRows = smartRows.flatMap((copy) =>
    members.map((member) => ({ ...member, id: randomUUID(), smartClusterId: copy.id })),
  );
  const domainRows = Array.from({ length: count }, (_, i) => ({
    userId: smart!.userId,
    domainName: `bench-${i}.example.ca`,
    status: 'success',
  }));
  await insertInChunks(db, server.schema.smartClusters, smartRows);
  await insertInChunks(db, server.schema.clusters, memberRows);
  await insertInChunks(db, server.schema.domains, domainRows);
}

// What the console asks for (its clusters and domains pages), and the spec's lists beside them.
const routes = [
  ['GET /auth/session', '/auth/session', 'bare'],
  ['smart clusters (spec)', '/cluster/smart_clusters', 'spec'],
  ['member clusters (spec)', '/cluster/clusters', 'spec'],
  [
    'smart clusters page (console)',
    '/cluster/smart_clusters/page?limit=30&offset=0&modes=AUTOMATIC,MANUAL' +
      '&statuses=creating,deleting,failure,success,updating',
    'console',
  ],
  ['domains (spec)', '/domain/name', 'spec'],
  ['domains page (console)', '/domain/name/page?limit=50&offset=0', 'console'],
] as const;

function measure(options: DatabaseOptions) {
  const setup = { secretKey: 'bench-lists-key' };
  return withServer(options, setup, async ({ base, session, database }) => {
    await seed(base, session, database.db);
    const results: [string, (typeof routes)[number][2], LoadResult, number][] = [];
    for (const [name, url, kind] of routes) {
      const bytes = (await call(base, 'GET', url, session)).length;
      await autocannon(`${base}${url}`, session, 2);
      results.push([
        name,
        kind,
        await autocannon(`${base}${url}`, session, durationSeconds),
        bytes,
      ]);
    }
    return results;
  });
}

type Results = Awaited<ReturnType<typeof measure>>;

function report(label: 'pglite' | 'postgres', results: Results) {
  const bare = results[0]![2];
  console.log(label);
  console.log(
    `  ${'request'.padEnd(32)}${['body', 'req/s', 'p50', 'p90', 'p99'].map((h) => h.padStart(12)).join('')}`,
  );
  for (const [name, kind, result, bytes] of results) {
    const cells = [
      `${(bytes / 1024).toFixed(0)} KiB`,
      result.requests.average.toFixed(1),
      `${result.latency.p50} ms`,
      `${result.latency.p90} ms`,
      `${result.latency.p99} ms`,
    ];
    console.log(`  ${name.padEnd(32)}${cells.map((cell) => cell.padStart(12)).join('')}`);
    if (result.errors || result.non2xx) {
      console.log(`    ${result.errors} errors, ${result.non2xx} non-2xx answers`);
    }
    if (kind === 'bare') continue;
    // A list too large to answer once within the run has no latency to report, only that fact.
    if (result.requests.total === 0) {
      console.log('    no answer completed within the run: no figures reported');
      continue;
    }
    reportLoadFigures(`${name} ${count} ${label}`, result, bare, listGoalMs(kind, label));
  }
}

console.log(
  `console lists: ${count} smart clusters and ${count} domains of one user, ${connections} ` +
    `connections, ${durationSeconds} s each, ${os.cpus().length} CPUs (load average ` +
    `${os.loadavg()[0]!.toFixed(2)} at start)`,
);
await onEachDatabase('bench_lists', async (label, options) =>
  report(label, await measure(options)),
);
process.exit(0);

// Issue 41 item 2: the embedded default never stalls. One user with 2,000 deployments (1,000 apps
// x 2) on PGlite in a temporary directory; `GET /auth/session` at 50 connections in the same run,
// first with the background rounds out of the way (traffic sampling once a day), then with
// sampling at its production interval (MERIDIAN_TRAFFIC_SAMPLE_SECONDS, 10 s) over the data the
// first run left. Beside each, the server's longest event-loop block while the load ran: what a
// request waits behind. Prints figures; asserts nothing; goal p99 <= 100 ms with the rounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  appTemplateRows,
  autocannon,
  baselinePath,
  connections,
  copyApps,
  server,
  withServer,
  type LoadResult,
  type RunningServer,
} from './list-load';
import { reportFigure } from './report';

const appCount = Number(process.env.APPS ?? 1000);
const seconds = Number(process.env.DURATION ?? 30);
const sampleIntervalMs = Number(process.env.SAMPLE_SECONDS ?? 10) * 1000;
const secretKey = 'bench-rounds-secret-key';

interface Run {
  load: LoadResult;
  /** The longest the server's event loop was held while the load ran, in ms. */
  longestBlockMs: number;
  /** Deployment metrics rows after the run: proof the sampling rounds ran (one per deployment each). */
  metricsRows: number;
}

/** The session route under load, with the event loop watched meanwhile. */
async function measureSession({ base, session, database }: RunningServer): Promise<Run> {
  await autocannon(`${base}${baselinePath}`, session, 2);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const load = await autocannon(`${base}${baselinePath}`, session, seconds);
  loop.disable();
  const metrics = await database.db.select().from(server.schema.deploymentMetrics);
  return { load, longestBlockMs: loop.max / 1e6, metricsRows: metrics.length };
}

function describe(label: string, run: Run): string {
  const { latency, requests, errors, non2xx } = run.load;
  return (
    `${label.padEnd(34)} p50 ${String(latency.p50).padStart(4)} ms  p99 ${String(latency.p99).padStart(5)} ms  ` +
    `max ${String(latency.max).padStart(5)} ms  ${requests.average.toFixed(0).padStart(5)} req/s  ` +
    `errors ${errors + non2xx}  longest event-loop block ${run.longestBlockMs.toFixed(0)} ms  ` +
    `metrics rows ${run.metricsRows}`
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-rounds-'));
try {
  const quietRounds = { intelligence: { trafficSampleIntervalMs: 86_400_000 } };
  const quiet = await withServer({ dataDir }, { secretKey, app: quietRounds }, async (running) => {
    const { base, session, database } = running;
    const template = await appTemplateRows(base, session, database);
    await copyApps(database, template, 0, appCount);
    return measureSession(running);
  });
  const withRounds = { intelligence: { trafficSampleIntervalMs: sampleIntervalMs } };
  const busy = await withServer({ dataDir }, { secretKey, app: withRounds }, measureSession);

  console.log(
    `GET ${baselinePath} on PGlite, one user with ${appCount * 2} deployments, ` +
      `${connections} connections, ${seconds} s each`,
  );
  console.log(describe('without the rounds', quiet));
  console.log(describe(`sampling every ${sampleIntervalMs / 1000} s`, busy));
  console.log(`goal: p99 <= 100 ms with the rounds running`);
  reportFigure({
    figure: `GET ${baselinePath} p99 on PGlite while the rounds run (${appCount * 2} deployments)`,
    value: busy.load.latency.p99,
    unit: 'ms',
    better: 'lower',
    anchor: { name: 'without the rounds', value: quiet.load.latency.p99 },
    goal: { value: 100 },
  });
  reportFigure({
    figure: `longest event-loop block on PGlite while the rounds run (${appCount * 2} deployments)`,
    value: busy.longestBlockMs,
    unit: 'ms',
    better: 'lower',
    anchor: { name: 'without the rounds', value: quiet.longestBlockMs },
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

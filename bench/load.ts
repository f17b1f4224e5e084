// `npm run bench:load`: the console's traffic (80 % reads of its pages, 20 % writes: renaming an
// app, adding and deleting DNS records) with autocannon through Debian's nginx, before three
// replicas on one PostgreSQL (a scratch database) and then before one of them. CONNECTIONS (200)
// × DURATION (60 s) per run. The same code as the reliability suite's short run
// (reliability/load.reliability.test.ts); prints the same figures. Goal: three replicas serve
// ≥ 2.5× the reads per second of one; it is printed, flagged, never asserted (a machine with
// fewer cores than replicas cannot meet it).
import { logIn } from '../reliability/support/api';
import { printTable } from '../reliability/support/figures';
import {
  loadHeader,
  loadRows,
  runLoad,
  scaling,
  seedLoadFixture,
  type LoadFigures,
} from '../reliability/support/mixed-load';
import { replicasPossible, startNginx, startReplicas } from '../reliability/support/replica-set';
import { reportFigure } from './report';

const connections = Number(process.env.CONNECTIONS ?? 200);
const seconds = Number(process.env.DURATION ?? 60);

function report(target: LoadFigures, anchor: LoadFigures): void {
  const name = `load ${target.mix} three replicas`;
  const reference = (value: number) => ({ name: `one replica`, value });
  const suffix = `(${connections} connections)`;
  reportFigure({
    figure: `${name} req/s ${suffix}`,
    value: target.requestsPerSecond,
    unit: 'req/s',
    better: 'higher',
    anchor: reference(anchor.requestsPerSecond),
  });
  reportFigure({
    figure: `${name} p99 ${suffix}`,
    value: target.p99Ms,
    unit: 'ms',
    better: 'lower',
    anchor: reference(anchor.p99Ms),
  });
}

async function main(): Promise<void> {
  if (!replicasPossible()) throw new Error('bench:load needs /usr/sbin/nginx and PostgreSQL');
  const set = await startReplicas(3);
  const urls = set.replicas.map((replica) => replica.baseUrl);
  const proxies = [
    ['three replicas', await startNginx(urls)],
    ['one replica', await startNginx(urls.slice(0, 1))],
  ] as const;
  const runs: LoadFigures[] = [];
  try {
    const fixture = await seedLoadFixture(urls[0]!, await logIn(urls[0]!));
    for (const [target, proxy] of proxies) {
      await runLoad(target, proxy.baseUrl, fixture, 'reads', { seconds: 2, connections: 10 });
      for (const mix of ['reads', 'mixed'] as const) {
        runs.push(await runLoad(target, proxy.baseUrl, fixture, mix, { seconds, connections }));
      }
    }
  } finally {
    await Promise.all(proxies.map(([, proxy]) => proxy.stop()));
    await set.stop();
  }
  printTable(
    `Load through nginx, ${connections} connections × ${seconds} s`,
    loadHeader,
    loadRows(runs),
  );
  const pick = (target: string, mix: string) =>
    runs.find((run) => run.target === target && run.mix === mix)!;
  for (const mix of ['reads', 'mixed'] as const) {
    const [three, one] = [pick('three replicas', mix), pick('one replica', mix)];
    console.log(`${mix}, three / one: ${scaling(three, one)}`);
    report(three, one);
  }
}

await main();

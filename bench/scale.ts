// `npm run bench:scale` (issue 41): horizontal scale measured as separate machines would give it.
// Each replica runs in a CPU cgroup of its own (cgroup v1 `cpu`: cfs_quota_us / cfs_period_us,
// CPU_PER_REPLICA of a core each, 0.25 unless told); PostgreSQL, nginx and this load generator stay
// outside them. 1, 2 and 3 replicas behind nginx take the same read load and the same mixed load
// (autocannon, CONNECTIONS × DURATION s), in ROUNDS rounds (3 unless told) whose order of replica
// counts alternates, so the machine's drift falls on every count; the figure is the median of the
// rounds' ratios (one replica's own rate moved by a sixth between runs). Goals: 3 replicas ≥ 2.5×
// one for reads, ≥ 2× for the mixed load, 0 errors. Needs root (the cgroup files) and
// docs/scale.md says how to repeat it.
import fs from 'node:fs';
import path from 'node:path';
import { logIn } from '../reliability/support/api';
import { printTable } from '../reliability/support/figures';
import {
  loadHeader,
  loadRows,
  runLoad,
  seedLoadFixture,
  type LoadFigures,
} from '../reliability/support/mixed-load';
import { replicasPossible, startNginx, startReplicas } from '../reliability/support/replica-set';
import { reportFigure } from './report';

const cpuRoot = '/sys/fs/cgroup/cpu';
const periodUs = 100_000;
// 0.25: three replicas' 0.75 CPU leave the other 1.25 of two cores to PostgreSQL, nginx and
// autocannon; at 0.4 those outside parts were the cap (docs/scale.md).
const cpuPerReplica = Number(process.env.CPU_PER_REPLICA ?? 0.25);
const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.DURATION ?? 20);
const rounds = Number(process.env.ROUNDS ?? 3);
const goals = { reads: 2.5, mixed: 2 } as const;

/** A process and every process it started, as the kernel lists them. */
function processTree(pid: number): number[] {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => {
      try {
        return fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/);
      } catch {
        return [];
      }
    })
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/** Puts a replica (and its children) in a cgroup of its own with `cpuPerReplica` of a core. */
function confine(name: string, pid: number): string {
  const group = path.join(cpuRoot, name);
  fs.mkdirSync(group, { recursive: true });
  fs.writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(periodUs));
  fs.writeFileSync(
    path.join(group, 'cpu.cfs_quota_us'),
    String(Math.round(cpuPerReplica * periodUs)),
  );
  for (const member of processTree(pid))
    fs.writeFileSync(path.join(group, 'cgroup.procs'), String(member));
  return group;
}

function release(group: string): void {
  try {
    for (const pid of fs
      .readFileSync(path.join(group, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter(Boolean)) {
      fs.writeFileSync(path.join(cpuRoot, 'cgroup.procs'), pid);
    }
    fs.rmdirSync(group);
  } catch {
    // Gone with its processes already.
  }
}

function cgroupsWritable(): boolean {
  try {
    fs.accessSync(path.join(cpuRoot, 'cgroup.procs'), fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const replicaLabel = (count: number) => `${count} replica${count > 1 ? 's' : ''}`;

/** One round's rate for a replica count and mix. */
type RoundRuns = Map<string, LoadFigures>;
const keyOf = (count: number, mix: LoadFigures['mix']) => `${count} ${mix}`;

/** The round whose three-to-one ratio is the median: its figures are reported together. */
function medianRound(byRound: RoundRuns[], mix: LoadFigures['mix']) {
  const ratio = (runs: RoundRuns, count: number) =>
    runs.get(keyOf(count, mix))!.requestsPerSecond / runs.get(keyOf(1, mix))!.requestsPerSecond;
  const sorted = [...byRound].sort((a, b) => ratio(a, 3) - ratio(b, 3));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    one: median.get(keyOf(1, mix))!,
    three: median.get(keyOf(3, mix))!,
    ratios: byRound.map((runs) => ratio(runs, 3)),
    twoRatios: byRound.map((runs) => ratio(runs, 2)),
  };
}

function report(mix: LoadFigures['mix'], byRound: RoundRuns[]): string {
  const { one, three, ratios, twoRatios } = medianRound(byRound, mix);
  const ratio = three.requestsPerSecond / one.requestsPerSecond;
  reportFigure({
    figure: `scale ${mix} three replicas req/s (${cpuPerReplica} CPU each, ${connections} connections), median of ${byRound.length} rounds`,
    value: three.requestsPerSecond,
    unit: 'req/s',
    better: 'higher',
    anchor: { name: 'one replica', value: one.requestsPerSecond },
    goal: { value: goals[mix], vsAnchor: true },
  });
  const errors = byRound.some((runs) => [...runs.values()].some((run) => run.errors + run.non2xx));
  const met = ratio >= goals[mix] && !errors;
  const list = (values: number[]) => values.map((value) => `${value.toFixed(2)}×`).join(', ');
  return (
    `${mix}: three / one, median of rounds = ${ratio.toFixed(2)}× (goal ≥ ${goals[mix]}×: ` +
    `${met ? 'met' : 'NOT met'}); rounds ${list(ratios)}; two / one ${list(twoRatios)}`
  );
}

/** Each round: every replica count behind nginx, reads then mixed; odd rounds count down. */
async function runRounds(urls: string[], fixture: Awaited<ReturnType<typeof seedLoadFixture>>) {
  const byRound: RoundRuns[] = [];
  for (let round = 0; round < rounds; round++) {
    const runs: RoundRuns = new Map();
    for (const count of round % 2 ? [3, 2, 1] : [1, 2, 3]) {
      const target = `${replicaLabel(count)}, round ${round + 1}`;
      const proxy = await startNginx(urls.slice(0, count));
      try {
        await runLoad(target, proxy.baseUrl, fixture, 'reads', { seconds: 2, connections: 10 });
        for (const mix of ['reads', 'mixed'] as const) {
          const run = await runLoad(target, proxy.baseUrl, fixture, mix, { seconds, connections });
          runs.set(keyOf(count, mix), run);
        }
      } finally {
        await proxy.stop();
      }
    }
    byRound.push(runs);
  }
  return byRound;
}

async function main(): Promise<void> {
  if (!replicasPossible()) throw new Error('bench:scale needs /usr/sbin/nginx and PostgreSQL');
  if (!cgroupsWritable())
    throw new Error(`bench:scale needs a writable ${cpuRoot} (cgroup v1, as root)`);
  const set = await startReplicas(3);
  const groups = set.replicas.map((replica, index) =>
    confine(`meridian-scale-${index + 1}`, replica.pid),
  );
  const urls = set.replicas.map((replica) => replica.baseUrl);
  let byRound: RoundRuns[];
  try {
    const fixture = await seedLoadFixture(urls[0]!, await logIn(urls[0]!));
    byRound = await runRounds(urls, fixture);
  } finally {
    groups.forEach(release);
    await set.stop();
  }
  printTable(
    `Scale through nginx: each replica in its own cgroup of ${cpuPerReplica} CPU, ${connections} connections × ${seconds} s, ${rounds} rounds`,
    loadHeader,
    loadRows(byRound.flatMap((runs) => [...runs.values()])),
  );
  for (const mix of ['reads', 'mixed'] as const) console.log(report(mix, byRound));
}

await main();

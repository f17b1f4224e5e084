// `npm run bench:scale` (issue 41): horizontal scale measured as separate machines would give it.
// Each replica runs in a CPU cgroup of its own (cgroup v1 `cpu`: cfs_quota_us / cfs_period_us,
// CPU_PER_REPLICA of a core each, 0.15 unless told); PostgreSQL, nginx and this load generator stay
// outside them. 1, 2 and 3 replicas behind nginx take the same read load and the same mixed load
// (autocannon, CONNECTIONS × DURATION s), after a warm-up through all three, in ROUNDS rounds (3
// unless told) that each run the counts as 1, 2, 3, 3, 2, 1, so a steady drift of the machine
// cancels within a round; the figure is the median of the rounds' ratios (one replica's own rate
// moved by half between runs). Goals: 3 replicas ≥ 2.5×
// one for reads, ≥ 2× for the mixed load, 0 errors. Needs root (the cgroup files) and
// docs/scale.md says how to repeat it.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { logIn } from '../reliability/support/api';
import { printTable } from '../reliability/support/figures';
import {
  loadHeader,
  loadRows,
  runLoad,
  seedLoadFixture,
  type LoadFigures,
  type LoadFixture,
} from '../reliability/support/mixed-load';
import { replicasPossible, startNginx, startReplicas } from '../reliability/support/replica-set';
import { reportFigure } from './report';

const cpuRoot = '/sys/fs/cgroup/cpu';
const periodUs = 100_000;
// 0.15: three replicas then leave the machine half idle, as separate machines would; at 0.25 the
// two cores were 80–90 % busy and each request cost a replica more CPU (docs/scale.md "Which part
// is the cap"); at 0.4 PostgreSQL, nginx and autocannon were the cap.
const cpuPerReplica = Number(process.env.CPU_PER_REPLICA ?? 0.15);
const connections = Number(process.env.CONNECTIONS ?? 50);
const seconds = Number(process.env.DURATION ?? 10);
const warmUpSeconds = Number(process.env.WARM_UP ?? 15);
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

/** A replica cgroup's counters: CFS periods it ran and was throttled in, CPU its processes used (ticks). */
function replicaCounters(group: string): { periods: number; throttled: number; cpuTicks: number } {
  const stat = fs.readFileSync(path.join(group, 'cpu.stat'), 'utf8');
  const counter = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(stat)?.[1] ?? 0);
  const pids = fs
    .readFileSync(path.join(group, 'cgroup.procs'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const cpuTicks = pids.reduce((sum, pid) => {
    try {
      // utime and stime, the 14th and 15th fields, after the command's closing parenthesis.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
  return { periods: counter('nr_periods'), throttled: counter('nr_throttled'), cpuTicks };
}

/** The machine's busy and total CPU time so far (/proc/stat, in clock ticks). */
function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/** What a run's figures mean, read while it lasted (docs/scale.md "Which part is the cap"). */
interface RunSamples {
  /** Mean database sessions waiting on a lock: a shared row held across a writer's round trips. */
  lockWaits: number;
  /** Share of the serving replicas' CFS periods that ran out of quota: near 1, they were the cap. */
  throttled: number;
  /** Share of the machine's CPU time that was busy: near 1, the cores were the cap. */
  machineBusy: number;
  /** CPU the serving replicas used, in ms (clock ticks of 10 ms). */
  replicaCpuMs: number;
  /** Cores this process (autocannon's one thread, the samplers) used: near 1, the load generator was the cap. */
  generatorCores: number;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Samples lock waits every 100 ms, and the serving replicas' and machine's CPU, while a run lasts. */
async function sampleRun(databaseUrl: string, serving: readonly string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const samples: number[] = [];
  const timer = setInterval(() => {
    client
      .query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      )
      .then(
        ({ rows }) => samples.push(rows[0]!.waiting),
        () => {},
      );
  }, 100);
  const replicasBefore = serving.map(replicaCounters);
  const machineBefore = machineTicks();
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  return async function stop(): Promise<RunSamples> {
    const generator = process.cpuUsage(generatorBefore);
    const elapsedUs = (performance.now() - started) * 1000;
    clearInterval(timer);
    const replicas = serving.map((group, index) => {
      const now = replicaCounters(group);
      return {
        periods: now.periods - replicasBefore[index]!.periods,
        throttled: now.throttled - replicasBefore[index]!.throttled,
        cpuTicks: now.cpuTicks - replicasBefore[index]!.cpuTicks,
      };
    });
    const machine = machineTicks();
    await client.end();
    return {
      lockWaits: sum(samples) / Math.max(samples.length, 1),
      throttled:
        sum(replicas.map((each) => each.throttled)) /
        Math.max(sum(replicas.map((each) => each.periods)), 1),
      machineBusy:
        (machine.busy - machineBefore.busy) / Math.max(machine.total - machineBefore.total, 1),
      generatorCores: (generator.user + generator.system) / elapsedUs,
      replicaCpuMs: sum(replicas.map((each) => each.cpuTicks)) * 10,
    };
  };
}

/** A run of a replica count and mix, with what was sampled while it lasted. */
type ScaleRun = LoadFigures & RunSamples & { count: number };
/** A round's runs: each replica count twice per mix, in the order 1, 2, 3, 3, 2, 1. */
type Round = ScaleRun[];

/** A round's rate for a count and mix: the mean of its two runs, so a steady drift cancels. */
function rate(round: Round, count: number, mix: LoadFigures['mix']): number {
  const runs = round.filter((run) => run.count === count && run.mix === mix);
  return sum(runs.map((run) => run.requestsPerSecond)) / runs.length;
}

/** The round whose three-to-one ratio is the median: its rates are reported together. */
function medianRound(byRound: Round[], mix: LoadFigures['mix']) {
  const ratio = (round: Round, count: number) => rate(round, count, mix) / rate(round, 1, mix);
  const sorted = [...byRound].sort((a, b) => ratio(a, 3) - ratio(b, 3));
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    one: rate(median, 1, mix),
    three: rate(median, 3, mix),
    ratios: byRound.map((round) => ratio(round, 3)),
    twoRatios: byRound.map((round) => ratio(round, 2)),
  };
}

function report(mix: LoadFigures['mix'], byRound: Round[]): string {
  const { one, three, ratios, twoRatios } = medianRound(byRound, mix);
  const ratio = three / one;
  reportFigure({
    figure: `scale ${mix} three replicas req/s (${cpuPerReplica} CPU each, ${connections} connections), median of ${byRound.length} rounds`,
    value: three,
    unit: 'req/s',
    better: 'higher',
    anchor: { name: 'one replica', value: one },
    goal: { value: goals[mix], vsAnchor: true },
  });
  const errors = byRound.flat().some((run) => run.errors + run.non2xx);
  const met = ratio >= goals[mix] && !errors;
  const list = (values: number[]) => values.map((value) => `${value.toFixed(2)}×`).join(', ');
  return (
    `${mix}: three / one, median of rounds = ${ratio.toFixed(2)}× (goal ≥ ${goals[mix]}×: ` +
    `${met ? 'met' : 'NOT met'}); rounds ${list(ratios)}; two / one ${list(twoRatios)}`
  );
}

/**
 * Both loads through all three replicas before anything is measured: every count ran slower in
 * the first round than later (docs/scale.md), which counted against the counts measured first.
 */
async function warmUp(urls: string[], fixture: LoadFixture): Promise<void> {
  const proxy = await startNginx(urls);
  try {
    for (const mix of ['reads', 'mixed'] as const)
      await runLoad('warm-up', proxy.baseUrl, fixture, mix, {
        seconds: warmUpSeconds,
        connections,
      });
  } finally {
    await proxy.stop();
  }
}

/** Each round: every replica count behind nginx, reads then mixed, as 1, 2, 3, 3, 2, 1. */
async function runRounds(
  urls: string[],
  groups: string[],
  databaseUrl: string,
  fixture: LoadFixture,
) {
  const byRound: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    const runs: Round = [];
    for (const [index, count] of [1, 2, 3, 3, 2, 1].entries()) {
      const target = `${replicaLabel(count)}, round ${round + 1}${index < 3 ? 'a' : 'b'}`;
      const proxy = await startNginx(urls.slice(0, count));
      try {
        for (const mix of ['reads', 'mixed'] as const) {
          const stopSampling = await sampleRun(databaseUrl, groups.slice(0, count));
          const run = await runLoad(target, proxy.baseUrl, fixture, mix, { seconds, connections });
          runs.push({ ...run, ...(await stopSampling()), count });
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
  let byRound: Round[];
  try {
    const fixture = await seedLoadFixture(urls[0]!, await logIn(urls[0]!));
    await warmUp(urls, fixture);
    byRound = await runRounds(urls, groups, set.database.url, fixture);
  } finally {
    groups.forEach(release);
    await set.stop();
  }
  const runs = byRound.flat();
  printTable(
    `Scale through nginx: each replica in its own cgroup of ${cpuPerReplica} CPU, ${connections} connections × ${seconds} s, ${rounds} rounds`,
    [
      ...loadHeader,
      'waiting on a lock',
      'replicas throttled',
      'machine busy',
      'generator cores',
      'replica CPU / request',
    ],
    loadRows(runs).map((row, index) => {
      const run = runs[index]!;
      const percent = (share: number) => `${Math.round(share * 100)} %`;
      return [
        ...row,
        run.lockWaits.toFixed(1),
        percent(run.throttled),
        percent(run.machineBusy),
        run.generatorCores.toFixed(2),
        `${(run.replicaCpuMs / Math.max(run.requests, 1)).toFixed(2)} ms`,
      ];
    }),
  );
  for (const mix of ['reads', 'mixed'] as const) console.log(report(mix, byRound));
}

await main();

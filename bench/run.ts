// `npm run bench`: every bench:* script of the root package.json in turn, each with shorter runs
// (the env knobs below) and BENCH_RESULTS set, then one table of their figures beside their
// anchors and bench/baseline.json. A failing bench is shown as failed; the run goes on.
// `npm run bench -- --write-baseline` stores this run's figures as the baseline;
// `npm run bench -- dns browser` runs only the benches named.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './report';
import {
  formatTable,
  regressions,
  tableRows,
  type Baseline,
  type BaselineFigure,
  type BenchResult,
} from './table';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baselineFile = path.join(repoRoot, 'bench/baseline.json');
const benchTimeoutMs = 10 * 60_000;

// Shorter runs than each bench's defaults (fewer repetitions, shorter load), same workloads, so
// the whole run stays within about 25 minutes on two cores.
const knobs: Record<string, Record<string, string>> = {
  'bench:startup': { RUNS: '3' },
  'bench:events': { EVENTS: '100' },
  'bench:apps': { DURATION: '5', COLD_RUNS: '10' },
  'bench:dns': { SECONDS_PER_RUN: '3' },
  'bench:placement': { RUNS: '100' },
  'bench:lists': { DURATION: '5' },
  'bench:browser': { RUNS: '3' },
  'bench:logs': { DURATION: '5' },
  'bench:load': { DURATION: '10', CONNECTIONS: '50' },
  // Runs of 10 s, as the bench's own default: at 5 s one run's noise outweighed the goals' margins.
  'bench:scale': { WARM_UP: '10' },
  'bench:rounds': { DURATION: '20' },
  'bench:capacity': { STEPS: '1000,2500', SOCKETS: '200,500', DURATION: '5', DNS_SECONDS: '3' },
};

function benchScripts(only: string[]): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const all = Object.keys(manifest.scripts).filter((name) => name.startsWith('bench:'));
  return only.length ? all.filter((name) => only.includes(name.slice('bench:'.length))) : all;
}

let running: number | undefined;
// The bench runs in its own process group (so a timeout stops its children too); Ctrl-C here
// must reach that group as well.
process.on('SIGINT', () => {
  try {
    if (running !== undefined) process.kill(-running, 'SIGINT');
  } catch {
    // the group has already gone
  }
  process.exit(130);
});

/** Runs one bench script; answers the figures it reported and why it failed, if it did. */
async function runBench(script: string, resultsFile: string): Promise<BenchResult> {
  console.log(`\n━━ ${script} ${JSON.stringify(knobs[script] ?? {})}`);
  fs.writeFileSync(resultsFile, '');
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: repoRoot,
    env: { ...process.env, ...knobs[script], BENCH_RESULTS: resultsFile },
    stdio: 'inherit',
    detached: true,
  });
  running = child.pid;
  let timedOut = false;
  // SIGTERM first, so a bench can stop its servers and browser; SIGKILL if it does not.
  const stopGroup = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, signal);
  };
  let killTimer: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup('SIGTERM');
    killTimer = setTimeout(() => stopGroup('SIGKILL'), 10_000);
  }, benchTimeoutMs);
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  clearTimeout(killTimer);
  running = undefined;
  const figures = fs
    .readFileSync(resultsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Figure);
  const seconds = (performance.now() - started) / 1000;
  if (timedOut) return { bench: script, figures, seconds, failure: `timed out` };
  if (code !== 0) return { bench: script, figures, seconds, failure: `exit code ${code}` };
  return { bench: script, figures, seconds };
}

function readBaseline(): Baseline | undefined {
  if (!fs.existsSync(baselineFile)) return undefined;
  return JSON.parse(fs.readFileSync(baselineFile, 'utf8')) as Baseline;
}

function gitCommit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function machine(): string {
  const cpus = os.cpus();
  const memory = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${memory} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/**
 * The baseline with this run's figures: a bench that ran and did not fail replaces all of its
 * figures; benches that failed or were not run keep theirs.
 */
function updatedBaseline(old: Baseline | undefined, results: BenchResult[]): Baseline {
  const replaced = new Set(results.filter((r) => !r.failure).map((r) => r.bench));
  const figures: Record<string, BaselineFigure> = {};
  for (const [name, figure] of Object.entries(old?.figures ?? {})) {
    if (!replaced.has(figure.bench)) figures[name] = figure;
  }
  const benches = { ...old?.benches };
  const measured = { date: new Date().toISOString(), machine: machine(), commit: gitCommit() };
  for (const result of results) {
    if (!replaced.has(result.bench)) continue;
    benches[result.bench] = measured;
    for (const { figure, value, unit, better } of result.figures) {
      figures[figure] = { bench: result.bench, value, unit, better };
    }
  }
  return {
    note: 'Written by `npm run bench -- --write-baseline`; compared against by `npm run bench`.',
    benches,
    figures,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const writeBaseline = args.includes('--write-baseline');
  const scripts = benchScripts(args.filter((arg) => !arg.startsWith('--')));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-run-'));
  const results: BenchResult[] = [];
  try {
    for (const script of scripts) {
      results.push(await runBench(script, path.join(workDir, `${script.slice(6)}.jsonl`)));
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const baseline = readBaseline();
  const rows = tableRows(results, baseline);
  const cores = os.cpus().length;
  console.log(`\nBenchmarks on ${cores} cores, load average ${os.loadavg()[0]!.toFixed(2)} now`);
  if (baseline) console.log(`Baseline: bench/baseline.json (${baselineSummary(baseline)})`);
  else
    console.log('No bench/baseline.json yet: write one with `npm run bench -- --write-baseline`');
  console.log(formatTable(rows));
  const flagged = regressions(rows).length;
  const failed = results.filter((result) => result.failure).length;
  console.log(`${flagged} regression(s) against the baseline, ${failed} bench(es) failed`);
  if (writeBaseline) {
    fs.writeFileSync(
      baselineFile,
      `${JSON.stringify(updatedBaseline(baseline, results), null, 2)}\n`,
    );
    console.log(`Wrote ${path.relative(repoRoot, baselineFile)}`);
  }
  // Timings are printed, never asserted: only a bench that crashed fails the run.
  process.exitCode = failed ? 1 : 0;
}

function baselineSummary(baseline: Baseline): string {
  const commits = new Set(Object.values(baseline.benches).map((b) => b.commit));
  const dates = Object.values(baseline.benches).map((b) => b.date.slice(0, 10));
  return `commit ${[...commits].join(', ')}, ${[...new Set(dates)].join(', ')}`;
}

await main();

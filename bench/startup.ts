// Start-up time of the control plane (cold: empty data dir; warm: existing data) and the gzip
// size of the JavaScript the /login page loads before it can render. Prints figures; asserts nothing.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { reportFigure } from './report';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from `started` until `url` first answers 200; fails after a minute. */
async function firstAnswer(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`${url} did not answer 200 in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Milliseconds from spawning the server until the console page answers (what a browser sees)
 * and until the API does (/health, which waits for the database like every API call).
 */
async function timeStart(dataDir: string): Promise<{ page: number; api: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      MERIDIAN_DATA_DIR: dataDir,
      MERIDIAN_ADMIN_PASSWORD: 'bench-password-123',
      MERIDIAN_SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const [page, api] = await Promise.all([
    firstAnswer(`http://127.0.0.1:${port}/login`, started),
    firstAnswer(`http://127.0.0.1:${port}/health`, started),
  ]);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { page, api };
}

function pickOf(samples: number[]): (q: number) => number {
  const sorted = [...samples].sort((a, b) => a - b);
  return (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = pickOf(samples);
  return `median ${pick(0.5).toFixed(0)} ms, p90 ${pick(0.9).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms (n=${samples.length})`;
}

function loginInitialJs(distDir: string): { files: string[]; raw: number; gzip: number } {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = fs.readFileSync(path.join(distDir, file));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

// The console's own build, as the first `npm start` makes it: the starts below serve it.
const buildDir = path.join(repoRoot, 'apps/web/dist');
const buildStarted = performance.now();
execFileSync('npx', ['vite', 'build'], { cwd: path.join(repoRoot, 'apps/web'), stdio: 'ignore' });
const buildMs = performance.now() - buildStarted;
const js = loginInitialJs(buildDir);

const cold = { page: [] as number[], api: [] as number[] };
const warm = { page: [] as number[], api: [] as number[] };
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  for (const samples of [cold, warm]) {
    const { page, api } = await timeStart(dataDir);
    samples.page.push(page);
    samples.api.push(api);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`console build (first npm start only): ${(buildMs / 1000).toFixed(1)} s`);
console.log(`cold start, console page answers: ${summary(cold.page)}`);
console.log(
  `cold start, API answers (empty data dir, migrations, admin created): ${summary(cold.api)}`,
);
console.log(`warm start, console page answers: ${summary(warm.page)}`);
console.log(`warm start, API answers (existing data): ${summary(warm.api)}`);
console.log(
  `/login initial JS: ${js.files.length} files, ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gzip / 1024).toFixed(1)} KiB gzip`,
);

const ms = { unit: 'ms', better: 'lower' } as const;
reportFigure({ figure: 'console build time', value: buildMs / 1000, unit: 's', better: 'lower' });
// Issue 41's goals, to a page that answers: a first start within 3 s, a start on existing data
// within 1 s. The API's own readiness is reported beside them (it waits for the database).
reportFigure({
  figure: 'console page answers, cold start (median)',
  value: pickOf(cold.page)(0.5),
  ...ms,
  goal: { value: 3000 },
});
reportFigure({
  figure: 'console page answers, warm start (median)',
  value: pickOf(warm.page)(0.5),
  ...ms,
  goal: { value: 1000 },
});
reportFigure({ figure: 'control plane cold start (median)', value: pickOf(cold.api)(0.5), ...ms });
reportFigure({ figure: 'control plane warm start (median)', value: pickOf(warm.api)(0.5), ...ms });
const kib = { unit: 'KiB', better: 'lower' } as const;
reportFigure({
  figure: '/login initial JS files (from index.html)',
  value: js.files.length,
  unit: 'files',
  better: 'lower',
});
reportFigure({ figure: '/login initial JS raw (from index.html)', value: js.raw / 1024, ...kib });
reportFigure({ figure: '/login initial JS gzip (from index.html)', value: js.gzip / 1024, ...kib });

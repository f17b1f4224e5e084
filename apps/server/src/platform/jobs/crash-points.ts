import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';

/**
 * Test-only crash hook for the crash matrix (reliability/crash-matrix.reliability.test.ts).
 *
 * - `MERIDIAN_CRASH_AT=<job kind>/<point>[#n]` kills the process with SIGKILL the n-th time
 *   (default 1st) a job of that kind reaches that point.
 * - `MERIDIAN_CRASH_FILE=<path>` does the same with the spec read from that file each time, so a
 *   running process can be armed; the file is removed as the process kills itself.
 * - `MERIDIAN_CRASH_LOG=<path>` appends `catalogue <kind>` for every kind at start, and
 *   `<kind>/<point>` every time a point is reached: how the matrix lists the points to kill at.
 *
 * Points: `begin` (before the handler), `end` (handler done, job not yet marked complete), every
 * durable step's `<name>` (before it runs) and `<name>:recorded` (its result stored), and the
 * points a handler names with `crashPoint` (e.g. after a driver call, before it is recorded).
 * Refused when NODE_ENV is production unless MERIDIAN_CRASH_IN_PRODUCTION=1.
 */
const running = new AsyncLocalStorage<string>();

let armed: { source: string; kind: string; point: string; nth: number } | undefined;
const reached = new Map<string, number>();

function env(name: string): string | undefined {
  return process.env[name] || undefined;
}

/** Refuses the hook in production unless asked for; writes the catalogue to the log. */
export function prepareCrashPoints(catalogue: readonly string[]): void {
  const wanted = env('MERIDIAN_CRASH_AT') ?? env('MERIDIAN_CRASH_FILE');
  if (wanted && process.env.NODE_ENV === 'production' && !env('MERIDIAN_CRASH_IN_PRODUCTION')) {
    throw new Error('MERIDIAN_CRASH_AT/MERIDIAN_CRASH_FILE are test-only: refused in production');
  }
  const log = env('MERIDIAN_CRASH_LOG');
  if (log) fs.appendFileSync(log, catalogue.map((kind) => `catalogue ${kind}\n`).join(''));
}

/** Runs a job's handler with its kind known to the crash points it reaches. */
export function withJobKind<T>(kind: string, work: () => T): T {
  return running.run(kind, work);
}

function currentSpec(): string | undefined {
  const file = env('MERIDIAN_CRASH_FILE');
  if (!file) return env('MERIDIAN_CRASH_AT');
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function parse(source: string) {
  const match = /^([^/#]+)\/([^#]+)(?:#(\d+))?$/.exec(source);
  if (!match) return undefined;
  return { source, kind: match[1]!, point: match[2]!, nth: Number(match[3] ?? 1) };
}

/** Kills the process when the armed point is reached (see above); does nothing otherwise. */
export function crashPoint(point: string, kind = running.getStore()): void {
  if (!kind) return;
  const log = env('MERIDIAN_CRASH_LOG');
  if (log) fs.appendFileSync(log, `${kind}/${point}\n`);
  const spec = currentSpec();
  if (!spec) return;
  // A new spec counts its reaches afresh.
  if (armed?.source !== spec) {
    armed = parse(spec);
    reached.clear();
  }
  if (!armed || armed.kind !== kind || armed.point !== point) return;
  const count = (reached.get(spec) ?? 0) + 1;
  reached.set(spec, count);
  if (count < armed.nth) return;
  const file = env('MERIDIAN_CRASH_FILE');
  if (file) fs.rmSync(file, { force: true });
  if (log) fs.appendFileSync(log, `killed ${kind}/${point}\n`);
  process.kill(process.pid, 'SIGKILL');
}

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { crashPoint, prepareCrashPoints, withJobKind } from './crash-points';

const here = path.dirname(fileURLToPath(import.meta.url));
const names = [
  'MERIDIAN_CRASH_AT',
  'MERIDIAN_CRASH_FILE',
  'MERIDIAN_CRASH_LOG',
  'MERIDIAN_CRASH_IN_PRODUCTION',
  'NODE_ENV',
];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-points-'));

/** Runs `body` in a child process that has the crash points loaded; its signal and output. */
function child(body: string, env: Record<string, string>) {
  const script = path.join(scratch, `child-${Math.random().toString(36).slice(2)}.ts`);
  const module = path.join(here, 'crash-points.ts');
  fs.writeFileSync(
    script,
    `import { crashPoint, withJobKind } from ${JSON.stringify(module)};\n${body}\n`,
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { signal: run.signal, stdout: run.stdout };
}

describe('crash points (test-only kills of the crash matrix)', () => {
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('are refused in production unless explicitly allowed', () => {
    process.env.NODE_ENV = 'production';
    process.env.MERIDIAN_CRASH_AT = 'provision-cluster/begin';
    expect(() => prepareCrashPoints(['provision-cluster'])).toThrow(/refused in production/);
    process.env.MERIDIAN_CRASH_IN_PRODUCTION = '1';
    expect(() => prepareCrashPoints(['provision-cluster'])).not.toThrow();
  });

  it('log the catalogue and every point reached, with the running job kind', () => {
    const log = path.join(scratch, 'reached.log');
    process.env.MERIDIAN_CRASH_LOG = log;
    prepareCrashPoints(['a-kind', 'b-kind']);
    withJobKind('a-kind', () => crashPoint('some-step'));
    crashPoint('end', 'b-kind');
    // Outside any job nothing is reached.
    crashPoint('stray');
    expect(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)).toEqual([
      'catalogue a-kind',
      'catalogue b-kind',
      'a-kind/some-step',
      'b-kind/end',
    ]);
  });

  it('kill the process with SIGKILL the n-th time the armed point is reached', () => {
    const run = child(
      `withJobKind('k', () => {
        crashPoint('other');
        crashPoint('p');
        console.log('after the first');
        crashPoint('p');
        console.log('after the second');
      });`,
      { MERIDIAN_CRASH_AT: 'k/p#2' },
    );
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout.trim()).toBe('after the first');
  });

  it('read the armed point from a file, removed as the process kills itself', () => {
    const file = path.join(scratch, 'crash-at');
    fs.writeFileSync(file, 'k/q');
    const run = child(
      `withJobKind('k', () => { crashPoint('p'); console.log('alive'); crashPoint('q'); console.log('not'); });`,
      { MERIDIAN_CRASH_FILE: file },
    );
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout.trim()).toBe('alive');
    expect(fs.existsSync(file)).toBe(false);
  });
});

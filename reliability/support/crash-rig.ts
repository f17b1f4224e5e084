import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMeridian, type MeridianProcess } from './meridian-process';

/**
 * One server data directory killed and restarted again and again: the server reads its crash
 * point from `crashFile` (MERIDIAN_CRASH_FILE, see apps/server/src/platform/jobs/crash-points.ts)
 * and appends every point it reaches to `crashLog`, so the matrix lists points from the code.
 */
export interface CrashRig {
  server(): MeridianProcess;
  /** Lines of the crash log so far (`catalogue <kind>`, `<kind>/<point>`, `killed <kind>/<point>`). */
  logLines(): string[];
  /** Makes the running server kill itself with SIGKILL at `<kind>/<point>`. */
  arm(spec: string): void;
  disarm(): void;
  /** True once the server has killed itself; false when `timeoutMs` passes first. */
  waitForKill(timeoutMs: number): Promise<boolean>;
  /** Starts a new process on the same data directory; its start time in ms. */
  restart(): Promise<number>;
  restarts(): number;
  /** Ends the process, keeping the data directory for the caller to read. */
  stop(): Promise<void>;
  /** Removes the data directory and the crash files. */
  dispose(): void;
}

export async function startCrashRig(env: Record<string, string> = {}): Promise<CrashRig> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-crash-'));
  const crashFile = path.join(scratch, 'crash-at');
  const crashLog = path.join(scratch, 'crash-log');
  const serverEnv = { ...env, MERIDIAN_CRASH_FILE: crashFile, MERIDIAN_CRASH_LOG: crashLog };
  let current = await startMeridian(serverEnv);
  const dataDir = current.dataDir;
  let restarts = 0;
  const killed = () => current.exits() > 0;
  return {
    server: () => current,
    logLines: () =>
      fs.existsSync(crashLog) ? fs.readFileSync(crashLog, 'utf8').split('\n').filter(Boolean) : [],
    arm: (spec) => fs.writeFileSync(crashFile, spec),
    disarm: () => fs.rmSync(crashFile, { force: true }),
    async waitForKill(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!killed() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return killed();
    },
    async restart() {
      const started = Date.now();
      await current.stop({ keepDataDir: true });
      current = await startMeridian(serverEnv, { dataDir });
      restarts += 1;
      return Date.now() - started;
    },
    restarts: () => restarts,
    stop: () => current.stop({ keepDataDir: true }),
    dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The kinds the server's queue defines, from its `catalogue <kind>` lines. */
export function catalogueOf(lines: readonly string[]): string[] {
  const kinds = lines.flatMap((line) => (line.startsWith('catalogue ') ? [line.slice(10)] : []));
  return [...new Set(kinds)];
}

/** The distinct `<kind>/<point>` lines among `lines`, in the order first reached. */
export function pointsOf(lines: readonly string[]): string[] {
  return [...new Set(lines.filter((line) => !line.includes(' ')))];
}

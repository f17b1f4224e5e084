import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBundle } from '../../scripts/build-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const admin = { username: 'admin', password: 'reliability-admin-pw' } as const;

/** A control plane running in its own process, watched for exits and memory. */
export interface MeridianProcess {
  baseUrl: string;
  dnsPort: number;
  pid: number;
  /** The server's data directory (PGlite files, the secret key file), removed by `stop`. */
  dataDir: string;
  /** Times the process ended on its own (a crash); an attack must leave it at 0. */
  exits(): number;
  /** Resident memory now and its peak so far (VmRSS, VmHWM), in MiB. */
  memory(): { rssMiB: number; peakMiB: number };
  /** The process's output so far (for failure messages). */
  output(): string;
  /** Ends the process; `keepDataDir` leaves its files for the caller to read (and remove). */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readMemory(pid: number): { rssMiB: number; peakMiB: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
  } catch {
    return { rssMiB: 0, peakMiB: 0 };
  }
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer /health within 90 s:\n${output()}`);
}

/**
 * Starts the control plane (the bundle of `apps/server/src/main.ts`) on free loopback ports with a fresh embedded database, or on
 * `dataDir`'s (a restart after a crash); `logFile`, when given, receives all of its output
 * (output() keeps only the tail).
 */
export async function startMeridian(
  env: Record<string, string> = {},
  { logFile, dataDir: reused }: { logFile?: string; dataDir?: string } = {},
): Promise<MeridianProcess> {
  const [port, dnsPort] = [await freePort(), await freePort()];
  const dataDir = reused ?? fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-reliability-'));
  let log = '';
  let exits = 0;
  let stopping = false;
  const child = spawn(process.execPath, [await ensureServerBundle()], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_DATA_DIR: dataDir,
      MERIDIAN_ADMIN_USER: admin.username,
      MERIDIAN_ADMIN_PASSWORD: admin.password,
      DATABASE_URL: '',
      MERIDIAN_SIM_TIME_SCALE: '0',
      MERIDIAN_DNS_PORT: String(dnsPort),
      MERIDIAN_DNS_HOST: '127.0.0.1',
      // The hung and slow cluster APIs the suites attack with listen on loopback.
      MERIDIAN_ALLOW_PRIVATE_CLUSTERS: '1',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => {
    if (!stopping) exits += 1;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => log);
  return {
    baseUrl,
    dnsPort,
    pid: child.pid!,
    dataDir,
    exits: () => exits,
    memory: () => readMemory(child.pid!),
    output: () => log,
    async stop({ keepDataDir = false } = {}) {
      stopping = true;
      // A process killed by a signal has a signalCode and no exitCode: it is gone already.
      const running = () => child.exitCode === null && child.signalCode === null;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (running()) child.kill('SIGTERM');
      if (running()) {
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      if (running()) child.kill('SIGKILL');
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

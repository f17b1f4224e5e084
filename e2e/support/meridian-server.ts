import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { adminCredentials } from './credentials';
import { ensureServerBundle } from '../../scripts/build-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer /health within 90 s:\n${output()}`);
}

/** A control plane of its own, on a free loopback port, with a throwaway data directory. */
export interface MeridianServer {
  baseUrl: string;
  /** The server's warnings and errors so far (its JSON log lines at level warn and above). */
  warnings(): string[];
  stop(): Promise<void>;
}

/**
 * Starts the control plane (its bundle, as `npm start` runs it), with the e2e defaults and `env` on top,
 * and waits for /health.
 */
export async function startMeridianServer(
  env: Record<string, string> = {},
): Promise<MeridianServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
  // Pino's JSON lines and the start-up banner.
  let stdout = '';
  // Node's own warnings and a crash's stack: every line of it is worth showing.
  let stderr = '';
  const server = spawn(process.execPath, [await ensureServerBundle()], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MERIDIAN_DATA_DIR: dataDir,
      MERIDIAN_ADMIN_USER: adminCredentials.username,
      MERIDIAN_ADMIN_PASSWORD: adminCredentials.password,
      DATABASE_URL: '',
      // Simulated provisioning of 20–60 min takes 2.4–7.2 s here.
      MERIDIAN_SIM_TIME_SCALE: '0.002',
      // Traffic is sampled every second, so the header and map show it within the test.
      MERIDIAN_TRAFFIC_SAMPLE_SECONDS: '1',
      MERIDIAN_DNS_PORT: '0',
      // The external-cluster tests upload kubeconfigs of loopback addresses.
      MERIDIAN_ALLOW_PRIVATE_CLUSTERS: '1',
      // The alert-channel tests send webhooks to a receiver on loopback.
      MERIDIAN_ALLOW_PRIVATE_OUTBOUND: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => stdout + stderr);
  return {
    baseUrl,
    warnings: () => [
      ...stdout.split('\n').filter(isWarnOrAbove),
      ...stderr.split('\n').filter((line) => line.trim() !== ''),
    ],
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A pino JSON line at level warn (40) or above. */
function isWarnOrAbove(line: string): boolean {
  try {
    return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 40;
  } catch {
    return false;
  }
}

/** The server global-setup.ts started for this worker (VITEST_POOL_ID counts workers from 1). */
export function sharedServerUrl(): string {
  const baseUrls = inject('baseUrls');
  return baseUrls[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % baseUrls.length]!;
}

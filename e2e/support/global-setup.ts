import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { adminCredentials } from './credentials';
import { chromiumPath } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    browserAvailable: boolean;
  }
}

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

export default async function setup(project: TestProject) {
  const browserAvailable = fs.existsSync(chromiumPath);
  if (!browserAvailable) {
    const message = `Chromium not found at ${chromiumPath}: browser tests are SKIPPED (install it with 'apt-get install chromium').`;
    if (process.env.REQUIRE_BROWSER === '1')
      throw new Error(`${message} REQUIRE_BROWSER=1 makes this a failure.`);
    console.warn(`\n*** ${message} ***\n`);
  }
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error("The console is not built: run 'npm run build' before the e2e tests.");
  }

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-e2e-'));
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('browserAvailable', browserAvailable);

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

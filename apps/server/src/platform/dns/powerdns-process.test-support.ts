import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throwaway PowerDNS Authoritative for tests and benchmarks (/work/shared/recipes/powerdns.md). */

export const pdnsServer = '/usr/sbin/pdns_server';
export const sqliteSchema = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';
export const pdnsInstalled = fs.existsSync(pdnsServer) && fs.existsSync(sqliteSchema);
const host = '127.0.0.1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface PowerDns {
  apiKey: string;
  apiUrl: string;
  dnsPort: number;
  stop(): Promise<void>;
}

/** A throwaway pdns_server (sqlite3 backend, loopback) per /work/shared/recipes/powerdns.md. */
export async function startPowerDns(
  ports?: { dns: number; api: number },
  apiKey = 'meridian-test-key',
): Promise<PowerDns> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-pdns-'));
  const dnsPort = ports?.dns ?? (await freePort());
  const apiPort = ports?.api ?? (await freePort());
  const database = path.join(dir, 'pdns.sqlite3');
  await new Promise<void>((resolve, reject) => {
    const sqlite = spawn('sqlite3', [database], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    sqlite.stderr.on('data', (chunk) => (stderr += chunk));
    sqlite.on('error', reject);
    sqlite.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`sqlite3: ${stderr}`))));
    sqlite.stdin.end(fs.readFileSync(sqliteSchema));
  });
  await writeFile(
    path.join(dir, 'pdns.conf'),
    [
      'launch=gsqlite3',
      `gsqlite3-database=${database}`,
      `local-address=${host}`,
      `local-port=${dnsPort}`,
      'api=yes',
      `api-key=${apiKey}`,
      'webserver=yes',
      `webserver-address=${host}`,
      `webserver-port=${apiPort}`,
      'webserver-allow-from=127.0.0.0/8',
      `socket-dir=${dir}`,
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      'loglevel=3',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    pdnsServer,
    [`--config-dir=${dir}`, '--setuid=root', '--setgid=root'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const apiUrl = `http://${host}:${apiPort}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`${apiUrl}/api/v1/servers/localhost`, {
        headers: { 'X-API-Key': apiKey },
      });
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`pdns_server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { apiUrl, apiKey, dnsPort, stop };
}

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startMeridian, type MeridianProcess } from './meridian-process';
import { reachablePostgres, scratchDatabase, type ScratchDatabase } from './postgres-scratch';

/*
 * Several Meridian processes on one PostgreSQL database, and Debian's nginx in front of them, as
 * the README's "Behind a reverse proxy" section runs it, only with an upstream of replicas.
 */

export const nginxBinary = '/usr/sbin/nginx';

/** True when nginx and a loopback PostgreSQL are both here (the suite skips otherwise). */
export function replicasPossible(): boolean {
  return fs.existsSync(nginxBinary) && reachablePostgres() !== undefined;
}

export interface ReplicaSet {
  database: ScratchDatabase;
  replicas: MeridianProcess[];
  /** Every replica's environment (the shared database and key), to start one more like them. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * `count` server processes on a fresh scratch database, all with the same secret key;
 * `envOf` adds what one replica alone gets (by its index).
 */
export async function startReplicas(
  count: number,
  extraEnv: Record<string, string> = {},
  envOf: (index: number) => Record<string, string> = () => ({}),
): Promise<ReplicaSet> {
  const serverUrl = reachablePostgres();
  if (!serverUrl) throw new Error('no loopback PostgreSQL to run replicas on');
  const database = scratchDatabase(serverUrl);
  const env = {
    DATABASE_URL: database.url,
    // Every replica must open what another one sealed.
    MERIDIAN_SECRET_KEY: randomBytes(24).toString('hex'),
    // nginx is the client each replica sees: its X-Forwarded-For names the real one.
    MERIDIAN_TRUST_PROXY: '127.0.0.1',
    ...extraEnv,
  };
  const replicas: MeridianProcess[] = [];
  try {
    // One after the other: the first runs the migrations, the others find them done.
    for (let i = 0; i < count; i++) replicas.push(await startMeridian({ ...env, ...envOf(i) }));
  } catch (error) {
    await Promise.all(replicas.map((replica) => replica.stop()));
    database.drop();
    throw error;
  }
  return {
    database,
    replicas,
    env,
    async stop() {
      await Promise.all(replicas.map((replica) => replica.stop()));
      database.drop();
    },
  };
}

export interface Nginx {
  baseUrl: string;
  /** The log nginx wrote its errors to (for failure messages). */
  errors(): string;
  stop(): Promise<void>;
}

const portOf = (baseUrl: string) => new URL(baseUrl).port;

/**
 * The configuration: the API goes to the replica with the fewest requests in flight (it is
 * stateless, a bearer token per request; round robin kept handing work to a replica still busy,
 * docs/scale.md "Which part is the cap"), while the socket.io path is pinned per client address, since a polling socket's
 * requests must all reach the process that holds its session. The console's socket proves who
 * it is by a token in its start message, not a cookie, so there is no cookie to hash on.
 */
function nginxConfig(
  dir: string,
  port: number,
  upstreams: readonly string[],
  forwardHost: boolean,
): string {
  // A location with any proxy_set_header of its own inherits none: each one repeats these.
  const headers = [
    forwardHost ? 'proxy_set_header Host $http_host;' : '# Host left to nginx: $proxy_host',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  ]
    .map((line) => `      ${line}`)
    .join('\n');
  const servers = (extra: string) =>
    upstreams.map((url) => `    server 127.0.0.1:${portOf(url)}${extra};`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream meridian_api {
    least_conn;
${servers(' max_fails=1 fail_timeout=5s')}
    keepalive 64;
  }
  upstream meridian_socket {
    hash $remote_addr consistent;
${servers(' max_fails=1 fail_timeout=5s')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    proxy_http_version 1.1;
    # A replica that is down is skipped for the next one, also for a write it never received.
    proxy_next_upstream error timeout;
    location /event/client/socket.io/ {
      proxy_pass http://meridian_socket;
${headers}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 120s;
    }
    location / {
      proxy_pass http://meridian_api;
${headers}
      proxy_set_header Connection '';
    }
  }
}
`;
}

/**
 * Starts nginx in the foreground as this user, on a free loopback port, before `upstreams`;
 * `forwardHost: false` leaves out the Host header the README asks for (to show why it must be).
 */
export async function startNginx(
  upstreams: readonly string[],
  { forwardHost = true }: { forwardHost?: boolean } = {},
): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-nginx-'));
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  const errorLog = path.join(dir, 'error.log');
  fs.writeFileSync(configFile, nginxConfig(dir, port, upstreams, forwardHost));
  // -e: errors before the configuration is read go to the temp dir too, not /var/log/nginx.
  const args = ['-p', dir, '-e', errorLog, '-c', configFile];
  const checked = spawnSync(nginxBinary, [...args, '-t'], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t failed: ${checked.stderr}`);
  const child = spawn(nginxBinary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForProxy(baseUrl, () => child.exitCode !== null, errors);
  return {
    baseUrl,
    errors,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGQUIT: nginx's graceful stop; SIGTERM would also do, it is ours alone.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForProxy(baseUrl: string, exited: () => boolean, errors: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`nginx exited:\n${errors()}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer within 15 s:\n${errors()}`);
}

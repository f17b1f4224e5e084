// Live-event fan-out: latency from the recordEvent call (in a transaction, as the modules call
// it) until each socket.io client has the event. Starts the control plane in this process on an
// in-memory PGlite and a free loopback port, connects the sockets over websocket, records events
// one after another, prints p50/p99/max and stops by itself. Asserts nothing; target p99 <= 100 ms.
//
// The clients share this process (and its event loop) with the server, so the figures include
// the clients' own decoding work: a pessimistic bound for one server process.
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { reportFigure } from './report';

const socketsPerUserWide = Number(process.env.SOCKETS_PER_USER ?? 10);
const users = Number(process.env.USERS ?? 50);
const socketsOneUser = Number(process.env.SOCKETS ?? 500);
const eventCount = Number(process.env.EVENTS ?? 200);
const pauseMs = Number(process.env.PAUSE_MS ?? 10);
const deadlineMs = 120_000;

// The server is loaded at run time from its sources (tsx); these are the few parts used here.
// Importing them statically would pull the server into this workspace's TypeScript project.
interface BenchApp {
  server: { address(): unknown };
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
interface BenchDatabase {
  db: { transaction<T>(run: (tx: unknown) => Promise<T>): Promise<T> };
  close(): Promise<void>;
}
interface ServerModules {
  database: {
    openDatabase(options: { dataDir: string }): Promise<BenchDatabase>;
    inMemoryDataDir: string;
  };
  app: { buildApp(options: Record<string, unknown>): Promise<BenchApp> };
  admin: {
    bootstrapAdmin(db: unknown, admin: { username: string; password: string }): Promise<unknown>;
  };
  events: {
    recordEvent(
      tx: unknown,
      input: { userId: string; type: string; payload: Record<string, string> },
    ): Promise<{ uuid: string }>;
  };
}

const serverSrc = new URL('../apps/server/src/', import.meta.url);
const load = (file: string) => import(new URL(file, serverSrc).href);

async function loadServer(): Promise<ServerModules> {
  const [database, app, admin, events] = await Promise.all([
    load('platform/db/database.ts'),
    load('app.ts'),
    load('modules/account/auth/admin-bootstrap.ts'),
    load('modules/account/event/event.service.ts'),
  ]);
  return { database, app, admin, events } as ServerModules;
}

const realtime = {
  path: '/event/client/socket.io/',
  startEvent: 'start_meridian_events',
  eventName: 'meridian event',
};

interface Session {
  userId: string;
  token: string;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function logIn(base: string, username: string, password: string): Promise<Session> {
  const result = await postJson(`${base}/auth/login`, { username, password });
  return { userId: String(result.userId), token: String(result.token) };
}

/** Receipt times per event key, filled by every socket's listener. */
const receipts = new Map<string, number[]>();

async function openSockets(base: string, session: Session, count: number): Promise<Socket[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const socket = connect(base, {
        path: realtime.path,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on(realtime.eventName, (event: { payload: { app_name?: string } }) => {
        const at = performance.now();
        const key = event.payload.app_name;
        if (key) receipts.get(key)?.push(at);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const answer = (await socket.emitWithAck(realtime.startEvent, {
        disablePortalEvents: true,
        ...session,
      })) as { status: string };
      if (answer.status !== 'success') throw new Error('socket refused');
      return socket;
    }),
  );
}

function pickOf(samples: number[]): (q: number) => number {
  const sorted = [...samples].sort((a, b) => a - b);
  return (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** p50 and p99 of one kind of latency as table rows, named by scenario (not by event count). */
function reportLatency(name: string, samples: number[]): void {
  const pick = pickOf(samples);
  for (const [label, q] of [
    ['p50', 0.5],
    ['p99', 0.99],
  ] as const) {
    reportFigure({ figure: `${name} ${label}`, value: pick(q), unit: 'ms', better: 'lower' });
  }
}

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = pickOf(samples);
  return `p50 ${pick(0.5).toFixed(1)} ms, p99 ${pick(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (n=${sorted.length})`;
}

async function run(
  label: string,
  scenario: string,
  server: ServerModules,
  database: BenchDatabase,
  targets: { session: Session; sockets: number }[],
): Promise<void> {
  const expected = new Map(targets.map((target) => [target.session.userId, target.sockets]));
  const perReceipt: number[] = [];
  const perEvent: number[] = [];
  for (let i = 0; i < eventCount; i++) {
    const { session } = targets[i % targets.length]!;
    const key = `${label}-${i}`;
    const times: number[] = [];
    receipts.set(key, times);
    const started = performance.now();
    await database.db.transaction((tx) =>
      server.events.recordEvent(tx, {
        userId: session.userId,
        type: 'APP_DEPLOY_FULFILLED',
        payload: { app_name: key },
      }),
    );
    const want = expected.get(session.userId)!;
    while (times.length < want) await new Promise((resolve) => setTimeout(resolve, 1));
    perReceipt.push(...times.map((at) => at - started));
    perEvent.push(Math.max(...times) - started);
    receipts.delete(key);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  console.log(`${label}`);
  console.log(`  every receipt:          ${percentiles(perReceipt)}`);
  console.log(`  event to all its sockets: ${percentiles(perEvent)}`);
  reportLatency(`event fan-out ${scenario}: every receipt`, perReceipt);
  reportLatency(`event fan-out ${scenario}: event to all its sockets`, perEvent);
}

/** Prints the time to connect sockets and reports it as a table row. */
function reportConnect(what: string, ms: number): void {
  console.log(`${what} connected in ${ms.toFixed(0)} ms`);
  reportFigure({
    figure: `event fan-out: ${what} connected`,
    value: ms,
    unit: 'ms',
    better: 'lower',
  });
}

async function main(): Promise<void> {
  const server = await loadServer();
  const database = await server.database.openDatabase({ dataDir: server.database.inMemoryDataDir });
  const adminPassword = 'bench-password-123';
  await server.admin.bootstrapAdmin(database.db, { username: 'admin', password: adminPassword });
  const app = await server.app.buildApp({
    config: { webDistDir: path.join(os.tmpdir(), 'meridian-no-web-dist') },
    database,
    auth: { loginThrottle: { perAddress: 10_000 } },
  });
  const sockets: Socket[] = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const admin = await logIn(base, 'admin', adminPassword);

    const oneUser = `1 user x ${socketsOneUser} sockets`;
    const t0 = performance.now();
    sockets.push(...(await openSockets(base, admin, socketsOneUser)));
    reportConnect(`${socketsOneUser} sockets of one user`, performance.now() - t0);
    await run(
      `1 user x ${socketsOneUser} sockets, ${eventCount} events`,
      oneUser,
      server,
      database,
      [{ session: admin, sockets: socketsOneUser }],
    );
    for (const socket of sockets.splice(0)) socket.disconnect();

    const sessions: Session[] = [];
    for (let i = 0; i < users; i++) {
      const username = `bench-user-${i}`;
      const password = `${username}-password`;
      await postJson(
        `${base}/auth/users`,
        { username, email: `${username}@example.ca`, password },
        { authorization: `Bearer ${admin.token}`, 'x-user-id': admin.userId },
      );
      sessions.push(await logIn(base, username, password));
    }
    const t1 = performance.now();
    for (const session of sessions) {
      sockets.push(...(await openSockets(base, session, socketsPerUserWide)));
    }
    reportConnect(`${users} users x ${socketsPerUserWide} sockets`, performance.now() - t1);
    await run(
      `${users} users x ${socketsPerUserWide} sockets, ${eventCount} events round-robin`,
      `${users} users x ${socketsPerUserWide} sockets`,
      server,
      database,
      sessions.map((session) => ({ session, sockets: socketsPerUserWide })),
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
    await app.close();
    await database.close();
  }
}

const deadline = setTimeout(() => {
  console.error(`event-fanout: did not finish within ${deadlineMs / 1000} s`);
  process.exit(1);
}, deadlineMs);
deadline.unref();

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('event-fanout failed:', error);
    process.exit(1);
  },
);

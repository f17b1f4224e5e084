import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, logIn, newUser, send, type ApiUser } from './support/api';
import { printTable } from './support/figures';
import { startMeridian, type MeridianProcess } from './support/meridian-process';
import { reachablePostgres, scratchDatabase } from './support/postgres-scratch';
import {
  allCut,
  handshakeOpens,
  openSocket,
  startSocket,
  startedSocket,
  type LiveSocket,
} from './support/sockets';

/**
 * Sessions and sockets: a revoked session loses its live sockets within a second (the revocation
 * is announced on the change feed, not left to the minute-long periodic check), and only a page
 * of the console's own origin (or a client sending no Origin, i.e. not a browser) opens one.
 */
let server: MeridianProcess;
let admin: ApiUser;
const opened: LiveSocket[] = [];
const figures: string[][] = [];

const tokenOf = (user: ApiUser) => user.headers.authorization!.replace(/^Bearer /, '');
const whoOf = (user: ApiUser) => ({ token: tokenOf(user), userId: user.userId });

async function sockets(user: ApiUser, count: number): Promise<LiveSocket[]> {
  const made = await Promise.all(
    Array.from({ length: count }, () => startedSocket(server.baseUrl, whoOf(user))),
  );
  opened.push(...made);
  return made;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

beforeAll(async () => {
  server = await startMeridian();
  admin = await logIn(server.baseUrl);
});

afterAll(async () => {
  for (const live of opened) live.socket.close();
  printTable('Sessions and sockets', ['check', 'count', 'result'], figures);
  await server?.stop();
});

describe('a revoked session loses its sockets', () => {
  it('cuts 20 sockets of 5 logged-out sessions within 1 s each; other sessions keep theirs', async () => {
    const rita = await newUser(server.baseUrl, admin, 'rita');
    const sam = await newUser(server.baseUrl, admin, 'sam');
    const ritaLogin = { username: 'rita', password: 'pw-rita-reliability' };
    const samLogin = { username: 'sam', password: 'pw-sam-reliability' };
    const again = (login: typeof ritaLogin) =>
      logIn(server.baseUrl, login as Parameters<typeof logIn>[1]);
    // Five sessions to revoke, and a session kept for each user (same users: the cut is per session).
    const revoked = [
      rita,
      sam,
      await again(ritaLogin),
      await again(ritaLogin),
      await again(samLogin),
    ];
    const kept = [await again(ritaLogin), await again(samLogin), admin];
    const revokedSockets = await Promise.all(revoked.map((session) => sockets(session, 4)));
    const keptSockets = (await Promise.all(kept.map((session) => sockets(session, 2)))).flat();

    const cutMs: number[] = [];
    const toldMs: number[] = [];
    for (const [index, session] of revoked.entries()) {
      const answer = await send(server.baseUrl, '/auth/logout', {
        method: 'POST',
        headers: session.headers,
      });
      expect(answer.status).toBe(200);
      const answeredAt = performance.now();
      const own = revokedSockets[index]!;
      await allCut(own, 2_000);
      for (const live of own) {
        expect(live.disconnectReason).toBe('io server disconnect');
        expect(live.errors).toEqual(['Unauthorized']);
        // A cut heard before the answer arrived counts as 0 ms.
        cutMs.push(Math.max(0, live.disconnectedAt! - answeredAt));
        toldMs.push(Math.max(0, live.errorAt! - answeredAt));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stillUp = keptSockets.filter((live) => live.socket.connected).length;
    const sorted = [...cutMs].sort((a, b) => a - b);
    figures.push(
      [
        'logout → socket cut (p50)',
        String(cutMs.length),
        `${percentile(sorted, 50).toFixed(0)} ms`,
      ],
      ['logout → socket cut (max)', String(cutMs.length), `${sorted.at(-1)!.toFixed(0)} ms`],
      [
        'logout → "meridian error" (max)',
        String(toldMs.length),
        `${Math.max(...toldMs).toFixed(0)} ms`,
      ],
      ['other sessions still connected', String(keptSockets.length), String(stillUp)],
    );
    expect(cutMs).toHaveLength(20);
    expect(sorted.at(-1)!).toBeLessThanOrEqual(1_000);
    expect(stillUp).toBe(keptSockets.length);
  });

  it('refuses a new socket for a logged-out token, and an API key (keys cannot open sockets)', async () => {
    const gone = await logIn(server.baseUrl);
    await send(server.baseUrl, '/auth/logout', { method: 'POST', headers: gone.headers });
    const { key } = await json<{ key: string }>(server.baseUrl, admin, '/auth/api_key', 'POST', {
      name: 'socket-probe',
    });
    let refused = 0;
    for (const token of [tokenOf(gone), key]) {
      const live = await openSocket(server.baseUrl);
      opened.push(live);
      const answer = await startSocket(live, { token, userId: admin.userId });
      expect(answer).toEqual({ status: 'error', message: 'Unauthorized' });
      await allCut([live], 2_000);
      expect(live.disconnectReason).toBe('io server disconnect');
      refused += 1;
    }
    figures.push(['logged-out token / API key refused', '2', String(refused)]);
  });
});

describe('only the console’s own origin opens a socket', () => {
  // The policy (realtime.ts allowRequest): no Origin (not a browser) or Origin host = Host header.
  const cases = () => {
    const own = server.baseUrl;
    const port = new URL(own).port;
    return [
      { origin: 'https://evil.example', opens: false },
      { origin: 'null', opens: false },
      { origin: `http://127.0.0.1:${Number(port) + 1}`, opens: false },
      { origin: `http://localhost.evil.example:${port}`, opens: false },
      { origin: own, opens: true },
      { origin: undefined, opens: true },
    ];
  };

  it('refuses a foreign Origin on both transports and accepts the console’s own', async () => {
    let checked = 0;
    for (const { origin, opens } of cases()) {
      for (const transport of ['websocket', 'polling'] as const) {
        expect(await handshakeOpens(server.baseUrl, origin, transport), `${origin}`).toBe(opens);
        checked += 1;
      }
    }
    // The refusal is the handshake's own answer, with no CORS grant a page could read.
    const handshake = await fetch(
      `${server.baseUrl}/event/client/socket.io/?EIO=4&transport=polling`,
      { headers: { origin: 'https://evil.example' } },
    );
    expect(handshake.status).toBe(403);
    expect(handshake.headers.get('access-control-allow-origin')).toBeNull();
    figures.push(['socket handshakes by Origin', String(checked), 'as policy']);
  });

  it('grants no CORS to a foreign page: no preflight grant, and a simple POST is refused', async () => {
    const evil = { origin: 'https://evil.example' };
    const preflight = await fetch(`${server.baseUrl}/auth/api_key`, {
      method: 'OPTIONS',
      headers: {
        ...evil,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    // What a browser may send without a preflight: no Authorization header, a "simple" type.
    const simple = await fetch(`${server.baseUrl}/auth/api_key`, {
      method: 'POST',
      headers: { ...evil, 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'csrf' }),
    });
    // Even a request carrying a token (only a non-browser client can) gets no CORS grant.
    const carried = await fetch(`${server.baseUrl}/auth/api_key`, {
      headers: { ...evil, ...admin.headers },
    });
    for (const answer of [preflight, simple, carried]) {
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    }
    expect(simple.status).toBe(401);
    const keys = await json<{ keys: { name: string }[] }>(server.baseUrl, admin, '/auth/api_key');
    expect(keys.keys.map((item) => item.name)).not.toContain('csrf');
    figures.push(['foreign-Origin HTTP requests with a CORS grant', '3', '0']);
  });
});

describe('a logout in one process cuts the sockets another process holds', () => {
  const postgres = reachablePostgres();

  it.skipIf(!postgres)('within 1 s, over the change feed (PostgreSQL LISTEN/NOTIFY)', async () => {
    const database = scratchDatabase(postgres!);
    // One key for both processes: they share the database and what it has sealed.
    const env = {
      DATABASE_URL: database.url,
      MERIDIAN_SECRET_KEY: randomBytes(32).toString('hex'),
    };
    const processes: MeridianProcess[] = [];
    try {
      processes.push(await startMeridian(env));
      processes.push(await startMeridian(env));
      const [a, b] = processes as [MeridianProcess, MeridianProcess];
      const [leaving, staying] = [await logIn(a.baseUrl), await logIn(a.baseUrl)];
      const held = await Promise.all(
        [leaving, leaving, leaving, leaving, staying].map((who) =>
          startedSocket(b.baseUrl, whoOf(who)),
        ),
      );
      opened.push(...held);
      const answer = await send(a.baseUrl, '/auth/logout', {
        method: 'POST',
        headers: leaving.headers,
      });
      expect(answer.status).toBe(200);
      const answeredAt = performance.now();
      const cut = held.slice(0, 4);
      await allCut(cut, 2_000);
      const slowest = Math.max(
        ...cut.map((live) => (live.disconnectedAt ?? Infinity) - answeredAt),
      );
      figures.push([
        'logout on A → cut on B (max)',
        String(cut.length),
        `${Math.max(0, slowest).toFixed(0)} ms`,
      ]);
      expect(slowest).toBeLessThanOrEqual(1_000);
      expect(held[4]!.socket.connected).toBe(true);
    } finally {
      for (const running of processes) await running.stop();
      database.drop();
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  processAdminPassword,
  startServerProcess,
  type ServerProcess,
} from '../../test-support/server-process';
import { throwawayDatabase } from '../../test-support/test-app';

function loginVia(server: ServerProcess, forwardedFor: string, username: string, password: string) {
  return fetch(`${server.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ username, password }),
  });
}

// Two server processes need a database both reach: PostgreSQL (CI always gives one).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'login throttling across two server processes',
  () => {
    it('holds a decision made on one process on the other, per user and per address', async () => {
      const database = await throwawayDatabase();
      const env = {
        DATABASE_URL: database.url,
        MERIDIAN_SECRET_KEY: 'ab'.repeat(32),
        // Both sit behind a proxy on loopback: the test plays clients from many addresses.
        MERIDIAN_TRUST_PROXY: '127.0.0.1',
      };
      const servers: ServerProcess[] = [];
      try {
        servers.push(await startServerProcess(env));
        servers.push(await startServerProcess(env));
        const [a, b] = servers as [ServerProcess, ServerProcess];

        // The fourth failure holds the next try for 1 s: on a machine too loaded to ask within
        // it, the login succeeds (and clears the failures), so the round is played again.
        let throttled: Response | undefined;
        for (let round = 0; round < 3 && throttled?.status !== 429; round++) {
          let lastFailure = 0;
          for (let i = 0; i < 4; i++) {
            expect((await loginVia(a, '203.0.113.9', 'admin', 'wrong-password')).status).toBe(401);
            lastFailure = performance.now();
          }
          throttled = await loginVia(b, '203.0.113.9', 'admin', processAdminPassword);
          if (throttled.status !== 429)
            expect(performance.now() - lastFailure).toBeGreaterThan(1000);
        }
        throttled = throttled!;
        expect(throttled.status).toBe(429);
        expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await throttled.json()) as { message: string }).message).toMatch(
          /^Too many attempts — try again in \d+ s$/,
        );
        // The real user from another address still logs in, on either process.
        expect((await loginVia(b, '203.0.113.10', 'admin', processAdminPassword)).status).toBe(200);

        // One address gets 30 password checks a minute across both processes together.
        for (let i = 0; i < 30; i++) {
          const server = i % 2 === 0 ? a : b;
          expect(
            (await loginVia(server, '198.51.100.1', `guess-${i}`, 'wrong-password')).status,
          ).toBe(401);
        }
        expect((await loginVia(a, '198.51.100.1', 'admin', processAdminPassword)).status).toBe(429);
        expect((await loginVia(b, '198.51.100.1', 'admin', processAdminPassword)).status).toBe(429);
      } finally {
        for (const server of servers) await server.stop();
        await database.drop();
      }
    }, 120_000);
  },
);

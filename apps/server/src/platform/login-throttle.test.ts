import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseBackends, createTestStorage } from '../../test-support/test-app';
import type { DatabaseHandle } from './db/database';
import { LoginThrottle, defaultLoginThrottleLimits } from './login-throttle';
import { rateLimits } from './db/schema/platform';

// The counts' expiry is compared with the database rows by the wall clock, so tests move Date.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(databaseBackends())('login throttle on %s', (backend) => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    const storage = await createTestStorage(backend);
    database = await storage.open();
    dispose = async () => {
      await database.close();
      await storage.dispose();
    };
  });
  afterEach(() => dispose());

  function setup(limits = defaultLoginThrottleLimits) {
    const throttle = new LoginThrottle(database.db, limits);
    const fail = async (username: string, address: string) =>
      expect((await throttle.attempt(username, address)).allowed).toBe(true);
    return { throttle, fail };
  }

  it('lets a few failures through, then makes each next try wait, doubling up to a minute', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 3; i++) await fail('ada', '10.0.0.1');
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await fail('ada', '10.0.0.1');
      const blocked = await throttle.attempt('ada', '10.0.0.1');
      expect(blocked.allowed).toBe(false);
      const wait = blocked.allowed ? 0 : blocked.retryAfterMs;
      waits.push(wait);
      vi.advanceTimersByTime(wait);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('never keeps the owner out: the count is per address, the same username elsewhere is free', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 20; i++) await throttle.attempt('ada', `10.0.0.${i % 4}`);
    expect((await throttle.attempt('ada', '192.0.2.7')).allowed).toBe(true);
    expect((await throttle.attempt('ADA', '10.0.0.1')).allowed).toBe(false);
    expect((await throttle.attempt('bob', '10.0.0.1')).allowed).toBe(true);
    await fail('carol', '10.0.0.1');
  });

  it('lets one attempt of a parallel burst through per wait', async () => {
    const { throttle } = setup();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => throttle.attempt('ada', '10.0.0.1')),
    );
    // The three free failures and the one that opened the first wait.
    expect(burst.filter((decision) => decision.allowed)).toHaveLength(4);
  });

  it('does not count blocked attempts, and forgets after a quiet quarter hour', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 4; i++) await fail('ada', '10.0.0.1');
    for (let i = 0; i < 10; i++) {
      expect((await throttle.attempt('ada', '10.0.0.1')).allowed).toBe(false);
    }
    vi.advanceTimersByTime(1000);
    await fail('ada', '10.0.0.1');
    expect(await throttle.attempt('ada', '10.0.0.1')).toEqual({
      allowed: false,
      retryAfterMs: 2000,
    });
    vi.advanceTimersByTime(15 * 60_000);
    for (let i = 0; i < 3; i++) await fail('ada', '10.0.0.1');
  });

  it('limits one address across all usernames', async () => {
    const { throttle, fail } = setup({ ...defaultLoginThrottleLimits, perAddress: 5 });
    for (let i = 0; i < 5; i++) await fail(`user-${i}`, '10.0.0.1');
    const limited = await throttle.attempt('someone-else', '10.0.0.1');
    expect(limited).toEqual({ allowed: false, retryAfterMs: 60_000 });
    await fail('someone-else', '10.0.0.2');
    vi.advanceTimersByTime(60_000);
    await fail('someone-else', '10.0.0.1');
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it guess as one', async () => {
    const { throttle, fail } = setup();
    for (let i = 1; i <= 4; i++) await fail('ada', `2001:db8:1:2::${i}`);
    expect((await throttle.attempt('ada', '2001:db8:1:2:ffff:0:0:9')).allowed).toBe(false);
    expect((await throttle.attempt('ada', '2001:0db8:0001:0002::a')).allowed).toBe(false);
    // The neighbouring /64 is another client; a success anywhere in the /64 clears it.
    await fail('ada', '2001:db8:1:3::1');
    await throttle.recordSuccess('ada', '2001:db8:1:2::abcd');
    await fail('ada', '2001:db8:1:2::5');
  });

  it('limits a whole IPv6 /64 across all usernames', async () => {
    const { throttle, fail } = setup({ ...defaultLoginThrottleLimits, perAddress: 5 });
    for (let i = 0; i < 5; i++) await fail(`user-${i}`, `2001:db8::${i + 1}`);
    expect((await throttle.attempt('someone-else', '2001:db8::ff')).allowed).toBe(false);
    await fail('someone-else', '2001:db8:0:1::ff');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address, and IPv4 per address', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 2; i++) await fail('ada', '10.0.0.1');
    for (let i = 0; i < 2; i++) await fail('ada', '::ffff:10.0.0.1');
    expect((await throttle.attempt('ada', '10.0.0.1')).allowed).toBe(false);
    expect((await throttle.attempt('ada', '::ffff:a00:1')).allowed).toBe(false);
    await fail('ada', '10.0.0.2');
    await fail('ada', '::ffff:10.0.0.3');
  });

  it('clears the address’s failures for the user on a successful login', async () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 4; i++) await fail('ada', '10.0.0.1');
    await throttle.recordSuccess('ada', '10.0.0.1');
    for (let i = 0; i < 4; i++) await fail('ada', '10.0.0.1');
  });

  it('keeps bounded keys with no username or address in them, and sweeps ended counts', async () => {
    const { throttle } = setup();
    const huge = 'u'.repeat(1024 * 1024);
    await throttle.attempt(huge, '10.0.0.1');
    const rows = await database.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key.length).toBeLessThanOrEqual(80);
      expect(row.key).not.toContain('uuu');
      expect(row.key).not.toContain('10.0.0.1');
    }
    vi.advanceTimersByTime(2 * 3_600_000);
    await throttle.attempt('ada', '10.0.0.2');
    const left = await database.db.select().from(rateLimits);
    // Only the new attempt's two counts (its address, its free failures) are left.
    expect(left).toHaveLength(2);
    expect(left.every((row) => row.expire!.getTime() > Date.now())).toBe(true);
  });
});

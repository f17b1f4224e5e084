import type { Deployment } from '@meridian/domain/apps/app-api';
import type { Certificate } from '@meridian/domain/domains/certificate-api';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, type LoggedIn, type TestApp } from '../../../../test-support/test-app';
import { createTestClock } from '../../../../test-support/test-clock';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import { events } from '../../../platform/db/schema/accounts';
import { namedDeployment } from './named-deployment.test-support';
import { certificates } from '../../../platform/db/schema/domains';

const day = 24 * 3_600_000;

/**
 * Issue 38's renewal on a moved clock: rounds run every 50 ms of wall time and read the test's
 * clock, so months pass in seconds; each expectation waits for its state, never for a time.
 */
describe('certificate renewal on a scaled clock', () => {
  const clock = createTestClock(new Date('2030-01-15T09:00:00Z'));
  const issuer = { failing: false };
  let t: TestApp;
  let user: LoggedIn;
  let deployment: Deployment;

  beforeAll(async () => {
    t = await createClusterTestApp(
      'pglite',
      { jobs: { retryLimit: 0 } },
      {
        now: clock.now,
        auth: { sessionPolicy: { idleTimeoutMs: 400 * day, absoluteLifetimeMs: 400 * day } },
        certificates: {
          renewalCheckIntervalMs: 50,
          wrapIssuer: (local) => ({
            issue: (names) =>
              issuer.failing
                ? Promise.reject(new Error('the authority is unreachable'))
                : local.issue(names),
          }),
        },
      },
    );
    user = await logIn(t.app);
    deployment = await namedDeployment(t, user, 'renew-shop.com', 'www.renew-shop.com');
  }, 120_000);
  afterAll(() => t?.close());

  async function certificate(): Promise<Certificate> {
    const read = await t.app.inject({
      url: `/certificate/deployments/${deployment.uuid}`,
      headers: user.headers,
    });
    return read.json<Certificate>();
  }

  /** Waits (bounded) until the certificate answers as `done` says. */
  async function until(done: (certificate: Certificate) => boolean): Promise<Certificate> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const current = await certificate();
      if (done(current) || Date.now() > deadline) return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function renewalEvents(type: string) {
    return t.database.db
      .select()
      .from(events)
      .where(and(eq(events.userId, user.userId), like(events.eventType, type)))
      .orderBy(asc(events.createdAt));
  }

  it('renews at two thirds of the lifetime, keeping the certificate uuid', async () => {
    const enabled = await t.app.inject({
      method: 'POST',
      url: `/certificate/deployments/${deployment.uuid}`,
      headers: user.headers,
    });
    const uuid = enabled.json<Deployment>().certificate_uuid;
    const first = await certificate();
    expect(first).toMatchObject({ uuid, status: 'valid', last_error: null });
    expect(first.issuer).toContain('Meridian Local Certificate Authority');
    expect(Date.parse(first.not_before!)).toBe(clock.now().getTime());
    expect(Date.parse(first.not_after!) - Date.parse(first.not_before!)).toBe(90 * day);

    clock.advance(61 * day);
    const renewed = await until((c) => c.not_before !== first.not_before && c.status === 'valid');
    expect(renewed).toMatchObject({ uuid, status: 'valid', last_error: null });
    expect(Date.parse(renewed.not_before!)).toBeGreaterThanOrEqual(clock.now().getTime() - 1000);
    expect(await renewalEvents('CERTIFICATE_RENEW_FULFILLED')).toHaveLength(1);
  }, 60_000);

  it('warns 14, 7 and 1 days before expiry while renewal keeps failing, once each', async () => {
    issuer.failing = true;
    const start = await certificate();
    const expiry = Date.parse(start.not_after!);
    clock.advance(61 * day);
    const failed = await until((c) => c.status === 'failed');
    expect(failed.last_error).toBe('the authority is unreachable');
    expect(failed.not_after).toBe(start.not_after);

    const warnings = async (count: number) => {
      const deadline = Date.now() + 30_000;
      let rows = await renewalEvents('CERTIFICATE_RENEW_REJECTED');
      while (rows.length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        rows = await renewalEvents('CERTIFICATE_RENEW_REJECTED');
      }
      return rows.map((row) => row.payload.status_reason);
    };
    for (const [daysLeft, count] of [
      [13.5, 1],
      [6.5, 2],
      [0.5, 3],
    ] as const) {
      clock.advance(expiry - daysLeft * day - clock.now().getTime());
      const reasons = await warnings(count);
      expect(reasons).toHaveLength(count);
      expect(reasons.at(-1)).toContain(
        `expires in ${Math.ceil(daysLeft)} ${daysLeft < 1 ? 'day' : 'days'}`,
      );
      expect(reasons.at(-1)).toContain('its renewal keeps failing: the authority is unreachable');
      expect((await until((c) => c.status === 'expiring')).status).toBe('expiring');
    }
    // Past expiry the round still orders after each back-off (so rounds ran), and warns no more.
    const failuresNow = async () =>
      (await t.database.db.select().from(certificates).where(eq(certificates.id, start.uuid)))[0]!
        .failures;
    const before = await failuresNow();
    clock.advance(day);
    expect((await until((c) => c.status === 'expired')).status).toBe('expired');
    const deadline = Date.now() + 30_000;
    while ((await failuresNow()) <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await failuresNow()).toBeGreaterThan(before);
    expect(await warnings(3)).toHaveLength(3);
  }, 120_000);
});

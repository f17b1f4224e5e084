import type { DeploymentMetrics } from '@meridian/domain/apps/deployment-metrics';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import { createIntelligenceContext } from '../../intelligence/intelligence-context';
import { sampleTraffic } from '../../intelligence/traffic-sampling';
import { errorRateOf } from '../../intelligence/deployment-metrics';
import { SteadyMetricsDriver, deployedApp, deploymentIn, idleJobs } from './metrics.test-support';
import { deploymentMetrics } from '../../../platform/db/schema/metering';

const mib = 2 ** 20;

function getMetrics(t: TestApp, user: LoggedIn, deploymentId: string, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/meridian/v1/kube/apps/deployment/${deploymentId}/metrics${query}`,
    headers: user.headers,
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

describe.each(embeddedBackendOnly())('deployment metrics on %s', (backend) => {
  it('answers the sampled figures by step, with nulls where nothing was measured', async () => {
    const drivers = new Map([
      ['simulator', new SteadyMetricsDriver({ timeScale: 0, failDatacenters: [] })],
    ]);
    // Rounds an hour apart: this test samples by hand, at times it chooses.
    const t = await createClusterTestApp(
      backend,
      { drivers },
      { intelligence: { trafficSampleIntervalMs: 3_600_000 } },
    );
    try {
      const user = await logIn(t.app);
      const other = await addUser(t, user, 'metrics-other');
      const shop = await deployedApp(t, user, ['ca-montreal'], 'shop');
      const deployment = deploymentIn(shop, 'ca-montreal');
      const context = createIntelligenceContext({ db: t.database.db, jobs: idleJobs, drivers });
      // A minute on the grid, after the deployment: samples at 10 s, 20 s and 70 s past it.
      const base = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
      for (const offset of [10_000, 20_000, 70_000])
        await sampleTraffic(context, new Date(base + offset));

      const range = `?from=${iso(base)}&to=${iso(base + 180_000)}&step=60`;
      const response = await getMetrics(t, user, deployment.uuid, range);
      expect(response.statusCode).toBe(200);
      const body = response.json<DeploymentMetrics>();
      expect(body).toMatchObject({
        deployment_uuid: deployment.uuid,
        location: 'Montréal',
        datacenter_uuid: 'ca-montreal',
        from: iso(base),
        to: iso(base + 180_000),
        step: 60,
      });
      expect(body.points.map((point) => point.at)).toEqual([
        iso(base),
        iso(base + 60_000),
        iso(base + 120_000),
      ]);
      for (const point of body.points.slice(0, 2)) {
        expect(point.requests_per_second).toBeCloseTo(20, 1);
        expect(point.error_rate).toBeCloseTo(0.01, 2);
        expect(point).toMatchObject({
          p95_latency_ms: 50,
          cpu_millicores: 200,
          memory_bytes: 128 * mib,
          replicas: 2,
        });
      }
      expect(body.points[2]).toEqual({
        at: iso(base + 120_000),
        requests_per_second: null,
        p95_latency_ms: null,
        error_rate: null,
        cpu_millicores: null,
        memory_bytes: null,
        replicas: null,
      });

      // The last hour by default, in steps that give at most 120 points.
      const recent = await getMetrics(t, user, deployment.uuid);
      expect(recent.statusCode).toBe(200);
      expect(recent.json<DeploymentMetrics>().step).toBe(60);
      expect(recent.json<DeploymentMetrics>().points.length).toBeLessThanOrEqual(120);

      // Another user's deployment, or none at all: not found, in the same words.
      const theirs = await getMetrics(t, other, deployment.uuid);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ message: 'Deployment not found' });
      const malformed = await getMetrics(t, user, 'not-a-uuid');
      expect(malformed.statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/meridian/v1/kube/apps/deployment/${deployment.uuid}/metrics`,
      });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a range or step it cannot answer, in plain words', async () => {
    const t = await createClusterTestApp(backend, {}, {});
    try {
      const user = await logIn(t.app);
      const shop = await deployedApp(t, user, ['ca-montreal'], 'shop');
      const id = deploymentIn(shop, 'ca-montreal').uuid;
      const now = Date.now();
      const refusals: [string, RegExp][] = [
        [`?from=${iso(now)}&to=${iso(now - 60_000)}`, /must be before its end/],
        [`?from=${iso(now - 200 * 3_600_000)}&to=${iso(now)}`, /at most 168 hours/],
        [`?from=${iso(now - 86_400_000)}&to=${iso(now)}&step=10`, /more than 1,000 points/],
        ['?step=5', /whole number of seconds from 10 to 86400/],
        ['?step=often', /whole number of seconds from 10 to 86400/],
        ['?from=yesterday', /ISO 8601/],
      ];
      for (const [query, message] of refusals) {
        const response = await getMetrics(t, user, id, query);
        expect(response.statusCode, query).toBe(400);
        const body = response.json<{ message: string; errors?: string[] }>();
        expect([body.message, ...(body.errors ?? [])].join(' '), query).toMatch(message);
      }
    } finally {
      await t.close();
    }
  }, 60_000);

  it('keeps the figures per version for the rollout: error rates and requests by deployment', async () => {
    const drivers = new Map([
      ['simulator', new SteadyMetricsDriver({ timeScale: 0, failDatacenters: [] })],
    ]);
    const t = await createClusterTestApp(
      backend,
      { drivers },
      { intelligence: { trafficSampleIntervalMs: 3_600_000 } },
    );
    try {
      const user = await logIn(t.app);
      const shop = await deployedApp(t, user, ['ca-montreal', 'gb-london'], 'shop');
      const montreal = deploymentIn(shop, 'ca-montreal').uuid;
      const london = deploymentIn(shop, 'gb-london').uuid;
      const context = createIntelligenceContext({ db: t.database.db, jobs: idleJobs, drivers });
      const start = Date.now() + 1000;
      await sampleTraffic(context, new Date(start));
      await sampleTraffic(context, new Date(start + 10_000));
      const rows = await t.database.db
        .select()
        .from(deploymentMetrics)
        .where(eq(deploymentMetrics.deploymentId, montreal));
      expect(rows).toHaveLength(2);
      const versionId = rows[0]!.versionId;
      expect(rows[1]).toMatchObject({ datacenterUuid: 'ca-montreal', userId: user.userId });
      expect(rows[1]!.windowSeconds).toBeCloseTo(10, 3);

      // Only the second round's window ended in (start, start + 10 s].
      const range = { from: new Date(start), to: new Date(start + 10_000) };
      const both = await errorRateOf(t.database.db, {
        deploymentIds: [montreal, london],
        ...range,
      });
      expect(both).toEqual({ requests: 400, errors: 4, rate: 0.01 });
      expect(
        await errorRateOf(t.database.db, { deploymentIds: [montreal], versionId, ...range }),
      ).toEqual({ requests: 200, errors: 2, rate: 0.01 });
      expect(
        await errorRateOf(t.database.db, {
          deploymentIds: [montreal],
          versionId: '00000000-0000-4000-8000-000000000000',
          ...range,
        }),
      ).toEqual({ requests: 0, errors: 0, rate: null });
      expect(await errorRateOf(t.database.db, { deploymentIds: [], ...range })).toEqual({
        requests: 0,
        errors: 0,
        rate: null,
      });
    } finally {
      await t.close();
    }
  }, 60_000);
});

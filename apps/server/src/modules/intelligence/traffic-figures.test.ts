import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import type { DeploymentMetrics } from '@meridian/domain/apps/deployment-metrics';
import type { Rollout } from '@meridian/domain/apps/rollout';
import { requestsPerMinute, type Traffic } from '@meridian/domain/traffic/traffic';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  ClusterSpec,
  ObservedTraffic,
  TrafficTarget,
} from '../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../platform/drivers/simulator/simulator-driver';
import { embeddedBackendOnly, logIn, type LoggedIn } from '../../../test-support/test-app';
import { createTestClock } from '../../../test-support/test-clock';
import {
  addBasicVersion,
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../apps/app/app.test-support';
import { createClusterTestApp } from '../clusters/cluster/cluster.test-support';
import { createIntelligenceContext } from './intelligence-context';
import { sampleTraffic } from './traffic-sampling';
import { deployments } from '../../platform/db/schema/apps';

/** 1,000 requests a second per replica, a user for every 10 of them. */
class SteadyTrafficDriver extends SimulatorDriver {
  override async observeTraffic(
    _spec: ClusterSpec,
    targets: readonly TrafficTarget[],
  ): Promise<ObservedTraffic[]> {
    return targets.map(({ deploymentId, replicas, window }) => {
      const requests = (window.to.getTime() - window.from.getTime()) * replicas;
      return { deploymentId, requests, users: requests / 10, errors: 0 };
    });
  }
}

const steadyDrivers = () =>
  new Map([['simulator', new SteadyTrafficDriver({ timeScale: 0, failDatacenters: [] })]]);

describe.each(embeddedBackendOnly())('traffic figures on %s', (backend) => {
  it('shows one rate per location and hour: per minute in the header, per day in the rollout, per second in the chart', async () => {
    const clock = createTestClock(new Date('2024-03-05T10:20:00Z'));
    const hour = { from: '2024-03-05T10:00:00.000Z', to: '2024-03-05T11:00:00.000Z' };
    const t = await createClusterTestApp(
      backend,
      { drivers: steadyDrivers() },
      { now: clock.now, intelligence: { trafficSampleIntervalMs: 3_600_000 } },
    );
    const call = async <T>(user: LoggedIn, method: 'GET' | 'POST', url: string, body?: object) => {
      const response = await t.app.inject({ method, url, headers: user.headers, payload: body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<T>();
    };
    try {
      const user = await logIn(t.app);
      const smart = await readySmartCluster(t, user, ['ca-montreal', 'jp-tokyo']);
      const created = await createApp(t, user, basicAppFields(smart.uuid));
      const app = await waitForDeployments(t, user, created.json<AppEntity>().uuid, allSettled);
      const v2 = await addBasicVersion(t, user.headers, app.uuid, 'v2', 'nginx:1.28');

      // Montréal serves on 2 replicas, Tokyo on 1: two rates, so a mix-up of places shows.
      const deployedAt = clock.now();
      await t.database.db.update(deployments).set({ updatedAt: deployedAt, readyReplicas: 2 });
      const tokyo = app.deployments.find((item) => item.datacenter_uuid === 'jp-tokyo')!;
      await t.database.db
        .update(deployments)
        .set({ readyReplicas: 1 })
        .where(eq(deployments.id, tokyo.uuid));
      const context = createIntelligenceContext({
        db: t.database.db,
        jobs: { send: async () => {}, wake: () => {} },
        drivers: steadyDrivers(),
      });
      await sampleTraffic(context, new Date(deployedAt.getTime() + 4_000));
      await sampleTraffic(context, new Date(deployedAt.getTime() + 10_000));
      clock.advance(10_000);

      // The three figures, read through the API in the same hour.
      const header = await call<Traffic>(user, 'GET', '/intelligence/traffic');
      const chart = new Map<string, number | null>();
      for (const deployment of app.deployments) {
        const metrics = await call<DeploymentMetrics>(
          user,
          'GET',
          `/meridian/v1/kube/apps/deployment/${deployment.uuid}/metrics?from=${hour.from}&to=${hour.to}&step=3600`,
        );
        chart.set(metrics.location, metrics.points[0]!.requests_per_second);
      }
      const rollout = await call<Rollout>(
        user,
        'POST',
        `/meridian/v1/kube/apps/deployment/${tokyo.uuid}/rollback`,
        { version_uuid: v2.uuid, bake_seconds: 0 },
      );

      const perSecond = { Montréal: 2_000, Tokyo: 1_000 };
      for (const [location, rate] of Object.entries(perSecond)) {
        const region = header.regions.find((item) => item.name === location)!;
        const step = rollout.steps.find((item) => item.location === location)!;
        expect(chart.get(location), location).toBe(rate);
        expect(requestsPerMinute(region.num_requests), location).toBe(rate * 60);
        expect(step.requests_per_day, location).toBe(rate * 86_400);
        expect(step.requests_per_day, location).toBe(region.num_requests);
      }
      // The quietest location first, by that same figure.
      expect(rollout.steps.map((step) => step.location)).toEqual(['Tokyo', 'Montréal']);
      expect(requestsPerMinute(header.daily_totals.total_requests)).toBe(3_000 * 60);
      // 10 s of Montréal's 2,000 and Tokyo's 1,000 a second, a user for every 10 requests.
      expect(header.daily_totals.daily_active_users).toBe(3_000);
    } finally {
      await t.close();
    }
  }, 60_000);
});

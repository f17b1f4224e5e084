import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import { databaseBackends, logIn } from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';
import { createIntelligenceContext } from '../../intelligence/intelligence-context';
import { sampleTraffic, trafficSamplingJob } from '../../intelligence/traffic-sampling';
import { errorRateOf } from '../../intelligence/deployment-metrics';
import { insertDeploymentMetrics } from '../../intelligence/deployment-metrics.queries';
import { deployedApp, deploymentIn, idleJobs } from './metrics.test-support';
import { deploymentMetrics } from '../../../platform/db/schema/metering';

const hourMs = 3_600_000;

describe.each(databaseBackends())('metrics collection on %s', (backend) => {
  it('stores what the simulator measures; an injected error rate raises only its datacenter', async () => {
    const simulator = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    const drivers = new Map([['simulator', simulator]]);
    const t = await createClusterTestApp(
      backend,
      { drivers },
      { intelligence: { trafficSampleIntervalMs: hourMs } },
    );
    try {
      const user = await logIn(t.app);
      const shop = await deployedApp(t, user, ['ca-montreal', 'gb-london'], 'shop');
      const montreal = deploymentIn(shop, 'ca-montreal').uuid;
      const london = deploymentIn(shop, 'gb-london').uuid;
      const context = createIntelligenceContext({ db: t.database.db, jobs: idleJobs, drivers });

      // Half an hour of healthy traffic: a few thousand requests, well under 2 % of them 5xx.
      const healthyUntil = Date.now() + hourMs / 2;
      await sampleTraffic(context, new Date(healthyUntil));
      const [row] = await t.database.db
        .select()
        .from(deploymentMetrics)
        .where(eq(deploymentMetrics.deploymentId, montreal));
      expect(row!.requests).toBeGreaterThan(100);
      expect(row!.errors / row!.requests).toBeLessThan(0.02);
      expect(row!.latencyP95Ms).toBeGreaterThanOrEqual(40);
      expect(row!.latencyP95Ms).toBeLessThanOrEqual(120);
      // Two replicas asking for the default 100 m and 128 MiB each use part of it.
      expect(row!.cpuMillicores).toBeGreaterThan(0);
      expect(row!.cpuMillicores).toBeLessThan(200);
      expect(row!.memoryBytes).toBeGreaterThan(64 * 2 ** 20);
      expect(row!.memoryBytes).toBeLessThan(256 * 2 ** 20);

      simulator.injectErrorRate('ca-montreal', 0.3);
      const faultyUntil = healthyUntil + hourMs / 2;
      await sampleTraffic(context, new Date(faultyUntil));
      const window = { from: new Date(healthyUntil), to: new Date(faultyUntil) };
      const raised = await errorRateOf(t.database.db, { deploymentIds: [montreal], ...window });
      expect(raised.rate).toBeGreaterThan(0.25);
      expect(raised.rate).toBeLessThan(0.35);
      const spared = await errorRateOf(t.database.db, { deploymentIds: [london], ...window });
      expect(spared.rate).toBeLessThan(0.02);

      // Lifted: back to its own rate from then on.
      simulator.injectErrorRate('ca-montreal', null);
      await sampleTraffic(context, new Date(faultyUntil + hourMs / 2));
      const healed = await errorRateOf(t.database.db, {
        deploymentIds: [montreal],
        from: new Date(faultyUntil),
        to: new Date(faultyUntil + hourMs / 2),
      });
      expect(healed.rate).toBeLessThan(0.02);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('forgets metrics older than the retention in each sampling round', async () => {
    const t = await createClusterTestApp(
      backend,
      {},
      { intelligence: { trafficSampleIntervalMs: hourMs } },
    );
    try {
      const user = await logIn(t.app);
      const shop = await deployedApp(t, user, ['ca-montreal'], 'shop');
      const deploymentId = deploymentIn(shop, 'ca-montreal').uuid;
      const now = new Date();
      const sample = (hoursAgo: number) => ({
        userId: user.userId,
        deploymentId,
        versionId: shop.versions[0]!.uuid,
        datacenterUuid: 'ca-montreal',
        window: {
          from: new Date(now.getTime() - hoursAgo * hourMs - 10_000),
          to: new Date(now.getTime() - hoursAgo * hourMs),
        },
        requests: 10,
        errors: 0,
        latencyP95Ms: 50,
        cpuMillicores: 100,
        memoryBytes: 1000,
        replicas: 2,
      });
      await insertDeploymentMetrics(t.database.db, [sample(3), sample(1)]);
      const context = createIntelligenceContext({
        db: t.database.db,
        jobs: idleJobs,
        drivers: new Map(),
        metricsRetentionMs: 2 * hourMs,
        now: () => now,
      });
      const round = trafficSamplingJob(context);
      await round.handle(
        { kind: 'sample-traffic', slot: 1 },
        {
          id: 'round',
          retryCount: 0,
          retryLimit: 0,
          final: true,
          signal: new AbortController().signal,
          report: () => {},
        },
      );
      const left = await t.database.db
        .select({ at: deploymentMetrics.at })
        .from(deploymentMetrics)
        .where(eq(deploymentMetrics.deploymentId, deploymentId));
      expect(left.map((row) => row.at)).toEqual([new Date(now.getTime() - hourMs)]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import { expect } from 'vitest';
import type {
  ClusterSpec,
  ObservedTraffic,
  TrafficTarget,
} from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import type { LoggedIn, TestApp } from '../../../../test-support/test-app';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';

const mib = 2 ** 20;

/**
 * Figures you can count on: 10 requests per second per replica, 1 in 100 a 5xx, a p95 of 50 ms,
 * 100 millicores and 64 MiB per replica.
 */
export class SteadyMetricsDriver extends SimulatorDriver {
  override async observeTraffic(
    _spec: ClusterSpec,
    targets: readonly TrafficTarget[],
  ): Promise<ObservedTraffic[]> {
    return targets.map(({ deploymentId, replicas, window }) => {
      const seconds = (window.to.getTime() - window.from.getTime()) / 1000;
      const requests = Math.round(seconds * 10 * replicas);
      return {
        deploymentId,
        requests,
        users: 1,
        errors: Math.round(requests / 100),
        latencyP95Ms: 50,
        cpuMillicores: 100 * replicas,
        memoryBytes: 64 * mib * replicas,
        replicas,
      };
    });
  }
}

/** The sampling services of these tests are driven by hand: they never queue a job. */
export const idleJobs = { send: async () => {}, wake: () => {} };

/** An app of `user` deployed and settled on a new smart cluster in `datacenters`. */
export async function deployedApp(
  t: TestApp,
  user: LoggedIn,
  datacenters: string[],
  name: string,
): Promise<AppEntity> {
  const smart = await readySmartCluster(t, user, datacenters, `${name}-cluster`);
  const created = await createApp(t, user, basicAppFields(smart.uuid, { name }));
  expect(created.statusCode).toBe(200);
  const app = await waitForDeployments(t, user, created.json<AppEntity>().uuid, allSettled);
  expect(app.deployments.every((deployment) => deployment.status === 'success')).toBe(true);
  return app;
}

export function deploymentIn(app: AppEntity, datacenterUuid: string): Deployment {
  const found = app.deployments.find((item) => item.datacenter_uuid === datacenterUuid);
  if (!found) throw new Error(`no deployment in ${datacenterUuid}`);
  return found;
}

import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  DriverOperation,
  WorkloadObservation,
  WorkloadOperation,
} from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import { createTestStorage, databaseBackends, logIn } from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { deployments } from '../../../platform/db/schema/apps';
import { events } from '../../../platform/db/schema/accounts';

/** Clusters are ready at once; a rollout takes 1.5 s, long enough to stop the server mid-way. */
class TimedRolloutDriver extends SimulatorDriver {
  override plannedDurationMs(operation: DriverOperation | WorkloadOperation): number {
    return operation === 'rollout' ? 1500 : 0;
  }
}

/** A cluster whose rollouts never finish while this server runs: they are left mid-way. */
class StalledRolloutDriver extends SimulatorDriver {
  observed = false;
  override async observeWorkload(): Promise<WorkloadObservation> {
    this.observed = true;
    return { state: 'progressing', message: 'Waiting for Deployment shop to roll out.' };
  }
}

const driverOptions = () => ({
  drivers: new Map([['simulator', new TimedRolloutDriver({ timeScale: 0, failDatacenters: [] })]]),
});

describe.each(databaseBackends())('app rollouts across restarts on %s', (backend) => {
  it('finishes a rollout after the server stops mid-way, once, after the recorded deadline', async () => {
    const storage = await createTestStorage(backend, { persistent: true });
    try {
      const first = await createClusterTestApp(backend, driverOptions(), { storage });
      const user = await logIn(first.app);
      const smart = await readySmartCluster(first, user, ['ca-montreal']);
      const app = (await createApp(first, user, basicAppFields(smart.uuid))).json<AppEntity>();
      const [deadline] = await waitFor(
        async () => {
          const rows = await first.database.db
            .select({ deadline: deployments.operationDeadline })
            .from(deployments)
            .where(eq(deployments.appId, app.uuid));
          return rows.every((row) => row.deadline) ? rows.map((row) => row.deadline!) : undefined;
        },
        { what: 'the rollout deadline' },
      );
      await first.close();

      const second = await createClusterTestApp(backend, driverOptions(), { storage });
      try {
        const again = await logIn(second.app);
        const done = await waitForDeployments(second, again, app.uuid, allSettled);
        expect(done.deployments[0]!.status).toBe('success');
        const fulfilled = (
          await second.database.db
            .select()
            .from(events)
            .where(eq(events.eventType, 'APP_CREATE_FULFILLED'))
        ).filter((row) => row.payload.app_uuid === app.uuid);
        expect(fulfilled).toHaveLength(1);
        expect(fulfilled[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(deadline!.getTime() - 5);
      } finally {
        await second.close();
      }
    } finally {
      await storage.dispose();
    }
  }, 60_000);

  it('finishes a rollout whose cluster API lost its objects in a restart, by applying again', async () => {
    const storage = await createTestStorage(backend, { persistent: true });
    try {
      const stalled = new StalledRolloutDriver({ timeScale: 0, failDatacenters: [] });
      const first = await createClusterTestApp(
        backend,
        { drivers: new Map([['simulator', stalled]]) },
        { storage },
      );
      const user = await logIn(first.app);
      const smart = await readySmartCluster(first, user, ['ca-montreal']);
      const app = (await createApp(first, user, basicAppFields(smart.uuid))).json<AppEntity>();
      await waitFor(async () => stalled.observed || undefined, { what: 'the rollout under way' });
      await first.close();

      // A new process whose simulator keeps nothing (no database given): its cluster API starts
      // empty, as a cluster that lost its state.
      const empty = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
      const second = await createClusterTestApp(
        backend,
        { drivers: new Map([['simulator', empty]]) },
        { storage },
      );
      try {
        const again = await logIn(second.app);
        const done = await waitForDeployments(second, again, app.uuid, allSettled);
        expect(done.deployments[0]).toMatchObject({ status: 'success', ready_replicas: 2 });
        const fulfilled = (
          await second.database.db
            .select()
            .from(events)
            .where(eq(events.eventType, 'APP_CREATE_FULFILLED'))
        ).filter((row) => row.payload.app_uuid === app.uuid);
        expect(fulfilled).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      await storage.dispose();
    }
  }, 60_000);
});

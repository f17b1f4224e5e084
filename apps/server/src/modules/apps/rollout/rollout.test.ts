import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import { appApiMessages } from '@meridian/domain/apps/app-api';
import { rolloutMessages, type Rollout } from '@meridian/domain/apps/rollout';
import { describe, expect, it } from 'vitest';
import type {
  ClusterSpec,
  ObservedTraffic,
  TrafficTarget,
} from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  addBasicVersion,
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';

const badImage = 'nginx:1.99-broken';

/** 10 requests a second per replica; 1 in 100 a 5xx unless a datacenter's share is set. */
class ErrorShareDriver extends SimulatorDriver {
  readonly errorShares = new Map<string, number>();
  override async observeTraffic(
    spec: ClusterSpec,
    targets: readonly TrafficTarget[],
  ): Promise<ObservedTraffic[]> {
    const share = this.errorShares.get(spec.datacenter.uuid) ?? 0.01;
    return targets.map(({ deploymentId, replicas, window }) => {
      const seconds = (window.to.getTime() - window.from.getTime()) / 1000;
      const requests = Math.round(seconds * 10 * replicas);
      return { deploymentId, requests, users: 1, errors: Math.round(requests * share) };
    });
  }
}

/** Once `slow` is set, a rollout waits ten minutes for its deadline: a location stays rolling. */
class SlowRolloutDriver extends SimulatorDriver {
  slow = false;
  override plannedDurationMs(operation: Parameters<SimulatorDriver['plannedDurationMs']>[0]) {
    return this.slow && operation === 'rollout' ? 600_000 : super.plannedDurationMs(operation);
  }
}

/** v2's image never becomes available in Montréal: one location's bad version. */
function testApp(backend: Parameters<typeof createClusterTestApp>[0]): Promise<TestApp> {
  const driver = new SimulatorDriver({
    timeScale: 0,
    failDatacenters: [],
    failRolloutDatacenters: [`ca-montreal@${badImage}`],
  });
  // No traffic is sampled (the first round is an hour away), so every location has served
  // nothing and the order is by name: London, Montréal, Tokyo, however slow the machine.
  return createClusterTestApp(
    backend,
    { drivers: new Map([['simulator', driver]]) },
    { intelligence: { trafficSampleIntervalMs: 3_600_000 } },
  );
}

const kube = (t: TestApp, user: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/meridian/v1/kube${url}`,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });

function waitForRollout(t: TestApp, user: LoggedIn, id: string, done: (r: Rollout) => boolean) {
  return waitFor(
    async () => {
      const rollout = (await kube(t, user, 'GET', `/apps/rollouts/${id}`)).json<Rollout>();
      return done(rollout) ? rollout : undefined;
    },
    // Two 8-second bakes and a rollback fit well inside a minute on a busy machine.
    { what: `rollout ${id}`, timeoutMs: 60_000 },
  );
}

/** A three-location app running v1, with v2 (bad in Montréal) and v3 (good) made. */
async function threeLocations(t: TestApp, user: LoggedIn) {
  const smart = await readySmartCluster(t, user, ['gb-london', 'ca-montreal', 'jp-tokyo']);
  const app = (await createApp(t, user, basicAppFields(smart.uuid))).json<AppEntity>();
  await waitForDeployments(t, user, app.uuid, allSettled);
  const v2 = await addBasicVersion(t, user.headers, app.uuid, 'v2', badImage);
  const v3 = await addBasicVersion(t, user.headers, app.uuid, 'v3', 'nginx:1.28');
  const settled = await waitForDeployments(t, user, app.uuid, allSettled);
  return { smart, app, v1: settled.versions[0]!, v2, v3, deployments: settled.deployments };
}

/** `POST /cluster/clusters/versions`: a version onto smart clusters. */
const deployVersion = (t: TestApp, user: LoggedIn, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/cluster/clusters/versions',
    headers: user.headers,
    payload,
  });

const versionsByLocation = (deployments: Deployment[]) =>
  Object.fromEntries(deployments.map((d) => [d.datacenter_name, [d.version.name, d.status]]));

describe.each(embeddedBackendOnly())('progressive rollouts on %s', (backend) => {
  it('halts at the failing location, rolls it back, and leaves the rest on the old version', async () => {
    const t = await testApp(backend);
    try {
      const user = await logIn(t.app);
      const { app, v2, deployments } = await threeLocations(t, user);
      const started = await kube(
        t,
        user,
        'POST',
        `/apps/deployment/${deployments[0]!.uuid}/rollback`,
        {
          version_uuid: v2.uuid,
          bake_seconds: 0,
        },
      );
      expect(started.statusCode, started.body).toBe(200);
      const rollout = started.json<Rollout>();
      expect(rollout.steps.map((step) => step.location)).toEqual(['London', 'Montréal', 'Tokyo']);
      expect(rollout).toMatchObject({ status: 'running', to_version: { name: 'v2' } });

      const halted = await waitForRollout(t, user, rollout.uuid, (r) => r.status !== 'running');
      expect(halted.status).toBe('halted');
      expect(halted.steps.map((step) => step.state)).toEqual(['done', 'rolled_back', 'skipped']);
      expect(halted.steps[1]!.reason).toMatch(/^Montréal: .*CrashLoopBackOff/);
      expect(halted.reason).toMatch(/^Halted at Montréal\./);
      // Meridian's own rollback is in the user's audit log, next to the user's request.
      const audit = await t.app.inject({
        method: 'GET',
        url: '/auth/audit?actor=meridian',
        headers: user.headers,
      });
      expect(audit.json().items).toEqual([
        expect.objectContaining({
          actor: { type: 'meridian', uuid: null, name: 'Progressive rollout' },
          action: 'deployment.rollback',
          target: { type: 'deployment', uuid: expect.any(String), name: 'Montréal' },
          result: 'success',
        }),
      ]);

      const after = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(versionsByLocation(after.deployments)).toEqual({
        London: ['v2', 'success'],
        Montréal: ['v1', 'success'],
        Tokyo: ['v1', 'success'],
      });
      const history = (await kube(t, user, 'GET', `/apps/${app.uuid}/history?limit=50`)).json<{
        items: {
          action: string;
          outcome: string;
          actor: { kind: string };
          locations: { location: string }[];
        }[];
      }>();
      const rollbacks = history.items.filter(
        (entry) => entry.action === 'rolled_back' && entry.actor.kind === 'meridian',
      );
      expect(rollbacks.map((entry) => entry.locations.map((l) => l.location))).toEqual([
        ['Montréal'],
      ]);
      expect(history.items.find((entry) => entry.locations.length === 0)).toMatchObject({
        action: 'version_changed',
        outcome: 'halted',
        actor: { kind: 'user' },
      });

      // Back to v1 from London: only the location the halted rollout left on v2 moves.
      const london = after.deployments.find((d) => d.datacenter_name === 'London')!;
      const back = await kube(t, user, 'POST', `/apps/deployment/${london.uuid}/rollback`, {
        version_uuid: after.versions.find((v) => v.name === 'v1')!.uuid,
        bake_seconds: 0,
      });
      expect(back.statusCode, back.body).toBe(200);
      const single = back.json<Rollout>();
      expect(single.steps.map((step) => [step.location, step.from_version?.name])).toEqual([
        ['London', 'v2'],
      ]);
      expect(single.from_version.name).toBe('v2');
      const done = await waitForRollout(t, user, single.uuid, (r) => r.status !== 'running');
      expect(done.status).toBe('completed');
      // A rollback ends on the older version, and says so.
      expect(done.reason).toBe('Every location is back on v1.');
      const again = await kube(t, user, 'POST', `/apps/deployment/${london.uuid}/rollback`, {
        version_uuid: single.to_version.uuid,
      });
      expect(again.json<{ errors: string[] }>().errors).toEqual([rolloutMessages.sameVersion]);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('rolls every location out in order, and aborting takes back what it reached', async () => {
    const t = await testApp(backend);
    try {
      const user = await logIn(t.app);
      const { app, v1, v3, deployments } = await threeLocations(t, user);
      const url = `/apps/deployment/${deployments[0]!.uuid}/rollback`;
      const started = (
        await kube(t, user, 'POST', url, { version_uuid: v3.uuid, bake_seconds: 0 })
      ).json<Rollout>();
      const completed = await waitForRollout(t, user, started.uuid, (r) => r.status !== 'running');
      expect(completed.status).toBe('completed');
      expect(completed.steps.every((step) => step.state === 'done')).toBe(true);
      const on3 = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(on3.deployments.every((d) => d.version.name === 'v3')).toBe(true);

      // Back to v1 with a long bake: the first location waits there until it is aborted.
      const back = (
        await kube(t, user, 'POST', `/apps/deployment/${on3.deployments[0]!.uuid}/rollback`, {
          version_uuid: v1.uuid,
          bake_seconds: 3600,
        })
      ).json<Rollout>();
      await waitForRollout(t, user, back.uuid, (r) => r.steps[0]!.state === 'baking');
      const busy = await kube(t, user, 'POST', url, { version_uuid: v1.uuid });
      expect(busy.statusCode).toBe(409);
      expect(
        (await kube(t, user, 'POST', `/apps/rollouts/${back.uuid}/pause`)).json<Rollout>().status,
      ).toBe('paused');
      expect((await kube(t, user, 'POST', `/apps/rollouts/${back.uuid}/pause`)).statusCode).toBe(
        409,
      );
      expect(
        (await kube(t, user, 'POST', `/apps/rollouts/${back.uuid}/resume`)).json<Rollout>().status,
      ).toBe('running');
      const aborted = (
        await kube(t, user, 'POST', `/apps/rollouts/${back.uuid}/abort`)
      ).json<Rollout>();
      expect(aborted.status).toBe('aborted');
      expect(aborted.steps.map((step) => step.state)).toEqual([
        'rolled_back',
        'skipped',
        'skipped',
      ]);
      const settled = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(settled.deployments.every((d) => d.version.name === 'v3')).toBe(true);
      const list = (await kube(t, user, 'GET', `/apps/${app.uuid}/rollouts`)).json<Rollout[]>();
      expect(list.map((r) => r.status)).toEqual(['aborted', 'completed']);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('deploys another version where one runs as its rollout: one deployment per location, never two', async () => {
    const t = await testApp(backend);
    try {
      const user = await logIn(t.app);
      const { smart, app, v1, v3, deployments } = await threeLocations(t, user);
      const target = { smart_cluster_uuids: [smart.uuid], bake_seconds: 0 };
      const started = await deployVersion(t, user, { version_uuid: v3.uuid, ...target });
      expect(started.statusCode, started.body).toBe(200);
      const rollout = started.json<Rollout>();
      expect(rollout).toMatchObject({
        status: 'running',
        from_version: { name: 'v1' },
        to_version: { name: 'v3' },
      });
      expect(rollout.steps.map((step) => step.deployment_uuid).sort()).toEqual(
        deployments.map((d) => d.uuid).sort(),
      );
      // A rollout under way is named by the 409 of another version change there.
      const busy = await deployVersion(t, user, { version_uuid: v1.uuid, ...target });
      expect(busy.statusCode).toBe(409);
      expect(busy.json<{ message: string; rollout_uuid: string }>()).toEqual({
        message: `A rollout of v3 is already in progress on ${smart.name}; pause, resume or abort it first (rollout ${rollout.uuid})`,
        rollout_uuid: rollout.uuid,
      });
      const done = await waitForRollout(t, user, rollout.uuid, (r) => r.status !== 'running');
      expect(done).toMatchObject({
        status: 'completed',
        reason: 'Every location runs the new version, v3.',
      });
      const on3 = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(on3.deployments.map((d) => d.uuid).sort()).toEqual(
        deployments.map((d) => d.uuid).sort(),
      );
      expect(versionsByLocation(on3.deployments)).toEqual({
        London: ['v3', 'success'],
        Montréal: ['v3', 'success'],
        Tokyo: ['v3', 'success'],
      });
      // The same version again is what is there; several smart clusters cannot share a change.
      const same = await deployVersion(t, user, { version_uuid: v3.uuid, ...target });
      expect(same.statusCode, same.body).toBe(200);
      expect(
        same
          .json<Deployment[]>()
          .map((d) => d.uuid)
          .sort(),
      ).toEqual(deployments.map((d) => d.uuid).sort());
      const elsewhere = await readySmartCluster(t, user, ['jp-tokyo'], 'elsewhere');
      const two = await deployVersion(t, user, {
        version_uuid: v1.uuid,
        smart_cluster_uuids: [smart.uuid, elsewhere.uuid],
      });
      expect(two.statusCode).toBe(400);
      expect(two.json<{ errors: string[] }>().errors).toEqual([appApiMessages.versionChangeAlone]);
      const after = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(after.versions.map((v) => v.smart_cluster_uuids)).toEqual([[], [], [smart.uuid]]);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('removing deployments during their rollout aborts it, says so, and removes them', async () => {
    const driver = new SlowRolloutDriver({ timeScale: 0, failDatacenters: [] });
    const t = await createClusterTestApp(
      backend,
      { drivers: new Map([['simulator', driver]]) },
      { intelligence: { trafficSampleIntervalMs: 3_600_000 } },
    );
    try {
      const user = await logIn(t.app);
      const { app, v3, deployments } = await threeLocations(t, user);
      driver.slow = true;
      const rollout = (
        await kube(t, user, 'POST', `/apps/deployment/${deployments[0]!.uuid}/rollback`, {
          version_uuid: v3.uuid,
          bake_seconds: 0,
        })
      ).json<Rollout>();
      await waitForRollout(t, user, rollout.uuid, (r) => r.steps[0]!.state === 'rolling');
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/meridian/v1/kube/apps/deployment',
        headers: user.headers,
        payload: { uuids: deployments.map((d) => d.uuid) },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ status: 'deleting' });
      const aborted = (
        await kube(t, user, 'GET', `/apps/rollouts/${rollout.uuid}`)
      ).json<Rollout>();
      expect(aborted.status).toBe('aborted');
      expect(aborted.reason).toBe(
        'Aborted: admin removed the deployment in London, Montréal, Tokyo; every other location it reached goes back.',
      );
      expect(aborted.steps.map((step) => [step.location, step.state, step.reason])).toEqual([
        ['London', 'skipped', 'London: the deployment was removed.'],
        ['Montréal', 'skipped', 'Montréal: the deployment was removed.'],
        ['Tokyo', 'skipped', 'Tokyo: the deployment was removed.'],
      ]);
      await waitForDeployments(t, user, app.uuid, (list) => list.length === 0);
      const history = (await kube(t, user, 'GET', `/apps/${app.uuid}/history?limit=50`)).json<{
        items: { action: string; outcome: string; detail: string | null }[];
      }>();
      const changes = history.items.filter((entry) => entry.action === 'version_changed');
      expect(changes.map((entry) => [entry.outcome, entry.detail])).toEqual([
        ['failure', 'Step 1 of 3: London.'],
        ['aborted', aborted.reason],
      ]);
      expect(history.items.find((entry) => entry.action === 'removed')).toMatchObject({
        outcome: 'success',
      });
    } finally {
      await t.close();
    }
  }, 90_000);

  it('refuses bad requests with a sentence and hides other users’ rollouts', async () => {
    const t = await testApp(backend);
    try {
      const user = await logIn(t.app);
      const other = await addUser(t, user, 'mallory');
      const { app, v1, deployments } = await threeLocations(t, user);
      const url = `/apps/deployment/${deployments[0]!.uuid}/rollback`;
      const same = await kube(t, user, 'POST', url, { version_uuid: v1.uuid });
      expect(same.statusCode).toBe(400);
      expect(same.json<{ errors: string[] }>().errors).toEqual([rolloutMessages.sameVersion]);
      const missing = await kube(t, user, 'POST', url, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ errors: string[] }>().errors).toEqual([rolloutMessages.versionUuid]);
      const bake = await kube(t, user, 'POST', url, { version_uuid: v1.uuid, bake_seconds: -1 });
      expect(bake.json<{ errors: string[] }>().errors).toEqual([rolloutMessages.bakeSeconds]);
      expect((await kube(t, other, 'POST', url, { version_uuid: v1.uuid })).statusCode).toBe(404);
      expect((await kube(t, other, 'GET', `/apps/${app.uuid}/rollouts`)).statusCode).toBe(404);
      const otherApp = await readySmartCluster(t, other, ['gb-london']);
      const theirs = (await createApp(t, other, basicAppFields(otherApp.uuid))).json<AppEntity>();
      const foreign = await kube(t, user, 'POST', url, { version_uuid: theirs.versions[0]!.uuid });
      expect(foreign.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('halts where the new version’s error rate passes the old one’s by more than the margin', async () => {
    const driver = new ErrorShareDriver({ timeScale: 0, failDatacenters: [] });
    const t = await createClusterTestApp(
      backend,
      { drivers: new Map([['simulator', driver]]) },
      { intelligence: { trafficSampleIntervalMs: 500 } },
    );
    try {
      const user = await logIn(t.app);
      const { app, v3, deployments } = await threeLocations(t, user);
      const url = `/apps/deployment/${deployments[0]!.uuid}/rollback`;
      // A bake long enough that the second location's errors, set once its step starts, fill most of it
      // even when a busy machine is slow to see the step start or to sample the traffic.
      const started = await kube(t, user, 'POST', url, { version_uuid: v3.uuid, bake_seconds: 8 });
      const rollout = started.json<Rollout>();
      // The order is least traffic first, and the sampled traffic differs from run to run: the
      // second location, whichever it is, gets pods that answer half their requests with a 5xx.
      const [first, second, third] = rollout.steps;
      await waitForRollout(t, user, rollout.uuid, (r) => r.steps[1]!.state !== 'waiting');
      driver.errorShares.set(second!.datacenter_uuid, 0.5);
      const halted = await waitForRollout(t, user, rollout.uuid, (r) => r.status !== 'running');
      expect(halted.status).toBe('halted');
      expect(halted.steps.map((step) => step.state)).toEqual(['done', 'rolled_back', 'skipped']);
      expect(halted.steps[0]!.observed_error_rate).toBeLessThan(0.02);
      expect(halted.steps[1]!.observed_error_rate).toBeGreaterThan(0.4);
      expect(halted.steps[1]!.baseline_error_rate).toBeLessThan(0.02);
      expect(halted.steps[1]!.reason).toMatch(
        new RegExp(
          `^${second!.location}: \\d+\\.\\d % of \\d+ requests failed over the bake time, against \\d\\.\\d % for the previous version`,
        ),
      );
      const after = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(versionsByLocation(after.deployments)).toEqual({
        [first!.location]: ['v3', 'success'],
        [second!.location]: ['v1', 'success'],
        [third!.location]: ['v1', 'success'],
      });
    } finally {
      await t.close();
    }
  }, 90_000);
});

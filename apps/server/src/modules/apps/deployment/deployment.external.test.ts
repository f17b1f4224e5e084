import { appApiMessages, type App as AppEntity } from '@meridian/domain/apps/app-api';
import { sampleHeatTemplate } from '@meridian/domain/apps/sample-templates';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mergeKeyExec } from '@meridian/domain/parsing/pathological-inputs.test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../platform/secret-box';
import {
  startExternalKubeApi,
  type ExternalKubeApi,
} from '../../../platform/drivers/kubernetes/external-kube-api.test-support';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  clusterTestSecretKey,
  createClusterTestApp,
  multipart,
  waitForStatus,
} from '../../clusters/cluster/cluster.test-support';
import { allSettled, basicAppFields, createApp, waitForDeployments } from '../app/app.test-support';
import { clusters } from '../../../platform/db/schema/clusters';

describe.each(embeddedBackendOnly())('apps on an external cluster on %s', (backend) => {
  let api: ExternalKubeApi;
  let t: TestApp;
  let user: LoggedIn;
  let external: SmartCluster;

  beforeAll(async () => {
    api = await startExternalKubeApi();
    t = await createClusterTestApp(backend, { externalProbeTimeoutMs: 1000 });
    user = await logIn(t.app);
    const body = multipart(
      { name: 'edge' },
      { kubeConfig: { filename: 'kubeconfig', content: api.kubeconfig } },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/external',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    const created = response.json<SmartCluster>();
    const ready = await waitForStatus(t.app, user, created.uuid, ['success', 'failure']);
    if (ready === 'deleted' || ready.status !== 'success')
      throw new Error('external cluster failed');
    external = ready;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('records the cluster’s version and nodes as its API answers them', async () => {
    const [member] = await t.database.db
      .select()
      .from(clusters)
      .where(eq(clusters.smartClusterId, external.uuid));
    expect(member).toMatchObject({
      kubeVersion: 'v1.31.4',
      masterAddresses: ['127.0.0.1'],
      nodeAddresses: [
        expect.stringMatching(/^10\.0\.\d+\.10$/),
        expect.stringMatching(/^10\.0\.\d+\.11$/),
      ],
    });
  });

  it('deploys a Basic app through the cluster API and removes it with the app', async () => {
    const app = (
      await createApp(t, user, basicAppFields(external.uuid, { name: 'edge-shop' }))
    ).json<AppEntity>();
    const done = await waitForDeployments(t, user, app.uuid, allSettled);
    expect(done.deployments[0]).toMatchObject({
      status: 'success',
      endpoint: expect.stringMatching(/^203\.0\.113\.\d+$/),
      ready_replicas: 2,
      datacenter_uuid: 'external',
    });
    expect(api.has('apps/v1', 'Deployment', 'edge-shop', 'edge-shop')).toBe(true);

    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/meridian/v1/kube/apps/${app.uuid}`,
      headers: user.headers,
    });
    expect(removal.json()).toEqual({ status: 'success' });
    await expect
      .poll(() => api.has('v1', 'Namespace', undefined, 'edge-shop'), { timeout: 10_000 })
      .toBe(false);
  });

  it('refuses a Heat app on an external cluster', async () => {
    const response = await createApp(
      t,
      user,
      {
        name: 'vm',
        version_name: 'v1',
        smart_cluster_uuid: external.uuid,
        template_type: 'HEAT',
        flavor_name: 'mini',
        volume_type: 'SSD',
      },
      { filename: 'stack.yaml', content: sampleHeatTemplate },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: string[] }>().errors).toEqual([appApiMessages.heatOnExternal]);
  });

  it('runs nothing from a stored kubeconfig that smuggles exec: the deployment fails plainly', async () => {
    // As if saved before uploads were checked: a merge key gives the user an exec plugin.
    const marker = path.join(os.tmpdir(), `meridian-exec-${randomUUID()}`);
    const secrets = createSecretBox(Buffer.from(clusterTestSecretKey, 'hex'));
    const [member] = await t.database.db
      .select()
      .from(clusters)
      .where(eq(clusters.smartClusterId, external.uuid));
    const smuggled = mergeKeyExec('/bin/sh', ['-c', `touch ${marker}`]).replace(
      'https://127.0.0.1:1',
      api.origin,
    );
    await t.database.db
      .update(clusters)
      .set({ kubeconfigSealed: secrets.seal(smuggled) })
      .where(eq(clusters.id, member!.id));
    try {
      const app = (
        await createApp(t, user, basicAppFields(external.uuid, { name: 'smuggled' }))
      ).json<AppEntity>();
      const done = await waitForDeployments(t, user, app.uuid, allSettled);
      expect(done.deployments[0]!.status).toBe('failure');
      expect(done.deployments[0]!.status_reason).toMatch(/^The kubeconfig uses YAML anchors/);
      expect(existsSync(marker)).toBe(false);
      expect(api.has('v1', 'Namespace', undefined, 'smuggled')).toBe(false);
    } finally {
      await t.database.db
        .update(clusters)
        .set({ kubeconfigSealed: member!.kubeconfigSealed })
        .where(eq(clusters.id, member!.id));
    }
  });
});

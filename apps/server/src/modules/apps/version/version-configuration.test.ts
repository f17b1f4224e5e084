import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import { configurationMessages } from '@meridian/domain/apps/app-configuration';
import { basicTemplateMessages } from '@meridian/domain/apps/basic-template';
import type { AppHistoryPage, VersionDiff } from '@meridian/domain/apps/app-history';
import {
  configurationChangeMessages,
  type ConfigurationChangeResult,
  type Rollout,
} from '@meridian/domain/apps/rollout';
import type { Registry } from '@meridian/domain/auth/registry';
import { registryMessages } from '@meridian/domain/auth/registry';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  basicSettings,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { versions } from '../../../platform/db/schema/apps';
import { registries } from '../../../platform/db/schema/accounts';

const token = 'tok-8c1f2b7e-never-shown';
const newToken = 'tok-5d9a0e44-rotated';
const registryPassword = 'reg-pass-3f7b1c';

const configured = {
  ...basicSettings,
  deploymentReplicas: 2,
  env: [
    { name: 'DATABASE_URL', value: 'postgres://db/shop' },
    { name: 'FEATURE_X', value: 'on' },
  ],
  secrets: [{ name: 'API_TOKEN', value: token }],
  healthCheck: { type: 'http', path: '/healthz', periodSeconds: 5 },
  resources: { cpuRequest: '250m', cpuLimit: '500m', memoryRequest: '128Mi', memoryLimit: '256Mi' },
  autoscaling: { minReplicas: 2, maxReplicas: 5, targetCPUUtilization: 70 },
  command: ['/bin/server'],
  args: ['--port', '8080'],
};

describe.each(databaseBackends())('a Basic version configuration on %s', (backend) => {
  let t: TestApp;
  let user: LoggedIn;
  let other: LoggedIn;
  let smartUuid: string;

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    user = await logIn(t.app);
    other = await addUser(t, user, 'stranger');
    smartUuid = (await readySmartCluster(t, user, ['ca-montreal'], 'config')).uuid;
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const kube = (method: 'GET' | 'POST', url: string, payload?: object, who = user) =>
    t.app.inject({
      method,
      url: `/meridian/v1/kube${url}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    });
  const withSettings = (settings: object, name = 'shop') =>
    createApp(t, user, {
      ...basicAppFields(smartUuid, { template: JSON.stringify(settings) }),
      name,
    });

  it.each([
    [{ env: [{ name: '1BAD', value: 'x' }] }, configurationMessages.envName('env')],
    [
      {
        env: [
          { name: 'A', value: 'x' },
          { name: 'A', value: 'y' },
        ],
      },
      configurationMessages.envDuplicate('env', 'A'),
    ],
    [
      { env: Array.from({ length: 101 }, (_, i) => ({ name: `V${i}`, value: '' })) },
      configurationMessages.envTooMany('env'),
    ],
    [
      { env: [{ name: 'BIG', value: 'x'.repeat(32 * 1024 + 1) }] },
      configurationMessages.envValue('env'),
    ],
    [{ secrets: [{ name: 'S' }] }, configurationMessages.secretValueOrKeep],
    [
      { env: [{ name: 'S', value: '1' }], secrets: [{ name: 'S', value: '2' }] },
      configurationMessages.secretAlsoEnv('S'),
    ],
    [{ healthCheck: { type: 'grpc' } }, configurationMessages.healthCheckType],
    [{ healthCheck: { type: 'http', port: 70000 } }, configurationMessages.healthCheckPort],
    [{ healthCheck: { type: 'command' } }, configurationMessages.healthCheckCommand],
    [{ healthCheck: { type: 'http', path: 'healthz' } }, configurationMessages.healthCheckPath],
    [
      { healthCheck: { type: 'tcp', periodSeconds: 0 } },
      configurationMessages.probeSeconds('periodSeconds'),
    ],
    [{ resources: { cpuRequest: 'lots' } }, configurationMessages.cpuQuantity('cpuRequest')],
    [
      { resources: { memoryLimit: '12 parsecs' } },
      configurationMessages.memoryQuantity('memoryLimit'),
    ],
    [
      { resources: { cpuRequest: '2', cpuLimit: '500m' } },
      configurationMessages.requestAboveLimit('cpu'),
    ],
    [
      { resources: { memoryRequest: '1Gi', memoryLimit: '512Mi' } },
      configurationMessages.requestAboveLimit('memory'),
    ],
    [
      { autoscaling: { minReplicas: 3, maxReplicas: 2, targetCPUUtilization: 50 } },
      configurationMessages.autoscalingOrder,
    ],
    [
      { autoscaling: { minReplicas: 3, maxReplicas: 5, targetCPUUtilization: 50 } },
      configurationMessages.autoscalingRange,
    ],
    [
      { autoscaling: { minReplicas: 1, maxReplicas: 5, targetCPUUtilization: 0 } },
      configurationMessages.autoscalingTarget,
    ],
    [{ volume: { size: '1Gi', mountPath: '/data' } }, configurationMessages.volumeOneReplica],
    [
      { deploymentReplicas: 1, volume: { size: '5 pounds', mountPath: '/data' } },
      configurationMessages.volumeSize,
    ],
    [
      { deploymentReplicas: 1, volume: { size: '1Gi', mountPath: 'data' } },
      configurationMessages.volumeMountPath,
    ],
    [{ command: 'run me' }, configurationMessages.commandParts('command')],
    [{ dockerRegistryUuid: 'not-a-uuid' }, basicTemplateMessages.registryUuid],
  ])('refuses bad value %# with a sentence naming the field', async (extra, message) => {
    const response = await withSettings({ ...basicSettings, deploymentReplicas: 2, ...extra });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: string[] }>().errors).toContain(message);
  });

  it('deploys env, a sealed secret, probes, resources, autoscaling and never answers the value', async () => {
    const created = await withSettings(configured);
    expect(created.statusCode, created.body).toBe(200);
    const app = created.json<AppEntity>();
    await waitForDeployments(t, user, app.uuid, allSettled);
    const detail = await kube('GET', `/apps/${app.uuid}`);
    expect(detail.body).not.toContain(token);
    const [version] = detail.json<AppEntity>().versions;
    expect(version!.basic_settings).toMatchObject({
      env: configured.env,
      secrets: [{ name: 'API_TOKEN', set: true }],
      healthCheck: configured.healthCheck,
      resources: configured.resources,
      autoscaling: configured.autoscaling,
      command: ['/bin/server'],
      args: ['--port', '8080'],
    });
    expect(version!.raw_template).toContain('secretKeyRef');
    expect(version!.raw_template).toContain('API_TOKEN: <sealed>');
    expect(version!.raw_template).toContain('HorizontalPodAutoscaler');
    expect(version!.raw_template).toContain('readinessProbe');
    const template = await kube('GET', `/apps/versions/${version!.uuid}/template`);
    expect(template.body).not.toContain(token);
    const [row] = await t.database.db.select().from(versions).where(eq(versions.id, version!.uuid));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.secretsSealed).toMatch(/^v2:/);
    const deployed = JSON.stringify(
      await t.database.db.execute(sql`select object from simulated_kube_objects`),
    );
    expect(deployed).not.toContain(token);
  });

  it('changes the configuration as the next version, keeps a secret, and diffs it sealed', async () => {
    const app = (await withSettings(configured, 'config-change')).json<AppEntity>();
    const settled = await waitForDeployments(t, user, app.uuid, allSettled);
    const v1 = settled.versions[0]!;
    const keepAll = { ...configured, secrets: [{ name: 'API_TOKEN', keep: true }] };
    const changed = await kube('POST', `/apps/versions/${v1.uuid}/configuration`, {
      settings: { ...keepAll, env: [{ name: 'FEATURE_X', value: 'off' }] },
      bake_seconds: 0,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const result = changed.json<ConfigurationChangeResult>();
    expect(result.version.name).toBe('v2');
    expect(result.rollouts).toHaveLength(1);
    await waitForRollout(result.rollouts[0]!.uuid);
    const diff = (
      await kube('GET', `/apps/versions/${v1.uuid}/diff/${result.version.uuid}`)
    ).json<VersionDiff>();
    expect(diff.unified).toContain('-');
    expect(diff.unified).toContain('DATABASE_URL');
    expect(diff.unified).not.toContain('(changed)');
    expect(diff.unified).not.toContain(token);

    const third = await kube('POST', `/apps/versions/${result.version.uuid}/configuration`, {
      name: 'rotated',
      settings: { ...keepAll, secrets: [{ name: 'API_TOKEN', value: newToken }] },
      bake_seconds: 0,
    });
    expect(third.statusCode, third.body).toBe(200);
    const v3 = third.json<ConfigurationChangeResult>().version;
    await waitForRollout(third.json<ConfigurationChangeResult>().rollouts[0]!.uuid);
    const sealedDiff = (
      await kube('GET', `/apps/versions/${result.version.uuid}/diff/${v3.uuid}`)
    ).json<VersionDiff>();
    expect(sealedDiff.unified, sealedDiff.unified).toContain('+  API_TOKEN: <sealed> (changed)');
    expect(JSON.stringify(sealedDiff)).not.toContain(newToken);
    // The next one bakes for an hour: a change meanwhile is refused before any version is made.
    const baking = await kube('POST', `/apps/versions/${v3.uuid}/configuration`, {
      name: 'baking',
      settings: keepAll,
      bake_seconds: 3600,
    });
    expect(baking.statusCode, baking.body).toBe(200);
    const refused = await kube('POST', `/apps/versions/${v3.uuid}/configuration`, {
      name: 'refused',
      settings: keepAll,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('already in progress');
    const names = (await kube('GET', `/apps/${app.uuid}`))
      .json<AppEntity>()
      .versions.map((v) => v.name);
    expect(names).not.toContain('refused');
    const history = (await kube('GET', `/apps/${app.uuid}/history`)).json<AppHistoryPage>();
    const details = history.items.map((entry) => entry.detail).join('\n');
    expect(details).toContain('secrets changed: API_TOKEN');
    expect(details).toContain('env removed: DATABASE_URL');
    expect(details).not.toContain(newToken);
  });

  it('refuses a keep with nothing to keep, a non-Basic version and another user', async () => {
    const app = (await withSettings({ ...basicSettings }, 'no-secrets')).json<AppEntity>();
    const v1 = app.versions[0]!;
    const keep = await kube('POST', `/apps/versions/${v1.uuid}/configuration`, {
      settings: { ...basicSettings, secrets: [{ name: 'GONE', keep: true }] },
    });
    expect(keep.statusCode).toBe(400);
    expect(keep.json<{ errors: string[] }>().errors).toEqual([
      configurationMessages.keepMissing('GONE', 'v1'),
    ]);
    const stranger = await kube(
      'POST',
      `/apps/versions/${v1.uuid}/configuration`,
      { settings: basicSettings },
      other,
    );
    expect(stranger.statusCode).toBe(404);
    const advanced = await t.database.db
      .update(versions)
      .set({ templateType: 'KUBERNETES_ADVANCED' })
      .where(eq(versions.id, v1.uuid))
      .returning();
    expect(advanced).toHaveLength(1);
    const refused = await kube('POST', `/apps/versions/${v1.uuid}/configuration`, {
      settings: basicSettings,
    });
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      configurationChangeMessages.basicOnly,
    ]);
  });

  it('saves registries with a sealed password, and a version uses one by uuid', async () => {
    const auth = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who = user) =>
      t.app.inject({
        method,
        url: `/auth${url}`,
        headers: who.headers,
        ...(payload ? { payload } : {}),
      });
    const saved = await auth('POST', '/registries', {
      name: 'ghcr',
      url: 'https://ghcr.io',
      username: 'acme',
      password: registryPassword,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const registry = saved.json<Registry>();
    expect(saved.body).not.toContain(registryPassword);
    expect(
      (
        await auth('POST', '/registries', {
          name: 'ghcr',
          url: 'https://x.io',
          username: 'a',
          password: 'b',
        })
      ).json(),
    ).toMatchObject({ message: registryMessages.duplicateName });
    expect(
      (
        await auth('POST', '/registries', {
          name: 'bad',
          url: 'http://x.io',
          username: 'a',
          password: 'b',
        })
      ).statusCode,
    ).toBe(400);
    const listed = await auth('GET', '/registries');
    expect(listed.json()).toEqual({ registries: [registry] });
    expect((await auth('GET', '/registries', undefined, other)).json()).toEqual({ registries: [] });
    expect(
      (await auth('DELETE', `/registries/${registry.uuid}`, undefined, other)).statusCode,
    ).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(registries)
      .where(eq(registries.id, registry.uuid));
    expect(JSON.stringify(row)).not.toContain(registryPassword);

    const app = await withSettings(
      { ...basicSettings, dockerRegistryType: 'private', dockerRegistryUuid: registry.uuid },
      'private-shop',
    );
    expect(app.statusCode, app.body).toBe(200);
    const version = (await kube('GET', `/apps/${app.json<AppEntity>().uuid}`)).json<AppEntity>()
      .versions[0]!;
    expect(version.basic_settings).toMatchObject({
      privateDockerRegistryUrl: 'https://ghcr.io',
      privateDockerRegistryUsername: 'acme',
    });
    expect(version.raw_template).toContain('private-docker-registry');
    const foreign = await createApp(
      t,
      other,
      basicAppFields(smartUuid, {
        template: JSON.stringify({ ...basicSettings, dockerRegistryUuid: registry.uuid }),
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect((await auth('DELETE', `/registries/${registry.uuid}`)).statusCode).toBe(200);
    expect((await auth('GET', '/registries')).json()).toEqual({ registries: [] });
  });

  async function waitForRollout(id: string): Promise<Rollout> {
    return waitFor(
      async () => {
        const rollout = (await kube('GET', `/apps/rollouts/${id}`)).json<Rollout>();
        return rollout.status === 'completed' ? rollout : undefined;
      },
      { what: `rollout ${id}`, timeoutMs: 60_000 },
    );
  }
});

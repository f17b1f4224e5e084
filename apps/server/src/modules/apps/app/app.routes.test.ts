import {
  appApiMessages,
  type App as AppEntity,
  type Deployment,
  type Version,
} from '@meridian/domain/apps/app-api';
import { appFormMessages } from '@meridian/domain/apps/app-form';
import { advancedTemplateMessages } from '@meridian/domain/apps/advanced-template';
import { basicTemplateMessages } from '@meridian/domain/apps/basic-template';
import { heatTemplateMessages } from '@meridian/domain/apps/heat-template';
import {
  sampleHeatTemplate,
  sampleKubernetesTemplate,
} from '@meridian/domain/apps/sample-templates';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { validationMessages } from '@meridian/domain/validation-messages';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type {
  DriverOperation,
  WorkloadOperation,
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
  createClusterTestApp,
  multipart,
  smartClusters,
  waitFor,
} from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  basicSettings,
  createApp,
  listApps,
  readySmartCluster,
  waitForDeployments,
} from './app.test-support';
import { apps, versions } from '../../../platform/db/schema/apps';
import { datacenters } from '../../../platform/db/schema/clusters';
import { events } from '../../../platform/db/schema/accounts';

/** Clusters are ready at once, but rollouts take an hour: work stays in progress for the test. */
class SlowRolloutDriver extends SimulatorDriver {
  override plannedDurationMs(operation: DriverOperation | WorkloadOperation): number {
    return ['create', 'update', 'delete'].includes(operation) ? 0 : 3_600_000;
  }
}

describe.each(embeddedBackendOnly())('apps, versions and deployments on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;
  let twoRegions: SmartCluster;
  let singleRegion: SmartCluster;
  let third: SmartCluster;
  let slow: SmartCluster;

  beforeAll(async () => {
    // Johannesburg refuses every request: a smart cluster there ends in failure.
    t = await createClusterTestApp(backend, {
      failDatacenters: ['za-johannesburg'],
      drivers: new Map([
        ['slow-rollout', new SlowRolloutDriver({ timeScale: 0, failDatacenters: [] })],
      ]),
    });
    await t.database.db
      .update(datacenters)
      .set({ driver: 'slow-rollout' })
      .where(eq(datacenters.uuid, 'au-sydney'));
    admin = await logIn(t.app);
    other = await addUser(t, admin, 'other');
    twoRegions = await readySmartCluster(t, admin, ['ca-montreal', 'de-frankfurt'], 'two-regions');
    singleRegion = await readySmartCluster(t, admin, ['ca-toronto'], 'single');
    third = await readySmartCluster(t, admin, ['ca-vancouver'], 'third');
    slow = await readySmartCluster(t, admin, ['au-sydney'], 'slow');
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const kube = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    user: LoggedIn,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/meridian/v1/kube${url}`,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });

  const eventTypesFor = async (appUuid: string) =>
    (
      await t.database.db
        .select({ type: events.eventType, payload: events.payload })
        .from(events)
        .where(eq(events.userId, admin.userId))
    )
      .filter((row) => row.payload.app_uuid === appUuid)
      .map((row) => row.type)
      // Events of one transaction share a timestamp: compare them as a set.
      .sort();

  it('creates a Basic app and rolls it out on every member cluster of the smart cluster', async () => {
    const response = await createApp(
      t,
      admin,
      basicAppFields(twoRegions.uuid, { name: '  shop  ' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const app = response.json<AppEntity>();
    expect(app.name).toBe('shop');
    expect(app.versions).toHaveLength(1);
    expect(app.versions[0]).toMatchObject({
      name: 'v1',
      template_type: 'KUBERNETES_BASIC',
      template_name: 'shop.yaml',
    });
    expect(app.deployments.map((deployment) => deployment.datacenter_uuid).sort()).toEqual([
      'ca-montreal',
      'de-frankfurt',
    ]);
    expect(app.deployments.every((deployment) => deployment.status === 'pending')).toBe(true);
    // The ports come from the Service before the rollout is over.
    expect(app.deployments[0]!.ports).toEqual([{ name: 'http', port: 80 }]);

    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    for (const deployment of done.deployments) {
      expect(deployment.status).toBe('success');
      expect(deployment.endpoint).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(deployment.template).toEqual([
        { kind: 'Deployment', metadata: { name: 'shop' }, spec: { replicas: 2 } },
      ]);
      expect(deployment.ready_replicas).toBe(2);
      expect(deployment.smart_cluster_name).toBe('two-regions');
      expect(deployment.app).toEqual({ uuid: app.uuid, name: 'shop' });
    }
    expect(done.versions[0]!.status).toBe('success');
    expect(done.versions[0]!.smart_cluster_uuids).toEqual([twoRegions.uuid]);
    // One pending and one fulfilled event for the group, not one per datacenter.
    expect(await eventTypesFor(app.uuid)).toEqual(
      ['APP_CREATE_PENDING', 'APP_CREATE_FULFILLED'].sort(),
    );
    const smart = (await smartClusters(t.app, admin)).find(
      (item) => item.uuid === twoRegions.uuid,
    )!;
    expect(smart.version_uuids).toEqual([app.versions[0]!.uuid]);
    expect(smart.versions).toEqual([{ version_uuid: app.versions[0]!.uuid }]);
    expect(smart.datacenter_uuid).toBe(smart.datacenters[0]);
    // Each member lists its datacenter and the deployment running on it.
    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: admin.headers })
    )
      .json<Cluster[]>()
      .filter((member) => member.smart_cluster_uuid === twoRegions.uuid);
    expect(members).toHaveLength(2);
    for (const member of members) {
      expect(member.datacenters).toEqual([{ uuid: member.datacenter_uuid }]);
      const running = done.deployments.find((d) => d.cluster_uuid === member.uuid)!;
      expect(member.deployments).toEqual([
        {
          uuid: running.uuid,
          app_uuid: app.uuid,
          version_uuid: app.versions[0]!.uuid,
          status: 'success',
        },
      ]);
    }
  });

  it('keeps a private registry password sealed: never returned, but in the rolled-out secret', async () => {
    const settings = {
      ...basicSettings,
      dockerRegistryType: 'private',
      privateDockerRegistryUrl: ' https://registry.example.ca ',
      privateDockerRegistryUsername: 'ci',
      privateDockerRegistryPassword: 'hunter2-registry-secret',
    };
    const response = await createApp(
      t,
      admin,
      basicAppFields(singleRegion.uuid, {
        name: 'private-app',
        template: JSON.stringify(settings),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('hunter2');
    const app = response.json<AppEntity>();
    const [row] = await t.database.db.select().from(versions).where(eq(versions.appId, app.uuid));
    expect(JSON.stringify(row)).not.toContain('hunter2');
    expect(row!.registryPasswordSealed).toBeTruthy();

    const detail = await kube('GET', `/apps/${app.uuid}`, admin);
    const template = detail.json<AppEntity>().versions[0]!.raw_template!;
    const secret = parseAllDocuments(template)
      .map((document) => document.toJS() as { kind: string; data?: Record<string, string> })
      .find((document) => document.kind === 'Secret')!;
    const config = Buffer.from(secret.data!['.dockerconfigjson']!, 'base64').toString();
    expect(config).toContain('<sealed>');
    expect(config).not.toContain('hunter2');

    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(done.deployments[0]!.status).toBe('success');
  });

  it('refuses invalid Basic settings with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...basicSettings, deploymentReplicas: 0 }, basicTemplateMessages.replicas],
      [{ ...basicSettings, deploymentTargetPort: 0 }, basicTemplateMessages.targetPort],
      [{ ...basicSettings, deploymentPort: -1 }, basicTemplateMessages.port],
      [{ ...basicSettings, deploymentImage: '   ' }, validationMessages.required],
      [
        {
          ...basicSettings,
          dockerRegistryType: 'private',
          privateDockerRegistryUrl: 'http://x',
          privateDockerRegistryUsername: 'u',
          privateDockerRegistryPassword: 'p',
        },
        basicTemplateMessages.registryUrl,
      ],
      [{ ...basicSettings, dockerRegistryType: 'private' }, validationMessages.required],
    ];
    for (const [settings, message] of cases) {
      const response = await createApp(
        t,
        admin,
        basicAppFields(singleRegion.uuid, { template: JSON.stringify(settings) }),
      );
      expect(response.statusCode, JSON.stringify(settings)).toBe(400);
      expect(response.json<{ errors: string[] }>().errors).toContain(message);
    }
    const notJson = await createApp(
      t,
      admin,
      basicAppFields(singleRegion.uuid, { template: '{oops' }),
    );
    expect(notJson.json<{ errors: string[] }>().errors).toEqual([appFormMessages.templateJson]);
  });

  it('refuses bad app fields: name, version, type, smart cluster, missing template', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: '   ' }, validationMessages.name],
      [{ name: 'x'.repeat(51) }, appFormMessages.nameTooLong],
      [{ version_name: '' }, validationMessages.version],
      [{ version_name: 'v'.repeat(21) }, appFormMessages.versionTooLong],
      [{ template_type: 'DOCKER' }, validationMessages.templateType],
      [{ smart_cluster_uuid: '' }, validationMessages.cluster],
      [{ smart_cluster_uuid: 'not-a-uuid' }, validationMessages.cluster],
      [{ template: '' }, validationMessages.templateFile],
      [{ name: 'a\u0000b' }, validationMessages.name],
      [{ description: 'a\u0000b' }, appFormMessages.description],
      [{ version_name: 'v\u0000' }, validationMessages.version],
    ];
    for (const [change, message] of cases) {
      const response = await createApp(t, admin, basicAppFields(singleRegion.uuid, change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json<{ errors: string[] }>().errors).toContain(message);
    }
    expect((await kube('POST', '/apps', admin, { name: 'json' })).statusCode).toBe(400);
  });

  it('answers 400 for a broken multipart body or a template with NUL bytes, never 500', async () => {
    const url = '/meridian/v1/kube/apps';
    for (const [contentType, payload] of [
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="n"'],
      ['multipart/form-data; boundary=abc', 'no parts at all'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...admin.headers, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
    const body = multipart(
      {
        name: 'nul',
        version_name: 'v1',
        smart_cluster_uuid: singleRegion.uuid,
        template_type: 'KUBERNETES_ADVANCED',
      },
      { template: { filename: 'a.yaml', content: Buffer.from('kind: A\u0000\n') } },
    );
    const binary = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect([binary.statusCode, binary.json().errors]).toEqual([
      400,
      ['The uploaded file must be a text file'],
    ]);
  });

  it('downloads a template whose name is not Latin-1 (RFC 6266 filename*)', async () => {
    const body = multipart(
      {
        name: 'unicode-name',
        version_name: 'v1',
        smart_cluster_uuid: singleRegion.uuid,
        template_type: 'KUBERNETES_ADVANCED',
      },
      { template: { filename: 'приложение.yaml', content: sampleKubernetesTemplate } },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/meridian/v1/kube/apps',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const version = created.json<AppEntity>().versions[0]!;
    const template = await kube('GET', `/apps/versions/${version.uuid}/template`, admin);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toBe(
      `attachment; filename="??????????.yaml"; filename*=UTF-8''${encodeURIComponent('приложение.yaml')}`,
    );
  });

  it('creates an Advanced app from an uploaded YAML and refuses broken manifests', async () => {
    const ok = await createApp(
      t,
      admin,
      {
        name: 'adv',
        version_name: 'v1',
        smart_cluster_uuid: singleRegion.uuid,
        template_type: 'KUBERNETES_ADVANCED',
      },
      { filename: 'k8s.yaml', content: sampleKubernetesTemplate },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const app = ok.json<AppEntity>();
    expect(app.versions[0]!.template_name).toBe('k8s.yaml');
    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(done.deployments[0]).toMatchObject({ status: 'success', ports: [{ port: 80 }] });
    expect(done.deployments[0]!.endpoint).toBeTruthy();

    const broken = await createApp(
      t,
      admin,
      {
        name: 'adv2',
        version_name: 'v1',
        smart_cluster_uuid: singleRegion.uuid,
        template_type: 'KUBERNETES_ADVANCED',
      },
      {
        filename: 'k8s.yaml',
        content: 'apiVersion: v1\nkind: Service\n---\nkind: Deployment\nmetadata:\n  name: x\n',
      },
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ errors: string[] }>().errors).toEqual([
      `Document 1: ${advancedTemplateMessages.metadataName}`,
      `Document 2: ${advancedTemplateMessages.apiVersion}`,
    ]);
    const bomb =
      'a: &a ["x","x","x","x","x","x","x","x","x"]\n' +
      Array.from(
        { length: 12 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      ).join('\n');
    const started = performance.now();
    const refused = await createApp(
      t,
      admin,
      {
        name: 'bomb',
        version_name: 'v1',
        smart_cluster_uuid: singleRegion.uuid,
        template_type: 'KUBERNETES_ADVANCED',
      },
      { filename: 'bomb.yaml', content: bomb },
    );
    expect(refused.statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('creates a Heat app as stacks, with lower-case flavor and upper-case volume type', async () => {
    const fields = {
      name: 'vm-app',
      version_name: 'v1',
      smart_cluster_uuid: singleRegion.uuid,
      template_type: 'HEAT',
      flavor_name: 'Small',
      volume_type: 'hdd',
    };
    const ok = await createApp(t, admin, fields, {
      filename: 'stack.yaml',
      content: sampleHeatTemplate,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const app = ok.json<AppEntity>();
    expect(app.versions[0]).toMatchObject({ flavor_name: 'small', volume_type: 'HDD' });
    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(done.deployments[0]).toMatchObject({
      status: 'success',
      flavor_name: 'small',
      volume_type: 'HDD',
      template: [],
    });
    expect(done.deployments[0]!.endpoint).toBeTruthy();
    expect(await eventTypesFor(app.uuid)).toEqual(
      ['STACK_CREATE_PENDING', 'STACK_CREATE_FULFILLED'].sort(),
    );

    const missing = sampleHeatTemplate.replace(/^ {2}keypair_name:[\s\S]*?(?=^ {2}\w)/m, '');
    const refused = await createApp(t, admin, fields, { filename: 'stack.yaml', content: missing });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      heatTemplateMessages.parameter('keypair_name'),
    ]);
    const noVolume = await createApp(
      t,
      admin,
      { ...fields, volume_type: '' },
      { filename: 's.yaml', content: sampleHeatTemplate },
    );
    expect(noVolume.statusCode).toBe(400);
    const noFlavor = await createApp(
      t,
      admin,
      { ...fields, flavor_name: 'huge' },
      { filename: 's.yaml', content: sampleHeatTemplate },
    );
    expect(noFlavor.json<{ errors: string[] }>().errors).toContain(validationMessages.flavor);
  });

  it('answers 413 for a template larger than 512 KiB', async () => {
    const response = await createApp(
      t,
      admin,
      {
        name: 'big',
        version_name: 'v1',
        smart_cluster_uuid: singleRegion.uuid,
        template_type: 'KUBERNETES_ADVANCED',
      },
      { filename: 'big.yaml', content: Buffer.alloc(600 * 1024, 'a') },
    );
    expect(response.statusCode).toBe(413);
  });

  it('adds versions, deploys one onto a second smart cluster, renames, and answers a repeat with what is there', async () => {
    const created = await createApp(t, admin, basicAppFields(singleRegion.uuid, { name: 'multi' }));
    const app = created.json<AppEntity>();
    await waitForDeployments(t, admin, app.uuid, allSettled);

    const body = multipart(
      {
        name: ' v2 ',
        template_type: 'KUBERNETES_BASIC',
        template: JSON.stringify({ ...basicSettings, deploymentImage: 'nginx:1.28' }),
      },
      {},
    );
    const versionResponse = await t.app.inject({
      method: 'POST',
      url: `/meridian/v1/kube/apps/${app.uuid}/versions`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(versionResponse.statusCode, versionResponse.body).toBe(200);
    const v2 = versionResponse.json<Version>();
    expect(v2.name).toBe('v2');
    expect(v2.template_name).toBe('multi.yaml');

    const deploy = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/versions',
      headers: admin.headers,
      payload: { version_uuid: v2.uuid, smart_cluster_uuids: [twoRegions.uuid] },
    });
    expect(deploy.statusCode, deploy.body).toBe(200);
    expect(deploy.json<Deployment[]>()).toHaveLength(2);
    const again = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/versions',
      headers: admin.headers,
      payload: { version_uuid: v2.uuid, smart_cluster_uuids: [twoRegions.uuid] },
    });
    // The same version again is what is already there, not a second deployment per member.
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Deployment[]>().map((d) => d.uuid)).toEqual(
      deploy.json<Deployment[]>().map((d) => d.uuid),
    );
    const done = await waitForDeployments(
      t,
      admin,
      app.uuid,
      (list) => list.length === 3 && allSettled(list),
    );
    expect(
      done.deployments.filter((deployment) => deployment.version_uuid === v2.uuid),
    ).toHaveLength(2);
    expect(await eventTypesFor(app.uuid)).toContain('APP_DEPLOY_FULFILLED');

    const renamed = await kube('PUT', `/apps/versions/${v2.uuid}`, admin, { name: '  v2-final ' });
    expect(renamed.json<Version>().name).toBe('v2-final');
    expect(
      (await kube('PUT', `/apps/versions/${v2.uuid}`, admin, { name: 'x'.repeat(21) })).statusCode,
    ).toBe(400);

    const form = multipart({ name: 'multi-renamed' }, {});
    const appRenamed = await t.app.inject({
      method: 'PUT',
      url: `/meridian/v1/kube/apps/${app.uuid}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(appRenamed.statusCode, appRenamed.body).toBe(200);
    expect(appRenamed.json<AppEntity>().name).toBe('multi-renamed');
    const described = await kube('PUT', `/apps/${app.uuid}`, admin, {
      description: '  new words ',
    });
    expect(described.json<AppEntity>().description).toBe('new words');

    const template = await kube('GET', `/apps/versions/${v2.uuid}/template`, admin);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toBe('attachment; filename=multi.yaml');
    expect(template.body).toContain('image: nginx:1.28');
  });

  it('updates a deployment image and replicas, and refuses while it is in progress', async () => {
    const pending = (
      await createApp(t, admin, basicAppFields(slow.uuid, { name: 'slow' }))
    ).json<AppEntity>();
    const busy = await kube('PUT', `/apps/deployment/${pending.deployments[0]!.uuid}`, admin, {
      replicas: 3,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toBe(appApiMessages.deploymentInProgress);
    const busyApp = await kube('DELETE', `/apps/${pending.uuid}`, admin);
    expect(busyApp.statusCode).toBe(409);
    expect(busyApp.json<{ message: string }>().message).toBe(appApiMessages.appInProgress);

    const app = (
      await createApp(t, admin, basicAppFields(singleRegion.uuid, { name: 'scaler' }))
    ).json<AppEntity>();
    await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(
      (await kube('PUT', `/apps/deployment/${app.deployments[0]!.uuid}`, admin, {})).statusCode,
    ).toBe(400);
    expect(
      (await kube('PUT', `/apps/deployment/${app.deployments[0]!.uuid}`, admin, { replicas: 0 }))
        .statusCode,
    ).toBe(400);
    const response = await kube('PUT', `/apps/deployment/${app.deployments[0]!.uuid}`, admin, {
      replicas: 4,
      image_name: 'nginx:1.29',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Deployment>()).toMatchObject({
      status: 'updating',
      image_name: 'nginx:1.29',
    });
    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(done.deployments[0]).toMatchObject({ status: 'success', ready_replicas: 4 });
    expect(done.deployments[0]!.template[0]!.spec.replicas).toBe(4);
  });

  it('fails a rollout whose image cannot be pulled, with the reason and a rejected event', async () => {
    const app = (
      await createApp(
        t,
        admin,
        basicAppFields(third.uuid, {
          name: 'broken',
          template: JSON.stringify({ ...basicSettings, deploymentImage: 'Not A Valid Image' }),
        }),
      )
    ).json<AppEntity>();
    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(done.deployments[0]!.status).toBe('failure');
    expect(done.deployments[0]!.status_reason).toMatch(/ErrImagePull/);
    expect(done.versions[0]!.status).toBe('failure');
    expect(await eventTypesFor(app.uuid)).toEqual(
      ['APP_CREATE_PENDING', 'APP_CREATE_REJECTED'].sort(),
    );
  });

  it('deletes an app: deployments are removed first (cascaded), then the app', async () => {
    const app = (
      await createApp(t, admin, basicAppFields(twoRegions.uuid, { name: 'doomed' }))
    ).json<AppEntity>();
    await waitForDeployments(t, admin, app.uuid, allSettled);
    const response = await kube('DELETE', `/apps/${app.uuid}`, admin);
    expect(response.statusCode).toBe(200);
    // Success at once: the app is gone from every list while its teardown goes on.
    expect(response.json()).toEqual({ status: 'success' });
    expect((await listApps(t, admin)).some((item) => item.uuid === app.uuid)).toBe(false);
    expect((await kube('GET', `/apps/${app.uuid}`, admin)).statusCode).toBe(404);
    expect((await kube('DELETE', `/apps/${app.uuid}`, admin)).statusCode).toBe(404);
    await waitFor(async () => (await eventTypesFor(app.uuid)).includes('APP_DELETE_FULFILLED'), {
      what: 'the teardown',
    });
    expect(await eventTypesFor(app.uuid)).toEqual(
      [
        'APP_CREATE_PENDING',
        'APP_CREATE_FULFILLED',
        'APP_DELETE_PENDING',
        'APP_CASCADED_DELETE_PENDING',
        'APP_CASCADED_DELETE_FULFILLED',
        'APP_DELETE_FULFILLED',
      ].sort(),
    );
    expect((await kube('GET', `/apps/${app.uuid}`, admin)).statusCode).toBe(404);
  });

  it('removes one deployment and deletes a version, keeping the last version', async () => {
    const app = (
      await createApp(t, admin, basicAppFields(twoRegions.uuid, { name: 'trim' }))
    ).json<AppEntity>();
    const done = await waitForDeployments(t, admin, app.uuid, allSettled);
    const removal = await kube('DELETE', '/apps/deployment', admin, {
      uuids: [done.deployments[0]!.uuid],
    });
    expect(removal.json()).toEqual({ status: 'deleting' });
    await waitForDeployments(t, admin, app.uuid, (list) => list.length === 1 && allSettled(list));
    expect((await kube('DELETE', '/apps/deployment', admin, { uuids: [] })).statusCode).toBe(400);

    const lastVersion = await kube('DELETE', `/apps/versions/${app.versions[0]!.uuid}`, admin);
    expect(lastVersion.statusCode).toBe(409);
    expect(lastVersion.json<{ message: string }>().message).toBe(appApiMessages.lastVersion);
    const body = multipart(
      { name: 'v2', template_type: 'KUBERNETES_BASIC', template: JSON.stringify(basicSettings) },
      {},
    );
    await t.app.inject({
      method: 'POST',
      url: `/meridian/v1/kube/apps/${app.uuid}/versions`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    const deleted = await kube('DELETE', `/apps/versions/${app.versions[0]!.uuid}`, admin);
    expect(deleted.json()).toEqual({ status: 'deleting' });
    const after = await waitFor(
      async () => {
        const found = (await listApps(t, admin)).find((item) => item.uuid === app.uuid)!;
        return found.versions.length === 1 ? found : undefined;
      },
      { what: 'version deletion' },
    );
    expect(after.deployments).toEqual([]);
    expect(await eventTypesFor(app.uuid)).toContain('VERSION_DELETE_FULFILLED');
  });

  it("answers 404 for another user's apps, versions and deployments, and for their smart clusters", async () => {
    const app = (await listApps(t, admin))[0]!;
    const version = app.versions[0]!;
    expect(await listApps(t, other)).toEqual([]);
    const attempts = [
      kube('GET', `/apps/${app.uuid}`, other),
      kube('PUT', `/apps/${app.uuid}`, other, { name: 'mine' }),
      kube('DELETE', `/apps/${app.uuid}`, other),
      kube('PUT', `/apps/versions/${version.uuid}`, other, { name: 'mine' }),
      kube('DELETE', `/apps/versions/${version.uuid}`, other),
      kube('GET', `/apps/versions/${version.uuid}/template`, other),
      kube('PUT', `/apps/deployment/${app.deployments[0]!.uuid}`, other, { replicas: 2 }),
      kube('DELETE', '/apps/deployment', other, { uuids: [app.deployments[0]!.uuid] }),
      kube('GET', `/apps/deployment/smart_cluster/${twoRegions.uuid}`, other),
      kube('PUT', `/apps/${app.uuid}/deployment`, other, {
        cluster_uuids: [twoRegions.uuid],
        image_name: 'x:1',
      }),
      kube('GET', '/apps/not-a-uuid', other),
      t.app.inject({
        method: 'POST',
        url: '/cluster/clusters/versions',
        headers: other.headers,
        payload: { version_uuid: version.uuid, smart_cluster_uuids: [twoRegions.uuid] },
      }),
      createApp(t, other, basicAppFields(twoRegions.uuid)),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('serves the app list again while nothing changed: ETag, 304, gzip, fresh after any write', async () => {
    const first = await kube('GET', '/apps', admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"apps-[0-9a-f-]{36}-\d+"$/);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/meridian/v1/kube/apps',
      headers: { ...admin.headers, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/meridian/v1/kube/apps',
      headers: { ...admin.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(first.json());

    // A write from anywhere (here straight to the database, as another process would) shows.
    const target = first.json<AppEntity[]>()[0]!;
    await t.database.db
      .update(apps)
      .set({ name: 'renamed-elsewhere' })
      .where(eq(apps.id, target.uuid));
    const after = await t.app.inject({
      method: 'GET',
      url: '/meridian/v1/kube/apps',
      headers: { ...admin.headers, 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<AppEntity[]>().find((app) => app.uuid === target.uuid)!.name).toBe(
      'renamed-elsewhere',
    );
    // Another user's writes do not touch this user's list.
    const otherList = await kube('GET', '/apps', other);
    await t.database.db.update(apps).set({ description: 'x' }).where(eq(apps.id, target.uuid));
    const otherAgain = await t.app.inject({
      method: 'GET',
      url: '/meridian/v1/kube/apps',
      headers: { ...other.headers, 'if-none-match': otherList.headers.etag as string },
    });
    expect(otherAgain.statusCode).toBe(304);
  });

  it('lists the deployments of a smart cluster', async () => {
    const response = await kube('GET', `/apps/deployment/smart_cluster/${twoRegions.uuid}`, admin);
    expect(response.statusCode).toBe(200);
    const list = response.json<Deployment[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((deployment) => deployment.smart_cluster_uuid === twoRegions.uuid)).toBe(
      true,
    );
  });

  it('rolls a new image out through the CI/CD calls with an API key; a revoked key gets 401', async () => {
    const app = (
      await createApp(t, admin, basicAppFields(twoRegions.uuid, { name: 'ci-app' }))
    ).json<AppEntity>();
    await waitForDeployments(t, admin, app.uuid, allSettled);
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: admin.headers,
      payload: { name: 'pipeline' },
    });
    const { key } = created.json<{ key: string }>();
    const ci = { authorization: `ApiKey ${key}`, 'x-user-id': admin.userId };

    const first = await t.app.inject({
      method: 'PUT',
      url: `/meridian/v1/kube/apps/${app.uuid}/deployment`,
      headers: ci,
      payload: { cluster_uuids: [twoRegions.uuid], image_name: ' registry.example.ca/shop:2.0.0 ' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Deployment[]>().map((deployment) => deployment.status)).toEqual([
      'updating',
      'updating',
    ]);
    const rolled = await waitForDeployments(t, admin, app.uuid, allSettled);
    expect(
      rolled.deployments.every(
        (deployment) => deployment.image_name === 'registry.example.ca/shop:2.0.0',
      ),
    ).toBe(true);
    expect(await eventTypesFor(app.uuid)).toEqual(
      expect.arrayContaining(['APP_UPDATE_PENDING', 'APP_UPDATE_FULFILLED']),
    );

    const second = await t.app.inject({
      method: 'PUT',
      url: `/intelligence/clusters/${twoRegions.uuid}/deployment/${app.uuid}`,
      headers: ci,
      payload: { image_name: 'registry.example.ca/shop:2.0.1' },
    });
    expect(second.statusCode, second.body).toBe(200);
    await waitForDeployments(t, admin, app.uuid, allSettled);
    const missingImage = await t.app.inject({
      method: 'PUT',
      url: `/intelligence/clusters/${twoRegions.uuid}/deployment/${app.uuid}`,
      headers: ci,
      payload: {},
    });
    expect(missingImage.statusCode).toBe(400);
    expect(missingImage.json<{ errors: string[] }>().errors).toEqual([appApiMessages.imageName]);
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: `/intelligence/clusters/${singleRegion.uuid}/deployment/${app.uuid}`,
      headers: ci,
      payload: { image_name: 'x:1' },
    });
    expect(elsewhere.statusCode).toBe(404);

    await t.app.inject({
      method: 'DELETE',
      url: '/auth/api_key',
      headers: admin.headers,
      payload: { name: 'pipeline' },
    });
    const revoked = await t.app.inject({
      method: 'PUT',
      url: `/intelligence/clusters/${twoRegions.uuid}/deployment/${app.uuid}`,
      headers: ci,
      payload: { image_name: 'registry.example.ca/shop:2.0.2' },
    });
    expect(revoked.statusCode).toBe(401);
  });

  it('refuses to deploy on a smart cluster that is not ready', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters',
      headers: admin.headers,
      payload: {
        name: 'down',
        datacenters: ['za-johannesburg'],
        mode: 'MANUAL',
        cluster_size: 'mini',
        master_count: 1,
        minion_count: 1,
      },
    });
    const down = response.json<SmartCluster>();
    await waitFor(
      async () =>
        (await smartClusters(t.app, admin)).find((item) => item.uuid === down.uuid)?.status ===
        'failure',
      { what: 'the Johannesburg smart cluster to fail' },
    );
    const refused = await createApp(t, admin, basicAppFields(down.uuid, { name: 'early' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(appApiMessages.smartClusterNotReady);
  });
});

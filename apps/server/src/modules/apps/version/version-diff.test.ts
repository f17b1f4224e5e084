import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import {
  appHistoryMessages,
  versionDiffSchema,
  type VersionDiff,
} from '@meridian/domain/apps/app-history';
import {
  sampleHeatTemplate,
  sampleKubernetesTemplate,
} from '@meridian/domain/apps/sample-templates';
import { wideTemplate } from '@meridian/domain/apps/wide-template.test-support';
import { parsePatch } from 'diff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  basicAppFields,
  basicSettings,
  createApp,
  readySmartCluster,
} from '../app/app.test-support';
import { createClusterTestApp, multipart } from '../../clusters/cluster/cluster.test-support';
import { probeHealthWhile } from '../../../../test-support/health-probe';
import { versions } from '../../../platform/db/schema/apps';

const password = 'hunter2-registry-secret';

describe.each(embeddedBackendOnly())('version diff on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;
  let app: AppEntity;
  let otherApp: AppEntity;

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    admin = await logIn(t.app);
    other = await addUser(t, admin, 'other');
    const smart = await readySmartCluster(t, admin, ['ca-toronto'], 'diff');
    app = (await createApp(t, admin, basicAppFields(smart.uuid))).json<AppEntity>();
    otherApp = (
      await createApp(t, admin, basicAppFields(smart.uuid, { name: 'blog' }))
    ).json<AppEntity>();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  async function addVersion(
    fields: Record<string, string>,
    file?: { filename: string; content: string },
  ): Promise<string> {
    const body = multipart(fields, file ? { template: file } : {});
    const response = await t.app.inject({
      method: 'POST',
      url: `/meridian/v1/kube/apps/${app.uuid}/versions`,
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json<{ uuid: string }>().uuid;
  }

  const diff = (from: string, to: string, user = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/meridian/v1/kube/apps/versions/${from}/diff/${to}`,
      headers: user.headers,
    });

  it('diffs the manifests of two Basic versions; a registry password stays sealed', async () => {
    const v1 = app.versions[0]!.uuid;
    const v2 = await addVersion({
      name: 'v2',
      template_type: 'KUBERNETES_BASIC',
      template: JSON.stringify({
        ...basicSettings,
        deploymentImage: 'registry.example.ca/shop:2.0',
        deploymentReplicas: 4,
        dockerRegistryType: 'private',
        privateDockerRegistryUrl: 'https://registry.example.ca',
        privateDockerRegistryUsername: 'ci',
        privateDockerRegistryPassword: password,
      }),
    });
    const response = await diff(v1, v2);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<VersionDiff>();
    expect(body.from).toEqual({ uuid: v1, name: 'v1' });
    expect(body.to).toEqual({ uuid: v2, name: 'v2' });
    expect(body.unified).toContain('-          image: nginx:1.27');
    expect(body.unified).toContain('+          image: registry.example.ca/shop:2.0');
    expect(body.unified).toContain('+  replicas: 4');
    expect(body.unified).toContain('+  .dockerconfigjson: <sealed>');
    expect(body.unified).not.toContain(password);
    expect(body.unified).not.toContain(Buffer.from(password).toString('base64'));
    const [patch] = parsePatch(body.unified);
    const lines = patch!.hunks.flatMap((hunk) => hunk.lines);
    expect(body.additions).toBe(lines.filter((line) => line.startsWith('+')).length);
    expect(body.deletions).toBe(lines.filter((line) => line.startsWith('-')).length);
    expect(body.additions).toBeGreaterThan(0);

    const same = (await diff(v1, v1)).json<VersionDiff>();
    expect([same.additions, same.deletions]).toEqual([0, 0]);
  });

  it('diffs Advanced YAML and Heat templates as stored', async () => {
    const a1 = await addVersion(
      { name: 'a1', template_type: 'KUBERNETES_ADVANCED' },
      { filename: 'app.yaml', content: sampleKubernetesTemplate },
    );
    const a2 = await addVersion(
      { name: 'a2', template_type: 'KUBERNETES_ADVANCED' },
      { filename: 'app.yaml', content: `${sampleKubernetesTemplate}# tuned\n` },
    );
    const advanced = (await diff(a1, a2)).json<VersionDiff>();
    expect(advanced).toMatchObject({ additions: 1, deletions: 0 });
    expect(advanced.unified).toContain('+# tuned');

    const heat = { template_type: 'HEAT', flavor_name: 'Small', volume_type: 'hdd' };
    const h1 = await addVersion(
      { name: 'h1', ...heat },
      { filename: 'stack.yaml', content: sampleHeatTemplate },
    );
    const h2 = await addVersion(
      { name: 'h2', ...heat },
      {
        filename: 'stack.yaml',
        content: sampleHeatTemplate.replace(/^description: .*$/m, 'description: The new stack'),
      },
    );
    const stack = (await diff(h1, h2)).json<VersionDiff>();
    expect(stack).toMatchObject({ additions: 1, deletions: 1 });
    expect(stack.unified).toContain('+description: The new stack');
  });

  it('answers versions too different to diff as such, with line counts, and never holds /healthz', async () => {
    const lines = wideTemplate('a').split('\n').length - 1;
    const w1 = await addVersion(
      { name: 'w1', template_type: 'KUBERNETES_ADVANCED' },
      { filename: 'app.yaml', content: wideTemplate('a') },
    );
    const w2 = await addVersion(
      { name: 'w2', template_type: 'KUBERNETES_ADVANCED' },
      { filename: 'app.yaml', content: wideTemplate('b') },
    );
    // The pool's thread starts on first use (about half a second of tsx and imports): started
    // here, so what is measured is the comparison itself.
    expect((await diff(w1, w1)).json<VersionDiff>().additions).toBe(0);
    const pending = diff(w1, w2);
    const health = await probeHealthWhile(t.app, pending);
    const response = await pending;
    expect(response.statusCode, response.body).toBe(200);
    const body = versionDiffSchema.parse(response.json());
    expect(body.too_different).toEqual({
      from_lines: lines,
      to_lines: lines,
      reason: `w1 (${lines.toLocaleString('en')} lines) and w2 (${lines.toLocaleString('en')} lines) are too different to show line by line.`,
    });
    expect(body).toMatchObject({ unified: '', additions: lines, deletions: lines });
    expect(health.answeredWhilePending).toBeGreaterThanOrEqual(3);
    expect(health.slowestMs, JSON.stringify(health)).toBeLessThan(200);

    // Within the bound (100 lines changed), line by line as before.
    const w3 = await addVersion(
      { name: 'w3', template_type: 'KUBERNETES_ADVANCED' },
      { filename: 'app.yaml', content: wideTemplate('a').replace(/: a(\d{1,2})$/gm, ': c$1') },
    );
    const near = versionDiffSchema.parse((await diff(w1, w3)).json());
    expect(near).toMatchObject({ too_different: null, additions: 100, deletions: 100 });
  });

  const appDetail = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/meridian/v1/kube/apps/${app.uuid}`,
        headers: admin.headers,
      })
    ).json<AppEntity>();

  it('answers the settings each version was made from, for a new one to start from', async () => {
    const sent = {
      deploymentImage: 'registry.example.ca/shop:3.1',
      deploymentReplicas: 5,
      deploymentTargetPort: 9090,
      deploymentPort: 8443,
      dockerRegistryType: 'private',
      privateDockerRegistryUrl: ' https://registry.example.ca/team ',
      privateDockerRegistryUsername: 'deployer',
      privateDockerRegistryPassword: password,
    };
    const v3 = await addVersion({
      name: 'v3',
      template_type: 'KUBERNETES_BASIC',
      template: JSON.stringify(sent),
    });
    const { privateDockerRegistryPassword: _password, ...kept } = sent;
    const expected = { ...kept, privateDockerRegistryUrl: 'https://registry.example.ca/team' };
    const detail = await appDetail();
    expect(JSON.stringify(detail)).not.toContain(password);
    const versionsByName = new Map(detail.versions.map((version) => [version.name, version]));
    expect(versionsByName.get('v3')!.basic_settings).toEqual(expected);
    expect(versionsByName.get('v1')!.basic_settings).toEqual(basicSettings);
    // Advanced and Heat versions start from their YAML, which the same answer holds.
    expect(versionsByName.get('a2')!.basic_settings).toBeNull();
    expect(versionsByName.get('a2')!.raw_template).toBe(`${sampleKubernetesTemplate}# tuned\n`);
    expect(versionsByName.get('h1')!).toMatchObject({
      basic_settings: null,
      raw_template: sampleHeatTemplate,
      flavor_name: 'small',
      volume_type: 'HDD',
    });

    // A version made before the settings were kept: read back from the YAML made from them.
    await t.database.db.update(versions).set({ basicSettings: null }).where(eq(versions.id, v3));
    const [stored] = await t.database.db.select().from(versions).where(eq(versions.id, v3));
    expect(stored!.basicSettings).toBeNull();
    const readBack = (await appDetail()).versions.find((version) => version.uuid === v3)!;
    expect(readBack.basic_settings).toEqual(expected);

    // The app list stays small: no templates, no settings.
    const list = await t.app.inject({
      method: 'GET',
      url: '/meridian/v1/kube/apps',
      headers: admin.headers,
    });
    const listed = list.json<AppEntity[]>().find((item) => item.uuid === app.uuid)!;
    expect(listed.versions.every((version) => !('basic_settings' in version))).toBe(true);
  });

  it("answers 404 for another user's version and 400 for versions of two apps", async () => {
    const v1 = app.versions[0]!.uuid;
    const foreign = await diff(v1, v1, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe('Version not found');
    expect((await diff(v1, crypto.randomUUID())).statusCode).toBe(404);
    expect((await diff(v1, 'nope')).statusCode).toBe(404);
    const apart = await diff(v1, otherApp.versions[0]!.uuid);
    expect(apart.statusCode).toBe(400);
    expect(apart.json<{ errors: string[] }>().errors).toEqual([appHistoryMessages.otherApp]);
  });
});

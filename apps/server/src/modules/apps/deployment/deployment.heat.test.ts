import {
  deploymentSchema,
  type App as AppEntity,
  type Deployment,
} from '@meridian/domain/apps/app-api';
import { heatParameterMessages } from '@meridian/domain/apps/heat-stack';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, multipart } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { userKeypairs } from '../../../platform/db/schema/accounts';
import { deployments, versions } from '../../../platform/db/schema/apps';

/**
 * The spec's five parameters with no defaults (Meridian sets them all), two more of the
 * template's own, and outputs of every kind.
 */
const siteTemplate = `heat_template_version: 2018-08-31
parameters:
  keypair_name: {type: string}
  external_network_id: {type: string}
  flavor_id: {type: string, constraints: [{allowed_values: [mini, small]}]}
  image_name: {type: string}
  volume_type: {type: string}
  volume_size: {type: number, default: 20, constraints: [{range: {min: 10, max: 100}}]}
  site_name: {type: string, default: shop}
resources:
  server:
    type: OS::Nova::Server
    properties:
      key_name: {get_param: keypair_name}
      flavor: {get_param: flavor_id}
      image: {get_param: image_name}
      networks: [{network: private}]
  floating_ip:
    type: OS::Neutron::FloatingIP
    properties:
      floating_network: {get_param: external_network_id}
outputs:
  public_ip:
    description: Where the site answers
    value: {get_attr: [floating_ip, floating_ip_address]}
  url:
    value:
      str_replace:
        template: https://host/site
        params: {host: {get_attr: [floating_ip, floating_ip_address]}, site: {get_param: site_name}}
  volume_type:
    description: The volume type chosen in the form
    value: {get_param: volume_type}
`;

const withPassword = siteTemplate.replace(
  '  site_name:',
  '  db_password: {type: string, hidden: true}\n  site_name:',
);

describe.each(embeddedBackendOnly())('Heat deployments on %s', (backend) => {
  const simulator = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
  let t: TestApp;
  let user: LoggedIn;
  let montreal: SmartCluster;

  function heatFields(name: string, extra: Record<string, string> = {}) {
    return {
      name,
      version_name: 'v1',
      smart_cluster_uuid: montreal.uuid,
      template_type: 'HEAT',
      flavor_name: 'small',
      volume_type: 'SSD',
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await createClusterTestApp(backend, { drivers: new Map([['simulator', simulator]]) });
    user = await logIn(t.app);
    montreal = await readySmartCluster(t, user, ['ca-montreal'], 'heat-montreal');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates the stack with the template’s parameters and shows its outputs', async () => {
    const created = await createApp(t, user, heatFields('site'), {
      filename: 'site.yaml',
      content: siteTemplate,
    });
    expect(created.statusCode, created.body).toBe(200);
    const app = await waitForDeployments(t, user, created.json<AppEntity>().uuid, allSettled);
    const deployment = app.deployments[0]!;
    expect(deployment.status, deployment.status_reason ?? '').toBe('success');

    const [keypair] = await t.database.db
      .select()
      .from(userKeypairs)
      .where(eq(userKeypairs.userId, user.userId));
    const stack = simulator
      .stacksOn(deployment.cluster_uuid)
      .find((candidate) => candidate.deploymentId === deployment.uuid);
    // Meridian's values for the spec's five (the datacenter's network and catalogue image), the
    // template's defaults for the rest: nothing else.
    expect(stack?.parameters).toEqual({
      keypair_name: keypair!.keyName,
      external_network_id: 'ext-net-ca-montreal',
      flavor_id: 'small',
      image_name: 'ubuntu-24.04',
      volume_type: 'SSD',
      volume_size: '20',
      site_name: 'shop',
    });
    // The deployment shows them, in template order.
    expect(deployment.stack_parameters).toEqual(
      Object.entries(stack!.parameters).map(([name, value]) => ({ name, value })),
    );

    const publicIp = deployment.endpoint!;
    expect(publicIp).toMatch(/^198\.51\.100\.\d+$/);
    expect(deployment.stack_outputs).toEqual([
      { name: 'public_ip', value: publicIp, description: 'Where the site answers' },
      { name: 'url', value: `https://${publicIp}/shop`, description: null },
      { name: 'volume_type', value: 'SSD', description: 'The volume type chosen in the form' },
    ]);
    expect(deploymentSchema.parse(deployment)).toEqual(deployment);
    const [row] = await t.database.db
      .select({ stackOutputs: deployments.stackOutputs })
      .from(deployments)
      .where(eq(deployments.id, deployment.uuid));
    expect(row?.stackOutputs).toEqual(deployment.stack_outputs);

    // The app page and the deployment call answer them too; a Kubernetes deployment has none.
    const one = await t.app.inject({
      method: 'GET',
      url: `/meridian/v1/kube/apps/${app.uuid}`,
      headers: user.headers,
    });
    expect(one.json<AppEntity>().deployments[0]!.stack_outputs).toEqual(deployment.stack_outputs);
    const onCluster = await t.app.inject({
      method: 'GET',
      url: `/meridian/v1/kube/apps/deployment/smart_cluster/${montreal.uuid}`,
      headers: user.headers,
    });
    const listed = onCluster.json<Deployment[]>().find((item) => item.uuid === deployment.uuid);
    expect(listed?.stack_outputs).toEqual(deployment.stack_outputs);
    const basic = await createApp(t, user, basicAppFields(montreal.uuid, { name: 'plain' }));
    const settled = await waitForDeployments(t, user, basic.json<AppEntity>().uuid, allSettled);
    expect(settled.deployments[0]).not.toHaveProperty('stack_outputs');
  }, 60_000);

  it('refuses a version whose parameter has neither a value from Meridian nor a default', async () => {
    const refused = await createApp(t, user, heatFields('secret'), {
      filename: 'site.yaml',
      content: withPassword,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: string[] }>().errors).toEqual([
      'The Heat template needs a value for parameter "db_password", and it has no default.',
    ]);
    // The form's flavor is checked against the template's allowed values.
    const large = await createApp(t, user, heatFields('large', { flavor_name: 'large' }), {
      filename: 'site.yaml',
      content: siteTemplate,
    });
    expect(large.json<{ errors: string[] }>().errors).toEqual([
      heatParameterMessages.notAllowed('flavor_id', '"large"', ['mini', 'small']),
    ]);

    const app = (
      await createApp(t, user, heatFields('versions'), {
        filename: 'site.yaml',
        content: siteTemplate,
      })
    ).json<AppEntity>();
    const body = multipart(
      { name: 'v2', template_type: 'HEAT', flavor_name: 'small', volume_type: 'HDD' },
      { template: { filename: 'site.yaml', content: withPassword } },
    );
    const version = await t.app.inject({
      method: 'POST',
      url: `/meridian/v1/kube/apps/${app.uuid}/versions`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(version.statusCode).toBe(400);
    expect(version.json<{ errors: string[] }>().errors).toEqual([
      heatParameterMessages.noValue('db_password'),
    ]);
  }, 60_000);

  it('fails the deployment of a stored template that leaves a parameter without a value', async () => {
    const app = (
      await createApp(t, user, heatFields('legacy'), {
        filename: 'site.yaml',
        content: siteTemplate,
      })
    ).json<AppEntity>();
    await waitForDeployments(t, user, app.uuid, allSettled);
    // A version stored before the check existed, deployed onto a second smart cluster.
    await t.database.db
      .update(versions)
      .set({ rawTemplate: withPassword })
      .where(eq(versions.id, app.versions[0]!.uuid));
    const tokyo = await readySmartCluster(t, user, ['jp-tokyo'], 'heat-tokyo');
    const deploy = await t.app.inject({
      method: 'POST',
      url: '/cluster/clusters/versions',
      headers: user.headers,
      payload: { version_uuid: app.versions[0]!.uuid, smart_cluster_uuids: [tokyo.uuid] },
    });
    expect(deploy.statusCode, deploy.body).toBe(200);
    const done = await waitForDeployments(t, user, app.uuid, allSettled);
    const failed = done.deployments.find((item) => item.smart_cluster_uuid === tokyo.uuid);
    expect(failed).toMatchObject({
      status: 'failure',
      status_reason:
        'The Heat template needs a value for parameter "db_password", and it has no default.',
    });
    expect(failed).not.toHaveProperty('stack_outputs');
  }, 60_000);
});

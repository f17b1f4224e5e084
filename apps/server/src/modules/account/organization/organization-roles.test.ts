import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import {
  organizationHeader,
  organizationMessages,
  type Organization,
} from '@meridian/domain/auth/organization';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  addBasicVersion,
  basicAppFields,
  createApp,
  listApps,
} from '../../apps/app/app.test-support';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import { joinOrganization } from './organization.test-support';

// Issue 37 item 1: what an organisation owns, and each role's rights on it (docs/organizations.md).
describe.each(databaseBackends())('organisation roles on %s', (backend) => {
  let t: TestApp;
  let ada: LoggedIn; // owner
  let vic: LoggedIn; // viewer
  let dev: LoggedIn; // developer
  let ann: LoggedIn; // admin
  let eve: LoggedIn; // outsider
  let acme: Organization;
  let cluster: SmartCluster;
  let app: AppEntity;

  const call = (user: LoggedIn, method: string, url: string, payload?: object, org?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...user.headers, ...(org ? { [organizationHeader]: org } : {}) },
      ...(payload ? { payload } : {}),
    });
  const refusal = (needed: 'developer' | 'admin' | 'owner', role: string) => [
    403,
    organizationMessages.roleNeeded(needed, role as 'viewer', 'Acme'),
  ];
  const answer = async (response: Promise<{ statusCode: number; json(): { message: string } }>) => {
    const done = await response;
    return [done.statusCode, done.json().message];
  };

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    const admin = await logIn(t.app);
    const named = (name: string) => addUser(t, admin, name);
    [ada, vic, dev, ann, eve] = [
      await named('ada'),
      await named('vic'),
      await named('dev'),
      await named('ann'),
      await named('eve'),
    ];
    acme = (await call(ada, 'POST', '/auth/organizations', { name: 'Acme' })).json();
    for (const [member, role] of [
      [vic, 'viewer'],
      [dev, 'developer'],
      [ann, 'admin'],
    ] as const) {
      const username = member === vic ? 'vic' : member === dev ? 'dev' : 'ann';
      await joinOrganization(t.app, {
        admin: ada,
        member,
        username,
        organizationId: acme.uuid,
        role,
      });
    }
  });
  afterAll(() => t?.close());

  it('lets an admin create a smart cluster and an app that belong to the organisation', async () => {
    const body = {
      name: 'acme-edge',
      datacenters: ['ca-montreal'],
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 1,
    };
    expect(
      await answer(
        call(dev, 'POST', '/cluster/clusters', { ...body, organization_uuid: acme.uuid }),
      ),
    ).toEqual(refusal('admin', 'developer'));
    const outsider = await call(eve, 'POST', '/cluster/clusters', {
      ...body,
      organization_uuid: acme.uuid,
    });
    expect([outsider.statusCode, outsider.json().errors]).toEqual([
      400,
      [organizationMessages.notMember],
    ]);

    const created = await call(ann, 'POST', '/cluster/clusters', {
      ...body,
      organization_uuid: acme.uuid,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<SmartCluster>().organization_uuid).toBe(acme.uuid);
    const ready = await waitFor(
      async () => {
        const found = await call(
          ann,
          'GET',
          `/cluster/clusters/${created.json<SmartCluster>().uuid}`,
        );
        const smart = found.json<{ smart_cluster: SmartCluster }>().smart_cluster;
        return smart.status === 'success' ? smart : undefined;
      },
      { what: 'the organisation smart cluster' },
    );
    cluster = ready;

    const made = await createApp(
      t,
      ann,
      basicAppFields(cluster.uuid, { organization_uuid: acme.uuid }),
    );
    expect(made.statusCode, made.body).toBe(200);
    app = made.json<AppEntity>();
    expect(app.organization_uuid).toBe(acme.uuid);
  });

  it('shows what the organisation owns in its lists, not in anyone’s personal ones', async () => {
    const inAcme = await call(vic, 'GET', '/meridian/v1/kube/apps', undefined, acme.uuid);
    expect(inAcme.json<AppEntity[]>().map((entry) => entry.uuid)).toEqual([app.uuid]);
    expect(await listApps(t, ann)).toEqual([]);
    expect(
      (await call(eve, 'GET', '/meridian/v1/kube/apps', undefined, acme.uuid)).statusCode,
    ).toBe(404);
  });

  it('lets a viewer read, a developer ship, an admin manage; an outsider gets 404', async () => {
    const appUrl = `/meridian/v1/kube/apps/${app.uuid}`;
    expect((await call(vic, 'GET', appUrl)).statusCode).toBe(200);
    expect((await call(eve, 'GET', appUrl)).statusCode).toBe(404);
    expect((await call(eve, 'DELETE', appUrl)).statusCode).toBe(404);

    await expect(addBasicVersion(t, vic.headers, app.uuid, 'v2', 'nginx:1.28')).rejects.toThrow(
      organizationMessages.roleNeeded('developer', 'viewer', 'Acme'),
    );
    const version = await addBasicVersion(t, dev.headers, app.uuid, 'v2', 'nginx:1.28');
    expect(version.app_uuid).toBe(app.uuid);
    const deployment = app.deployments[0]!;
    expect(
      await answer(call(vic, 'GET', `/meridian/v1/kube/apps/deployment/${deployment.uuid}/logs`)),
    ).toEqual(refusal('developer', 'viewer'));
    expect(await answer(call(dev, 'DELETE', appUrl))).toEqual(refusal('admin', 'developer'));
    expect(await answer(call(dev, 'DELETE', `/cluster/clusters/${cluster.uuid}`))).toEqual(
      refusal('admin', 'developer'),
    );
  });

  it('changes roles: admins below owner, owners any; the last owner stays', async () => {
    const members = `/auth/organizations/${acme.uuid}/members`;
    expect(await answer(call(ann, 'PUT', `${members}/${vic.userId}`, { role: 'owner' }))).toEqual([
      403,
      organizationMessages.ownerOnly,
    ]);
    expect(await answer(call(ada, 'PUT', `${members}/${ada.userId}`, { role: 'admin' }))).toEqual([
      409,
      organizationMessages.lastOwner,
    ]);
    const promoted = await call(ann, 'PUT', `${members}/${vic.userId}`, { role: 'developer' });
    expect(
      promoted.json<Organization>().members.find((m) => m.user_uuid === vic.userId)?.role,
    ).toBe('developer');
    expect((await call(eve, 'PUT', `${members}/${vic.userId}`, { role: 'admin' })).statusCode).toBe(
      404,
    );
  });

  it('keeps what the organisation owns when its creator transfers ownership and is removed', async () => {
    const members = `/auth/organizations/${acme.uuid}/members`;
    expect((await call(ada, 'PUT', `${members}/${ann.userId}`, { role: 'owner' })).statusCode).toBe(
      200,
    );
    expect((await call(ada, 'PUT', `${members}/${ada.userId}`, { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect((await call(ann, 'DELETE', `${members}/${ada.userId}`)).statusCode).toBe(200);

    expect((await call(ada, 'GET', `/meridian/v1/kube/apps/${app.uuid}`)).statusCode).toBe(404);
    const renamed = await call(ann, 'PUT', `/cluster/clusters/${cluster.uuid}`, {
      name: 'acme-renamed',
      isAppCreate: false,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stillOwned = await call(ann, 'DELETE', `/auth/organizations/${acme.uuid}`);
    expect(stillOwned.statusCode).toBe(409);
    expect(stillOwned.json().message).toMatch(/owns 1 app, 1 smart cluster/);
    expect(await answer(call(dev, 'DELETE', `/auth/organizations/${acme.uuid}`))).toEqual([
      403,
      organizationMessages.ownerOnly,
    ]);
  });
});

import { invitationMessages } from '@meridian/domain/auth/invitation';
import { organizationMessages, type Organization } from '@meridian/domain/auth/organization';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  createClusterTestApp,
  smartClusters,
  waitForStatus,
} from '../../clusters/cluster/cluster.test-support';
import { joinOrganization } from './organization.test-support';

describe.each(embeddedBackendOnly())('organisations and shared smart clusters on %s', (backend) => {
  let t: TestApp;
  let ada: LoggedIn;
  let bob: LoggedIn;
  let eve: LoggedIn;
  let organization: Organization;
  let shared: SmartCluster;

  const call = (
    user: LoggedIn,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const clusterBody = (name: string, organizationId?: string) => ({
    name,
    datacenters: ['ca-montreal'],
    mode: 'MANUAL',
    cluster_size: 'mini',
    master_count: 1,
    minion_count: 1,
    ...(organizationId ? { default_shared_for_org_uuid: organizationId } : {}),
  });

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    const admin = await logIn(t.app);
    ada = await addUser(t, admin, 'ada');
    bob = await addUser(t, admin, 'bob');
    eve = await addUser(t, admin, 'eve');
  });
  afterAll(() => t?.close());

  it('creates an organisation with its creator as admin; members join by invitation', async () => {
    const created = await call(ada, 'POST', '/auth/organizations', { name: '  Acme  ' });
    expect(created.statusCode, created.body).toBe(201);
    organization = created.json<Organization>();
    expect(organization).toMatchObject({ name: 'Acme', role: 'owner' });
    expect(organization.members).toEqual([
      { user_uuid: ada.userId, username: 'ada', role: 'owner' },
    ]);

    const joined = await joinOrganization(t.app, {
      admin: ada,
      member: bob,
      username: 'BOB',
      organizationId: organization.uuid,
    });
    expect(joined.members.map((member) => [member.username, member.role])).toEqual([
      ['ada', 'owner'],
      ['bob', 'developer'],
    ]);
    const bobs = (await call(bob, 'GET', '/auth/organizations')).json<Organization[]>();
    expect(bobs.map((entry) => [entry.name, entry.role])).toEqual([['Acme', 'developer']]);
    expect((await call(eve, 'GET', '/auth/organizations')).json()).toEqual([]);
  });

  it('lets only its admins add members, with plain refusals', async () => {
    const members = `/auth/organizations/${organization.uuid}/members`;
    const byMember = await call(bob, 'POST', members, { username: 'eve' });
    expect([byMember.statusCode, byMember.json().message]).toEqual([
      403,
      organizationMessages.adminOnly,
    ]);
    const byStranger = await call(eve, 'POST', members, { username: 'eve' });
    expect([byStranger.statusCode, byStranger.json().message]).toEqual([
      404,
      organizationMessages.notFound,
    ]);
    // An unknown name and a member already are answered as any invitation: nobody learns which.
    for (const username of ['nobody', 'bob']) {
      const answer = await call(ada, 'POST', members, { username });
      expect([answer.statusCode, answer.json()]).toEqual([
        202,
        { message: invitationMessages.sent },
      ]);
    }
    const badRole = await call(ada, 'POST', members, { username: 'eve', role: 'superuser' });
    expect([badRole.statusCode, badRole.json().errors]).toEqual([400, [organizationMessages.role]]);
  });

  it('shares one default smart cluster with the members, and no one else', async () => {
    const notAdmin = await call(
      bob,
      'POST',
      '/cluster/clusters',
      clusterBody('bobs', organization.uuid),
    );
    expect([notAdmin.statusCode, notAdmin.json().errors]).toEqual([
      400,
      [organizationMessages.notAdmin],
    ]);

    const created = await call(
      ada,
      'POST',
      '/cluster/clusters',
      clusterBody('acme-default', organization.uuid),
    );
    expect(created.statusCode, created.body).toBe(200);
    shared = created.json<SmartCluster>();
    expect(shared.default_shared_for_org_uuid).toBe(organization.uuid);
    await waitForStatus(t.app, ada, shared.uuid, ['success']);

    const second = await call(
      ada,
      'POST',
      '/cluster/clusters',
      clusterBody('acme-two', organization.uuid),
    );
    expect([second.statusCode, second.json().message]).toEqual([
      409,
      organizationMessages.defaultTaken,
    ]);

    expect((await smartClusters(t.app, bob)).map((cluster) => cluster.uuid)).toContain(shared.uuid);
    expect((await smartClusters(t.app, eve)).map((cluster) => cluster.uuid)).not.toContain(
      shared.uuid,
    );
    // The organisation's, not Ada's: a developer sees it but cannot change or delete it.
    const refusal = [403, organizationMessages.roleNeeded('admin', 'developer', 'Acme')];
    const renamed = await call(bob, 'PUT', `/cluster/clusters/${shared.uuid}`, {
      name: 'mine',
      isAppCreate: false,
    });
    expect([renamed.statusCode, renamed.json().message]).toEqual(refusal);
    const deleted = await call(bob, 'DELETE', `/cluster/clusters/shared/${shared.uuid}`);
    expect([deleted.statusCode, deleted.json().message]).toEqual(refusal);
    expect(shared.organization_uuid).toBe(organization.uuid);
    expect((await call(eve, 'DELETE', `/cluster/clusters/shared/${shared.uuid}`)).statusCode).toBe(
      404,
    );
  });

  it('deletes a shared smart cluster only through the shared call, by an admin of its organisation', async () => {
    const plain = await call(ada, 'DELETE', `/cluster/clusters/${shared.uuid}`);
    expect([plain.statusCode, plain.json().message]).toEqual([
      409,
      organizationMessages.deleteShared,
    ]);
    // An unshared one is not reachable through the shared call.
    const own = (
      await call(ada, 'POST', '/cluster/clusters', clusterBody('ada-own'))
    ).json<SmartCluster>();
    expect((await call(ada, 'DELETE', `/cluster/clusters/shared/${own.uuid}`)).statusCode).toBe(
      404,
    );

    // Bob, made admin, may delete it though Ada made it.
    await call(ada, 'DELETE', `/auth/organizations/${organization.uuid}/members/${bob.userId}`);
    await joinOrganization(t.app, {
      admin: ada,
      member: bob,
      username: 'bob',
      organizationId: organization.uuid,
      role: 'admin',
    });
    const deleted = await call(bob, 'DELETE', `/cluster/clusters/shared/${shared.uuid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await waitForStatus(t.app, ada, shared.uuid, ['deleted'])).toBe('deleted');
    // With it gone, the organisation may have a new default.
    const again = await call(
      ada,
      'POST',
      '/cluster/clusters',
      clusterBody('acme-next', organization.uuid),
    );
    expect(again.statusCode, again.body).toBe(200);
  });

  it('keeps an admin: the last one cannot leave, a member can', async () => {
    const members = `/auth/organizations/${organization.uuid}/members`;
    expect((await call(ada, 'DELETE', `${members}/${bob.userId}`)).statusCode).toBe(200);
    const last = await call(ada, 'DELETE', `${members}/${ada.userId}`);
    expect([last.statusCode, last.json().message]).toEqual([409, organizationMessages.lastOwner]);
    await joinOrganization(t.app, {
      admin: ada,
      member: eve,
      username: 'eve',
      organizationId: organization.uuid,
    });
    expect((await call(eve, 'DELETE', `${members}/${eve.userId}`)).statusCode).toBe(200);
    expect((await call(eve, 'GET', '/auth/organizations')).json()).toEqual([]);
    expect((await call(eve, 'DELETE', `${members}/${ada.userId}`)).statusCode).toBe(404);
  });
});

import type { App as AppEntity } from '@meridian/domain/apps/app-api';
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
  readySmartCluster,
} from '../../apps/app/app.test-support';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';

describe.each(databaseBackends())('scoped and expiring API keys on %s', (backend) => {
  let t: TestApp;
  let clock = new Date();
  let admin: LoggedIn;
  let app: AppEntity;

  async function newKey(payload: object): Promise<Record<string, string>> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: admin.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `ApiKey ${response.json().key}`, 'x-user-id': admin.userId };
  }

  const deleteApp = (headers: Record<string, string>) =>
    t.app.inject({ method: 'DELETE', url: `/meridian/v1/kube/apps/${app.uuid}`, headers });

  beforeAll(async () => {
    t = await createClusterTestApp(backend, {}, { now: () => clock });
    admin = await logIn(t.app);
    const cluster = await readySmartCluster(t, admin, ['ca-montreal'], 'scoped');
    const created = await createApp(t, admin, basicAppFields(cluster.uuid));
    expect(created.statusCode, created.body).toBe(200);
    app = created.json<AppEntity>();
  });
  afterAll(() => t?.close());

  it('lets a read key read and answers 403 with a sentence on any write', async () => {
    const read = await newKey({ name: 'reader', scopes: ['read'] });
    const list = await t.app.inject({
      method: 'GET',
      url: '/meridian/v1/kube/apps',
      headers: read,
    });
    expect(list.statusCode).toBe(200);
    for (const response of [
      await deleteApp(read),
      await t.app.inject({
        method: 'PUT',
        url: `/meridian/v1/kube/apps/${app.uuid}/deployment`,
        headers: read,
        payload: { cluster_uuids: [], image_name: 'nginx:1.28' },
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/^This API key may only read/);
    }
  });

  it('lets a deploy key create a version but not delete the app', async () => {
    const deploy = await newKey({ name: 'pipeline', scopes: ['deploy'] });
    const version = await addBasicVersion(t, deploy, app.uuid, 'v2', 'nginx:1.28');
    expect(version.name).toBe('v2');
    const refused = await deleteApp(deploy);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/only read and deploy/);
  });

  it('refuses an expired key with 401 and a sentence, and lists scopes, expiry and last use', async () => {
    const expiresAt = new Date(clock.getTime() + 60 * 60_000).toISOString();
    const key = await newKey({
      name: 'short-lived',
      scopes: ['read', 'deploy'],
      expires_at: expiresAt,
    });
    const session = () => t.app.inject({ method: 'GET', url: '/auth/session', headers: key });
    expect((await session()).statusCode).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/auth/api_key',
      headers: admin.headers,
    });
    expect(listed.json().keys).toContainEqual({
      name: 'short-lived',
      created_at: expect.any(String),
      scopes: ['read', 'deploy'],
      expires_at: expiresAt,
      last_used_at: clock.toISOString(),
      organization_uuid: null,
    });
    clock = new Date(clock.getTime() + 61 * 60_000);
    const expired = await session();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(
      `This API key expired on ${expiresAt}; create a new one on the API keys page`,
    );
  });

  it("accepts an organisation's uuid only from one of its members", async () => {
    const organization = await t.app.inject({
      method: 'POST',
      url: '/auth/organizations',
      headers: admin.headers,
      payload: { name: 'Release team' },
    });
    expect(organization.statusCode, organization.body).toBeLessThan(300);
    const organizationUuid: string = organization.json().uuid;
    await newKey({ name: 'team-key', organization_uuid: organizationUuid });
    const outsider = await addUser(t, admin, 'outsider');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/api_key',
      headers: outsider.headers,
      payload: { name: 'sneaky', organization_uuid: organizationUuid },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'You are not a member of this organisation' });
  });
});

import { randomUUID } from 'node:crypto';
import {
  credentialsMessages,
  type MonitoringPasswordRotated,
  type MonitoringSignInLink,
} from '@meridian/domain/clusters/cluster-credentials';
import type { Cluster } from '@meridian/domain/clusters/smart-cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp } from '../cluster/cluster.test-support';
import { mintTicket } from './monitoring-sign-in';
import { basic, monitoringPage, smartClusterWithPassword } from './monitoring.test-support';

describe.each(embeddedBackendOnly())(
  'signing into a monitoring page from the console on %s',
  (backend) => {
    let t: TestApp;
    let owner: LoggedIn;
    let stranger: LoggedIn;
    const passwords = { shop: 'shop-monitoring-pw-1', other: 'other-monitoring-pw-2' };
    let shopCluster: Cluster;
    let otherCluster: Cluster;
    let shopSmartCluster: string;

    beforeAll(async () => {
      t = await createClusterTestApp(backend);
      owner = await logIn(t.app);
      stranger = await addUser(t, owner, 'stranger');
      const shop = await smartClusterWithPassword(
        t,
        owner,
        'watched',
        'ca-montreal',
        passwords.shop,
      );
      shopCluster = shop.member;
      shopSmartCluster = shop.smart.uuid;
      otherCluster = (
        await smartClusterWithPassword(t, stranger, 'elsewhere', 'ca-toronto', passwords.other)
      ).member;
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    const signInLink = (user: LoggedIn, clusterId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/monitoring/clusters/${clusterId}/sign_in_link`,
        headers: user.headers,
      });
    const open = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    it('signs the owner in from the console with a link that opens once, no password asked', async () => {
      const minted = await signInLink(owner, shopCluster.uuid);
      expect(minted.statusCode).toBe(200);
      const { url, expires_at } = minted.json<MonitoringSignInLink>();
      expect(url).toMatch(
        new RegExp(`^/monitoring/clusters/${shopCluster.uuid}/sign_in\\?ticket=[A-Za-z0-9_-]{43}$`),
      );
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(50_000);
      expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(60_000);

      const signedIn = await open(url);
      expect(signedIn.statusCode).toBe(303);
      expect(signedIn.headers.location).toBe(
        `/monitoring/clusters/${shopCluster.uuid}/d/k8s-nodes/nodes?orgId=1&refresh=10s&var-node=All&kiosk=`,
      );
      const setCookie = String(signedIn.headers['set-cookie']);
      expect(setCookie).toMatch(
        new RegExp(
          `^meridian_monitoring=\\d+\\.[A-Za-z0-9_-]{43}; Path=/monitoring/clusters/${shopCluster.uuid}; Max-Age=43200; HttpOnly; SameSite=Lax$`,
        ),
      );
      const cookie = setCookie.split(';')[0]!;
      const shown = await open(signedIn.headers.location!, cookie);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('<h1>watched-ca-montreal</h1>');

      // Once: the same link again asks for nothing it can give, and says what to do instead.
      const again = await open(url);
      expect(again.statusCode).toBe(401);
      expect(again.headers['www-authenticate']).toBeUndefined();
      expect(again.body).toContain(credentialsMessages.signInLinkUsed);
      expect(again.headers['set-cookie']).toBeUndefined();
      // A browser signed in already is simply taken to the page.
      const reloaded = await open(url, cookie);
      expect(reloaded.statusCode).toBe(303);
      expect(reloaded.headers['set-cookie']).toBeUndefined();
      // The cookie is this page's alone; Basic auth with the password keeps working for others.
      expect(
        (await open(`/monitoring/clusters/${otherCluster.uuid}/d/k8s-nodes/nodes`, cookie))
          .statusCode,
      ).toBe(401);
      expect(
        (await open(`/monitoring/clusters/${shopCluster.uuid}/d/k8s-nodes/nodes`, `${cookie}x`))
          .statusCode,
      ).toBe(401);
      expect(
        (
          await monitoringPage(t, shopCluster.uuid, {
            authorization: basic('admin', passwords.shop),
          })
        ).statusCode,
      ).toBe(200);
    });

    it('mints links only for the clusters the caller sees, from a console session', async () => {
      // Another user's cluster is as absent as a missing one.
      expect((await signInLink(stranger, shopCluster.uuid)).statusCode).toBe(404);
      expect((await signInLink(owner, randomUUID())).statusCode).toBe(404);
      expect((await signInLink(owner, 'not-a-uuid')).statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/monitoring/clusters/${shopCluster.uuid}/sign_in_link`,
      });
      expect(anonymous.statusCode).toBe(401);
      const key = await t.app.inject({
        method: 'POST',
        url: '/auth/api_key',
        headers: owner.headers,
        payload: { name: 'ci' },
      });
      const apiKey = {
        authorization: `ApiKey ${key.json<{ key: string }>().key}`,
        'x-user-id': owner.userId,
      };
      const byKey = await t.app.inject({
        method: 'POST',
        url: `/monitoring/clusters/${shopCluster.uuid}/sign_in_link`,
        headers: apiKey,
      });
      expect(byKey.statusCode).toBe(403);
    });

    it('refuses a link past its minute, a made-up one, and one minted for another cluster', async () => {
      const expired = await mintTicket(
        t.database.db,
        shopCluster.uuid,
        new Date(Date.now() - 61_000),
      );
      const late = await open(
        `/monitoring/clusters/${shopCluster.uuid}/sign_in?ticket=${expired.ticket}`,
      );
      expect(late.statusCode).toBe(401);
      expect(late.body).toContain(credentialsMessages.signInLinkUsed);
      const madeUp = await open(
        `/monitoring/clusters/${shopCluster.uuid}/sign_in?ticket=${'a'.repeat(43)}`,
      );
      expect(madeUp.statusCode).toBe(401);
      expect((await open(`/monitoring/clusters/${shopCluster.uuid}/sign_in`)).statusCode).toBe(401);
      const { url } = (await signInLink(stranger, otherCluster.uuid)).json<MonitoringSignInLink>();
      const elsewhere = await open(url.replace(otherCluster.uuid, shopCluster.uuid));
      expect(elsewhere.statusCode).toBe(401);
      // Still good for its own cluster: the wrong one used nothing up.
      expect((await open(url)).statusCode).toBe(303);
      expect((await open(`/monitoring/clusters/${randomUUID()}/sign_in?ticket=x`)).statusCode).toBe(
        404,
      );
    });

    it('signs every page out when the password is rotated, and only the new one opens it', async () => {
      const { url } = (await signInLink(owner, shopCluster.uuid)).json<MonitoringSignInLink>();
      const cookie = String((await open(url)).headers['set-cookie']).split(';')[0]!;
      expect((await monitoringPage(t, shopCluster.uuid, { cookie })).statusCode).toBe(200);

      const rotated = await t.app.inject({
        method: 'POST',
        url: `/cluster/clusters/${shopSmartCluster}/monitoring_password`,
        headers: owner.headers,
      });
      expect(rotated.statusCode).toBe(200);
      const { username, password } = rotated.json<MonitoringPasswordRotated>();
      expect(username).toBe('admin');
      expect(password).toMatch(/^[A-Za-z0-9+/]{16}$/);
      expect((await monitoringPage(t, shopCluster.uuid, { cookie })).statusCode).toBe(401);
      const withOld = { authorization: basic('admin', passwords.shop) };
      expect((await monitoringPage(t, shopCluster.uuid, withOld)).statusCode).toBe(401);
      const withNew = { authorization: basic('admin', password) };
      expect((await monitoringPage(t, shopCluster.uuid, withNew)).statusCode).toBe(200);
    });
  },
);

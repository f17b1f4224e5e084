import { createHash, randomUUID } from 'node:crypto';
import type { App as AppEntity } from '@meridian/domain/apps/app-api';
import { monitoringUrl, type Cluster } from '@meridian/domain/clusters/smart-cluster';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  testAdmin,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { ClusterUnreachableError } from '../../../platform/drivers/infrastructure-driver';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  allSettled,
  basicAppFields,
  createApp,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { createClusterTestApp, waitForStatus } from '../cluster/cluster.test-support';
import { basic, smartClusterWithPassword as withPassword } from './monitoring.test-support';
import { clusters } from '../../../platform/db/schema/clusters';

/** Faults the tests switch on: a cluster API that cannot be reached, a cloud keeping no usage. */
const faults = { unreachable: false, noUsage: false };

/** The simulator, with the faults above in front of the two methods the page calls. */
function faultySimulator(simulator: SimulatorDriver): SimulatorDriver {
  return new Proxy(simulator, {
    get(target, key) {
      if (key === 'observeUsage' && faults.noUsage) return undefined;
      if (key === 'observeCluster' && faults.unreachable) {
        return async () => {
          throw new ClusterUnreachableError(
            'The cluster API at https://127.0.0.1:9 cannot be reached.',
          );
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe.each(embeddedBackendOnly())('the monitoring page on %s', (backend) => {
  let t: TestApp;
  let owner: LoggedIn;
  let stranger: LoggedIn;
  const passwords = { shop: 'shop-monitoring-pw-1', other: 'other-monitoring-pw-2' };
  let shopCluster: Cluster;
  let otherCluster: Cluster;

  const smartClusterWithPassword = (
    user: LoggedIn,
    name: string,
    datacenter: string,
    password: string,
  ) => withPassword(t, user, name, datacenter, password);

  const page = (clusterId: string, authorization?: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/monitoring/clusters/${clusterId}/d/k8s-nodes/nodes${query}`,
      headers: authorization ? { authorization } : {},
    });

  beforeAll(async () => {
    const simulator = new SimulatorDriver({ timeScale: 0, failDatacenters: [] });
    t = await createClusterTestApp(
      backend,
      { drivers: new Map([['simulator', faultySimulator(simulator)]]) },
      // A minute's wait once guesses pass the free ones, so the throttle test cannot outrun it.
      { auth: { loginThrottle: { firstDelayMs: 60_000 } } },
    );
    owner = await logIn(t.app);
    stranger = await addUser(t, owner, 'stranger');
    const shop = await smartClusterWithPassword(owner, 'watched', 'ca-montreal', passwords.shop);
    shopCluster = shop.member;
    otherCluster = (
      await smartClusterWithPassword(stranger, 'elsewhere', 'ca-toronto', passwords.other)
    ).member;
    const app = (
      await createApp(t, owner, basicAppFields(shop.smart.uuid, { name: 'shop' }))
    ).json<AppEntity>();
    const done = await waitForDeployments(t, owner, app.uuid, allSettled);
    expect(done.deployments.map((deployment) => deployment.status)).toEqual(['success']);
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  it('asks for the password with a Basic challenge and shows nothing of the cluster', async () => {
    for (const authorization of [
      undefined,
      basic('admin', 'not-the-password'),
      basic('root', passwords.shop),
      'Bearer something',
    ]) {
      const refused = await page(shopCluster.uuid, authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe(
        'Basic realm="Meridian monitoring", charset="UTF-8"',
      );
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).not.toContain('watched');
    }
  });

  it('opens one cluster with its own password only, whoever owns the other', async () => {
    expect((await page(otherCluster.uuid, basic('admin', passwords.shop))).statusCode).toBe(401);
    expect((await page(shopCluster.uuid, basic('admin', passwords.other))).statusCode).toBe(401);
    const other = await page(otherCluster.uuid, basic('admin', passwords.other));
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('elsewhere-ca-toronto');
    expect(other.body).not.toContain('watched');
  });

  it('answers 404 for an unknown, malformed or deleted cluster', async () => {
    expect((await page(randomUUID(), basic('admin', passwords.shop))).statusCode).toBe(404);
    expect((await page('not-a-uuid', basic('admin', passwords.shop))).statusCode).toBe(404);
    const gone = await smartClusterWithPassword(owner, 'gone', 'ca-toronto', 'gone-pw-3');
    expect((await page(gone.member.uuid, basic('admin', 'gone-pw-3'))).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/cluster/clusters/${gone.smart.uuid}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    await waitForStatus(t.app, owner, gone.smart.uuid, ['deleted']);
    const after = await page(gone.member.uuid, basic('admin', 'gone-pw-3'));
    expect(after.statusCode).toBe(404);
    expect(after.headers['www-authenticate']).toBeUndefined();
  });

  /** Says the member was created `ms` before now, as if it had run that long. */
  const createdAgo = (member: Cluster, ms: number) =>
    t.database.db
      .update(clusters)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(clusters.id, member.uuid));
  const chartPoints = (body: string) =>
    /<path class="line" d="M([^"]*)"/.exec(body)![1]!.split(' L').length;

  it('shows the usage of the cluster’s life only, when it is younger than the hour', async () => {
    await createdAgo(shopCluster, 20_000);
    const young = await page(shopCluster.uuid, basic('admin', passwords.shop));
    expect(young.body).toContain(
      'CPU and memory used since the cluster was created, less than a minute ago.',
    );
    expect(young.body).toMatch(/aria-label="CPU used by the cluster since the cluster was created/);
    expect(young.body).not.toContain('over the last hour');
    // Its axis in seconds; a minute's sample or none yet, said instead of a line.
    expect(young.body).toMatch(/>−2\d s</);
    expect(young.body).toMatch(
      /No sample in this window yet: one is taken every minute\.|One sample so far: the line starts/,
    );
    expect(young.body).not.toMatch(/<path class="line" d="M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){2,}"/);

    await createdAgo(shopCluster, 10 * 60_000);
    const tenMinutes = await page(shopCluster.uuid, basic('admin', passwords.shop));
    expect(tenMinutes.body).toContain('since the cluster was created, 10 min ago.');
    expect(chartPoints(tenMinutes.body)).toBeGreaterThanOrEqual(10);
    expect(chartPoints(tenMinutes.body)).toBeLessThanOrEqual(11);
    expect(tenMinutes.body).toContain('−10 min');
  });

  it('shows the cluster, its nodes, the app’s pods and an hour of CPU and memory', async () => {
    await createdAgo(shopCluster, 2 * 3_600_000);
    const shown = await page(shopCluster.uuid, basic('admin', passwords.shop));
    expect(shown.statusCode).toBe(200);
    const body = shown.body;
    expect(body).toContain('<h1>watched-ca-montreal</h1>');
    expect(body).toContain('Montréal');
    expect(body).toContain(`Kubernetes ${shopCluster.kube_version}`);
    // Two minions of the Mini flavor: two nodes as big as the flavor says, 2 vCPU and 4 GB.
    expect(body).toContain('<span>Mini nodes: 2 vCPU, 4 GB RAM each</span>');
    const [nodes = '', pods = ''] = body.split('<h2>Pods</h2>');
    const nodeRow = (name: string) =>
      new RegExp(
        `<td>${name}</td>[\\s\\S]*?<td class="number">2 vCPU</td>\\s*<td class="number">4 GiB</td>`,
      );
    expect([...nodes.matchAll(/<td>(node-\d)<\/td>/g)].map((match) => match[1])).toEqual([
      'node-1',
      'node-2',
    ]);
    expect(nodes).toMatch(nodeRow('node-1'));
    expect(nodes).toMatch(nodeRow('node-2'));
    expect(body).not.toContain('16 GiB');
    // Capacity in all: the two nodes together.
    expect(body).toMatch(/CPU capacity<\/div>\s*<div class="value">4 vCPU</);
    expect(body).toMatch(/Memory capacity<\/div>\s*<div class="value">8 GiB</);
    // The Deployment's two replicas, ready and running in the app's namespace.
    const running =
      /<td>shop<\/td>\s*<td>shop-[a-z0-9]{10}-[a-z0-9]{5}<\/td>\s*<td class="number">1\/1<\/td>\s*<td><span class="tag green">Running<\/span><\/td>\s*<td class="number">0<\/td>\s*<td>node-[12]<\/td>/g;
    expect([...pods.matchAll(running)]).toHaveLength(2);
    expect(body.match(/<svg\s+class="chart"/g)).toHaveLength(2);
    expect(body).toMatch(/<path class="line" d="M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){50,}"/);
    expect(body).toContain('CPU and memory used over the last hour.');
    expect(body).toContain('−60 min');
    expect(body).toContain('CPU used (vCPU)');
    expect(body).toContain('Memory used (GiB)');
  });

  it('loads nothing and runs nothing: a strict policy, its stylesheet allowed by hash', async () => {
    const shown = await page(shopCluster.uuid, basic('admin', passwords.shop));
    const policy = shown.headers['content-security-policy'];
    const style = /<style>([\s\S]*?)<\/style>/.exec(shown.body)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(policy).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(shown.headers['x-frame-options']).toBe('DENY');
    expect(shown.headers['referrer-policy']).toBe('no-referrer');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body).not.toMatch(/<script|\s(src|href)=|style="/);
  });

  it('refreshes and drops the header as the console’s link asks', async () => {
    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: owner.headers })
    ).json<Cluster[]>();
    const path = members.find((member) => member.uuid === shopCluster.uuid)!.monitoring_path!;
    expect(path).toBe(`/monitoring/clusters/${shopCluster.uuid}/d/k8s-nodes/nodes`);
    const link = new URL(monitoringUrl(path, 'http://localhost:8080'));
    const kiosk = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { authorization: basic('admin', passwords.shop) },
    });
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.body).toMatch(/<meta http-equiv="refresh" content="10" ?\/?>/);
    expect(kiosk.body).toContain('<body class="kiosk">');
    expect(kiosk.body).not.toContain('<header>');
    const plain = await page(shopCluster.uuid, basic('admin', passwords.shop));
    expect(plain.body).not.toContain('http-equiv="refresh"');
    expect(plain.body).toContain('<header>');
  });

  it('escapes a hostile cluster name everywhere it is shown', async () => {
    const hostile = `<img src=x onerror=alert(1)>"'&`;
    const { member } = await smartClusterWithPassword(owner, hostile, 'ca-toronto', 'hostile-pw-4');
    const shown = await page(member.uuid, basic('admin', 'hostile-pw-4'));
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain('<img');
    expect(shown.body).toContain(
      '<h1>&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;-ca-toronto</h1>',
    );
    expect(shown.body).toContain(
      '<title>&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;-ca-toronto · Monitoring',
    );
  });

  it('says so plainly when the cluster API cannot be reached, or keeps no usage history', async () => {
    faults.unreachable = true;
    try {
      const down = await page(shopCluster.uuid, basic('admin', passwords.shop));
      expect(down.statusCode).toBe(502);
      expect(down.body).toContain('The cluster API at https://127.0.0.1:9 cannot be reached.');
      expect(down.body).not.toMatch(/\bat .*\.ts:\d+|ECONNREFUSED|HTTP\/1/);
    } finally {
      faults.unreachable = false;
    }
    faults.noUsage = true;
    try {
      const noUsage = await page(shopCluster.uuid, basic('admin', passwords.shop));
      expect(noUsage.statusCode).toBe(200);
      expect(noUsage.body).toContain('This cluster’s API reports no usage history');
      expect(noUsage.body).not.toMatch(/<svg\s+class="chart"/);
      expect(noUsage.body).toMatch(/<td>shop-[a-z0-9]{10}-[a-z0-9]{5}<\/td>/);
    } finally {
      faults.noUsage = false;
    }
  });

  it('maps a link stored for the retired simulated monitoring host to this page', async () => {
    await t.database.db
      .update(clusters)
      .set({ monitoringPath: 'https://monitoring.ca-toronto.meridian.example/d/k8s-nodes/nodes' })
      .where(eq(clusters.id, otherCluster.uuid));
    const members = (
      await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: stranger.headers })
    ).json<Cluster[]>();
    expect(members.find((member) => member.uuid === otherCluster.uuid)!.monitoring_path).toBe(
      `/monitoring/clusters/${otherCluster.uuid}/d/k8s-nodes/nodes`,
    );
  });

  it('lets a page refresh all day without using up the address’s logins', async () => {
    // More page loads than the per-address limit of password checks (30 a minute).
    for (let i = 0; i < 35; i += 1) {
      const shown = await page(shopCluster.uuid, basic('admin', passwords.shop));
      expect(shown.statusCode).toBe(200);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: testAdmin.username, password: testAdmin.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('throttles password guesses like login does', async () => {
    // Three guesses are free, the fourth makes the next try wait.
    for (let i = 0; i < 4; i += 1) {
      const guess = await page(otherCluster.uuid, basic('admin', `guess-${i}`));
      expect(guess.statusCode).toBe(401);
    }
    const blocked = await page(otherCluster.uuid, basic('admin', passwords.other));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(blocked.body).toContain('Too many attempts — try again in');
    // Counted per cluster: guesses at one never hold another's page back.
    expect((await page(shopCluster.uuid, basic('admin', passwords.shop))).statusCode).toBe(200);
  });
});

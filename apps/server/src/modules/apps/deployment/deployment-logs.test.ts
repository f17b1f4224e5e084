import type { AddressInfo } from 'node:net';
import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import {
  logSocketEvents,
  type DeploymentLogs,
  type FollowLogsAck,
  type LogLinesMessage,
} from '@meridian/domain/apps/deployment-logs';
import { realtime as channel } from '@meridian/domain/events/notification-event';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatorDriver } from '../../../platform/drivers/simulator/simulator-driver';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../app/app.test-support';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';

const heatTemplate = `heat_template_version: 2018-08-31
parameters:
  keypair_name: {type: string}
  external_network_id: {type: string, default: public}
  flavor_id: {type: string}
  image_name: {type: string, default: debian-13}
  volume_type: {type: string}
resources:
  server:
    type: OS::Nova::Server
    properties:
      key_name: {get_param: keypair_name}
`;

interface Client {
  socket: ClientSocket;
  batches: LogLinesMessage[];
}

describe.each(embeddedBackendOnly())('deployment logs on %s', (backend) => {
  // Each simulated pod writes a line every 40 ms: following sees lines within the test's time.
  const simulator = new SimulatorDriver({ timeScale: 0, failDatacenters: [], logIntervalMs: 40 });
  const follows = { calls: 0, active: 0 };
  const followLogs = simulator.followLogs.bind(simulator);
  simulator.followLogs = async (...args) => {
    follows.calls += 1;
    follows.active += 1;
    try {
      return await followLogs(...args);
    } finally {
      follows.active -= 1;
    }
  };
  let t: TestApp;
  let url: string;
  let admin: LoggedIn;
  let bob: LoggedIn;
  let shop: Deployment[];
  let heat: Deployment;
  const clients: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createClusterTestApp(backend, { drivers: new Map([['simulator', simulator]]) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await logIn(t.app);
    bob = await addUser(t, admin, 'bob');
    const cluster = await readySmartCluster(t, admin, ['ca-montreal', 'ca-toronto'], 'logs');
    const created = await createApp(t, admin, basicAppFields(cluster.uuid));
    const app = await waitForDeployments(t, admin, created.json<AppEntity>().uuid, allSettled);
    shop = app.deployments;
    const site = await createApp(
      t,
      admin,
      {
        name: 'site',
        version_name: 'v1',
        smart_cluster_uuid: cluster.uuid,
        template_type: 'HEAT',
        flavor_name: 'small',
        volume_type: 'SSD',
      },
      { filename: 'site.yaml', content: heatTemplate },
    );
    expect(site.statusCode, site.body).toBe(200);
    const settledSite = await waitForDeployments(t, admin, site.json<AppEntity>().uuid, allSettled);
    heat = settledSite.deployments[0]!;
    // Let the pods write a few lines.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }, 90_000);
  afterEach(() => {
    for (const socket of clients.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t?.close();
  });

  const logsOf = (id: string, query = '', who: LoggedIn = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/meridian/v1/kube/apps/deployment/${id}/logs${query}`,
      headers: who.headers,
    });

  it('answers the last lines of its own location, oldest first, tail lines at most', async () => {
    const [first] = shop;
    expect(shop).toHaveLength(2);
    expect(shop.every((deployment) => deployment.status === 'success')).toBe(true);
    const response = await logsOf(first!.uuid, '?tail=5');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DeploymentLogs>();
    expect(body).toMatchObject({
      deployment_uuid: first!.uuid,
      location: first!.datacenter_name,
      datacenter_uuid: first!.datacenter_uuid,
    });
    expect(body.lines).toHaveLength(5);
    const times = body.lines.map((line) => line.at);
    expect(times).toEqual([...times].sort());
    expect(body.lines[0]).toEqual({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pod: expect.stringMatching(/^shop-/),
      container: 'shop',
      text: expect.stringMatching(/HTTP\/1\.1|\[error\]/),
    });
    const byDefault = await logsOf(first!.uuid);
    expect(byDefault.json<DeploymentLogs>().lines.length).toBeGreaterThan(5);
  });

  it('reads another location of the same version by name, any case, or datacenter uuid', async () => {
    const [first, second] = shop;
    const byName = await logsOf(first!.uuid, `?location=${second!.datacenter_name.toUpperCase()}`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json<DeploymentLogs>()).toMatchObject({
      deployment_uuid: first!.uuid,
      datacenter_uuid: second!.datacenter_uuid,
      location: second!.datacenter_name,
    });
    const byUuid = await logsOf(first!.uuid, `?location=${second!.datacenter_uuid}&tail=1`);
    expect(byUuid.json<DeploymentLogs>().lines).toHaveLength(1);
  });

  it('refuses a bad tail or an unknown location with a sentence', async () => {
    for (const tail of ['0', '5001', '2.5', 'many']) {
      const response = await logsOf(shop[0]!.uuid, `?tail=${tail}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('tail must be a whole number from 1 to 5000');
    }
    const unknown = await logsOf(shop[0]!.uuid, '?location=Atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('"Atlantis"');
  });

  it("answers 404 for another user's deployment and 400 for a Heat one", async () => {
    const other = await logsOf(shop[0]!.uuid, '', bob);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe('Deployment not found');
    expect((await logsOf('not-a-uuid')).statusCode).toBe(404);
    const stack = await logsOf(heat.uuid);
    expect(stack.statusCode).toBe(400);
    expect(stack.json<{ message: string }>().message).toBe(
      'Only Kubernetes deployments have pod logs',
    );
  });

  it('answers 503 in a sentence, never the driver’s detail, when the cluster cannot be read', async () => {
    const failing = vi
      .spyOn(simulator, 'readLogs')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:6443 <raw detail>'));
    const response = await logsOf(shop[0]!.uuid);
    failing.mockRestore();
    expect(response.statusCode).toBe(503);
    const { message } = response.json<{ message: string }>();
    expect(message).toBe(
      `The logs of ${shop[0]!.datacenter_name} cannot be read right now: its cluster API did not answer. Try again shortly.`,
    );
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  async function started(who: LoggedIn): Promise<Client> {
    const socket = connect(url, {
      path: channel.path,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    clients.push(socket);
    const client: Client = { socket, batches: [] };
    socket.on(logSocketEvents.lines, (batch: LogLinesMessage) => client.batches.push(batch));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    await socket.emitWithAck(channel.startEvent, {
      disablePortalEvents: true,
      token: who.token,
      userId: who.userId,
    });
    return client;
  }

  const follow = (client: Client, message: unknown): Promise<FollowLogsAck> =>
    client.socket.emitWithAck(logSocketEvents.follow, message);
  const linesOf = (client: Client, subscription: string) =>
    client.batches.filter((batch) => batch.subscription === subscription).flatMap((b) => b.lines);

  it('follows: the tail first, then new lines in batches, until unfollowed', async () => {
    const client = await started(admin);
    const ack = await follow(client, { deployment_uuid: shop[0]!.uuid, tail: 3 });
    expect(ack).toEqual({ ok: true, subscription: expect.any(String) });
    if (!ack.ok) return;
    await vi.waitFor(() => expect(linesOf(client, ack.subscription).length).toBeGreaterThan(8));
    const [tail] = client.batches;
    expect(tail?.lines).toHaveLength(3);
    const times = linesOf(client, ack.subscription).map((line) => line.at);
    expect(new Set(times).size).toBeGreaterThan(4);
    expect(await client.socket.emitWithAck(logSocketEvents.unfollow, ack)).toEqual({ ok: true });
    await vi.waitFor(() => expect(follows.active).toBe(0));
    const count = client.batches.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(client.batches.length).toBe(count);
  });

  it("refuses another user's deployment, a Heat one and a socket that has not started", async () => {
    const bobs = await started(bob);
    expect(await follow(bobs, { deployment_uuid: shop[0]!.uuid })).toEqual({
      ok: false,
      message: 'Deployment not found',
    });
    const mine = await started(admin);
    expect(await follow(mine, { deployment_uuid: heat.uuid })).toEqual({
      ok: false,
      message: 'Only Kubernetes deployments have pod logs',
    });
    expect(await follow(mine, { deployment_uuid: 'nope' })).toMatchObject({ ok: false });
    const stranger = connect(url, {
      path: channel.path,
      transports: ['websocket'],
      forceNew: true,
    });
    clients.push(stranger);
    await new Promise<void>((resolve) => stranger.once('connect', () => resolve()));
    expect(
      await stranger.emitWithAck(logSocketEvents.follow, { deployment_uuid: shop[0]!.uuid }),
    ).toEqual({ ok: false, message: 'Unauthorized' });
  });

  it('caps follows per socket', async () => {
    const client = await started(admin);
    for (let i = 0; i < 5; i++) {
      expect(await follow(client, { deployment_uuid: shop[0]!.uuid, tail: 1 })).toMatchObject({
        ok: true,
      });
    }
    const sixth = await follow(client, { deployment_uuid: shop[0]!.uuid, tail: 1 });
    expect(sixth).toMatchObject({ ok: false, message: expect.stringContaining('5 logs') });
  });

  it('shares one upstream among followers, and stops it when the last socket goes', async () => {
    await vi.waitFor(() => expect(follows.active).toBe(0));
    const before = follows.calls;
    const followers = await Promise.all(Array.from({ length: 6 }, () => started(admin)));
    const acks = await Promise.all(
      followers.map((client) => follow(client, { deployment_uuid: shop[1]!.uuid, tail: 1 })),
    );
    expect(acks.every((ack) => ack.ok)).toBe(true);
    await vi.waitFor(() => {
      for (const client of followers) expect(client.batches.length).toBeGreaterThan(2);
    });
    expect(follows.calls - before).toBe(1);
    expect(follows.active).toBe(1);
    for (const client of followers) client.socket.disconnect();
    await vi.waitFor(() => expect(follows.active).toBe(0));
  });
});

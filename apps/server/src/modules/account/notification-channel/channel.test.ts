import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Budget } from '@meridian/domain/billing/budget';
import type {
  ChannelDelivery,
  NotificationChannel,
  WebhookBody,
} from '@meridian/domain/events/notification-channel';
import {
  addUser,
  createTestApp,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createTestClock } from '../../../../test-support/test-clock';
import { waitFor } from '../../clusters/cluster/cluster.test-support';
import { datacenters } from '../../../platform/db/schema/clusters';
import { notificationDeliveries } from '../../../platform/db/schema/alerts';
import { openUsage } from '../billing/metering';
import { recordEvent } from '../event/event.service';

const hour = 3_600_000;

/** A loopback webhook receiver that fails its first request, then takes every one. */
async function startReceiver() {
  const received: { headers: http.IncomingHttpHeaders; raw: string }[] = [];
  let calls = 0;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      calls += 1;
      if (calls === 1) return void response.writeHead(500).end('busy');
      received.push({ headers: request.headers, raw });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => server.close() };
}

/** A loopback SMTP server keeping every message it is given. */
async function startSmtp() {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        messages.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => server.close() };
}

/** The verify helper docs/notification-channels.md gives receivers. */
function signatureMatches(secret: string, raw: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe.each(databaseBackends())('notification channels and budgets on %s', (backend) => {
  const clock = createTestClock(new Date('2030-01-15T09:00:00Z'));
  let t: TestApp;
  let strict: TestApp;
  let admin: LoggedIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    smtp = await startSmtp();
    const year = 365 * 24 * hour;
    t = await createTestApp(backend, {
      now: clock.now,
      auth: { sessionPolicy: { idleTimeoutMs: year, absoluteLifetimeMs: year } },
      alerts: { allowPrivateOutbound: true, smtpUrl: smtp.url, retryDelaysMs: [20, 20] },
    });
    // A host name that answers a public address when the channel is made and loopback later:
    // DNS rebinding, which the guard at connect time must catch.
    let lookups = 0;
    const rebinding = async () => (lookups++ === 0 ? ['8.8.8.8'] : ['127.0.0.1']);
    strict = await createTestApp(backend, { alerts: { resolve: rebinding } });
    admin = await logIn(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    receiver?.close();
    smtp?.close();
  });

  const call = (
    app: TestApp,
    user: LoggedIn,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  it('refuses bad channels with plain sentences, and private addresses without the switch', async () => {
    const user = await logIn(strict.app);
    const post = (payload: object) =>
      call(strict, user, 'POST', '/auth/notification_channels', payload);
    const http = await post({
      type: 'webhook',
      url: 'http://hooks.example.com/x',
      events: ['deployment_failed'],
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual([
      'The webhook URL must use https; http is allowed only when MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1 is set.',
    ]);
    const loopback = await post({
      type: 'webhook',
      url: 'https://127.0.0.1:9/x',
      events: ['deployment_failed'],
    });
    expect(loopback.statusCode).toBe(400);
    expect(loopback.json().errors).toEqual([
      'The webhook address 127.0.0.1 is a loopback address; Meridian connects to private or loopback addresses only when MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1 is set.',
    ]);
    const privateNet = await post({
      type: 'webhook',
      url: 'https://10.1.2.3/x',
      events: ['budget_threshold'],
    });
    expect(privateNet.json().errors[0]).toMatch(
      /^The webhook address 10\.1\.2\.3 is in a private network/,
    );
    const unknown = await post({
      type: 'webhook',
      url: 'https://8.8.8.8/x',
      events: ['everything'],
    });
    expect(unknown.json().errors).toEqual([
      'Events must be some of: rollout_halted, deployment_failed, smart_cluster_failed, certificate_expiring, budget_threshold, preview_ready.',
    ]);
    const email = await post({
      type: 'email',
      address: 'ops@example.com',
      events: ['budget_threshold'],
    });
    expect(email.json().errors).toEqual([
      'E-mail alerts need MERIDIAN_SMTP_URL set by the operator.',
    ]);
    const badAddress = await call(t, admin, 'POST', '/auth/notification_channels', {
      type: 'email',
      address: 'not-an-address',
      events: ['budget_threshold'],
    });
    expect(badAddress.json().errors).toEqual([
      'The e-mail address must be an e-mail address, such as ops@example.com.',
    ]);
  });

  it('checks the address again when it connects: a rebound name is refused, nothing is dialled', async () => {
    const user = await logIn(strict.app);
    const created = await call(strict, user, 'POST', '/auth/notification_channels', {
      type: 'webhook',
      url: 'https://rebind.example.com/hook',
      events: ['deployment_failed'],
    });
    expect(created.statusCode).toBe(200);
    const { uuid } = created.json<NotificationChannel>();
    await call(strict, user, 'POST', `/auth/notification_channels/${uuid}/test`);
    const [attempt] = await waitFor(
      async () => {
        const list = (
          await call(strict, user, 'GET', `/auth/notification_channels/${uuid}/deliveries`)
        ).json<ChannelDelivery[]>();
        return list.find((row) => row.status === 'failed')
          ? list.filter((row) => row.status === 'failed')
          : undefined;
      },
      { what: 'the refused attempt' },
    );
    expect(attempt!.error).toBe(
      'The webhook address 127.0.0.1, which rebind.example.com resolves to, is a loopback address; Meridian connects to private or loopback addresses only when MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1 is set.',
    );
  });

  it('sends a crossed budget threshold once, signed, retrying a failing receiver, and by e-mail', async () => {
    const created = await call(t, admin, 'POST', '/auth/notification_channels', {
      type: 'webhook',
      url: receiver.url,
      events: ['budget_threshold', 'deployment_failed'],
    });
    expect(created.statusCode).toBe(200);
    const hook = created.json<NotificationChannel>();
    expect(hook.signing_secret).toMatch(/^whsec_/);
    const mail = await call(t, admin, 'POST', '/auth/notification_channels', {
      type: 'email',
      address: 'ops@example.com',
      events: ['budget_threshold'],
    });
    expect(mail.json<NotificationChannel>()).toMatchObject({
      type: 'email',
      address: 'ops@example.com',
    });
    const listed = (await call(t, admin, 'GET', '/auth/notification_channels')).json<
      NotificationChannel[]
    >();
    expect(listed.map((channel) => channel.signing_secret)).toEqual([undefined, undefined]);

    // Nine hours of a two-node cluster this month: the metered cost the budget is measured against.
    const [dc] = await t.database.db.select().from(datacenters).limit(1);
    await t.database.db.transaction((tx) =>
      openUsage(tx, {
        userId: admin.userId,
        resourceId: '00000000-0000-4000-8000-00000000b0d9',
        resourceType: 'cluster',
        name: 'spend',
        description: 'spends',
        datacenter: dc!,
        flavor: Object.keys(dc!.flavorPrices)[0] as 'mini',
        quantity: 2,
        at: new Date(clock.now().getTime() - 9 * hour),
      }),
    );
    const before = (await call(t, admin, 'GET', '/billing/budget')).json<Budget>();
    expect(before).toMatchObject({ monthly_cad: null, thresholds: null, reached: [] });
    expect(before.spent_cad).toBeGreaterThan(0);
    // 60 % spent: the 50 % threshold is crossed, 80 % and 100 % are not.
    const monthly = Math.round((before.spent_cad / 0.6) * 100) / 100;
    const set = await call(t, admin, 'PUT', '/billing/budget', { monthly_cad: monthly });
    expect(set.statusCode).toBe(200);
    expect(set.json<Budget>()).toMatchObject({
      monthly_cad: monthly,
      thresholds: [50, 80, 100],
      reached: [50],
    });
    // Half the month gone in 14.375 days: the forecast doubles and more what is spent.
    expect(set.json<Budget>().forecast_cad).toBeGreaterThan(before.spent_cad * 2);
    // Set again: the threshold is remembered for the month, no second alert.
    await call(t, admin, 'PUT', '/billing/budget', {
      monthly_cad: monthly,
      thresholds: [50, 80, 100],
    });

    const delivered = await waitFor(async () => receiver.received[0], {
      what: 'the retried webhook',
    });
    const body = JSON.parse(delivered.raw) as WebhookBody;
    expect(body).toMatchObject({
      event: 'budget_threshold',
      event_type: 'BUDGET_THRESHOLD_REACHED',
      text: expect.stringMatching(/^Budget: 50 % of \$[\d.,]+ CAD reached this month\./),
    });
    expect(
      signatureMatches(
        hook.signing_secret!,
        delivered.raw,
        delivered.headers['x-meridian-signature'] as string,
      ),
    ).toBe(true);
    expect(Number(delivered.headers['x-meridian-timestamp'])).toBeGreaterThan(0);
    const attempts = await waitFor(
      async () => {
        const list = (
          await call(t, admin, 'GET', `/auth/notification_channels/${hook.uuid}/deliveries`)
        ).json<ChannelDelivery[]>();
        return list.length === 2 && list[0]!.status === 'delivered' ? list : undefined;
      },
      { what: 'two attempts' },
    );
    expect(attempts.map((a) => [a.attempt, a.status, a.response_code])).toEqual([
      [2, 'delivered', 204],
      [1, 'failed', 500],
    ]);
    expect(attempts[1]!.error).toBe('The receiver answered HTTP 500.');
    const message = await waitFor(async () => smtp.messages[0], { what: 'the e-mail' });
    expect(message).toContain(body.text.slice(0, 30));
    expect(message).toContain('To: ops@example.com');
    const events = await call(t, admin, 'GET', '/event/server/notifications');
    expect(JSON.stringify(events.json())).toContain('BUDGET_THRESHOLD_REACHED');
    expect(receiver.received).toHaveLength(1);

    // Another account sees none of it.
    const eve = await addUser(t, admin, 'eve');
    const theirs = await call(t, eve, 'GET', `/auth/notification_channels/${hook.uuid}/deliveries`);
    expect(theirs.statusCode).toBe(404);
    expect(
      (await call(t, eve, 'DELETE', `/auth/notification_channels/${hook.uuid}`)).statusCode,
    ).toBe(404);
    expect((await call(t, eve, 'GET', '/auth/notification_channels')).json()).toEqual([]);
  });

  it('sends a test alert, and nothing for a change that rolls back', async () => {
    const [hook] = (await call(t, admin, 'GET', '/auth/notification_channels')).json<
      NotificationChannel[]
    >();
    const test = await call(t, admin, 'POST', `/auth/notification_channels/${hook!.uuid}/test`);
    expect(test.json<ChannelDelivery>()).toMatchObject({
      event: 'test',
      attempt: 1,
      status: 'pending',
    });
    await waitFor(async () => receiver.received.find((r) => r.raw.includes('"event":"test"')), {
      what: 'the test',
    });

    const rows = async () => (await t.database.db.select().from(notificationDeliveries)).length;
    const count = await rows();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordEvent(tx, {
          userId: admin.userId,
          type: 'APP_DEPLOY_REJECTED',
          payload: { app_name: 'x' },
        });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows()).toBe(count);

    // An organisation's event goes to the organisation's channels, not to its members' own.
    const org = (
      await call(t, admin, 'POST', '/auth/organizations', { name: 'alerting-org' })
    ).json<{ uuid: string }>();
    const asOrg = { ...admin, headers: { ...admin.headers, 'x-organization-uuid': org.uuid } };
    const orgChannel = (
      await call(t, asOrg, 'POST', '/auth/notification_channels', {
        type: 'email',
        address: 'org-ops@example.com',
        events: ['deployment_failed'],
      })
    ).json<NotificationChannel>();
    expect((await call(t, admin, 'GET', '/auth/notification_channels')).json()).toHaveLength(2);
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        userId: org.uuid,
        type: 'APP_DEPLOY_REJECTED',
        payload: { app_name: 'shop' },
      }),
    );
    const orgMail = await waitFor(
      async () => smtp.messages.find((text) => text.includes('org-ops@example.com')),
      { what: 'the organisation e-mail' },
    );
    expect(orgMail).toContain('App "shop" deployment failed.');
    const orgDeliveries = (
      await call(t, asOrg, 'GET', `/auth/notification_channels/${orgChannel.uuid}/deliveries`)
    ).json<ChannelDelivery[]>();
    expect(orgDeliveries.map((row) => row.event)).toEqual(['deployment_failed']);
    expect(await rows()).toBe(count + 1);

    const changed = await call(t, admin, 'PUT', `/auth/notification_channels/${hook!.uuid}`, {
      events: ['rollout_halted'],
    });
    expect(changed.json<NotificationChannel>().events).toEqual(['rollout_halted']);
    expect(
      (await call(t, admin, 'DELETE', `/auth/notification_channels/${hook!.uuid}`)).statusCode,
    ).toBe(200);
  });
});

import { invitationLimits, invitationMessages } from '@meridian/domain/auth/invitation';
import { organizationMessages, type Organization } from '@meridian/domain/auth/organization';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { notificationCategories, notificationStatuses } from '@meridian/domain/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createTestClock } from '../../../../test-support/test-clock';
import { invitationsOf } from './organization.test-support';

describe.each(databaseBackends())('invitations to an organisation on %s', (backend) => {
  const clock = createTestClock();
  let t: TestApp;
  let admin: LoggedIn;
  let ada: LoggedIn;
  let bob: LoggedIn;
  let eve: LoggedIn;
  let acme: string;

  const call = (user: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const invite = (username: string, role?: string, by = ada, organizationId = acme) =>
    call(by, 'POST', `/auth/organizations/${organizationId}/members`, {
      username,
      ...(role ? { role } : {}),
    });
  const organizationsOf = async (user: LoggedIn) =>
    (await call(user, 'GET', '/auth/organizations')).json<Organization[]>();
  const newOrganization = async (user: LoggedIn, name: string) =>
    (await call(user, 'POST', '/auth/organizations', { name })).json<Organization>().uuid;
  const notificationsOf = async (user: LoggedIn) =>
    (await call(user, 'GET', '/event/server/notifications')).json<NotificationEvent[]>();

  beforeAll(async () => {
    // Sessions outlive the clock's jumps past an invitation's expiry.
    const month = 30 * 24 * 3_600_000;
    t = await createTestApp(backend, {
      now: clock.now,
      auth: { sessionPolicy: { idleTimeoutMs: month, absoluteLifetimeMs: month } },
    });
    admin = await logIn(t.app);
    ada = await addUser(t, admin, 'ada');
    bob = await addUser(t, admin, 'bob');
    eve = await addUser(t, admin, 'eve');
    acme = await newOrganization(ada, 'Acme');
  });
  afterAll(() => t?.close());

  it('answers the same for an unknown username, a user, a member and a repeat', async () => {
    const answers = [
      await invite('nobody-here'),
      await invite('BOB', 'admin'),
      await invite('ada'),
      await invite('bob'),
    ];
    for (const answer of answers) {
      expect([answer.statusCode, answer.json()]).toEqual([
        202,
        { message: invitationMessages.sent },
      ]);
      expect(answer.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }
    // An invitation is not membership.
    expect(await organizationsOf(bob)).toEqual([]);
    expect((await organizationsOf(ada))[0]!.members.map((member) => member.username)).toEqual([
      'ada',
    ]);
  });

  it('shows the invitee their invitation, once, in the list and as a notification', async () => {
    const invitations = await invitationsOf(t.app, bob);
    expect(invitations).toEqual([
      {
        uuid: expect.any(String),
        organization_uuid: acme,
        organization_name: 'Acme',
        // The repeat renewed it with the role it asked for.
        role: 'developer',
        invited_by: 'ada',
      },
    ]);
    const told = (await notificationsOf(bob)).filter(
      (event) => event.event_type === 'ORGANIZATION_INVITATION',
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: notificationCategories.ORGANIZATION,
      status: notificationStatuses.PENDING,
      is_notification: true,
      message: { title: '"ada" invited you to join organisation "Acme".' },
      payload: { organization_uuid: acme, organization_name: 'Acme', invited_by: 'ada' },
    });
    expect(await invitationsOf(t.app, eve)).toEqual([]);
    expect(await invitationsOf(t.app, ada)).toEqual([]);
  });

  it('lets only the invitee answer: anyone else gets 404', async () => {
    const [invitation] = await invitationsOf(t.app, bob);
    for (const action of ['accept', 'decline']) {
      const url = `/auth/invitations/${invitation!.uuid}/${action}`;
      for (const stranger of [eve, ada]) {
        const refused = await call(stranger, 'POST', url);
        expect([refused.statusCode, refused.json().message]).toEqual([
          404,
          invitationMessages.notFound,
        ]);
      }
    }
    expect((await call(bob, 'POST', '/auth/invitations/not-a-uuid/accept')).statusCode).toBe(404);
    expect(await organizationsOf(eve)).toEqual([]);
    expect(await invitationsOf(t.app, bob)).toHaveLength(1);
  });

  it('makes the invitee a member with the role offered when they accept, and only then', async () => {
    expect((await invite('eve', 'admin')).statusCode).toBe(202);
    const [invitation] = await invitationsOf(t.app, eve);
    expect(invitation).toMatchObject({ role: 'admin', organization_uuid: acme });
    const accepted = await call(eve, 'POST', `/auth/invitations/${invitation!.uuid}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Organization>()).toMatchObject({
      uuid: acme,
      name: 'Acme',
      role: 'admin',
    });
    expect((await organizationsOf(eve)).map((entry) => [entry.uuid, entry.role])).toEqual([
      [acme, 'admin'],
    ]);
    expect(await invitationsOf(t.app, eve)).toEqual([]);
    const again = await call(eve, 'POST', `/auth/invitations/${invitation!.uuid}/accept`);
    expect(again.statusCode).toBe(404);
  });

  it('removes a declined invitation without making a member', async () => {
    const [invitation] = await invitationsOf(t.app, bob);
    const declined = await call(bob, 'POST', `/auth/invitations/${invitation!.uuid}/decline`);
    expect([declined.statusCode, declined.json()]).toEqual([200, { status: 'success' }]);
    expect(await invitationsOf(t.app, bob)).toEqual([]);
    expect(await organizationsOf(bob)).toEqual([]);
    const twice = await call(bob, 'POST', `/auth/invitations/${invitation!.uuid}/decline`);
    expect(twice.statusCode).toBe(404);
  });

  it(`lets an invitation lapse after ${invitationLimits.expiryDays} days`, async () => {
    const globex = await newOrganization(ada, 'Globex');
    expect((await invite('bob', 'developer', ada, globex)).statusCode).toBe(202);
    const [invitation] = await invitationsOf(t.app, bob);
    clock.advance(invitationLimits.expiryDays * 24 * 3_600_000 - 60_000);
    expect(await invitationsOf(t.app, bob)).toHaveLength(1);
    clock.advance(60_000);
    expect(await invitationsOf(t.app, bob)).toEqual([]);
    const late = await call(bob, 'POST', `/auth/invitations/${invitation!.uuid}/accept`);
    expect(late.statusCode).toBe(404);
    expect(await organizationsOf(bob)).toEqual([]);

    // Invited again, the invitee is told again.
    const toldBefore = (await notificationsOf(bob)).length;
    expect((await invite('bob', 'developer', ada, globex)).statusCode).toBe(202);
    expect(await invitationsOf(t.app, bob)).toHaveLength(1);
    expect((await notificationsOf(bob)).length).toBe(toldBefore + 1);
  });

  it('refuses a stranger as if the organisation did not exist, and a bad role in words', async () => {
    const byMember = await call(bob, 'POST', `/auth/organizations/${acme}/members`, {
      username: 'ada',
    });
    expect(byMember.statusCode).toBe(404);
    const badRole = await invite('bob', 'superuser');
    expect([badRole.statusCode, badRole.json().errors]).toEqual([400, [organizationMessages.role]]);
  });

  it(`throttles an inviter to ${invitationLimits.perInviterPerHour} invitations an hour, known names or not`, async () => {
    const prober = await addUser(t, admin, 'prober');
    const own = await newOrganization(prober, 'Probe');
    const other = await newOrganization(prober, 'Probe two');
    for (let index = 0; index < invitationLimits.perInviterPerHour; index++) {
      const username = index % 2 === 0 ? `guess-${index}` : 'bob';
      // Spread over two organisations: the limit is the inviter's, not an organisation's.
      const answer = await invite(username, 'developer', prober, index < 10 ? own : other);
      expect(answer.statusCode, answer.body).toBe(202);
    }
    for (const username of ['guess-next', 'bob']) {
      const refused = await invite(username, 'developer', prober, own);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_500);
      expect(retryAfter).toBeLessThanOrEqual(3_600);
      expect(refused.json().message).toBe(invitationMessages.tooMany(retryAfter));
      expect(refused.json().message).toMatch(/^You have sent 20 invitations in the last hour/);
    }
    // Another inviter is not held back.
    expect((await invite('bob', 'developer', ada, acme)).statusCode).toBe(202);
  });

  it('answers an API key 403: invitations are answered from the console', async () => {
    const key = await call(bob, 'POST', '/auth/api_key', { name: 'ci' });
    const headers = { authorization: `ApiKey ${key.json().key}`, 'x-user-id': bob.userId };
    const listed = await t.app.inject({ method: 'GET', url: '/auth/invitations', headers });
    expect(listed.statusCode).toBe(403);
  });
});

import { dnsMessages, type Domain } from '@meridian/domain/domains/domain-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, query } from '../../../platform/dns/dns-answer-suite.test-support';
import { freePort } from '../../../platform/dns/powerdns-process.test-support';
import {
  addUser,
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import { findZoneConflicts } from './zone-store';
import { domains } from '../../../platform/db/schema/domains';

/** One account must never be able to change what DNS answers for another account's names. */
describe.each(embeddedBackendOnly())('DNS names across accounts on %s', (backend) => {
  let t: TestApp;
  let alice: LoggedIn;
  let bob: LoggedIn;
  let dns: { host: string; port: number };

  beforeAll(async () => {
    dns = { host: '127.0.0.1', port: await freePort() };
    t = await createClusterTestApp(backend, {}, { dns: { responder: dns } });
    alice = await logIn(t.app);
    bob = await addUser(t, alice, `bob-${backend}`);
  }, 60_000);
  afterAll(() => t?.close());

  const call = (user: LoggedIn, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/domain${url}`, headers: user.headers, payload });

  async function addDomain(user: LoggedIn, name: string): Promise<Domain> {
    const response = await call(user, 'POST', '/name', { domain_name: name });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Domain>();
  }

  const answerFor = async (name: string) => dataOf((await query(dns, 'udp', name, 'A')).answers);

  it("refuses a zone inside or above another account's zone, in words", async () => {
    const zone = await addDomain(alice, `alice-two-${backend}.ca`);
    const apex = zone.domain_name;
    const record = await call(alice, 'POST', '/dns/user', {
      domain_uuid: zone.uuid,
      domain: 'api',
      type: 'A',
      ttl: 60,
      content: '192.0.2.55',
    });
    expect(record.statusCode, record.body).toBe(200);
    await waitFor(async () => (await answerFor(`api.${apex}`)).includes('192.0.2.55'));

    for (const inside of [`api.${apex}`, `x.api.${apex}`]) {
      const refused = await call(bob, 'POST', '/name', { domain_name: inside });
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        dnsMessages.insideAnotherAccount,
      ]);
    }
    await addDomain(bob, `deep.bob-${backend}.ca`);
    const above = await call(alice, 'POST', '/name', { domain_name: `bob-${backend}.ca` });
    expect([above.statusCode, above.json().message]).toEqual([
      409,
      dnsMessages.aboveAnotherAccount,
    ]);
    // An account may split its own name space.
    await addDomain(alice, `team.${apex}`);
    // Whatever Bob tried, the name answers Alice's address.
    expect(await answerFor(`api.${apex}`)).toEqual(['192.0.2.55']);
  });

  it('lets only one of two accounts racing for nested names win', async () => {
    const parent = `race-${backend}.ca`;
    const answers = await Promise.all([
      call(alice, 'POST', '/name', { domain_name: `www.${parent}` }),
      call(bob, 'POST', '/name', { domain_name: parent }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('serves the older zone when stored zones of two accounts overlap, and reports it', async () => {
    const zone = await addDomain(alice, `older-${backend}.ca`);
    await call(alice, 'POST', '/dns/user', {
      domain_uuid: zone.uuid,
      domain: 'shop',
      type: 'A',
      ttl: 60,
      content: '192.0.2.10',
    });
    // As if stored before overlaps were refused: Bob's younger zone inside Alice's.
    const [inserted] = await t.database.db
      .insert(domains)
      .values({ userId: bob.userId, domainName: `shop.older-${backend}.ca`, status: 'success' })
      .returning();
    const bobs = inserted!;
    await call(bob, 'POST', '/dns/user', {
      domain_uuid: bobs.id,
      domain: '@',
      type: 'A',
      ttl: 60,
      content: '198.51.100.66',
    });
    // A later change of Alice's is served: the zones were rebuilt after Bob's record.
    await call(alice, 'POST', '/dns/user', {
      domain_uuid: zone.uuid,
      domain: 'later',
      type: 'A',
      ttl: 60,
      content: '192.0.2.11',
    });
    await waitFor(async () => (await answerFor(`later.older-${backend}.ca`)).length > 0);
    expect(await answerFor(`shop.older-${backend}.ca`)).toEqual(['192.0.2.10']);
    expect(await findZoneConflicts(t.database.db)).toContainEqual({
      dropped: `shop.older-${backend}.ca`,
      keptZone: `older-${backend}.ca`,
    });
    await t.database.db.delete(domains).where(eq(domains.id, bobs.id));
  });
});

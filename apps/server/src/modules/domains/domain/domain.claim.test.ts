import { createSocket, type Socket } from 'node:dgram';
import { dnsMessages, type Domain, type DnsRecord } from '@meridian/domain/domains/domain-api';
import type { RecordHistoryPage } from '@meridian/domain/domains/zone-api';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, query } from '../../../platform/dns/dns-answer-suite.test-support';
import { freePort } from '../../../platform/dns/powerdns-process.test-support';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';

/** The public DNS a claimant publishes in: a loopback server answering the TXT records given. */
async function startPublicDns(): Promise<{
  port: number;
  txt: Map<string, string>;
  socket: Socket;
}> {
  const txt = new Map<string, string>();
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const question = dnsPacket.decode(message).questions?.[0];
    if (!question) return;
    const value = question.type === 'TXT' ? txt.get(question.name.toLowerCase()) : undefined;
    const answer = dnsPacket.encode({
      type: 'response',
      id: dnsPacket.decode(message).id ?? 0,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE,
      questions: [question],
      answers: value ? [{ type: 'TXT', name: question.name, ttl: 60, data: value }] : [],
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, txt, socket };
}

/** Issue 38 item 3: a name another account holds changes hands only on DNS proof. */
describe.each(databaseBackends())('claiming a domain on %s', (backend) => {
  let t: TestApp;
  let alice: LoggedIn;
  let bob: LoggedIn;
  let publicDns: Awaited<ReturnType<typeof startPublicDns>>;
  let served: { host: string; port: number };

  beforeAll(async () => {
    publicDns = await startPublicDns();
    served = { host: '127.0.0.1', port: await freePort() };
    t = await createClusterTestApp(
      backend,
      {},
      {
        dns: {
          responder: served,
          verifyResolver: `127.0.0.1:${publicDns.port}`,
        },
      },
    );
    alice = await logIn(t.app);
    bob = await addUser(t, alice, `bob-claims-${backend}`);
  }, 60_000);
  afterAll(async () => {
    publicDns?.socket.close();
    await t?.close();
  });

  const call = (user: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const answerFor = async (name: string) => dataOf((await query(served, 'udp', name, 'A')).answers);

  it('refuses a claim without the proof, and moves the zone with it', async () => {
    const name = `claimed-${backend}.ca`;
    const added = await call(alice, 'POST', '/domain/name', { domain_name: name });
    const zone = added.json<Domain>();
    const record = await call(alice, 'POST', '/domain/dns/user', {
      domain_uuid: zone.uuid,
      domain: 'api',
      type: 'A',
      ttl: 60,
      content: '192.0.2.10',
    });
    expect(record.statusCode, record.body).toBe(200);
    await waitFor(async () => (await answerFor(`api.${name}`)).includes('192.0.2.10'));

    // Adding it answers 409 as before, with the record that would prove control: stable, Bob's own.
    const refused = await call(bob, 'POST', '/domain/name', { domain_name: name });
    expect(refused.statusCode).toBe(409);
    const { message, verification } = refused.json();
    expect(message).toBe(dnsMessages.domainTaken);
    expect(verification).toMatchObject({ type: 'TXT', name: `_meridian-challenge.${name}` });
    const again = await call(bob, 'POST', '/domain/name', { domain_name: name });
    expect(again.json().verification).toEqual(verification);
    const ownAgain = await call(alice, 'POST', '/domain/name', { domain_name: name });
    expect([ownAgain.statusCode, ownAgain.json().verification]).toEqual([409, undefined]);

    const claim = () => call(bob, 'POST', `/domain/name/${name}/claim`);
    const missing = await claim();
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toContain(
      `No TXT record was found at _meridian-challenge.${name}`,
    );
    publicDns.txt.set(verification.name, 'meridian-verify=not-bobs');
    const wrong = await claim();
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain('does not match');
    // Alice's proof would be a different value: it is bound to the caller.
    const aliceClaim = await call(alice, 'POST', `/domain/name/${name}/claim`);
    expect(aliceClaim.json().message).toBe('This domain is already yours');
    // A free name answers as a held one until the proof is there: a claim tells no one who holds what.
    const free = await call(bob, 'POST', `/domain/name/nobody-${backend}.ca/claim`);
    expect(free.statusCode).toBe(409);
    const freeProof = free.json().verification;
    publicDns.txt.set(freeProof.name, freeProof.value);
    const freeProven = await call(bob, 'POST', `/domain/name/nobody-${backend}.ca/claim`);
    expect([freeProven.statusCode, freeProven.json().message]).toEqual([
      404,
      `No account holds nobody-${backend}.ca: add it as a new domain instead of claiming it`,
    ]);
    expect(await answerFor(`api.${name}`)).toEqual(['192.0.2.10']);

    publicDns.txt.set(verification.name, verification.value);
    const claimed = await claim();
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<Domain>().uuid).toBe(zone.uuid);
    await expectMoved(zone, name);
  });

  async function expectMoved(zone: Domain, name: string): Promise<void> {
    const listOf = async (user: LoggedIn) =>
      (await call(user, 'GET', '/domain/name')).json<Domain[]>().map((domain) => domain.name);
    await waitFor(async () => {
      const [bobs] = (await call(bob, 'GET', '/domain/name')).json<Domain[]>();
      return bobs?.status === 'success';
    });
    expect(await listOf(alice)).not.toContain(name);
    expect(await listOf(bob)).toContain(name);
    const records = await call(bob, 'GET', `/domain/dns/user?domain_uuid=${zone.uuid}`);
    expect(records.json<DnsRecord[]>()).toEqual([]);
    await waitFor(async () => (await answerFor(`api.${name}`)).length === 0);

    const history = (
      await call(bob, 'GET', `/domain/name/${zone.uuid}/history`)
    ).json<RecordHistoryPage>();
    expect(history.items[0]).toMatchObject({
      action: 'claim',
      before: { domain: `api.${name}`, type: 'A', content: '192.0.2.10' },
      after: null,
    });
    const events = async (user: LoggedIn) =>
      (await call(user, 'GET', '/event/server/notifications?from=0&to=50'))
        .json<NotificationEvent[]>()
        .filter((event) => event.payload?.domain_name === name)
        .map((event) => event.event_type);
    expect(await events(alice)).toContain('DOMAIN_DELETE_FULFILLED');
    expect(await events(bob)).toContain('DOMAIN_CREATE_PENDING');
    const audit = async (user: LoggedIn) =>
      (await call(user, 'GET', '/auth/audit?action=domain.claim'))
        .json<{ items: { result: string; actor: { type: string } }[] }>()
        .items.filter((entry) => entry.result === 'success')
        .map((entry) => entry.actor.type);
    // The former holder's trail names Meridian; the claimant's, the claimant.
    expect(await audit(alice)).toEqual(['meridian']);
    expect(await audit(bob)).toEqual(['user']);
  }
});

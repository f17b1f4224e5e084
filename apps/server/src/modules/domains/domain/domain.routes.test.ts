import { randomUUID } from 'node:crypto';
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import type { App as AppEntity, Deployment } from '@meridian/domain/apps/app-api';
import {
  dnsMessages,
  type DnsRecord,
  type Domain,
  type Subdomain,
} from '@meridian/domain/domains/domain-api';
import { validationMessages } from '@meridian/domain/validation-messages';
import * as x509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';
import {
  allSettled,
  basicAppFields,
  createApp,
  readySmartCluster,
  waitForDeployments,
} from '../../apps/app/app.test-support';
import { loadZones } from './zone-store';
import { deployments } from '../../../platform/db/schema/apps';
import { events } from '../../../platform/db/schema/accounts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

describe.each(databaseBackends())('domains, records and deployment names on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  let other: LoggedIn;
  let domain: Domain;
  let deployment: Deployment;

  beforeAll(async () => {
    t = await createClusterTestApp(backend, {}, {});
    admin = await logIn(t.app);
    other = await addUser(t, admin, 'other');
    const smart = await readySmartCluster(t, admin, ['ca-montreal'], 'web');
    const app = (
      await createApp(t, admin, basicAppFields(smart.uuid, { name: 'shop' }))
    ).json<AppEntity>();
    deployment = (await waitForDeployments(t, admin, app.uuid, allSettled)).deployments[0]!;
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: LoggedIn,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  const listDomains = async (user: LoggedIn) =>
    (await call('GET', '/domain/name', user)).json<Domain[]>();

  it('adds a domain, served once published, with the two name servers', async () => {
    const response = await call('POST', '/domain/name', admin, {
      domain_name: ' Shop.Example.CA. ',
      email: 'ops@example.ca',
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<Domain>();
    expect(created).toMatchObject({ domain_name: 'shop.example.ca', status: 'creating' });
    expect(created.nameservers).toEqual(['ns1.meridian-dns.example', 'ns2.meridian-dns.example']);
    domain = await waitFor(
      async () =>
        (await listDomains(admin)).find(
          (item) => item.uuid === created.uuid && item.status === 'success',
        ),
      { what: 'the domain to be published' },
    );
    const types = (await t.database.db.select().from(events).where(eq(events.userId, admin.userId)))
      .filter((row) => row.payload.domain_name_uuid === created.uuid)
      .map((row) => row.eventType)
      .sort();
    expect(types).toEqual(['DOMAIN_CREATE_FULFILLED', 'DOMAIN_CREATE_PENDING']);
    expect((await call('GET', '/domain/nameservers', admin)).json()).toEqual({
      nameservers: ['ns1.meridian-dns.example', 'ns2.meridian-dns.example'],
    });
  });

  it('refuses a bad domain name or email, and a domain already added by anyone', async () => {
    const bad = await call('POST', '/domain/name', admin, { domain_name: 'not a domain' });
    expect(bad.json<{ errors: string[] }>().errors).toEqual([validationMessages.domain]);
    const noTld = await call('POST', '/domain/name', admin, { domain_name: 'localhost' });
    expect(noTld.statusCode).toBe(400);
    const email = await call('POST', '/domain/name', admin, {
      domain_name: 'ok.example.ca',
      email: 'nope',
    });
    expect(email.json<{ errors: string[] }>().errors).toEqual([validationMessages.email]);
    const taken = await call('POST', '/domain/name', other, { domain_name: 'shop.example.ca' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(dnsMessages.domainTaken);
  });

  it('creates, edits and deletes records with the spec rules', async () => {
    const create = (body: object) =>
      call('POST', '/domain/dns/user', admin, { domain_uuid: domain.uuid, ...body });
    const www = await create({ domain: 'www', type: 'A', content: '203.0.113.10' });
    expect(www.statusCode, www.body).toBe(200);
    expect(www.json<DnsRecord>()).toMatchObject({
      domain: 'www.shop.example.ca',
      ttl: 3600,
      type: 'A',
    });
    const apex = await create({
      domain: '@',
      type: 'MX',
      content: '10  Mail.Example.CA.',
      ttl: 600,
    });
    expect(apex.json<DnsRecord>()).toMatchObject({
      domain: 'shop.example.ca',
      content: '10 mail.example.ca',
    });
    expect(
      (await create({ domain: 'v6', type: 'AAAA', content: '2001:DB8::1' })).json<DnsRecord>()
        .content,
    ).toBe('2001:db8::1');
    expect((await create({ domain: '@', type: 'TXT', content: 'v=spf1 -all' })).statusCode).toBe(
      200,
    );

    const cases: [object, string][] = [
      [{ domain: 'x', type: 'A', content: '300.1.1.1' }, dnsMessages.ipv4],
      [{ domain: 'x', type: 'AAAA', content: '1.2.3.4' }, dnsMessages.ipv6],
      [{ domain: 'x', type: 'CNAME', content: 'not a host' }, validationMessages.domain],
      [{ domain: 'x', type: 'NS', content: '-bad-' }, validationMessages.domain],
      [{ domain: 'x', type: 'MX', content: 'mail.example.ca' }, dnsMessages.mxFormat],
      [{ domain: 'x', type: 'MX', content: '-1 mail.example.ca' }, dnsMessages.mxPriority],
      [{ domain: 'x', type: 'A', content: '203.0.113.1', ttl: -1 }, dnsMessages.ttl],
      [{ domain: '', type: 'A', content: '203.0.113.1' }, dnsMessages.host],
      [{ domain: 'x', type: 'A', content: '' }, validationMessages.required],
      [{ domain: '@', type: 'CNAME', content: 'elsewhere.example.ca' }, dnsMessages.apexCname],
      [
        { domain: 'www', type: 'CNAME', content: 'elsewhere.example.ca' },
        dnsMessages.cnameConflict,
      ],
      [{ domain: 'bad host!', type: 'A', content: '203.0.113.1' }, dnsMessages.hostPattern],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ errors: string[] }>().errors).toContain(message);
    }
    expect((await create({ domain: 'x', type: 'SRV', content: 'x' })).statusCode).toBe(400);

    const id = www.json<DnsRecord>().uuid;
    const edited = await call('PUT', `/domain/dns/user/${id}`, admin, {
      domain: 'www.shop.example.ca',
      ttl: 60,
      content: '203.0.113.11',
    });
    expect(edited.json<DnsRecord>()).toMatchObject({ content: '203.0.113.11', ttl: 60 });
    const retyped = await call('PUT', `/domain/dns/user/${id}`, admin, {
      domain: 'www',
      ttl: 60,
      content: 'x.example.ca',
      type: 'CNAME',
    });
    expect(retyped.json<{ errors: string[] }>().errors).toEqual([dnsMessages.typeFixed]);

    const listed = (await call('GET', `/domain/dns/user?domain_uuid=${domain.uuid}`, admin)).json<
      DnsRecord[]
    >();
    expect(listed.map((record) => record.type)).toEqual(['A', 'MX', 'AAAA', 'TXT']);
    const temporary = await create({ domain: 'tmp', type: 'TXT', content: 'delete me' });
    expect(
      (await call('DELETE', `/domain/dns/user/${temporary.json<DnsRecord>().uuid}`, admin)).json(),
    ).toEqual({
      status: 'success',
    });
  });

  it('refuses record values and names past the DNS wire limits, a 1 MB one included', async () => {
    const create = (body: object) =>
      call('POST', '/domain/dns/user', admin, { domain_uuid: domain.uuid, ...body });
    // About 1 MB of valid labels: accepted before the limits, then failed on every DNS query.
    const megabyte = `${'a'.repeat(62)}.`.repeat(16_000) + 'ca';
    // 300 characters in labels of 59: each label fits, the name does not.
    const longName = `${'b'.repeat(59)}.`.repeat(5) + 'ca';
    const cases: [object, string][] = [
      [{ domain: 'big', type: 'CNAME', content: megabyte }, dnsMessages.contentLength],
      [{ domain: 'big', type: 'NS', content: megabyte }, dnsMessages.contentLength],
      [{ domain: 'big', type: 'MX', content: `10 ${megabyte}` }, dnsMessages.contentLength],
      [{ domain: 'big', type: 'TXT', content: 'x'.repeat(4001) }, dnsMessages.contentLength],
      [{ domain: megabyte, type: 'A', content: '203.0.113.1' }, dnsMessages.nameLength],
      [{ domain: longName, type: 'A', content: '203.0.113.1' }, dnsMessages.nameLength],
      [{ domain: 'big', type: 'CNAME', content: longName }, dnsMessages.nameLength],
      [{ domain: 'big', type: 'MX', content: `10 ${longName}` }, dnsMessages.nameLength],
      [{ domain: 'big', type: 'NS', content: `${'c'.repeat(64)}.ca` }, dnsMessages.labelLength],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json<{ errors: string[] }>().errors).toEqual([message]);
    }
    expect(dnsMessages.nameLength).toBe('A name must be at most 253 characters');

    const longest = await create({ domain: 'dkim', type: 'TXT', content: 'y'.repeat(4000) });
    expect(longest.statusCode, longest.body).toBe(200);
    const id = longest.json<DnsRecord>().uuid;
    const edit = (body: object) =>
      call('PUT', `/domain/dns/user/${id}`, admin, { domain: 'dkim', ttl: 60, ...body });
    const huge = await edit({ content: megabyte });
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ errors: string[] }>().errors).toEqual([dnsMessages.contentLength]);
    const renamed = await edit({ domain: longName, content: 'fine' });
    expect(renamed.json<{ errors: string[] }>().errors).toEqual([dnsMessages.nameLength]);
    expect((await call('DELETE', `/domain/dns/user/${id}`, admin)).statusCode).toBe(200);
  });

  it('points deployment domain names at the load-balancer address, under the user’s own domains only', async () => {
    const url = `/domain/dns/user/entries/deployments/${deployment.uuid}`;
    const outside = await call('PUT', url, admin, { domain_names: ['shop.elsewhere.ca'] });
    expect(outside.json<{ errors: string[] }>().errors).toEqual([validationMessages.rootDomain]);
    const blank = await call('PUT', url, admin, { domain_names: ['   '] });
    expect(blank.json<{ errors: string[] }>().errors).toEqual([
      validationMessages.smartClusterAppDomains,
    ]);

    const response = await call('PUT', url, admin, {
      domain_names: ['Store.Shop.Example.CA', 'store.shop.example.ca', 'shop.example.ca'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Deployment>()).toMatchObject({
      status: 'pending',
      domain_names: ['store.shop.example.ca', 'shop.example.ca'],
    });
    await waitFor(
      async () => {
        const app = (await call('GET', '/meridian/v1/kube/apps', admin)).json<AppEntity[]>()[0]!;
        return app.deployments[0]!.status === 'success' ? app : undefined;
      },
      { what: 'the names to be published' },
    );

    const zones = await loadZones(t.database.db);
    const zone = zones.find((item) => item.apex === 'shop.example.ca')!;
    expect(zone.records).toEqual(
      expect.arrayContaining([
        { name: 'store.shop.example.ca', type: 'A', ttl: 300, content: deployment.endpoint },
        { name: 'www.shop.example.ca', type: 'A', ttl: 60, content: '203.0.113.11' },
      ]),
    );
    const subdomains = (await call('GET', `/domain/name/${domain.uuid}/subdomains`, admin)).json<
      Subdomain[]
    >();
    expect(subdomains.map((item) => item.subdomain).sort()).toEqual([
      'shop.example.ca',
      'store.shop.example.ca',
    ]);
    expect((await listDomains(admin))[0]!.subdomains.length).toBeGreaterThan(0);
    const byVersion = await call(
      'GET',
      `/domain/dns/user/versions/${deployment.version_uuid}/smart_clusters/${deployment.smart_cluster_uuid}`,
      admin,
    );
    expect(byVersion.json()).toEqual({
      [deployment.smart_cluster_uuid]: expect.arrayContaining(['shop.example.ca']),
    });

    const refused = await call('DELETE', `/domain/name/${domain.uuid}`, admin);
    expect(refused.statusCode).toBe(409);
    // The refusal names the deployments that use it, and the way out.
    expect(refused.json<{ message: string }>().message).toMatch(
      /^shop\.example\.ca is still used by 1 deployment: \S+ \(v1, Montréal\)\. Remove their names under it first, or delete the domain together with them\.$/,
    );

    // Names cannot change while the deployment is pending (spec "States and transitions").
    await t.database.db
      .update(deployments)
      .set({ status: 'pending' })
      .where(eq(deployments.id, deployment.uuid));
    const busy = await call('PUT', url, admin, { domain_names: ['shop.example.ca'] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ message: string }>().message).toBe(dnsMessages.deploymentPending);
    await t.database.db
      .update(deployments)
      .set({ status: 'success' })
      .where(eq(deployments.id, deployment.uuid));
  });

  it('issues a real certificate for the domain names and serves its chain', async () => {
    const enabled = await call('POST', `/certificate/deployments/${deployment.uuid}`, admin);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json<Deployment>().certificate_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const download = await call('GET', `/certificate/deployments/${deployment.uuid}/pem`, admin);
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename=store.shop.example.ca.pem',
    );
    const [leafPem, caPem] = download.body.split(/(?<=-----END CERTIFICATE-----)\n+/);
    const leaf = new x509.X509Certificate(leafPem!);
    const authority = new x509.X509Certificate(caPem!);
    const names = leaf
      .getExtension(x509.SubjectAlternativeNameExtension)!
      .names.items.map((item) => item.value);
    expect(names.sort()).toEqual(['shop.example.ca', 'store.shop.example.ca']);
    expect(await leaf.verify({ publicKey: authority.publicKey, signatureOnly: true })).toBe(true);
    expect(download.body).not.toContain('PRIVATE KEY');
    // Its lifecycle, on the deployment and on the domain (issue 38).
    const expected = {
      uuid: enabled.json<Deployment>().certificate_uuid,
      issuer: leaf.issuer,
      not_before: leaf.notBefore.toISOString(),
      not_after: leaf.notAfter.toISOString(),
      status: 'valid',
      last_error: null,
    };
    expect((await call('GET', '/certificate/authority', admin)).json()).toEqual({ kind: 'local' });
    const read = await call('GET', `/certificate/deployments/${deployment.uuid}`, admin);
    expect(read.json()).toMatchObject(expected);
    const listed = await call('GET', `/certificate/domains/${domain.uuid}`, admin);
    expect(listed.json()).toEqual([expect.objectContaining(expected)]);
  });

  it("answers 404 for another user's domains, records, deployments and certificates", async () => {
    const [record] = (await call('GET', `/domain/dns/user?domain_uuid=${domain.uuid}`, admin)).json<
      DnsRecord[]
    >();
    expect(await listDomains(other)).toEqual([]);
    const attempts = [
      call('DELETE', `/domain/name/${domain.uuid}`, other),
      call('GET', `/domain/name/${domain.uuid}/subdomains`, other),
      call('GET', `/domain/dns/user?domain_uuid=${domain.uuid}`, other),
      call('POST', '/domain/dns/user', other, {
        domain_uuid: domain.uuid,
        domain: 'x',
        type: 'A',
        content: '203.0.113.1',
      }),
      call('PUT', `/domain/dns/user/${record!.uuid}`, other, {
        domain: 'x',
        ttl: 1,
        content: '203.0.113.1',
      }),
      call('DELETE', `/domain/dns/user/${record!.uuid}`, other),
      call('PUT', `/domain/dns/user/entries/deployments/${deployment.uuid}`, other, {
        domain_names: ['a.example.ca'],
      }),
      call('POST', `/certificate/deployments/${deployment.uuid}`, other),
      call('GET', `/certificate/deployments/${deployment.uuid}/pem`, other),
      call('GET', `/certificate/deployments/${deployment.uuid}`, other),
      call('GET', `/certificate/domains/${domain.uuid}`, other),
      call('GET', '/domain/name/not-a-uuid/subdomains', other),
      call(
        'GET',
        `/domain/dns/user/versions/${deployment.version_uuid}/smart_clusters/${deployment.smart_cluster_uuid}`,
        other,
      ),
      call(
        'GET',
        `/domain/dns/user/versions/${randomUUID()}/smart_clusters/${randomUUID()}`,
        admin,
      ),
    ];
    for (const response of await Promise.all(attempts))
      expect(response.statusCode, response.body).toBe(404);
  });

  it('deletes a domain once no deployment uses names under it', async () => {
    const created = (
      await call('POST', '/domain/name', admin, { domain_name: 'spare.example.ca' })
    ).json<Domain>();
    await waitFor(
      async () =>
        (await listDomains(admin)).find(
          (item) => item.uuid === created.uuid && item.status === 'success',
        ),
      {
        what: 'spare domain',
      },
    );
    expect((await call('DELETE', `/domain/name/${created.uuid}`, admin)).json()).toEqual({
      status: 'deleting',
    });
    await waitFor(
      async () => !(await listDomains(admin)).some((item) => item.uuid === created.uuid),
      {
        what: 'spare domain deletion',
      },
    );
    expect((await loadZones(t.database.db)).some((zone) => zone.apex === 'spare.example.ca')).toBe(
      false,
    );
  });

  it('deletes a domain together with the names deployments use under it, in one step', async () => {
    const created = (
      await call('POST', '/domain/name', admin, { domain_name: 'extra.example.ca' })
    ).json<Domain>();
    await waitFor(
      async () =>
        (await listDomains(admin)).find(
          (item) => item.uuid === created.uuid && item.status === 'success',
        ),
      { what: 'extra domain' },
    );
    const url = `/domain/dns/user/entries/deployments/${deployment.uuid}`;
    const named = await call('PUT', url, admin, {
      domain_names: ['store.shop.example.ca', 'www.extra.example.ca'],
    });
    expect(named.statusCode, named.body).toBe(200);
    const current = async () =>
      (await call('GET', '/meridian/v1/kube/apps', admin))
        .json<AppEntity[]>()
        .flatMap((app) => app.deployments)
        .find((item) => item.uuid === deployment.uuid)!;
    await waitFor(async () => (await current()).status === 'success', { what: 'the names' });

    expect((await call('DELETE', `/domain/name/${created.uuid}`, admin)).statusCode).toBe(409);
    const released = await call('DELETE', `/domain/name/${created.uuid}?release_names=true`, admin);
    expect(released.json()).toEqual({ status: 'deleting' });
    // Only the names under the deleted domain go; the deployment keeps running as it was.
    expect(await current()).toMatchObject({
      status: 'success',
      domain_names: ['store.shop.example.ca'],
    });
    await waitFor(
      async () => !(await listDomains(admin)).some((item) => item.uuid === created.uuid),
      { what: 'extra domain deletion' },
    );
    const bad = await call('DELETE', `/domain/name/${domain.uuid}?release_names=maybe`, admin);
    expect(bad.statusCode).toBe(400);
  });
});

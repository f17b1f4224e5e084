import { recordHost, type DnsRecord, type Domain } from '@meridian/domain/domains/domain-api';
import type { RecordHistoryPage, ZoneImportResult } from '@meridian/domain/domains/zone-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp } from '../../clusters/cluster/cluster.test-support';

const records = [
  { domain: '@', type: 'A', content: '192.0.2.1', ttl: 300 },
  { domain: 'www', type: 'AAAA', content: '2001:db8::1', ttl: 3600 },
  { domain: 'docs', type: 'CNAME', content: 'pages.example.net', ttl: 600 },
  { domain: '@', type: 'MX', content: '10 mail.example.net', ttl: 3600 },
  { domain: '@', type: 'TXT', content: 'v=spf1 include:"x" \\ -all', ttl: 3600 },
  { domain: 'lab', type: 'NS', content: 'ns.lab-host.example', ttl: 3600 },
] as const;

/** Issue 38 item 4: zones out and in, all or nothing, and the record history. */
describe.each(databaseBackends())('zone files on %s', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    admin = await logIn(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const addDomain = async (name: string) =>
    (await call('POST', '/domain/name', { domain_name: name })).json<Domain>();
  const recordsOf = async (domain: Domain) =>
    (await call('GET', `/domain/dns/user?domain_uuid=${domain.uuid}`))
      .json<DnsRecord[]>()
      .map((record) => ({ ...record, domain: recordHost(record.domain, domain.name) }))
      .map(({ domain, type, content, ttl }) => ({ domain, type, content, ttl }))
      .sort((a, b) => `${a.domain} ${a.type}`.localeCompare(`${b.domain} ${b.type}`));
  const importZone = (domain: Domain, text: string, mode: 'merge' | 'replace') =>
    call('POST', `/domain/name/${domain.uuid}/zone`, { text, mode });

  it('exports a zone that imports into another domain record for record', async () => {
    const source = await addDomain(`zone-source-${backend}.ca`);
    for (const record of records) {
      const created = await call('POST', '/domain/dns/user', {
        domain_uuid: source.uuid,
        ...record,
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const exported = await call('GET', `/domain/name/${source.uuid}/zone`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/dns/);
    expect(exported.body).toContain(`SOA\tns1.meridian-dns.example.`);

    const target = await addDomain(`zone-target-${backend}.ca`);
    await call('POST', '/domain/dns/user', {
      domain_uuid: target.uuid,
      domain: 'old',
      type: 'A',
      content: '198.51.100.9',
      ttl: 60,
    });
    const imported = await importZone(target, exported.body, 'replace');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<ZoneImportResult>()).toEqual({
      mode: 'replace',
      created: records.length,
      deleted: 1,
      unchanged: 0,
      // Meridian's SOA and two NS.
      skipped: 3,
    });
    expect(await recordsOf(target)).toEqual(await recordsOf(source));
    // Merging the same file again changes nothing.
    const merged = (await importZone(target, exported.body, 'merge')).json<ZoneImportResult>();
    expect([merged.created, merged.unchanged]).toEqual([0, records.length]);
  });

  it('imports all or nothing, naming the lines at fault, over JSON, upload or text', async () => {
    const domain = await addDomain(`zone-errors-${backend}.ca`);
    const broken = [
      '$TTL 1h',
      'ok      IN A     192.0.2.7',
      'srv     IN SRV   0 5 5060 sip.example.net.',
      'bad     IN A     192.0.2.300',
      'out.example.org. IN A 192.0.2.8',
      'txt     IN TXT   "never closed',
    ].join('\n');
    const refused = await importZone(domain, broken, 'merge');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.stringMatching(/^Line 6: /)]);
    const refusedAgain = await importZone(
      domain,
      broken.split('\n').slice(0, 5).join('\n'),
      'merge',
    );
    expect(refusedAgain.json().errors).toEqual([
      'Line 3: type SRV is not supported (NS, A, CNAME, MX, TXT, AAAA)',
      'Line 4: Please provide a valid IPv4 address',
      'Line 5: out.example.org is outside ' + domain.name,
    ]);
    expect(await recordsOf(domain)).toEqual([]);
    const clash = await importZone(domain, 'a IN A 192.0.2.1\na IN CNAME b.example.net.', 'merge');
    expect(clash.json().errors).toEqual([
      'Line 1: A CNAME cannot share its name with other records',
      'Line 2: A CNAME cannot share its name with other records',
    ]);
    expect(await recordsOf(domain)).toEqual([]);

    const boundary = 'zone-boundary';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="mode"\r\n\r\nmerge\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="z.zone"\r\nContent-Type: text/dns\r\n\r\n`,
      'api 120 IN A 192.0.2.20\r\n',
      `--${boundary}--\r\n`,
    ].join('');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/domain/name/${domain.uuid}/zone`,
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const text = await t.app.inject({
      method: 'POST',
      url: `/domain/name/${domain.uuid}/zone?mode=merge`,
      headers: { ...admin.headers, 'content-type': 'text/dns' },
      payload: 'www IN CNAME api',
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(await recordsOf(domain)).toEqual([
      { domain: 'api', type: 'A', content: '192.0.2.20', ttl: 120 },
      { domain: 'www', type: 'CNAME', content: `api.${domain.name}`, ttl: 3600 },
    ]);
    const huge = await importZone(domain, `; ${'x'.repeat(300 * 1024)}`, 'merge');
    expect(huge.statusCode).toBe(413);
  });

  it('keeps who changed which record, before and after', async () => {
    const domain = await addDomain(`zone-history-${backend}.ca`);
    const created = await call('POST', '/domain/dns/user', {
      domain_uuid: domain.uuid,
      domain: 'api',
      type: 'A',
      content: '192.0.2.1',
      ttl: 60,
    });
    const id = created.json<DnsRecord>().uuid;
    await call('PUT', `/domain/dns/user/${id}`, { domain: 'api', content: '192.0.2.2', ttl: 60 });
    await call('DELETE', `/domain/dns/user/${id}`);
    await importZone(domain, 'www IN A 192.0.2.3', 'merge');
    const page = (
      await call('GET', `/domain/name/${domain.uuid}/history?limit=10`)
    ).json<RecordHistoryPage>();
    expect(page.total).toBe(4);
    const name = `api.${domain.name}`;
    expect(
      page.items.map(({ actor, action, before, after }) => [
        actor.name,
        action,
        before?.content ?? null,
        after?.content ?? null,
      ]),
    ).toEqual([
      ['admin', 'import', null, '192.0.2.3'],
      ['admin', 'delete', '192.0.2.2', null],
      ['admin', 'update', '192.0.2.1', '192.0.2.2'],
      ['admin', 'create', null, '192.0.2.1'],
    ]);
    expect(page.items[1]!.before).toEqual({
      domain: name,
      type: 'A',
      content: '192.0.2.2',
      ttl: 60,
    });
  });
});

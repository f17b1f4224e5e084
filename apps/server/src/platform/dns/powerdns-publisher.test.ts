import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryZoneSource,
  dataOf,
  describeDnsAnswers,
  query,
  suiteAuthority,
  suiteZones,
} from './dns-answer-suite.test-support';
import {
  desiredRRsets,
  meridianAccount,
  quoteTxt,
  startPowerDnsPublisher,
  type PowerDnsPublisher,
} from './powerdns-publisher';
import {
  freePort,
  pdnsInstalled,
  pdnsServer,
  sqliteSchema,
  startPowerDns,
  type PowerDns,
} from './powerdns-process.test-support';

const host = '127.0.0.1';
const apiKey = 'meridian-test-key';

describe('PowerDNS content', () => {
  it('quotes TXT, escaping and splitting at 255 bytes', () => {
    expect(quoteTxt('v=spf1 -all')).toBe('"v=spf1 -all"');
    expect(quoteTxt('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
    expect(quoteTxt('é')).toBe('"\\195\\169"');
    expect(quoteTxt('')).toBe('""');
    expect(quoteTxt('x'.repeat(300))).toBe(`"${'x'.repeat(255)}" "${'x'.repeat(45)}"`);
  });

  it('groups records into rrsets with dotted names, SOA and the fixed NS', () => {
    const rrsets = desiredRRsets(
      {
        apex: 'example.ca',
        serial: 7,
        records: [
          { name: 'example.ca', type: 'MX', ttl: 300, content: '10 mail.example.ca' },
          { name: 'example.ca', type: 'NS', ttl: 300, content: 'ignored.example' },
          { name: 'www.example.ca', type: 'A', ttl: 60, content: '192.0.2.1' },
          { name: 'www.example.ca', type: 'A', ttl: 30, content: '192.0.2.2' },
          { name: 'other.test', type: 'A', ttl: 60, content: '192.0.2.3' },
        ],
      },
      suiteAuthority,
    );
    expect([...rrsets.keys()].sort()).toEqual([
      'example.ca.|MX',
      'example.ca.|NS',
      'example.ca.|SOA',
      'www.example.ca.|A',
    ]);
    expect(rrsets.get('example.ca.|SOA')!.records[0]!.content).toBe(
      'ns1.meridian-dns.example. hostmaster.meridian-dns.example. 7 10800 3600 604800 300',
    );
    expect(rrsets.get('example.ca.|NS')!.records.map((r) => r.content)).toEqual([
      'ns1.meridian-dns.example.',
      'ns2.meridian-dns.example.',
    ]);
    expect(rrsets.get('example.ca.|MX')!.records[0]!.content).toBe('10 mail.example.ca.');
    expect(rrsets.get('www.example.ca.|A')).toMatchObject({ ttl: 30 });
  });
});

async function listZones(apiUrl: string): Promise<{ name: string; account: string }[]> {
  const response = await fetch(`${apiUrl}/api/v1/servers/localhost/zones`, {
    headers: { 'X-API-Key': apiKey },
  });
  return (await response.json()) as { name: string; account: string }[];
}

if (!pdnsInstalled && process.env.REQUIRE_PDNS === '1') {
  describe('PowerDNS publisher', () => {
    it('needs PowerDNS installed', () => {
      throw new Error(
        `REQUIRE_PDNS=1 but ${pdnsServer} or ${sqliteSchema} is missing: ` +
          'apt-get install -y pdns-server pdns-backend-sqlite3 sqlite3',
      );
    });
  });
}

if (pdnsInstalled) {
  describeDnsAnswers('PowerDNS fed by the publisher', async () => {
    const pdns = await startPowerDns();
    const source = new MemoryZoneSource();
    const publisher = startPowerDnsPublisher({
      apiUrl: pdns.apiUrl,
      apiKey,
      source,
      authority: suiteAuthority,
      retryDelayMs: 100,
    });
    return {
      host,
      port: pdns.dnsPort,
      async publish(zones) {
        source.set(zones);
        await publisher.sync();
      },
      async close() {
        await publisher.close();
        await pdns.stop();
      },
    };
  });

  describe('PowerDNS publisher', () => {
    let pdns: PowerDns;
    let publisher: PowerDnsPublisher | undefined;

    beforeAll(async () => {
      pdns = await startPowerDns();
    });
    afterAll(async () => {
      await publisher?.close();
      await pdns?.stop();
    });

    it('deletes only the zones Meridian created', async () => {
      const created = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones`, {
        method: 'POST',
        headers: { 'X-API-Key': apiKey },
        body: JSON.stringify({
          name: 'operator.example.',
          kind: 'Native',
          nameservers: ['ns1.operator.example.'],
        }),
      });
      expect(created.status).toBe(201);
      const source = new MemoryZoneSource();
      source.set(suiteZones());
      publisher = startPowerDnsPublisher({
        apiUrl: pdns.apiUrl,
        apiKey,
        source,
        authority: suiteAuthority,
      });
      await publisher.sync();
      expect(
        (await listZones(pdns.apiUrl)).map((zone) => [zone.name, zone.account]).sort(),
      ).toEqual([
        ['alpha.example.', meridianAccount],
        ['beta.example.', meridianAccount],
        ['operator.example.', ''],
      ]);
      source.set([]);
      await publisher.sync();
      expect((await listZones(pdns.apiUrl)).map((zone) => zone.name)).toEqual([
        'operator.example.',
      ]);
      await publisher.close();
      publisher = undefined;
    });
  });

  describe('PowerDNS publisher while PowerDNS is down', () => {
    it('retries until PowerDNS is up, then reconciles', async () => {
      const ports = { dns: await freePort(), api: await freePort() };
      const source = new MemoryZoneSource();
      source.set(suiteZones());
      const publisher = startPowerDnsPublisher({
        apiUrl: `http://${host}:${ports.api}`,
        apiKey,
        source,
        authority: suiteAuthority,
        retryDelayMs: 50,
        maxRetryDelayMs: 200,
      });
      let pdns: PowerDns | undefined;
      try {
        await expect(publisher.sync()).rejects.toThrow();
        pdns = await startPowerDns(ports);
        const server = { host, port: ports.dns };
        const deadline = Date.now() + 10_000;
        for (;;) {
          const answer = await query(server, 'udp', 'www.beta.example', 'A').catch(() => undefined);
          if (answer && dataOf(answer.answers).includes('203.0.113.5')) break;
          if (Date.now() > deadline) throw new Error('the publisher did not catch up');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await publisher.close();
        await pdns?.stop();
      }
    });
  });
}

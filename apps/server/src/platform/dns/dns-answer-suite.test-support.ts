import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Zone, ZoneAuthority } from './zone';

/**
 * One set of answer tests for every way Meridian serves DNS (the built-in responder, PowerDNS fed
 * by the publisher): publishes fixed zones, then asks over UDP and TCP.
 */

export interface DnsServerUnderTest {
  host: string;
  port: number;
  /** Makes these the only zones served; resolves once the server has been told. */
  publish(zones: Zone[]): Promise<void>;
  close?(): Promise<void>;
}

export const suiteAuthority: ZoneAuthority = {
  nameservers: ['ns1.meridian-dns.example', 'ns2.meridian-dns.example'],
  hostmaster: 'hostmaster.meridian-dns.example',
  ttl: 300,
};

const longText = (letter: string) => `${letter.repeat(300)}-end`;

/** The zones every run publishes first. */
export function suiteZones(serial = 10): Zone[] {
  const apex = 'alpha.example';
  return [
    {
      apex,
      serial,
      records: [
        { name: apex, type: 'A', ttl: 600, content: '192.0.2.1' },
        { name: apex, type: 'MX', ttl: 600, content: '10 mail.alpha.example' },
        { name: apex, type: 'TXT', ttl: 600, content: 'v=spf1 -all' },
        { name: `www.${apex}`, type: 'A', ttl: 60, content: '192.0.2.10' },
        { name: `www.${apex}`, type: 'A', ttl: 60, content: '192.0.2.11' },
        { name: `www.${apex}`, type: 'AAAA', ttl: 60, content: '2001:db8::10' },
        { name: `mail.${apex}`, type: 'A', ttl: 600, content: '192.0.2.25' },
        { name: `alias.${apex}`, type: 'CNAME', ttl: 120, content: `www.${apex}` },
        { name: `away.${apex}`, type: 'CNAME', ttl: 120, content: 'target.elsewhere.test' },
        { name: `deep.ent.${apex}`, type: 'A', ttl: 60, content: '192.0.2.30' },
        { name: `*.wild.${apex}`, type: 'A', ttl: 60, content: '192.0.2.99' },
        { name: `sub.${apex}`, type: 'NS', ttl: 3600, content: `ns1.sub.${apex}` },
        { name: `ns1.sub.${apex}`, type: 'A', ttl: 3600, content: '192.0.2.53' },
        { name: `app.${apex}`, type: 'A', ttl: 30, content: '198.51.100.7' },
        ...['a', 'b', 'c'].map((letter) => ({
          name: `big.${apex}`,
          type: 'TXT' as const,
          ttl: 60,
          content: longText(letter),
        })),
      ],
    },
    {
      apex: 'beta.example',
      serial,
      records: [{ name: 'www.beta.example', type: 'A', ttl: 60, content: '203.0.113.5' }],
      // The owner's contact: the SOA's mailbox, the dot of its local part escaped.
      contact: 'first.last@Beta.example',
    },
  ];
}

export type Transport = 'udp' | 'tcp';

export interface QueryOptions {
  edns?: boolean;
  timeoutMs?: number;
}

export function queryPacket(
  name: string,
  type: dnsPacket.RecordType,
  { edns = false }: QueryOptions = {},
): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id: Math.floor(Math.random() * 65536),
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ name, type, class: 'IN' }],
    additionals: edns
      ? [
          {
            type: 'OPT',
            name: '.',
            udpPayloadSize: 1232,
            extendedRcode: 0,
            ednsVersion: 0,
            flags: 0,
            flag_do: false,
            options: [],
          },
        ]
      : [],
  });
}

/** Sends raw bytes over UDP; the raw answer, or undefined after the timeout. */
export function udpExchange(
  host: string,
  port: number,
  message: Buffer,
  timeoutMs = 2000,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const finish = (answer: Buffer | undefined) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    socket.on('message', (answer) => finish(answer));
    socket.on('error', () => finish(undefined));
    socket.send(message, port, host);
  });
}

/** Sends length-framed messages over one TCP connection and collects as many answers. */
export function tcpExchange(
  host: string,
  port: number,
  messages: Buffer[],
  timeoutMs = 3000,
): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const answers: Buffer[] = [];
    let buffered = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`TCP: ${answers.length} of ${messages.length} answers in ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => {
      for (const message of messages) {
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(message.length);
        socket.write(Buffer.concat([prefix, message]));
      }
    });
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        answers.push(buffered.subarray(2, 2 + buffered.readUInt16BE(0)));
        buffered = buffered.subarray(2 + buffered.readUInt16BE(0));
      }
      if (answers.length === messages.length) {
        clearTimeout(timer);
        socket.end();
        resolve(answers);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (answers.length < messages.length) resolve(answers);
    });
  });
}

export async function query(
  server: { host: string; port: number },
  transport: Transport,
  name: string,
  type: dnsPacket.RecordType,
  options: QueryOptions = {},
): Promise<dnsPacket.DecodedPacket> {
  const message = queryPacket(name, type, options);
  const raw =
    transport === 'udp'
      ? await udpExchange(server.host, server.port, message, options.timeoutMs)
      : (await tcpExchange(server.host, server.port, [message], options.timeoutMs))[0];
  if (!raw) throw new Error(`no ${transport} answer to ${name} ${type}`);
  const answer = dnsPacket.decode(raw);
  expect(answer.id).toBe(message.readUInt16BE(0));
  return answer;
}

export function rcodeOf(packet: dnsPacket.DecodedPacket): string {
  return (packet as unknown as { rcode: string }).rcode;
}

/** Answer data as comparable strings, sorted. */
export function dataOf(records: dnsPacket.Answer[] | undefined, type?: string): string[] {
  return (records ?? [])
    .filter((record) => record.type !== 'OPT' && (!type || record.type === type))
    .map((record) => {
      const data = (record as { data: unknown }).data;
      if (record.type === 'TXT') {
        return (data as Buffer[]).map((part) => part.toString()).join('');
      }
      if (record.type === 'MX') {
        const mx = data as dnsPacket.MxData;
        return `${mx.preference} ${mx.exchange}`;
      }
      return typeof data === 'string' ? data : JSON.stringify(data);
    })
    .sort();
}

function ttlsOf(records: dnsPacket.Answer[] | undefined, type: string): number[] {
  return (records ?? [])
    .filter((record) => record.type === type)
    .map((record) => (record as { ttl: number }).ttl);
}

/** Polls until `check` passes, at most `timeoutMs`; the elapsed milliseconds. */
async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export function describeDnsAnswers(name: string, setup: () => Promise<DnsServerUnderTest>): void {
  describe(name, () => {
    let server: DnsServerUnderTest;

    beforeAll(async () => {
      server = await setup();
      await server.publish(suiteZones());
      // Publishing tells the server; serving may follow a moment later.
      await eventually(async () => {
        for (const apex of ['alpha.example', 'beta.example']) {
          const soa = await query(server, 'udp', apex, 'SOA');
          expect((soa.answers?.[0] as dnsPacket.SoaAnswer | undefined)?.data.serial).toBe(10);
        }
      }, 5000);
    });
    afterAll(async () => {
      await server?.close?.();
    });

    describe.each(['udp', 'tcp'] as const)('over %s', (transport) => {
      const ask = (qname: string, type: dnsPacket.RecordType, options?: QueryOptions) =>
        query(server, transport, qname, type, options);

      it('answers A and AAAA with their TTLs, authoritatively', async () => {
        const a = await ask('www.alpha.example', 'A');
        expect(rcodeOf(a)).toBe('NOERROR');
        expect(a.flag_aa).toBe(true);
        expect(a.flag_qr).toBe(true);
        expect(dataOf(a.answers)).toEqual(['192.0.2.10', '192.0.2.11']);
        expect(ttlsOf(a.answers, 'A')).toEqual([60, 60]);
        const aaaa = await ask('www.alpha.example', 'AAAA');
        expect(dataOf(aaaa.answers)).toEqual(['2001:db8::10']);
        expect(aaaa.flag_aa).toBe(true);
      });

      it('answers SOA and the two fixed NS at the apex', async () => {
        const soa = await ask('alpha.example', 'SOA');
        expect(soa.flag_aa).toBe(true);
        expect(soa.answers).toHaveLength(1);
        const record = soa.answers![0] as dnsPacket.SoaAnswer;
        expect(record.data).toMatchObject({
          mname: suiteAuthority.nameservers[0],
          rname: suiteAuthority.hostmaster,
          serial: 10,
          minimum: suiteAuthority.ttl,
        });
        expect(record.ttl).toBe(suiteAuthority.ttl);
        const owned = (await ask('beta.example', 'SOA')).answers![0] as dnsPacket.SoaAnswer;
        expect(owned.data.rname).toBe('first\\.last.beta.example');
        const ns = await ask('alpha.example', 'NS');
        expect(ns.flag_aa).toBe(true);
        expect(dataOf(ns.answers)).toEqual([...suiteAuthority.nameservers].sort());
        expect(ttlsOf(ns.answers, 'NS')).toEqual([suiteAuthority.ttl, suiteAuthority.ttl]);
      });

      it('answers MX and TXT, at the apex and with long texts', async () => {
        const mx = await ask('alpha.example', 'MX');
        expect(dataOf(mx.answers)).toEqual(['10 mail.alpha.example']);
        const txt = await ask('alpha.example', 'TXT');
        expect(dataOf(txt.answers)).toEqual(['v=spf1 -all']);
        const big = await ask('big.alpha.example', 'TXT', { edns: true });
        expect(big.flag_tc).toBe(false);
        expect(dataOf(big.answers)).toEqual(['a', 'b', 'c'].map(longText));
        const apexA = await ask('alpha.example', 'A');
        expect(dataOf(apexA.answers)).toEqual(['192.0.2.1']);
        expect(ttlsOf(apexA.answers, 'A')).toEqual([600]);
      });

      it('answers a CNAME for any type and follows it inside the zone', async () => {
        const a = await ask('alias.alpha.example', 'A');
        expect(a.flag_aa).toBe(true);
        expect(dataOf(a.answers, 'CNAME')).toEqual(['www.alpha.example']);
        expect(dataOf(a.answers, 'A')).toEqual(['192.0.2.10', '192.0.2.11']);
        const cname = await ask('alias.alpha.example', 'CNAME');
        expect(dataOf(cname.answers)).toEqual(['www.alpha.example']);
        const away = await ask('away.alpha.example', 'A');
        expect(rcodeOf(away)).toBe('NOERROR');
        expect(dataOf(away.answers)).toEqual(['target.elsewhere.test']);
      });

      it('tells NXDOMAIN from NODATA, with the SOA and the negative TTL', async () => {
        const nx = await ask('nothing.alpha.example', 'A');
        expect(rcodeOf(nx)).toBe('NXDOMAIN');
        expect(nx.flag_aa).toBe(true);
        expect(nx.answers).toEqual([]);
        expect(nx.authorities?.map((record) => record.type)).toEqual(['SOA']);
        expect((nx.authorities![0] as dnsPacket.SoaAnswer).ttl).toBe(suiteAuthority.ttl);
        expect(nx.authorities![0]!.name).toBe('alpha.example');
        const deeper = await ask('a.b.nothing.alpha.example', 'AAAA');
        expect(rcodeOf(deeper)).toBe('NXDOMAIN');

        const nodata = await ask('mail.alpha.example', 'AAAA');
        expect(rcodeOf(nodata)).toBe('NOERROR');
        expect(nodata.flag_aa).toBe(true);
        expect(nodata.answers).toEqual([]);
        expect(nodata.authorities?.map((record) => record.type)).toEqual(['SOA']);
        expect((nodata.authorities![0] as dnsPacket.SoaAnswer).ttl).toBe(suiteAuthority.ttl);
      });

      it('treats an empty non-terminal as existing (NODATA)', async () => {
        const ent = await ask('ent.alpha.example', 'A');
        expect(rcodeOf(ent)).toBe('NOERROR');
        expect(ent.answers).toEqual([]);
        expect(ent.authorities?.map((record) => record.type)).toEqual(['SOA']);
        expect(dataOf((await ask('deep.ent.alpha.example', 'A')).answers)).toEqual(['192.0.2.30']);
      });

      it('answers wildcards with the name asked', async () => {
        const wild = await ask('anything.wild.alpha.example', 'A');
        expect(rcodeOf(wild)).toBe('NOERROR');
        expect(wild.answers?.[0]?.name).toBe('anything.wild.alpha.example');
        expect(dataOf(wild.answers)).toEqual(['192.0.2.99']);
      });

      it('refers a delegated name to its name servers, not authoritatively', async () => {
        const referral = await ask('host.sub.alpha.example', 'A');
        expect(rcodeOf(referral)).toBe('NOERROR');
        expect(referral.flag_aa).toBe(false);
        expect(referral.answers).toEqual([]);
        expect(dataOf(referral.authorities, 'NS')).toEqual(['ns1.sub.alpha.example']);
        expect(dataOf(referral.additionals, 'A')).toEqual(['192.0.2.53']);
      });

      it('refuses names outside every zone, without AA', async () => {
        const refused = await ask('www.not-served.example', 'A');
        expect(rcodeOf(refused)).toBe('REFUSED');
        expect(refused.flag_aa).toBe(false);
        expect(refused.answers).toEqual([]);
      });

      it('matches names whatever their case and echoes the question as asked', async () => {
        const mixed = await ask('WwW.AlPhA.ExAmPlE', 'A');
        expect(mixed.questions?.[0]?.name).toBe('WwW.AlPhA.ExAmPlE');
        expect(dataOf(mixed.answers)).toEqual(['192.0.2.10', '192.0.2.11']);
        expect(mixed.answers?.[0]?.name.toLowerCase()).toBe('www.alpha.example');
        expect(mixed.flag_aa).toBe(true);
      });

      it('echoes EDNS with a UDP payload size', async () => {
        const answer = await ask('www.alpha.example', 'A', { edns: true });
        const opt = answer.additionals?.find((record) => record.type === 'OPT') as
          dnsPacket.OptAnswer | undefined;
        expect(opt).toBeDefined();
        expect(opt!.udpPayloadSize).toBeGreaterThanOrEqual(512);
        expect(dataOf(answer.answers)).toEqual(['192.0.2.10', '192.0.2.11']);
      });

      it('answers ANY with what exists (or a minimal answer)', async () => {
        const any = await ask('www.alpha.example', 'ANY' as dnsPacket.RecordType);
        expect(rcodeOf(any)).toBe('NOERROR');
        expect(any.flag_aa).toBe(true);
        // Over UDP a server may instead ask for TCP (TC), as PowerDNS does.
        if (!any.flag_tc) expect(any.answers!.length).toBeGreaterThan(0);
        for (const record of any.answers!) expect(record.name).toBe('www.alpha.example');
      });

      if (transport === 'udp') {
        it('truncates answers larger than 512 bytes without EDNS', async () => {
          const answer = await ask('big.alpha.example', 'TXT');
          expect(answer.flag_tc).toBe(true);
          expect(answer.answers).toEqual([]);
        });
      } else {
        it('answers several queries on one connection', async () => {
          const names = ['www.alpha.example', 'mail.alpha.example', 'www.beta.example'];
          const answers = await tcpExchange(
            server.host,
            server.port,
            names.map((qname) => queryPacket(qname, 'A')),
          );
          expect(answers.map((raw) => dataOf(dnsPacket.decode(raw).answers))).toEqual([
            ['192.0.2.10', '192.0.2.11'],
            ['192.0.2.25'],
            ['203.0.113.5'],
          ]);
        });
      }
    });

    it('serves a change within a second of publishing it', async () => {
      const changed = suiteZones(11);
      const record = changed[0]!.records.find((r) => r.name === 'app.alpha.example')!;
      record.content = '198.51.100.8';
      changed[0]!.records.push({
        name: 'new.alpha.example',
        type: 'A',
        ttl: 30,
        content: '198.51.100.9',
      });
      try {
        const started = Date.now();
        await server.publish(changed);
        await eventually(async () => {
          expect(dataOf((await query(server, 'udp', 'app.alpha.example', 'A')).answers)).toEqual([
            '198.51.100.8',
          ]);
          expect(dataOf((await query(server, 'udp', 'new.alpha.example', 'A')).answers)).toEqual([
            '198.51.100.9',
          ]);
          const soa = await query(server, 'tcp', 'alpha.example', 'SOA');
          expect((soa.answers![0] as dnsPacket.SoaAnswer).data.serial).toBe(11);
        }, 1000);
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        await server.publish(suiteZones(12));
      }
      await eventually(async () => {
        const gone = await query(server, 'udp', 'new.alpha.example', 'A');
        expect(rcodeOf(gone)).toBe('NXDOMAIN');
      }, 1000);
    });

    it('stops serving a deleted zone', async () => {
      try {
        await server.publish(suiteZones(13).slice(0, 1));
        await eventually(async () => {
          const gone = await query(server, 'udp', 'www.beta.example', 'A');
          expect(rcodeOf(gone)).toBe('REFUSED');
        }, 1000);
        expect(rcodeOf(await query(server, 'tcp', 'www.alpha.example', 'A'))).toBe('NOERROR');
      } finally {
        await server.publish(suiteZones(14));
      }
      await eventually(async () => {
        const back = await query(server, 'udp', 'www.beta.example', 'A');
        expect(dataOf(back.answers)).toEqual(['203.0.113.5']);
      }, 1000);
    });
  });
}

/** A ZoneSource whose zones a test sets; `set` notifies subscribers like the domain module. */
export class MemoryZoneSource {
  private zones: Zone[] = [];
  private listeners = new Set<() => void>();
  loads = 0;
  failNext = 0;

  set(zones: Zone[]): void {
    this.zones = structuredClone(zones);
    for (const listener of this.listeners) listener();
  }

  async loadZones(): Promise<Zone[]> {
    this.loads++;
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('database unavailable');
    }
    return structuredClone(this.zones);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

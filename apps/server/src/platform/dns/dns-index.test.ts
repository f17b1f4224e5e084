import dnsPacket from 'dns-packet';
import { describe, expect, it, vi } from 'vitest';
import { dataOf, queryPacket, rcodeOf, suiteAuthority } from './dns-answer-suite.test-support';
import { respond } from './dns-answer';
import { DnsIndex, type DnsLogger } from './dns-index';
import type { Zone, ZoneRecord } from './zone';

/** The index encodes answers once per rebuild and skips what cannot be encoded. */

const apex = 'alpha.example';

function logger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies DnsLogger;
}

function ask(index: DnsIndex, name: string, type: dnsPacket.RecordType, tcp = true) {
  const response = respond(index, queryPacket(name, type), tcp);
  if (!response) throw new Error('no response');
  const bytes = Buffer.concat(response);
  return { bytes, packet: dnsPacket.decode(bytes) };
}

const record = (name: string, type: ZoneRecord['type'], content: string): ZoneRecord => ({
  name,
  type,
  ttl: 60,
  content,
});

/** Records stored before the limits existed: none of them can go on the wire. */
const unencodable: ZoneRecord[] = [
  record(`www.${apex}`, 'MX', `10 ${'a.'.repeat(500_000)}example`),
  record(`bad.${apex}`, 'CNAME', 'x'.repeat(1_000_000)),
  record(`txt.${apex}`, 'TXT', 'y'.repeat(100_000)),
  record(`${'l'.repeat(64)}.${apex}`, 'A', '192.0.2.64'),
  record(`${'abcdefghi.'.repeat(30)}${apex}`, 'A', '192.0.2.65'),
  record(`ns.${apex}`, 'NS', `${'n'.repeat(63)}.`.repeat(5) + 'example'),
];

function zones(): Zone[] {
  return [
    {
      apex,
      serial: 1,
      records: [
        record(`www.${apex}`, 'A', '192.0.2.10'),
        record(`txt.${apex}`, 'TXT', 'fine'),
        record(`bad.${apex}`, 'A', '192.0.2.20'),
        ...unencodable,
      ],
    },
  ];
}

describe('DNS index', () => {
  it('skips records that cannot be encoded, logs each once, and answers the rest', () => {
    const log = logger();
    const index = new DnsIndex(zones(), suiteAuthority, log);
    expect(log.warn).toHaveBeenCalledTimes(unencodable.length);
    for (const call of log.warn.mock.calls) expect(JSON.stringify(call).length).toBeLessThan(2000);

    for (let i = 0; i < 50; i++) {
      for (const tcp of [true, false]) {
        const a = ask(index, `www.${apex}`, 'A', tcp).packet;
        expect(dataOf(a.answers)).toEqual(['192.0.2.10']);
        const mx = ask(index, `www.${apex}`, 'MX', tcp).packet;
        expect(rcodeOf(mx)).toBe('NOERROR');
        expect(mx.answers).toEqual([]);
        const any = ask(index, `www.${apex}`, 'ANY' as dnsPacket.RecordType, tcp).packet;
        expect(dataOf(any.answers)).toEqual(['192.0.2.10']);
        expect(dataOf(ask(index, `txt.${apex}`, 'TXT', tcp).packet.answers)).toEqual(['fine']);
        expect(dataOf(ask(index, `bad.${apex}`, 'A', tcp).packet.answers)).toEqual(['192.0.2.20']);
        expect(rcodeOf(ask(index, `ns.${apex}`, 'A', tcp).packet)).toBe('NXDOMAIN');
      }
    }
    // Nothing is logged or encoded again per query.
    expect(log.warn).toHaveBeenCalledTimes(unencodable.length);
  });

  it('logs a skipped record again only when it is new since the previous rebuild', () => {
    const first = logger();
    const previous = new DnsIndex(zones(), suiteAuthority, first);
    expect(first.warn).toHaveBeenCalledTimes(unencodable.length);
    const second = logger();
    const next = new DnsIndex(zones(), suiteAuthority, second, previous.skipped);
    expect(second.warn).not.toHaveBeenCalled();
    expect(dataOf(ask(next, `www.${apex}`, 'A').packet.answers)).toEqual(['192.0.2.10']);
  });

  it('keeps an answer within one TCP message, dropping what does not fit', () => {
    const log = logger();
    const texts = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(4000, '.'));
    const index = new DnsIndex(
      [{ apex, serial: 1, records: texts.map((text) => record(`big.${apex}`, 'TXT', text)) }],
      suiteAuthority,
      log,
    );
    const { bytes, packet } = ask(index, `big.${apex}`, 'TXT');
    expect(bytes.length).toBeLessThanOrEqual(65535);
    expect(packet.answers!.length).toBeGreaterThan(10);
    expect(packet.answers!.length).toBeLessThan(texts.length);
    // Each record left out is logged once, though both the TXT and the ANY answers leave it out.
    const left = texts.length - packet.answers!.length;
    expect(log.warn).toHaveBeenCalledTimes(left);
    ask(index, `big.${apex}`, 'ANY' as dnsPacket.RecordType);
    expect(log.warn).toHaveBeenCalledTimes(left);
  });

  it('sends a long TXT value as character-strings of at most 255 octets', () => {
    for (const text of [
      't'.repeat(4000),
      'é'.repeat(4000),
      `${'x'.repeat(254)}é${'y'.repeat(300)}`,
    ]) {
      const index = new DnsIndex(
        [{ apex, serial: 1, records: [record(`long.${apex}`, 'TXT', text)] }],
        suiteAuthority,
      );
      const answer = ask(index, `long.${apex}`, 'TXT').packet.answers![0] as dnsPacket.TxtAnswer;
      const strings = answer.data as Buffer[];
      expect(strings.length).toBe(Math.ceil(Buffer.byteLength(text) / 255));
      for (const part of strings) expect(part.length).toBeLessThanOrEqual(255);
      expect(Buffer.concat(strings).toString()).toBe(text);
    }
  });
});

import net from 'node:net';
import dnsPacket from 'dns-packet';
import type { ZoneRecord } from './zone';

/**
 * Records on the wire: stored records as dns-packet records, checked against the wire limits,
 * and encoded into the reusable answer sections of the responder.
 */

export const T = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  MX: 15,
  TXT: 16,
  AAAA: 28,
  OPT: 41,
  DS: 43,
  ANY: 255,
};
export const rcodes = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 };
export const typeNumbers: Record<string, number> = {
  A: 1,
  NS: 2,
  CNAME: 5,
  MX: 15,
  TXT: 16,
  AAAA: 28,
};
const qnamePointer = Buffer.from([0xc0, 0x0c]);
/** What a TCP message leaves for the sections: less the header, the longest question, our OPT. */
export const maxBodyOctets = 65535 - 12 - (255 + 4) - 11;

/** Sections of a response after the question, encoded once and reused. */
export interface Body {
  aa: boolean;
  rcode: number;
  an: number;
  ns: number;
  ar: number;
  bytes: Buffer;
}

export interface RRset {
  type: number;
  ttl: number;
  records: dnsPacket.Answer[];
  /** Each record encoded once with its owner as a pointer to the question, when known. */
  wire?: Buffer[];
}

/** A name for error messages and logs: never the whole of a huge one. */
export function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
}

/** Lower-case wire-format name as a latin1 string: the index key. Throws past the wire limits. */
export function nameKey(name: string): string {
  const trimmed = name.replace(/\.$/, '').toLowerCase();
  if (trimmed === '') return '\0';
  if (trimmed.length > 255) throw new Error(`name longer than 255 octets: ${preview(name)}`);
  let key = '';
  for (const label of trimmed.split('.')) {
    const bytes = Buffer.from(label, 'utf8');
    if (bytes.length === 0 || bytes.length > 63) throw new Error(`bad label in ${preview(name)}`);
    key += String.fromCharCode(bytes.length) + bytes.toString('latin1');
  }
  if (key.length + 1 > 255) throw new Error(`name longer than 255 octets: ${preview(name)}`);
  return key + '\0';
}

export function parentKey(key: string): string {
  return key.slice(key.charCodeAt(0) + 1);
}

export function nameFromKey(key: string): string {
  const labels: string[] = [];
  for (let at = 0; key.charCodeAt(at) !== 0; at += key.charCodeAt(at) + 1) {
    labels.push(Buffer.from(key.slice(at + 1, at + 1 + key.charCodeAt(at)), 'latin1').toString());
  }
  return labels.join('.');
}

/** A target name (CNAME, NS, MX) without its trailing dot, or undefined when it cannot be sent. */
function targetName(text: string): string | undefined {
  const name = text.replace(/\.$/, '');
  if (name === '') return undefined;
  try {
    nameKey(name);
  } catch {
    return undefined;
  }
  return name;
}

/** One resource record, its owner either spelled out or a pointer to the question name. */
export function encodeRecord(record: dnsPacket.Answer, ownerIsQname: boolean): Buffer {
  const packet = { answers: [ownerIsQname ? { ...record, name: '.' } : record] };
  // A small buffer comes from Node's pool: one cheap allocation for the packet dns-packet writes.
  const buffer = Buffer.allocUnsafe(dnsPacket.encodingLength(packet));
  dnsPacket.encode(packet, buffer);
  if (!ownerIsQname) return buffer.subarray(12);
  // With the root as owner the record starts with one zero byte (at 12); the pointer takes 11-12.
  buffer[11] = qnamePointer[0]!;
  buffer[12] = qnamePointer[1]!;
  return buffer.subarray(11);
}

/** Builds one Body; a record that does not fit in a TCP message is left out and reported. */
export class BodyBuilder {
  private parts: Buffer[] = [];
  private size = 0;
  an = 0;
  ns = 0;
  ar = 0;

  constructor(private readonly onSkip?: (record: dnsPacket.Answer, reason: string) => void) {}

  add(section: 'an' | 'ns' | 'ar', rrset: RRset, ownerIsQname: boolean): void {
    for (const [i, record] of rrset.records.entries()) {
      let bytes: Buffer;
      try {
        bytes = (ownerIsQname && rrset.wire?.[i]) || encodeRecord(record, ownerIsQname);
      } catch (error) {
        this.onSkip?.(record, error instanceof Error ? error.message : String(error));
        continue;
      }
      if (this.size + bytes.length > maxBodyOctets) {
        this.onSkip?.(record, 'the answer would not fit in one DNS message');
        continue;
      }
      this.parts.push(bytes);
      this.size += bytes.length;
      this[section]++;
    }
  }

  build(aa: boolean, rcode: number): Body {
    const bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    return { aa, rcode, an: this.an, ns: this.ns, ar: this.ar, bytes };
  }
}

/** TXT text as character-strings of at most 255 octets each (RFC 1035 §3.3.14). */
export function splitTxt(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return [bytes];
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 255) chunks.push(bytes.subarray(at, at + 255));
  return chunks;
}

function unservable(record: ZoneRecord): Error {
  return new Error(
    `cannot serve ${record.type} content ${JSON.stringify(preview(record.content))}`,
  );
}

/**
 * The dns-packet record of a stored record and its encoding with the owner as a pointer to the
 * question; throws on content that cannot be served (records stored before the limits existed
 * may hold anything).
 */
export function toAnswer(record: ZoneRecord): { answer: dnsPacket.Answer; wire: Buffer } {
  const answer = answerOf(record);
  if (!answer) throw unservable(record);
  return { answer, wire: encodeRecord(answer, true) };
}

function answerOf(record: ZoneRecord): dnsPacket.Answer | undefined {
  const { name, ttl } = record;
  const content = record.content.trim();
  switch (record.type) {
    case 'A':
      return net.isIPv4(content) ? { name, type: 'A', ttl, data: content } : undefined;
    case 'AAAA':
      return net.isIPv6(content) ? { name, type: 'AAAA', ttl, data: content } : undefined;
    case 'CNAME':
    case 'NS': {
      const target = targetName(content);
      return target ? { name, type: record.type, ttl, data: target } : undefined;
    }
    case 'MX': {
      const match = /^(\d{1,5})\s+(\S+)$/.exec(content);
      const exchange = match ? targetName(match[2]!) : undefined;
      if (!match || !exchange || Number(match[1]) > 65535) return undefined;
      return { name, type: 'MX', ttl, data: { preference: Number(match[1]), exchange } };
    }
    case 'TXT':
      return { name, type: 'TXT', ttl, data: splitTxt(record.content) };
  }
  return undefined;
}

/** The name a CNAME or NS record points at. */
export function targetOf(record: dnsPacket.Answer): string {
  return (record as dnsPacket.StringAnswer).data;
}

/** The RRset with another owner spelled out (its pointer encodings do not apply). */
export function withOwner(rrset: RRset, owner: string): RRset {
  const records = rrset.records.map((record) => ({ ...record, name: owner }));
  return { type: rrset.type, ttl: rrset.ttl, records };
}

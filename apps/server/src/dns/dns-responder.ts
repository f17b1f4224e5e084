import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import type { Zone, ZoneAuthority, ZoneRecord, ZoneSource } from './zone';

/**
 * The built-in authoritative DNS responder (architecture §2 "DNS", embedded default): serves the
 * zones of a ZoneSource over UDP and TCP.
 *
 * The hot path does not decode whole packets: it reads the header and the question, looks the
 * lower-cased wire name up in an index rebuilt on every change, and sends the query's own header
 * and question (patched in place) followed by answer sections encoded once per (name, type). Owner
 * names equal to the question are compression pointers to it, so one encoding serves every
 * spelling of the name (the question is echoed as asked) and wildcard matches. Records are
 * encoded with dns-packet.
 */

export interface DnsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DnsResponderOptions {
  host: string;
  /** 0 picks a free port (the same one for UDP and TCP). */
  port: number;
  source: ZoneSource;
  authority: ZoneAuthority;
  logger?: DnsLogger;
  /** A TCP connection with no complete query for this long is closed. */
  tcpIdleTimeoutMs?: number;
  /** At most this many TCP connections at once; more are refused. */
  maxTcpConnections?: number;
  /** Quiet time gathering a burst of change notices into one rebuild. */
  coalesceMs?: number;
}

export interface DnsResponder {
  /** The port actually bound (UDP and TCP). */
  port: number;
  close(): Promise<void>;
}

const T = { A: 1, NS: 2, CNAME: 5, SOA: 6, MX: 15, TXT: 16, AAAA: 28, OPT: 41, DS: 43, ANY: 255 };
const rcodes = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 };
const typeNumbers: Record<string, number> = { A: 1, NS: 2, CNAME: 5, MX: 15, TXT: 16, AAAA: 28 };
/** Our EDNS UDP payload size (DNS flag day 2020). */
export const ednsPayloadSize = 1232;
const soaTimers = { refresh: 10800, retry: 3600, expire: 604800 };
const maxCnameChain = 8;
const qnamePointer = Buffer.from([0xc0, 0x0c]);

/** Sections of a response after the question, encoded once and reused. */
interface Body {
  aa: boolean;
  rcode: number;
  an: number;
  ns: number;
  ar: number;
  bytes: Buffer;
}

interface RRset {
  type: number;
  ttl: number;
  /** The owner name as a dns-packet string (for encoding with the owner spelled out). */
  records: dnsPacket.Answer[];
}

interface ZoneIndex {
  apex: string;
  soa: RRset;
  nxdomain: Body;
  nodata: Body;
}

interface NameNode {
  name: string;
  zone: ZoneIndex;
  rrsets: Map<number, RRset>;
  /** Set on a name with NS records below the apex: a zone cut (delegation). */
  isCut: boolean;
  /** The highest zone cut at or above this name, if the name is delegated away. */
  cut?: NameNode;
  answers: Map<number, Body>;
  referral?: Body;
}

/** Lower-case wire-format name as a latin1 string: the index key. */
export function nameKey(name: string): string {
  const trimmed = name.replace(/\.$/, '').toLowerCase();
  if (trimmed === '') return '\0';
  let key = '';
  for (const label of trimmed.split('.')) {
    const bytes = Buffer.from(label, 'utf8');
    if (bytes.length === 0 || bytes.length > 63) throw new Error(`bad label in ${name}`);
    key += String.fromCharCode(bytes.length) + bytes.toString('latin1');
  }
  return key + '\0';
}

function parentKey(key: string): string {
  return key.slice(key.charCodeAt(0) + 1);
}

/** One resource record, its owner either spelled out or a pointer to the question name. */
function encodeRecord(record: dnsPacket.Answer, ownerIsQname: boolean): Buffer {
  const encoded = dnsPacket.encode({ answers: [ownerIsQname ? { ...record, name: '.' } : record] });
  const rr = encoded.subarray(12);
  // With the root as owner the record starts with one zero byte; swap it for the pointer.
  return ownerIsQname ? Buffer.concat([qnamePointer, rr.subarray(1)]) : Buffer.from(rr);
}

class BodyBuilder {
  private parts: Buffer[] = [];
  an = 0;
  ns = 0;
  ar = 0;
  add(section: 'an' | 'ns' | 'ar', rrset: RRset, ownerIsQname: boolean): void {
    for (const record of rrset.records) {
      this.parts.push(encodeRecord(record, ownerIsQname));
      this[section]++;
    }
  }
  build(aa: boolean, rcode: number): Body {
    return { aa, rcode, an: this.an, ns: this.ns, ar: this.ar, bytes: Buffer.concat(this.parts) };
  }
}

function splitTxt(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return [bytes];
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 255) chunks.push(bytes.subarray(at, at + 255));
  return chunks;
}

/** The dns-packet record of a stored record; throws on content that cannot be served. */
function toAnswer(record: ZoneRecord): dnsPacket.Answer {
  const name = record.name;
  const ttl = record.ttl;
  const content = record.content.trim();
  switch (record.type) {
    case 'A':
      if (net.isIPv4(content)) return { name, type: 'A', ttl, data: content };
      break;
    case 'AAAA':
      if (net.isIPv6(content)) return { name, type: 'AAAA', ttl, data: content };
      break;
    case 'CNAME':
    case 'NS':
      if (content) return { name, type: record.type, ttl, data: content.replace(/\.$/, '') };
      break;
    case 'MX': {
      const match = /^(\d+)\s+(\S+)$/.exec(content);
      if (match && Number(match[1]) <= 65535) {
        const exchange = match[2]!.replace(/\.$/, '');
        return { name, type: 'MX', ttl, data: { preference: Number(match[1]), exchange } };
      }
      break;
    }
    case 'TXT':
      return { name, type: 'TXT', ttl, data: splitTxt(record.content) };
  }
  throw new Error(`cannot serve ${record.type} content ${JSON.stringify(record.content)}`);
}

/** The zones as a lookup structure; built whole and swapped in, never changed after. */
export class DnsIndex {
  readonly names = new Map<string, NameNode>();

  constructor(
    zones: Zone[],
    private readonly authority: ZoneAuthority,
    logger?: DnsLogger,
  ) {
    const apexes = new Map<string, ZoneIndex>();
    for (const zone of zones) {
      const apex = zone.apex.replace(/\.$/, '').toLowerCase();
      const key = nameKey(apex);
      if (apexes.has(key)) {
        logger?.warn({ zone: apex }, 'DNS zone listed twice; serving the first');
        continue;
      }
      const zoneIndex = this.zoneIndex(apex, zone.serial);
      apexes.set(key, zoneIndex);
      const node = this.node(key, apex, zoneIndex);
      const ns: RRset = { type: T.NS, ttl: authority.ttl, records: [] };
      for (const server of authority.nameservers) {
        ns.records.push({ name: apex, type: 'NS', ttl: authority.ttl, data: server });
      }
      node.rrsets.set(T.SOA, zoneIndex.soa);
      node.rrsets.set(T.NS, ns);
    }
    const seen = new Set<string>();
    for (const zone of zones) {
      const apex = zone.apex.replace(/\.$/, '').toLowerCase();
      const zoneIndex = apexes.get(nameKey(apex));
      if (!zoneIndex || seen.has(apex)) continue;
      seen.add(apex);
      for (const record of zone.records) {
        try {
          this.addRecord(record, zoneIndex, apexes);
        } catch (error) {
          logger?.warn({ zone: apex, record, err: error }, 'DNS record skipped');
        }
      }
    }
    for (const node of this.names.values()) {
      let cut: NameNode | undefined;
      for (let key = nameKey(node.name); ; key = parentKey(key)) {
        const ancestor = this.names.get(key);
        if (!ancestor || ancestor.zone !== node.zone || ancestor.name === node.zone.apex) break;
        if (ancestor.isCut) cut = ancestor;
      }
      node.cut = cut;
    }
  }

  private zoneIndex(apex: string, serial: number): ZoneIndex {
    const { authority } = this;
    const soa: RRset = {
      type: T.SOA,
      ttl: authority.ttl,
      records: [
        {
          name: apex,
          type: 'SOA',
          ttl: authority.ttl,
          data: {
            mname: authority.nameservers[0] ?? apex,
            rname: authority.hostmaster,
            serial: ((Math.trunc(serial) % 2 ** 32) + 2 ** 32) % 2 ** 32,
            ...soaTimers,
            minimum: authority.ttl,
          },
        },
      ],
    };
    const negative = (rcode: number): Body => {
      const builder = new BodyBuilder();
      // Negative answers are cached for min(SOA TTL, SOA minimum) (RFC 2308); both are the same.
      builder.add('ns', soa, false);
      return builder.build(true, rcode);
    };
    return { apex, soa, nxdomain: negative(rcodes.NXDOMAIN), nodata: negative(rcodes.NOERROR) };
  }

  private node(key: string, name: string, zone: ZoneIndex): NameNode {
    let node = this.names.get(key);
    if (!node) {
      node = { name, zone, rrsets: new Map(), isCut: false, answers: new Map() };
      this.names.set(key, node);
    }
    return node;
  }

  private addRecord(record: ZoneRecord, zone: ZoneIndex, apexes: Map<string, ZoneIndex>): void {
    const name = record.name.replace(/\.$/, '').toLowerCase();
    if (name !== zone.apex && !name.endsWith(`.${zone.apex}`)) {
      throw new Error('record outside its zone');
    }
    const key = nameKey(name);
    // A name inside a more specific zone served here belongs to that zone.
    for (let k = key; k !== '\0'; k = parentKey(k)) {
      const owner = apexes.get(k);
      if (owner) {
        if (owner !== zone) return;
        break;
      }
    }
    const type = typeNumbers[record.type];
    if (type === undefined) throw new Error(`unsupported type ${record.type}`);
    // The apex's NS are the fixed name servers, and it cannot be a CNAME.
    if (name === zone.apex && (type === T.NS || type === T.CNAME)) return;
    const answer = toAnswer({ ...record, name });
    const node = this.node(key, name, zone);
    let rrset = node.rrsets.get(type);
    if (!rrset) {
      rrset = { type, ttl: record.ttl, records: [] };
      node.rrsets.set(type, rrset);
    }
    // One TTL per RRset (RFC 2181 §5.2): the smallest one given.
    if (record.ttl < rrset.ttl) rrset.ttl = record.ttl;
    rrset.records.push(answer);
    for (const r of rrset.records) (r as { ttl: number }).ttl = rrset.ttl;
    if (type === T.NS) node.isCut = true;
    // Every name between the record and the apex exists (empty non-terminals).
    const apexKey = nameKey(zone.apex);
    if (key === apexKey) return;
    for (let k = parentKey(key); k !== apexKey && k.length > 1; k = parentKey(k)) {
      if (!this.names.has(k)) this.node(k, nameFromKey(k), zone);
    }
  }

  /** The sections answering (key, qtype), or undefined when no zone here holds the name. */
  lookup(key: string, qtype: number): Body | undefined {
    const node = this.names.get(key);
    if (node) {
      if (node.cut) {
        // The parent side of a cut answers DS itself.
        if (node === node.cut && qtype === T.DS) return node.zone.nodata;
        return this.referral(node.cut);
      }
      return this.answer(node, qtype);
    }
    for (let k = key; k.length > 1;) {
      k = parentKey(k);
      const encloser = this.names.get(k);
      if (!encloser) continue;
      if (encloser.cut) return this.referral(encloser.cut);
      const wildcard = this.names.get(`\x01*${k}`);
      if (wildcard && !wildcard.cut) return this.answer(wildcard, qtype);
      return encloser.zone.nxdomain;
    }
    return undefined;
  }

  private referral(cut: NameNode): Body {
    if (cut.referral) return cut.referral;
    const builder = new BodyBuilder();
    const ns = cut.rrsets.get(T.NS)!;
    builder.add('ns', ns, false);
    for (const record of ns.records) {
      const target = this.names.get(nameKey(targetOf(record)));
      // Glue: addresses of name servers inside the delegated part.
      if (!target || target.zone !== cut.zone || target.cut !== cut) continue;
      for (const type of [T.A, T.AAAA]) {
        const rrset = target.rrsets.get(type);
        if (rrset) builder.add('ar', rrset, false);
      }
    }
    cut.referral = builder.build(false, rcodes.NOERROR);
    return cut.referral;
  }

  private answer(node: NameNode, qtype: number): Body {
    const cached = node.answers.get(qtype);
    if (cached) return cached;
    const body = this.computeAnswer(node, qtype);
    node.answers.set(qtype, body);
    return body;
  }

  private computeAnswer(node: NameNode, qtype: number): Body {
    const builder = new BodyBuilder();
    if (qtype === T.ANY) {
      if (node.rrsets.size === 0) return node.zone.nodata;
      for (const rrset of node.rrsets.values()) builder.add('an', rrset, true);
      return builder.build(true, rcodes.NOERROR);
    }
    const rrset = node.rrsets.get(qtype);
    if (rrset) {
      builder.add('an', rrset, true);
      return builder.build(true, rcodes.NOERROR);
    }
    const cname = node.rrsets.get(T.CNAME);
    if (!cname || qtype === T.CNAME) return node.zone.nodata;
    builder.add('an', cname, true);
    // Follow the chain while it stays inside this zone.
    let target = targetOf(cname.records[0]!);
    for (let hop = 0; hop < maxCnameChain; hop++) {
      const found = this.inZone(target, node.zone);
      if (found === 'outside') break;
      if (found === 'nxdomain') {
        builder.add('ns', node.zone.soa, false);
        return builder.build(true, rcodes.NXDOMAIN);
      }
      const next = found.rrsets.get(qtype);
      if (next) {
        builder.add('an', withOwner(next, target), false);
        break;
      }
      const chained = found.rrsets.get(T.CNAME);
      if (!chained) {
        builder.add('ns', node.zone.soa, false);
        break;
      }
      builder.add('an', withOwner(chained, target), false);
      target = targetOf(chained.records[0]!);
    }
    return builder.build(true, rcodes.NOERROR);
  }

  private inZone(name: string, zone: ZoneIndex): NameNode | 'nxdomain' | 'outside' {
    const key = nameKey(name);
    const node = this.names.get(key);
    if (node) return node.zone === zone && !node.cut ? node : 'outside';
    for (let k = key; k.length > 1;) {
      k = parentKey(k);
      const encloser = this.names.get(k);
      if (!encloser) continue;
      if (encloser.zone !== zone || encloser.cut) return 'outside';
      const wildcard = this.names.get(`\x01*${k}`);
      if (wildcard && !wildcard.cut) return wildcard;
      return 'nxdomain';
    }
    return 'outside';
  }
}

/** The name a CNAME or NS record points at. */
function targetOf(record: dnsPacket.Answer): string {
  return (record as dnsPacket.StringAnswer).data;
}

function withOwner(rrset: RRset, owner: string): RRset {
  return { ...rrset, records: rrset.records.map((record) => ({ ...record, name: owner })) };
}

function nameFromKey(key: string): string {
  const labels: string[] = [];
  for (let at = 0; key.charCodeAt(at) !== 0; at += key.charCodeAt(at) + 1) {
    labels.push(Buffer.from(key.slice(at + 1, at + 1 + key.charCodeAt(at)), 'latin1').toString());
  }
  return labels.join('.');
}

// ---------------------------------------------------------------------------------------------
// Wire handling

function optRecord(extendedRcode: number, dnssecOk: boolean): Buffer {
  const opt = Buffer.alloc(11);
  opt.writeUInt16BE(T.OPT, 1);
  opt.writeUInt16BE(ednsPayloadSize, 3);
  opt[5] = extendedRcode;
  opt[7] = dnssecOk ? 0x80 : 0;
  return opt;
}
const optPlain = optRecord(0, false);
const optDo = optRecord(0, true);
const optBadVersion = optRecord(1, false);
const emptyBody: Body = { aa: false, rcode: 0, an: 0, ns: 0, ar: 0, bytes: Buffer.alloc(0) };
const refusedBody: Body = { ...emptyBody, rcode: rcodes.REFUSED };
const notImplementedBody: Body = { ...emptyBody, rcode: rcodes.NOTIMP };
const formatErrorBody: Body = { ...emptyBody, rcode: rcodes.FORMERR };

/** Scratch space for the lower-cased question name (names are at most 255 bytes). */
const scratch = Buffer.alloc(256);

/** Skips a possibly compressed name; returns the offset after it, or -1 when malformed. */
function skipName(msg: Buffer, offset: number): number {
  for (let steps = 0; steps < 128; steps++) {
    const length = msg[offset];
    if (length === undefined) return -1;
    if (length === 0) return offset + 1;
    if ((length & 0xc0) === 0xc0) return offset + 2 <= msg.length ? offset + 2 : -1;
    if (length & 0xc0) return -1;
    offset += length + 1;
  }
  return -1;
}

/**
 * The response to one query as buffers to send in order, or undefined to drop it (malformed, or
 * not a query). Over UDP the answer fits 512 bytes, or the EDNS size the client gives capped at
 * ours (else it is truncated, TC). The query buffer's header is reused for the answer.
 */
export function respond(
  index: DnsIndex,
  msg: Buffer,
  tcp: boolean,
): [Buffer, Buffer, Buffer] | [Buffer, Buffer] | undefined {
  if (msg.length < 12 || msg.length > 65535) return undefined;
  if (msg[2]! & 0x80) return undefined; // a response, not a query
  const opcode = (msg[2]! >> 3) & 0x0f;
  const qdcount = msg.readUInt16BE(4);
  if (opcode !== 0 || qdcount !== 1) {
    const header = Buffer.from(msg.subarray(0, 12));
    writeHeader(header, opcode !== 0 ? notImplementedBody : formatErrorBody, false, false);
    header.writeUInt16BE(0, 4);
    return [header, emptyBody.bytes];
  }
  // The question: an uncompressed name, its type and class.
  let offset = 12;
  let length = 0;
  for (;;) {
    const labelLength = msg[offset];
    if (labelLength === undefined || labelLength & 0xc0) return undefined;
    scratch[length++] = labelLength;
    offset++;
    if (labelLength === 0) break;
    if (offset + labelLength > msg.length || length + labelLength > 255) return undefined;
    for (let i = 0; i < labelLength; i++) {
      const byte = msg[offset + i]!;
      scratch[length++] = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte;
    }
    offset += labelLength;
  }
  if (offset + 4 > msg.length) return undefined;
  const qtype = msg.readUInt16BE(offset);
  const qclass = msg.readUInt16BE(offset + 2);
  const questionEnd = offset + 4;
  // EDNS: find an OPT record among the additional records.
  let edns = false;
  let udpSize = 512;
  let ednsVersion = 0;
  let dnssecOk = false;
  const records = msg.readUInt16BE(6) + msg.readUInt16BE(8) + msg.readUInt16BE(10);
  offset = questionEnd;
  for (let i = 0; i < records; i++) {
    offset = skipName(msg, offset);
    if (offset < 0 || offset + 10 > msg.length) return undefined;
    const rdlength = msg.readUInt16BE(offset + 8);
    if (msg.readUInt16BE(offset) === T.OPT && !edns) {
      edns = true;
      udpSize = Math.min(Math.max(msg.readUInt16BE(offset + 2), 512), ednsPayloadSize);
      ednsVersion = msg[offset + 5]!;
      dnssecOk = (msg[offset + 6]! & 0x80) !== 0;
    }
    offset += 10 + rdlength;
    if (offset > msg.length) return undefined;
  }
  let body: Body;
  let opt = dnssecOk ? optDo : optPlain;
  if (edns && ednsVersion !== 0) {
    body = emptyBody;
    opt = optBadVersion;
  } else if (qclass !== 1 && qclass !== 255) {
    body = refusedBody;
  } else if (qtype === T.OPT || (qtype >= 249 && qtype <= 254)) {
    // OPT as a question, TKEY, TSIG, IXFR, AXFR, MAILB, MAILA: not served here.
    body = qtype === T.OPT ? formatErrorBody : refusedBody;
  } else {
    body = index.lookup(scratch.toString('latin1', 0, length), qtype) ?? refusedBody;
  }
  const head = msg.subarray(0, questionEnd);
  const size = questionEnd + body.bytes.length + (edns ? opt.length : 0);
  const truncated = !tcp && size > udpSize;
  writeHeader(head, truncated ? { ...body, an: 0, ns: 0, ar: 0 } : body, truncated, edns);
  const bytes = truncated ? emptyBody.bytes : body.bytes;
  return edns ? [head, bytes, opt] : [head, bytes];
}

function writeHeader(header: Buffer, body: Body, truncated: boolean, edns: boolean): void {
  // QR, opcode and RD as asked, AA, TC; CD echoed, RA off, the rcode.
  header[2] = 0x80 | (header[2]! & 0x79) | (body.aa ? 0x04 : 0) | (truncated ? 0x02 : 0);
  header[3] = (header[3]! & 0x10) | body.rcode;
  header.writeUInt16BE(body.an, 6);
  header.writeUInt16BE(body.ns, 8);
  header.writeUInt16BE(body.ar + (edns ? 1 : 0), 10);
}

// ---------------------------------------------------------------------------------------------
// Sockets

function bindUdp(socket: dgram.Socket, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    socket.once('error', onError);
    socket.bind({ port, address: host, exclusive: true }, () => {
      socket.off('error', onError);
      resolve();
    });
  });
}

function listenTcp(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function closeUdp(socket: dgram.Socket): Promise<void> {
  return new Promise((resolve) => {
    try {
      socket.close(() => resolve());
    } catch {
      resolve();
    }
  });
}

function describeBindError(error: unknown, host: string, port: number, proto: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EADDRINUSE'
      ? 'is already in use'
      : code === 'EACCES'
        ? 'needs privileges this process does not have'
        : `cannot be bound (${(error as Error).message})`;
  return new Error(`DNS port ${port} (${proto}) on ${host} ${reason}`, { cause: error });
}

export async function startDnsResponder(options: DnsResponderOptions): Promise<DnsResponder> {
  const { host, source, authority, logger } = options;
  const tcpIdleTimeoutMs = options.tcpIdleTimeoutMs ?? 10_000;
  const coalesceMs = options.coalesceMs ?? 20;
  let index = new DnsIndex([], authority);
  let closed = false;

  // Rebuilding: one at a time; a change during a rebuild runs another one right after it.
  let rebuilding: Promise<void> | undefined;
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const rebuild = async (): Promise<void> => {
    if (rebuilding) {
      pending = true;
      return rebuilding;
    }
    rebuilding = (async () => {
      do {
        pending = false;
        try {
          const zones = await source.loadZones();
          if (closed) return;
          index = new DnsIndex(zones, authority, logger);
          failures = 0;
        } catch (error) {
          failures++;
          const delay = Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
          logger?.error({ err: error, retryInMs: delay }, 'DNS zones could not be loaded');
          schedule(delay);
          return;
        }
      } while (pending && !closed);
    })().finally(() => {
      rebuilding = undefined;
    });
    return rebuilding;
  };
  const schedule = (delay: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void rebuild();
    }, delay);
  };
  const unsubscribe = source.subscribe(() => schedule(coalesceMs));
  await rebuild();

  const udp = dgram.createSocket({ type: net.isIPv6(host) ? 'udp6' : 'udp4' });
  const tcp = net.createServer({ noDelay: true });
  tcp.maxConnections = options.maxTcpConnections ?? 256;
  const connections = new Set<net.Socket>();

  const stop = async () => {
    closed = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    for (const socket of connections) socket.destroy();
    await Promise.all([
      closeUdp(udp),
      new Promise<void>((resolve) => (tcp.listening ? tcp.close(() => resolve()) : resolve())),
    ]);
    await rebuilding;
  };

  let port = options.port;
  for (let attempt = 0; ; attempt++) {
    try {
      await bindUdp(udp, port, host);
    } catch (error) {
      await stop();
      throw describeBindError(error, host, port, 'UDP');
    }
    const bound = udp.address().port;
    try {
      await listenTcp(tcp, bound, host);
      port = bound;
      break;
    } catch (error) {
      // With a chosen port there is nothing else to try; with port 0, UDP's free port may be
      // taken on TCP: try another.
      if (options.port !== 0 || attempt >= 10) {
        await stop();
        throw describeBindError(error, host, bound, 'TCP');
      }
      await stop();
      return startDnsResponder(options);
    }
  }

  udp.on('message', (msg, remote) => {
    let response;
    try {
      response = respond(index, msg, false);
    } catch (error) {
      logger?.warn({ err: error }, 'DNS query failed');
      return;
    }
    if (response) udp.send(response, remote.port, remote.address, () => {});
  });
  udp.on('error', (error) => logger?.warn({ err: error }, 'DNS UDP socket error'));

  tcp.on('connection', (socket) => {
    connections.add(socket);
    socket.setTimeout(tcpIdleTimeoutMs, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('close', () => connections.delete(socket));
    let buffered: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (length < 12) return void socket.destroy();
        if (buffered.length < 2 + length) break;
        const query = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        let response;
        try {
          response = respond(index, query, true);
        } catch (error) {
          logger?.warn({ err: error }, 'DNS query failed');
        }
        if (!response) return void socket.destroy();
        let size = 0;
        for (const part of response) size += part.length;
        if (size > 65535) return void socket.destroy();
        const prefix = Buffer.allocUnsafe(2);
        prefix.writeUInt16BE(size, 0);
        const framed = Buffer.concat([prefix, ...response], size + 2);
        if (!socket.write(framed)) {
          socket.pause();
          socket.once('drain', () => socket.resume());
        }
      }
      // Keep only what the pending query needs, not the chunk it arrived in.
      if (buffered.length) buffered = Buffer.from(buffered);
    });
  });
  tcp.on('error', (error) => logger?.warn({ err: error }, 'DNS TCP server error'));

  logger?.info({ host, port }, 'DNS responder listening (UDP and TCP)');
  return { port, close: stop };
}

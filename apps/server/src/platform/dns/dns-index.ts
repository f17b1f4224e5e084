import type dnsPacket from 'dns-packet';
import {
  BodyBuilder,
  T,
  nameFromKey,
  nameKey,
  parentKey,
  preview,
  rcodes,
  targetOf,
  toAnswer,
  typeNumbers,
  withOwner,
  type Body,
  type RRset,
} from './dns-records';
import { soaMailbox, type Zone, type ZoneAuthority, type ZoneRecord } from './zone';

export interface DnsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const soaTimers = { refresh: 10800, retry: 3600, expire: 604800 };
const maxCnameChain = 8;
/** Every type a record here can have: the answers a CNAME's chain can lead to. */
const servedTypes = [T.A, T.NS, T.CNAME, T.SOA, T.MX, T.TXT, T.AAAA];
/** A question type no record has: what a CNAME answers for types not listed above. */
const otherType = 0;

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
  /** The answer for each question type that has one of its own. */
  answers: Map<number, Body>;
  /** On a CNAME: the answer for every other question type. */
  otherwise?: Body;
  referral?: Body;
}

/**
 * The zones as a lookup structure; built whole and swapped in, never changed after. Every answer
 * is encoded here, once: a query only looks answers up, so a record that cannot be encoded is
 * logged and left out at build time and never costs anything per query.
 */
export class DnsIndex {
  readonly names = new Map<string, NameNode>();
  /** The records left out of this build; pass them to the next to log only new ones. */
  readonly skipped = new Set<string>();

  constructor(
    zones: Zone[],
    private readonly authority: ZoneAuthority,
    private readonly logger?: DnsLogger,
    private readonly reported: ReadonlySet<string> = new Set(),
  ) {
    const apexes = new Map<string, ZoneIndex>();
    const served: [Zone, ZoneIndex][] = [];
    for (const zone of zones) {
      try {
        const zoneIndex = this.addZone(zone, apexes);
        if (zoneIndex) served.push([zone, zoneIndex]);
      } catch (error) {
        logger?.warn({ zone: preview(zone.apex), err: error }, 'DNS zone skipped');
      }
    }
    for (const [zone, zoneIndex] of served) {
      for (const record of zone.records) {
        try {
          this.addRecord(record, zoneIndex, apexes);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          this.skip(zoneIndex.apex, record, reason);
        }
      }
    }
    this.findCuts();
    this.encodeAnswers();
  }

  /** Indexes a zone's SOA and NS; undefined when the zone is listed twice (the first is served). */
  private addZone(zone: Zone, apexes: Map<string, ZoneIndex>): ZoneIndex | undefined {
    const apex = zone.apex.replace(/\.$/, '').toLowerCase();
    const key = nameKey(apex);
    if (apexes.has(key)) {
      this.logger?.warn({ zone: apex }, 'DNS zone listed twice; serving the first');
      return undefined;
    }
    const zoneIndex = this.zoneIndex(apex, zone.serial, soaMailbox(zone, this.authority));
    apexes.set(key, zoneIndex);
    const node = this.node(key, apex, zoneIndex);
    const { ttl, nameservers } = this.authority;
    const records = nameservers.map((data) => ({ name: apex, type: 'NS' as const, ttl, data }));
    const ns: RRset = { type: T.NS, ttl, records };
    node.rrsets.set(T.SOA, zoneIndex.soa);
    node.rrsets.set(T.NS, ns);
    return zoneIndex;
  }

  /** Logs a record left out, unless the previous build already did. */
  private skip(zone: string, record: ZoneRecord | dnsPacket.Answer, reason: string): void {
    const data = 'content' in record ? record.content : textOf(record);
    const key = `${preview(record.name)}|${record.type}|${preview(data)}`;
    if (this.skipped.has(key)) return;
    this.skipped.add(key);
    if (this.reported.has(key)) return;
    const shown = { name: preview(record.name), type: record.type, content: preview(data) };
    this.logger?.warn({ zone, record: shown, reason }, 'DNS record skipped');
  }

  private zoneIndex(apex: string, serial: number, mailbox: string): ZoneIndex {
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
            rname: mailbox,
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
    const { answer, wire } = toAnswer({ ...record, name });
    const node = this.node(key, name, zone);
    let rrset = node.rrsets.get(type);
    if (!rrset) {
      rrset = { type, ttl: record.ttl, records: [], wire: [] };
      node.rrsets.set(type, rrset);
    }
    rrset.records.push(answer);
    rrset.wire?.push(wire);
    // One TTL per RRset (RFC 2181 §5.2): the smallest one given.
    if (record.ttl < rrset.ttl || rrset.records.length === 1) {
      rrset.ttl = record.ttl;
      rrset.records.forEach((r, i) => {
        (r as { ttl: number }).ttl = record.ttl;
        // The TTL is the 4 bytes after the pointer, type and class.
        rrset.wire?.[i]?.writeUInt32BE(record.ttl, 6);
      });
    } else {
      (answer as { ttl: number }).ttl = rrset.ttl;
      wire.writeUInt32BE(rrset.ttl, 6);
    }
    if (type === T.NS) node.isCut = true;
    // Every name between the record and the apex exists (empty non-terminals).
    const apexKey = nameKey(zone.apex);
    if (key === apexKey) return;
    for (let k = parentKey(key); k !== apexKey && k.length > 1; k = parentKey(k)) {
      if (!this.names.has(k)) this.node(k, nameFromKey(k), zone);
    }
  }

  private findCuts(): void {
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

  /** Encodes every answer a query can get: the referrals, and each name's answers. */
  private encodeAnswers(): void {
    for (const node of this.names.values()) {
      if (node.cut) {
        node.cut.referral ??= this.referral(node.cut);
        continue;
      }
      const hasCname = node.rrsets.has(T.CNAME);
      for (const type of hasCname ? servedTypes : node.rrsets.keys()) {
        node.answers.set(type, this.computeAnswer(node, type));
      }
      // With one RRset, ANY answers just what its type does.
      const only =
        node.rrsets.size === 1 ? node.answers.get([...node.rrsets.keys()][0]!) : undefined;
      if (node.rrsets.size > 0) node.answers.set(T.ANY, only ?? this.computeAnswer(node, T.ANY));
      if (hasCname) node.otherwise = this.computeAnswer(node, otherType);
    }
  }

  /** A builder that logs what it leaves out under this node's zone. */
  private builder(node: NameNode): BodyBuilder {
    return new BodyBuilder((record, reason) => this.skip(node.zone.apex, record, reason));
  }

  /** The sections answering (key, qtype), or undefined when no zone here holds the name. */
  lookup(key: string, qtype: number): Body | undefined {
    const node = this.names.get(key);
    if (node) {
      if (node.cut) {
        // The parent side of a cut answers DS itself.
        if (node === node.cut && qtype === T.DS) return node.zone.nodata;
        return node.cut.referral;
      }
      return this.answer(node, qtype);
    }
    for (let k = key; k.length > 1;) {
      k = parentKey(k);
      const encloser = this.names.get(k);
      if (!encloser) continue;
      if (encloser.cut) return encloser.cut.referral;
      const wildcard = this.names.get(`\x01*${k}`);
      if (wildcard && !wildcard.cut) return this.answer(wildcard, qtype);
      return encloser.zone.nxdomain;
    }
    return undefined;
  }

  private answer(node: NameNode, qtype: number): Body {
    return node.answers.get(qtype) ?? node.otherwise ?? node.zone.nodata;
  }

  private referral(cut: NameNode): Body {
    const builder = this.builder(cut);
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
    return builder.build(false, rcodes.NOERROR);
  }

  private computeAnswer(node: NameNode, qtype: number): Body {
    const builder = this.builder(node);
    if (qtype === T.ANY) {
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

/** A record's data as text, for logs. */
function textOf(record: dnsPacket.Answer): string {
  const data = (record as { data?: unknown }).data;
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString();
  return typeof data === 'string' ? data : JSON.stringify(data);
}

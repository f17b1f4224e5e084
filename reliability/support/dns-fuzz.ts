import dnsPacket from 'dns-packet';

/*
 * Malformed DNS messages from a seeded generator (a failure names its seed and index, so it
 * reproduces), each with what a responder owes it, and the judge of what came back.
 */

export const rcodes = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
  BADVERS: 16,
} as const;
const { FORMERR, NOTIMP, REFUSED, BADVERS, SERVFAIL } = rcodes;
const rcodeName = (rcode: number) =>
  Object.entries(rcodes).find(([, value]) => value === rcode)?.[0] ?? `rcode ${rcode}`;

export interface Malformed {
  kind: string;
  bytes: Buffer;
  /** An answer must come: a header we can read asks for one (dropping it is a defect). */
  due: boolean;
  /** The rcodes an answer may carry: [] means no answer at all is allowed; absent, any but SERVFAIL. */
  allowed?: readonly number[];
  /** The query may carry EDNS: a UDP answer may then be 1232 bytes, else at most 512. */
  edns: boolean;
}

type Shape = Omit<Malformed, 'kind'>;

/** mulberry32: tiny, fast, and the same sequence for a seed on every machine. */
export class Random {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  range(low: number, high: number): number {
    return low + this.int(high - low + 1);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  bytes(length: number): Buffer {
    return Buffer.from(Array.from({ length }, () => this.int(256)));
  }
}

interface HeaderFields {
  opcode?: number;
  qr?: boolean;
  byte3?: number;
  counts?: [number, number, number, number];
}

function header(id: number, { opcode = 0, qr = false, byte3 = 0, counts }: HeaderFields): Buffer {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt16BE(id & 0xffff, 0);
  bytes[2] = (qr ? 0x80 : 0) | ((opcode & 0x0f) << 3) | 0x01;
  bytes[3] = byte3;
  (counts ?? [1, 0, 0, 0]).forEach((count, index) => bytes.writeUInt16BE(count, 4 + 2 * index));
  return bytes;
}

function wireName(name: string): Buffer {
  const labels = name.split('.').map((label) => Buffer.from([label.length, ...Buffer.from(label)]));
  return Buffer.concat([...labels, Buffer.from([0])]);
}

function question(name: string, type: number, klass = 1): Buffer {
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(type, 0);
  tail.writeUInt16BE(klass, 2);
  return Buffer.concat([wireName(name), tail]);
}

/** An OPT pseudo-record (RFC 6891) claiming `rdlength` bytes of `rdata`. */
function opt(rdata: Buffer, { payload = 1232, version = 0, rdlength = rdata.length } = {}): Buffer {
  const fixed = Buffer.alloc(11);
  fixed.writeUInt16BE(41, 1); // type OPT
  fixed.writeUInt16BE(payload, 3);
  fixed[6] = version;
  fixed.writeUInt16BE(rdlength & 0xffff, 9);
  return Buffer.concat([fixed, rdata]);
}

const names = [
  'www.reliability-dns.ca',
  'big.reliability-dns.ca',
  'nx.reliability-dns.ca',
  'reliability-dns.ca',
  'example.org',
];
const types = [1, 2, 5, 6, 15, 16, 28, 255];

function validQuery(r: Random, id: number, fields: HeaderFields = {}): Buffer {
  return Buffer.concat([header(id, fields), question(r.pick(names), r.pick(types))]);
}

/** What the header of arbitrary bytes asks for, read as the responder must read it. */
function owed(bytes: Buffer): Shape {
  if (bytes.length < 12 || bytes[2]! & 0x80) return { bytes, due: false, allowed: [], edns: true };
  if ((bytes[2]! >> 3) & 0x0f) return { bytes, due: true, allowed: [NOTIMP], edns: true };
  if (bytes.readUInt16BE(4) !== 1) return { bytes, due: true, allowed: [FORMERR], edns: true };
  return { bytes, due: false, edns: true };
}

const maybeFormerr = (bytes: Buffer, edns = false): Shape => ({
  bytes,
  due: false,
  allowed: [FORMERR],
  edns,
});

/** Each kind of malformation: the bytes for (random, id) and what they are owed. */
const kinds: Record<string, (r: Random, id: number) => Shape> = {
  'random bytes': (r, id) => {
    const bytes = r.bytes(r.range(12, 511));
    bytes.writeUInt16BE(id & 0xffff, 0);
    return owed(bytes);
  },
  'truncated header': (r, id) => {
    const bytes = r.bytes(r.range(0, 11));
    if (bytes.length >= 2) bytes.writeUInt16BE(id & 0xffff, 0);
    return { bytes, due: false, allowed: [], edns: false };
  },
  'bad label length': (r, id) => {
    const label = r.pick([
      Buffer.concat([Buffer.from([r.range(20, 63)]), r.bytes(r.range(0, 19))]), // runs off the end
      Buffer.from([r.range(0x40, 0xbf), ...r.bytes(8), 0]), // reserved label types 01 and 10
      Buffer.concat([Buffer.from([3, 0x77, 0x77, 0x77, 63]), r.bytes(10)]), // second label too long
    ]);
    return maybeFormerr(Buffer.concat([header(id, {}), label]));
  },
  'pointer loop': (r, id) => {
    const name = r.pick([
      Buffer.from([0xc0, 0x0c]), // the question name points at itself
      Buffer.from([3, 0x77, 0x77, 0x77, 0xc0, 0x0c]), // a label, then back to its start
      Buffer.from([0xc0, 0xff]), // past the end
    ]);
    return maybeFormerr(Buffer.concat([header(id, {}), name, Buffer.from([0, 1, 0, 1])]));
  },
  'pointer loop in additional': (r, id) => {
    const query = validQuery(r, id, { counts: [1, 0, 0, 1] });
    const self = 0xc000 | query.length; // the record's owner points at itself
    const record = Buffer.from([self >> 8, self & 0xff, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 1, 2, 3, 4]);
    return { bytes: Buffer.concat([query, record]), due: false, edns: false };
  },
  'qdcount mismatch': (r, id) => {
    const qd = r.pick([0, 2, 3, 65535]);
    const questions = qd === 0 ? 0 : r.range(1, 2);
    const asked = Array.from({ length: questions }, () => question(r.pick(names), 1));
    const bytes = Buffer.concat([header(id, { counts: [qd, 0, 0, 0] }), ...asked]);
    return { bytes, due: true, allowed: [FORMERR], edns: false };
  },
  'huge counts': (r, id) => {
    const huge = () => r.pick([0, r.range(1, 65535), 65535]);
    const counts: [number, number, number, number] = [1, huge(), huge(), 65535];
    const bytes = Buffer.concat([validQuery(r, id, { counts }), r.bytes(r.range(0, 30))]);
    return maybeFormerr(bytes, true);
  },
  'EDNS garbage': (r, id) => ednsGarbage(r, id),
  'two OPT records': (r, id) => {
    const query = validQuery(r, id, { counts: [1, 0, 0, 2] });
    const bytes = Buffer.concat([query, opt(r.bytes(r.range(0, 40))), opt(r.bytes(4))]);
    // RFC 6891 §6.1.1: more than one OPT RR MUST be answered FORMERR.
    return { bytes, due: true, allowed: [FORMERR], edns: true };
  },
  'opcode not QUERY': (r, id) => {
    const bytes = validQuery(r, id, { opcode: r.range(1, 15) });
    return { bytes, due: true, allowed: [NOTIMP], edns: false };
  },
  'response bit': (r, id) => ({
    bytes: validQuery(r, id, { qr: true }),
    due: false,
    allowed: [],
    edns: false,
  }),
  'odd class or type': (r, id) => {
    const [type, klass, allowed] = r.pick<[number, number, number]>([
      [1, r.pick([0, 3, 4, 254]), REFUSED], // CHAOS, HESIOD, NONE, 0: not served here
      [r.range(249, 254), 1, REFUSED], // TKEY, TSIG, IXFR, AXFR, MAILB, MAILA
      [41, 1, FORMERR], // OPT is not a question type
    ]);
    const bytes = Buffer.concat([header(id, {}), question(r.pick(names), type, klass)]);
    return { bytes, due: true, allowed: [allowed], edns: false };
  },
  'name over 255 octets': (r, id) => {
    const long = Array.from({ length: 5 }, () => 'a'.repeat(63)).join('.');
    return maybeFormerr(Buffer.concat([header(id, {}), question(long, r.pick(types))]));
  },
  'trailing garbage': (r, id) => ({
    bytes: Buffer.concat([validQuery(r, id), r.bytes(r.range(1, 100))]),
    due: true,
    edns: false,
  }),
  'truncated question': (r, id) => {
    const whole = validQuery(r, id);
    return maybeFormerr(whole.subarray(0, r.range(13, whole.length - 1)));
  },
  'odd flags': (r, id) => {
    const bytes = validQuery(r, id, { byte3: r.int(256) });
    bytes[2] = bytes[2]! | r.int(8); // AA, TC and RD at random: flags a query should not carry
    return { bytes, due: true, edns: false };
  },
};

/** OPT records a client should never send: garbage options, lies about lengths, versions. */
function ednsGarbage(r: Random, id: number): Shape {
  const variant = r.int(3);
  const garbage = r.bytes(r.range(0, 120));
  const query = validQuery(r, id, { counts: [1, 0, 0, 1] });
  if (variant === 0) {
    const payload = r.pick([0, 1, 511, 4096, 65535]);
    return { bytes: Buffer.concat([query, opt(garbage, { payload })]), due: true, edns: true };
  }
  if (variant === 1) {
    const rdlength = garbage.length + r.range(1, 1000);
    return maybeFormerr(Buffer.concat([query, opt(garbage, { rdlength })]), true);
  }
  const bytes = Buffer.concat([query, opt(garbage, { version: r.range(1, 255) })]);
  return { bytes, due: true, allowed: [BADVERS], edns: true };
}

export const malformedKinds = Object.keys(kinds);

/** `count` malformed messages from `seed`; message i has id i + 1 (unique below 65,535). */
export function malformedMessages(seed: number, count: number): Malformed[] {
  const r = new Random(seed);
  return Array.from({ length: count }, (_, index) => {
    const kind = r.pick(malformedKinds);
    return { kind, ...kinds[kind]!(r, index + 1) };
  });
}

/** What the answer is wrong about, if anything, and its rcode (extended by its OPT record). */
function inspect(asked: Malformed, answer: Buffer, overUdp: boolean): [string | undefined, number] {
  const rcode = answer.length >= 4 ? answer[3]! & 0x0f : -1;
  if (answer.length < 12) return ['shorter than a header', rcode];
  if (!(answer[2]! & 0x80)) return ['QR bit not set', rcode];
  const { bytes } = asked;
  if (bytes.length >= 2 && answer.readUInt16BE(0) !== bytes.readUInt16BE(0))
    return ['id not echoed', rcode];
  if (bytes.length >= 3 && ((answer[2]! ^ bytes[2]!) & 0x78) !== 0)
    return ['opcode not echoed', rcode];
  if (overUdp && answer.length > (asked.edns ? 1232 : 512))
    return [`${answer.length} bytes over UDP`, rcode];
  try {
    const decoded = dnsPacket.decode(answer);
    const edns = (decoded.additionals ?? []).find((record) => record.type === 'OPT');
    const extended = edns && 'extendedRcode' in edns ? edns.extendedRcode : 0;
    return [undefined, rcode | (extended << 4)];
  } catch (error) {
    return [`does not decode (${error instanceof Error ? error.message : String(error)})`, rcode];
  }
}

interface KindCount {
  sent: number;
  answered: number;
  dropped: number;
}

/** What came back for one attack's messages: the figures' columns, per kind, and the defects. */
export class FuzzTally {
  answered4xx = 0;
  answered5xx = 0;
  /** NOERROR answers. */
  other = 0;
  answered = 0;
  dropped = 0;
  defects = 0;
  /** The first few defects, each naming the message (seed and index reproduce it). */
  readonly examples: string[] = [];
  private readonly kinds = new Map<string, KindCount>();
  private readonly byDefect = new Map<string, number>();

  constructor(private readonly seed: number) {}

  /** Judges one message's answer; undefined when none came (or the connection was closed). */
  record(index: number, asked: Malformed, answer: Buffer | undefined, overUdp: boolean): void {
    const kind = this.kinds.get(asked.kind) ?? { sent: 0, answered: 0, dropped: 0 };
    this.kinds.set(asked.kind, kind);
    kind.sent += 1;
    if (!answer) {
      kind.dropped += 1;
      this.dropped += 1;
      if (asked.due) this.answered5xx += 1;
      if (asked.due) this.defect(index, asked, 'no answer where one was due');
      return;
    }
    kind.answered += 1;
    this.answered += 1;
    const [problem, rcode] = inspect(asked, answer, overUdp);
    if (problem || rcode === SERVFAIL) this.answered5xx += 1;
    else if (rcode === 0) this.other += 1;
    else this.answered4xx += 1;
    const { allowed } = asked;
    if (problem) return this.defect(index, asked, problem);
    if (allowed?.length === 0) return this.defect(index, asked, `answered ${rcodeName(rcode)}`);
    if (allowed ? !allowed.includes(rcode) : rcode === SERVFAIL) {
      const owed = allowed?.map(rcodeName).join('/') ?? 'anything but SERVFAIL';
      this.defect(index, asked, `answered ${rcodeName(rcode)}, owed ${owed}`);
    }
  }

  defect(index: number, asked: Malformed | undefined, what: string): void {
    this.defects += 1;
    const key = `${asked?.kind ?? 'no message'}: ${what}`;
    this.byDefect.set(key, (this.byDefect.get(key) ?? 0) + 1);
    if (this.examples.length >= 12) return;
    const bytes = asked ? asked.bytes.subarray(0, 48).toString('hex') : '';
    this.examples.push(`seed ${this.seed} #${index} ${asked?.kind ?? ''}: ${what} [${bytes}]`);
  }

  /** How many messages of each kind got each wrong treatment. */
  defectsByKind(): Record<string, number> {
    return Object.fromEntries(this.byDefect);
  }

  /** Answered against dropped, in all and per kind, for the log. */
  report(title: string): string {
    const rows = [...this.kinds].map(
      ([kind, count]) =>
        `  ${kind.padEnd(28)} ${String(count.sent).padStart(6)} sent ${String(count.answered).padStart(6)} answered ${String(count.dropped).padStart(6)} dropped`,
    );
    const all = `${this.answered + this.dropped} sent, ${this.answered} answered, ${this.dropped} dropped`;
    return [`${title}: ${all}`, ...rows].join('\n');
  }
}

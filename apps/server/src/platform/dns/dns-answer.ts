import type { DnsIndex } from './dns-index';
import { T, rcodes, type Body } from './dns-records';

/**
 * One DNS query's answer on the wire (the built-in responder's hot path, dns-responder.ts).
 *
 * It does not decode whole packets: it reads the header and the question, looks the lower-cased
 * wire name up in the index (dns-index.ts), and answers with the query's own header and question
 * (patched in place) followed by answer sections encoded once per (name, type). Owner names equal
 * to the question are compression pointers to it, so one encoding serves every spelling of the
 * name (the question is echoed as asked) and wildcard matches.
 */

/** Our EDNS UDP payload size (DNS flag day 2020). */
export const ednsPayloadSize = 1232;

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
  let optCount = 0;
  const records = msg.readUInt16BE(6) + msg.readUInt16BE(8) + msg.readUInt16BE(10);
  offset = questionEnd;
  for (let i = 0; i < records; i++) {
    offset = skipName(msg, offset);
    if (offset < 0 || offset + 10 > msg.length) return undefined;
    const rdlength = msg.readUInt16BE(offset + 8);
    if (msg.readUInt16BE(offset) === T.OPT && ++optCount === 1) {
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
  if (optCount > 1) {
    // More than one OPT record: FORMERR, without EDNS in the answer (RFC 6891 6.1.1).
    body = formatErrorBody;
    edns = false;
  } else if (edns && ednsVersion !== 0) {
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

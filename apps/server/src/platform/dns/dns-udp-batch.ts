import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';

/**
 * The DNS responder's batched UDP socket (dns-udp-batch.c): queries arrive a batch at a time and
 * the answers written for them leave together, a system call each way per batch instead of per
 * packet, and one call into JavaScript per batch. Without the addon (not built: no C compiler, or
 * not Linux) the serving thread uses Node's dgram sockets (docs/scale.md "DNS against PowerDNS").
 */

// The layout dns-udp-batch.c was built with.
const batchSize = 64;
const querySlot = 4096;
const answerSlot = 1536;
const metaInts = 4;
const addressBytes = 16;

interface UdpBatchAddon {
  open(
    host: string,
    port: number,
    reusePort: boolean,
    queries: Buffer,
    answers: Buffer,
    meta: Buffer,
    addresses: Buffer,
    onBatch: (count: number) => void,
  ): object;
  port(handle: object): number;
  close(handle: object): void;
}

/** Answers one query from `address`, as buffers to send in order; undefined sends nothing. */
export type UdpAnswerer = (query: Buffer, address: string) => readonly Buffer[] | undefined;

export interface BatchedUdpSocket {
  port: number;
  close(): void;
}

const addonPath = new URL('../../../dist/native/dns-udp-batch.node', import.meta.url);

/** The addon, or why it cannot be used. */
export function loadUdpBatchAddon(): UdpBatchAddon | Error {
  try {
    return createRequire(import.meta.url)(fileURLToPath(addonPath)) as UdpBatchAddon;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A source address as Node's dgram gives it (dotted quad, or IPv6 text). */
function addressText(family: number, bytes: Buffer, at: number): string {
  if (family === 4) return `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
  return ipaddr.fromByteArray([...bytes.subarray(at, at + 16)]).toString();
}

/** Copies an answer's parts into its slot; its length, or 0 when it does not fit. */
function writeAnswer(parts: readonly Buffer[], answers: Buffer, slot: number): number {
  let at = slot * answerSlot;
  const end = at + answerSlot;
  for (const part of parts) {
    if (at + part.length > end) return 0;
    at += part.copy(answers, at);
  }
  return at - slot * answerSlot;
}

/** Binds `host`:`port` (0: a free one) and answers every query that arrives with `answer`. */
export function openBatchedUdp(
  addon: UdpBatchAddon,
  host: string,
  port: number,
  reusePort: boolean,
  answer: UdpAnswerer,
): BatchedUdpSocket {
  const queries = Buffer.allocUnsafeSlow(batchSize * querySlot);
  const answers = Buffer.allocUnsafeSlow(batchSize * answerSlot);
  const metaBytes = Buffer.alloc(batchSize * metaInts * 4);
  const meta = new Int32Array(metaBytes.buffer, metaBytes.byteOffset, batchSize * metaInts);
  const addresses = Buffer.alloc(batchSize * addressBytes);
  const onBatch = (count: number) => {
    for (let i = 0; i < count; i++) {
      const at = i * metaInts;
      const length = meta[at]!;
      if (length < 0) continue; // larger than a slot: no DNS query is
      const start = i * querySlot;
      const address = addressText(meta[at + 2]!, addresses, i * addressBytes);
      const parts = answer(queries.subarray(start, start + length), address);
      if (parts) meta[at + 3] = writeAnswer(parts, answers, i);
    }
  };
  const handle = addon.open(host, port, reusePort, queries, answers, metaBytes, addresses, onBatch);
  let closed = false;
  return {
    port: addon.port(handle),
    close() {
      if (closed) return;
      closed = true;
      addon.close(handle);
    },
  };
}

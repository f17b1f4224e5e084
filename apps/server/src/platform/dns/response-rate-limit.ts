import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';

/**
 * Response-rate limiting (RRL) of UDP answers, as BIND does it, so the responder cannot be used
 * to amplify a flood at a spoofed source: a query of ~40 bytes may draw an answer of ~1,200.
 *
 * Each source prefix (/24 IPv4, /56 IPv6: one site or customer, whose addresses an attacker
 * spoofs alike) has an account credited `responsesPerSecond` a second, holding at most that
 * many; every answer owed debits one. While the account is negative the answer is limited: every
 * `slip`-th is sent truncated (TC, no records: as small as the query, and a real resolver asks
 * again over TCP, which cannot be spoofed), the others are dropped. The account may owe at most
 * `windowSeconds` of credit, so a source that keeps flooding stays limited until its average
 * over the window falls under the rate. TCP is not limited: its handshake proves the source.
 */
export interface ResponseRateLimitOptions {
  /** Answers a second per prefix; also the burst a quiet prefix gets at once. */
  responsesPerSecond: number;
  /** Seconds of debt an account may run up. */
  windowSeconds: number;
  /** Every slip-th limited answer is sent truncated, the rest dropped; 0 drops them all. */
  slip: number;
  /** Addresses or networks (CIDR) never limited, e.g. the operator's own probes. */
  exempt?: readonly string[];
  /** Prefixes tracked at once; beyond it the least recently seen is forgotten. Default 20,000. */
  maxPrefixes?: number;
}

/** BIND's window and slip defaults; 20 answers a second (see README "DNS"). */
export const defaultResponseRateLimit: ResponseRateLimitOptions = {
  responsesPerSecond: 20,
  windowSeconds: 15,
  slip: 2,
};

export type RateVerdict = 'answer' | 'slip' | 'drop';

interface Account {
  balance: number;
  /** When the balance was last credited (ms, monotonic). */
  at: number;
  /** Limited answers so far, counting towards the next slip. */
  limited: number;
}

/** The prefix an address is counted under: its /24 (IPv4) or /56 (IPv6). */
export function sourcePrefix(address: string): string {
  // The hot path: a UDP4 socket's sources are dotted quads, whose /24 is all but the last part.
  if (!address.includes(':')) return address.slice(0, address.lastIndexOf('.'));
  try {
    const parsed = ipaddr.process(address);
    if (parsed.kind() === 'ipv4') return sourcePrefix(parsed.toString());
    return `${parsed.toByteArray().slice(0, 7).join(':')}/56`;
  } catch {
    return address;
  }
}

function exemptionOf(networks: readonly string[]): (address: string) => boolean {
  const ranges = networks.map((network) =>
    ipaddr.parseCIDR(network.includes('/') ? network : cidrOf(network)),
  );
  return (address) => {
    if (ranges.length === 0) return false;
    try {
      const parsed = ipaddr.process(address);
      return ranges.some(
        ([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits),
      );
    } catch {
      return false;
    }
  };
}

/** A single address as a network of one. */
function cidrOf(address: string): string {
  return `${address}/${ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128}`;
}

/** Decides, per source address, whether an owed UDP answer is sent, slipped or dropped. */
export function createResponseRateLimiter(
  options: ResponseRateLimitOptions,
  now: () => number = () => performance.now(),
): (address: string) => RateVerdict {
  const { responsesPerSecond: rate, windowSeconds, slip } = options;
  const exempt = exemptionOf(options.exempt ?? []);
  const accounts = new LRUCache<string, Account>({ max: options.maxPrefixes ?? 20_000 });
  const floor = -windowSeconds * rate;
  return (address) => {
    if (exempt(address)) return 'answer';
    const prefix = sourcePrefix(address);
    const time = now();
    let account = accounts.get(prefix);
    if (!account) {
      account = { balance: rate, at: time, limited: 0 };
      accounts.set(prefix, account);
    }
    account.balance = Math.min(rate, account.balance + ((time - account.at) / 1000) * rate);
    account.at = time;
    account.balance = Math.max(floor, account.balance - 1);
    if (account.balance >= 0) return 'answer';
    account.limited += 1;
    return slip > 0 && account.limited % slip === 0 ? 'slip' : 'drop';
  };
}

/**
 * The slip form of an answer (buffers as `respond` gives them): header and question only, TC
 * set, no records but the OPT (so an EDNS client still sees our payload size).
 */
export function slipped(response: readonly Buffer[]): Buffer[] {
  const head = response[0]!;
  const opt = response.length === 3 ? response[2] : undefined;
  head[2] = head[2]! | 0x02;
  head.writeUInt16BE(0, 6);
  head.writeUInt16BE(0, 8);
  head.writeUInt16BE(opt ? 1 : 0, 10);
  return opt ? [head, opt] : [head];
}

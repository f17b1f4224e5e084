import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { Agent } from 'node:http';
import { isIP, Socket, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** How host names become addresses: every address the name has, in any family. */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>;

/** How refusals name what was dialled and the switch that allows private addresses. */
export interface OutboundWording {
  /** "The cluster API address" */
  address: string;
  /** "The cluster API host" */
  host: string;
  /** "MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1" */
  switchName: string;
  /** "check the server address in the kubeconfig" */
  fix: string;
  /** The sentence for a URL that does not parse. */
  invalidUrl: string;
}

/** Cluster endpoints' wording: the messages existing clients and tests know. */
export const clusterWording: OutboundWording = {
  address: 'The cluster API address',
  host: 'The cluster API host',
  switchName: 'MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1',
  fix: 'check the server address in the kubeconfig',
  invalidUrl: 'The cluster API address in the kubeconfig is not a valid URL.',
};

/** Which addresses Meridian may dial for a user-configured destination (cluster API, webhook). */
export interface OutboundPolicy {
  /** The switch is set: loopback, private and reserved ranges too (never link-local). */
  allowPrivate: boolean;
  /** How refusals read; cluster wording when absent. */
  wording?: OutboundWording;
  /** Exact origins (`https://127.0.0.1:41234`) dialled unchecked: Meridian's own simulated APIs. */
  trustedOrigins?: readonly string[];
  /** Replaces the system resolver; tests stub it. */
  resolve?: ResolveHost;
  /** How long resolving a host name may take. */
  resolveTimeoutMs?: number;
}

/** `refused`: the policy forbids the address (permanent); otherwise the name gave no address yet. */
/** The cluster guard's policy, as before the guard served webhooks too. */
export type ClusterEndpointPolicy = OutboundPolicy;

export type EndpointCheck = { ok: true } | { ok: false; reason: string; refused: boolean };
type Checked =
  { ok: true; addresses: readonly string[] } | { ok: false; reason: string; refused: boolean };

/** The `code` of the error a refused connection fails with, so callers can tell it apart. */
export const endpointRefusedCode = 'EMERIDIANENDPOINTREFUSED';

const neverTail = ', which Meridian never connects to.';
const privateTail = (switchName: string) =>
  `; Meridian connects to private or loopback addresses only when ${switchName} is set.`;
const reservedTail = (switchName: string) =>
  `; Meridian connects to such addresses only when ${switchName} is set.`;

type Verdict =
  | { kind: 'public' }
  | { kind: 'never'; says: string }
  | { kind: 'private'; says: string; tail: (switchName: string) => string };

const never: Verdict = { kind: 'never', says: 'is a link-local or cloud metadata address' };
const loopback: Verdict = { kind: 'private', says: 'is a loopback address', tail: privateTail };
const privateNetwork: Verdict = {
  kind: 'private',
  says: 'is in a private network',
  tail: privateTail,
};
const unspecified: Verdict = {
  kind: 'private',
  says: 'is an unspecified address (0.0.0.0/8 or ::)',
  tail: reservedTail,
};
const reserved: Verdict = {
  kind: 'private',
  says: 'is a multicast, broadcast or reserved address',
  tail: reservedTail,
};

// Metadata services outside 169.254.0.0/16: AWS over IPv6, Alibaba Cloud, Oracle Cloud Classic.
const metadataAddresses = new Set(
  ['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192'].map((address) =>
    ipaddr.parse(address).toNormalizedString(),
  ),
);

const metadataHosts = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

const v4Verdicts: Partial<Record<string, Verdict>> = {
  unicast: { kind: 'public' },
  linkLocal: never,
  loopback,
  private: privateNetwork,
  carrierGradeNat: privateNetwork,
  unspecified,
};

const v6Verdicts: Partial<Record<string, Verdict>> = {
  unicast: { kind: 'public' },
  linkLocal: never,
  loopback,
  uniqueLocal: privateNetwork,
  deprecatedSiteLocal: privateNetwork,
  unspecified,
};

/** The IPv4 address a translation range (NAT64, 6to4, SIIT, IPv4-compatible) carries. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = address.parts;
  const fromWords = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const range = address.range();
  if (range === '6to4') return fromWords(p[1] ?? 0, p[2] ?? 0);
  const compatible = p.slice(0, 6).every((part) => part === 0);
  if (range === 'rfc6145' || range === 'rfc6052' || compatible) {
    return fromWords(p[6] ?? 0, p[7] ?? 0);
  }
  return undefined;
}

function verdictOf(address: ipaddr.IPv4 | ipaddr.IPv6): Verdict {
  if (metadataAddresses.has(address.toNormalizedString())) return never;
  if (address.kind() === 'ipv4') return v4Verdicts[address.range()] ?? reserved;
  const v6 = address as ipaddr.IPv6;
  // ::ffff:a.b.c.d is the IPv4 address itself to the socket layer.
  if (v6.isIPv4MappedAddress()) return verdictOf(v6.toIPv4Address());
  const own = v6Verdicts[v6.range()] ?? reserved;
  const inner = embeddedIPv4(v6);
  // A translated address is as bad as the worse of itself and the IPv4 address it reaches.
  const rank = { public: 0, private: 1, never: 2 } as const;
  if (!inner) return own;
  const reached = verdictOf(inner);
  return rank[reached.kind] > rank[own.kind] ? reached : own;
}

/** Why one address is refused, as a sentence about `subject`; undefined when it may be dialled. */
function refusalOf(address: string, subject: string, policy: OutboundPolicy) {
  const parsed = ipaddr.parse(address);
  const verdict = verdictOf(parsed);
  if (verdict.kind === 'public') return undefined;
  if (verdict.kind === 'never') return `${subject} ${verdict.says}${neverTail}`;
  const { switchName } = policy.wording ?? clusterWording;
  return policy.allowPrivate ? undefined : `${subject} ${verdict.says}${verdict.tail(switchName)}`;
}

/** The address as written, with the IPv4 address inside when it is a mapped one. */
function shown(address: string): string {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return `${address} (${(parsed as ipaddr.IPv6).toIPv4Address().toString()})`;
  }
  return address;
}

const wordingOf = (policy: OutboundPolicy) => policy.wording ?? clusterWording;
const literalSubject = (address: string, policy: OutboundPolicy) =>
  `${wordingOf(policy).address} ${shown(address)}`;
const resolvedSubject = (address: string, host: string, policy: OutboundPolicy) =>
  `${wordingOf(policy).address} ${shown(address)}, which ${host} resolves to,`;

const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Every address of `host`, within the deadline; a sentence when there is none. */
async function resolveWithin(host: string, policy: OutboundPolicy): Promise<Checked> {
  const resolve = policy.resolve ?? systemResolve;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((settle) => {
    timer = setTimeout(() => settle('late'), policy.resolveTimeoutMs ?? 5000);
  });
  try {
    const answer = await Promise.race([resolve(host), late]);
    if (answer === 'late') {
      return {
        ok: false,
        reason: `${wordingOf(policy).host} ${host} did not resolve in time; try again, or ${wordingOf(policy).fix}.`,
        refused: false,
      };
    }
    const addresses = answer.filter((address) => isIP(address) !== 0);
    if (addresses.length > 0) return { ok: true, addresses };
  } catch {
    // Any resolver failure reads the same to the user: the name gives no address.
  } finally {
    clearTimeout(timer);
  }
  return {
    ok: false,
    reason: `${wordingOf(policy).host} ${host} cannot be resolved to an address; ${wordingOf(policy).fix}.`,
    refused: false,
  };
}

/** The addresses of a host name, each one allowed by the policy, or why not. */
async function checkedAddresses(hostname: string, policy: OutboundPolicy): Promise<Checked> {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host) !== 0) {
    const reason = refusalOf(host, literalSubject(host, policy), policy);
    return reason ? { ok: false, reason, refused: true } : { ok: true, addresses: [host] };
  }
  if (metadataHosts.has(host)) {
    return {
      ok: false,
      reason: `${wordingOf(policy).host} ${host} is a cloud metadata service${neverTail}`,
      refused: true,
    };
  }
  const resolved = await resolveWithin(host, policy);
  if (!resolved.ok) return resolved;
  for (const address of resolved.addresses) {
    const reason = refusalOf(address, resolvedSubject(address, host, policy), policy);
    if (reason) return { ok: false, reason, refused: true };
  }
  return resolved;
}

/** Whether `serverUrl` is one of the policy's trusted origins, exactly. */
export function isTrustedOrigin(serverUrl: string, policy: OutboundPolicy): boolean {
  if (!URL.canParse(serverUrl)) return false;
  return policy.trustedOrigins?.includes(new URL(serverUrl).origin) ?? false;
}

/**
 * Whether Meridian may dial the cluster API at `serverUrl`: a literal address is classified, a
 * host name resolved and every one of its addresses must pass; trusted origins always may.
 */
export async function checkOutbound(
  serverUrl: string,
  policy: OutboundPolicy,
): Promise<EndpointCheck> {
  if (!URL.canParse(serverUrl)) {
    const reason = wordingOf(policy).invalidUrl;
    return { ok: false, reason, refused: true };
  }
  if (isTrustedOrigin(serverUrl, policy)) return { ok: true };
  const hostname = new URL(serverUrl).hostname.replace(/^\[|\]$/g, '');
  const checked = await checkedAddresses(hostname, policy);
  return checked.ok ? { ok: true } : checked;
}

function refusedError(reason: string): NodeJS.ErrnoException {
  return Object.assign(new Error(reason), { code: endpointRefusedCode });
}

/** A lookup for sockets that answers only addresses the policy allows: no rebinding after a check. */
export function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    void checkedAddresses(hostname, policy).then((checked) => {
      if (!checked.ok) return callback(refusedError(checked.reason), '');
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
      const entries: LookupAddress[] = checked.addresses
        .map((address) => ({ address, family: isIP(address) }))
        .filter((entry) => !family || entry.family === family);
      const [first] = entries;
      if (!first) {
        const missing = Object.assign(new Error(`${hostname} has no IPv${family} address.`), {
          code: 'ENOTFOUND',
        });
        return callback(missing, '');
      }
      if (options.all) return callback(null, entries);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks every connection `agent` opens, redirects included: a literal address against the
 * policy, a host name through `guardedLookup`, so what is dialled is what was checked.
 */
export function guardConnections(agent: Agent, policy: OutboundPolicy): void {
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) => {
    const host = (options.host ?? options.hostname ?? 'localhost').replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0) {
      const reason = refusalOf(host, literalSubject(host, policy), policy);
      if (reason) {
        // A socket that fails at once: the request ends with the reason, nothing is dialled.
        const refused = new Socket();
        process.nextTick(() => refused.destroy(refusedError(reason)));
        return refused;
      }
    }
    return connect({ ...options, lookup: guardedLookup(policy) }, callback);
  };
}

/** The cluster guard's name for `checkOutbound`, kept for its callers. */
export const checkClusterEndpoint = checkOutbound;

import type { DnsLogger } from './dns-index';
import {
  soaMailbox,
  type Zone,
  type ZoneAuthority,
  type ZoneRecord,
  type ZoneSource,
} from './zone';

/**
 * Keeps PowerDNS Authoritative equal to Meridian's zones through its HTTP API (architecture "Embedded default"
 * "DNS", past one machine): on start and after every change it loads the zones and reconciles —
 * creates missing zones, replaces rrsets that differ, deletes rrsets and zones that are gone.
 * Only zones Meridian created (account 'meridian') are ever changed or deleted. While PowerDNS is
 * down it retries with back-off.
 */

export interface PowerDnsPublisherOptions {
  apiUrl: string;
  apiKey: string;
  source: ZoneSource;
  authority: ZoneAuthority;
  serverId?: string;
  logger?: DnsLogger;
  /** First retry delay after a failed sync, doubled up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Quiet time gathering a burst of change notices into one sync. */
  coalesceMs?: number;
  /** Per-request time limit. */
  requestTimeoutMs?: number;
}

export interface PowerDnsPublisher {
  /** Reconciles now; resolves when PowerDNS equals the zones, rejects if it could not. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The `account` marking zones Meridian created, and may therefore change and delete. */
export const meridianAccount = 'meridian';
const soaTimers = '10800 3600 604800';

interface PdnsRecord {
  content: string;
  disabled: boolean;
}
interface PdnsRRset {
  name: string;
  type: string;
  ttl: number;
  records: PdnsRecord[];
  changetype?: 'REPLACE' | 'DELETE';
}
interface PdnsZoneSummary {
  id: string;
  name: string;
  account?: string;
  serial?: number;
}
interface PdnsZone extends PdnsZoneSummary {
  rrsets: PdnsRRset[];
}

class PowerDnsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PowerDnsError';
  }
}

const dotted = (name: string) => `${name.replace(/\.$/, '')}.`;

/** TXT content in zone-file syntax: quoted strings of at most 255 bytes, escaped. */
export function quoteTxt(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: string[] = [];
  for (let at = 0; at === 0 || at < bytes.length; at += 255) {
    let quoted = '';
    for (const byte of bytes.subarray(at, at + 255)) {
      if (byte === 0x22 || byte === 0x5c) quoted += `\\${String.fromCharCode(byte)}`;
      else if (byte < 0x20 || byte > 0x7e) quoted += `\\${String(byte).padStart(3, '0')}`;
      else quoted += String.fromCharCode(byte);
    }
    chunks.push(`"${quoted}"`);
  }
  return chunks.join(' ');
}

function recordContent(record: ZoneRecord): string {
  const content = record.content.trim();
  switch (record.type) {
    case 'TXT':
      return quoteTxt(record.content);
    case 'CNAME':
    case 'NS':
      return dotted(content.toLowerCase());
    case 'MX': {
      const [priority, host] = content.split(/\s+/);
      return `${priority} ${dotted((host ?? '').toLowerCase())}`;
    }
    default:
      return content.toLowerCase();
  }
}

/** The rrsets PowerDNS should hold for a zone, keyed by 'name.|TYPE'. */
export function desiredRRsets(zone: Zone, authority: ZoneAuthority): Map<string, PdnsRRset> {
  const apex = zone.apex.replace(/\.$/, '').toLowerCase();
  const rrsets = new Map<string, PdnsRRset>();
  const serial = ((Math.trunc(zone.serial) % 2 ** 32) + 2 ** 32) % 2 ** 32;
  const ns = authority.nameservers.map(dotted);
  const add = (name: string, type: string, ttl: number, content: string) => {
    const key = `${name}|${type}`;
    let rrset = rrsets.get(key);
    if (!rrset) {
      rrset = { name, type, ttl, records: [] };
      rrsets.set(key, rrset);
    }
    rrset.ttl = Math.min(rrset.ttl, ttl);
    if (!rrset.records.some((record) => record.content === content)) {
      rrset.records.push({ content, disabled: false });
    }
  };
  add(
    dotted(apex),
    'SOA',
    authority.ttl,
    `${ns[0] ?? dotted(apex)} ${dotted(soaMailbox(zone, authority))} ${serial} ${soaTimers} ${authority.ttl}`,
  );
  for (const server of ns) add(dotted(apex), 'NS', authority.ttl, server);
  for (const record of zone.records) {
    const name = record.name.replace(/\.$/, '').toLowerCase();
    if (name !== apex && !name.endsWith(`.${apex}`)) continue;
    // The apex's NS are the fixed name servers, and it cannot be a CNAME.
    if (name === apex && (record.type === 'NS' || record.type === 'CNAME')) continue;
    add(dotted(name), record.type, record.ttl, recordContent(record));
  }
  for (const rrset of rrsets.values())
    rrset.records.sort((a, b) => a.content.localeCompare(b.content));
  return rrsets;
}

function sameRRset(a: PdnsRRset, b: PdnsRRset): boolean {
  if (a.ttl !== b.ttl || a.records.length !== b.records.length) return false;
  const contents = new Set(a.records.map((record) => `${record.content}|${record.disabled}`));
  return b.records.every((record) => contents.has(`${record.content}|${record.disabled}`));
}

type PowerDnsCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls to PowerDNS's HTTP API with its key and a deadline; a refusal is a PowerDnsError. */
function powerDnsApi(base: string, apiKey: string, requestTimeoutMs: number): PowerDnsCall {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'X-API-Key': apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new PowerDnsError(
        `PowerDNS ${method} ${path}: ${response.status} ${message}`,
        response.status,
      );
    }
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** What reconciling needs: the API, the zones' authority, a log, and the serials PowerDNS holds. */
interface Reconciler {
  api: PowerDnsCall;
  authority: ZoneAuthority;
  logger?: PowerDnsPublisherOptions['logger'];
  /** Serials PowerDNS is known to hold for our zones; the first sync checks every zone fully. */
  known: Map<string, number>;
}

async function flushCache(api: PowerDnsCall, name: string): Promise<void> {
  await api('PUT', `/cache/flush?domain=${encodeURIComponent(name)}`);
}

/** The changes that turn PowerDNS's rrsets into the desired ones: deletions first. */
function rrsetChanges(have: Map<string, PdnsRRset>, desired: Map<string, PdnsRRset>): PdnsRRset[] {
  const changes: PdnsRRset[] = [];
  for (const [key, rrset] of desired) {
    const now = have.get(key);
    if (!now || !sameRRset(now, rrset)) changes.push({ ...rrset, changetype: 'REPLACE' });
  }
  for (const [key, rrset] of have) {
    if (!desired.has(key)) {
      changes.push({
        name: rrset.name,
        type: rrset.type,
        ttl: rrset.ttl,
        records: [],
        changetype: 'DELETE',
      });
    }
  }
  // Deletions first, so a name can change from CNAME to other data (or back) in one patch.
  return changes.sort((a, b) =>
    a.changetype === b.changetype ? 0 : a.changetype === 'DELETE' ? -1 : 1,
  );
}

async function reconcileZone(
  { api, authority, logger }: Reconciler,
  zone: Zone,
  existing: PdnsZoneSummary | undefined,
): Promise<void> {
  const apex = zone.apex.replace(/\.$/, '').toLowerCase();
  const desired = desiredRRsets(zone, authority);
  if (!existing) {
    await api('POST', '/zones', {
      name: dotted(apex),
      kind: 'Native',
      account: meridianAccount,
      // The SOA serial is Meridian's, not one PowerDNS bumps on every API change.
      soa_edit_api: '',
      nameservers: [],
      rrsets: [...desired.values()],
    });
    // Creating a zone does not purge PowerDNS's caches of what it answered before (REFUSED).
    await flushCache(api, dotted(apex));
    logger?.info({ zone: apex }, 'PowerDNS zone created');
    return;
  }
  const current = await api<PdnsZone>('GET', `/zones/${encodeURIComponent(existing.id)}`);
  const have = new Map(current.rrsets.map((rrset) => [`${rrset.name}|${rrset.type}`, rrset]));
  const changes = rrsetChanges(have, desired);
  if (changes.length === 0) return;
  await api('PATCH', `/zones/${encodeURIComponent(existing.id)}`, { rrsets: changes });
}

/** Brings one zone up to date unless PowerDNS holds its serial already; false if left alone. */
async function reconcileOne(
  reconciler: Reconciler,
  zone: Zone,
  existing: PdnsZoneSummary | undefined,
): Promise<void> {
  const { known, logger } = reconciler;
  const apex = zone.apex.replace(/\.$/, '').toLowerCase();
  const name = dotted(apex);
  if (existing && existing.account !== meridianAccount) {
    logger?.warn(
      { zone: apex },
      'PowerDNS already has this zone, not created by Meridian; left alone',
    );
    return;
  }
  const serial = ((Math.trunc(zone.serial) % 2 ** 32) + 2 ** 32) % 2 ** 32;
  if (existing && known.get(name) === serial && existing.serial === serial) return;
  try {
    await reconcileZone(reconciler, zone, existing);
    known.set(name, serial);
  } catch (error) {
    // PowerDNS refusing one zone's data (4xx) must not hold back the others.
    if (error instanceof PowerDnsError && error.status >= 400 && error.status < 500) {
      logger?.error({ zone: apex, err: error }, 'PowerDNS refused the zone');
      known.delete(name);
      return;
    }
    throw error;
  }
}

/** Makes PowerDNS hold exactly Meridian's zones: creates, patches, and deletes ours it should not have. */
async function reconcile(reconciler: Reconciler, source: ZoneSource): Promise<void> {
  const { api, known, logger } = reconciler;
  const zones = await source.loadZones();
  const listed = await api<PdnsZoneSummary[]>('GET', '/zones');
  const byName = new Map(listed.map((zone) => [zone.name.toLowerCase(), zone]));
  const wanted = new Set<string>();
  const problems: unknown[] = [];
  for (const zone of zones) {
    const name = dotted(zone.apex.replace(/\.$/, '').toLowerCase());
    if (wanted.has(name)) continue;
    wanted.add(name);
    await reconcileOne(reconciler, zone, byName.get(name)).catch((error: unknown) => {
      problems.push(error);
    });
  }
  for (const zone of listed) {
    if (zone.account !== meridianAccount || wanted.has(zone.name.toLowerCase())) continue;
    await api('DELETE', `/zones/${encodeURIComponent(zone.id)}`);
    known.delete(zone.name.toLowerCase());
    await flushCache(api, zone.name);
    logger?.info({ zone: zone.name }, 'PowerDNS zone deleted');
  }
  if (problems.length) throw problems[0];
}

export function startPowerDnsPublisher(options: PowerDnsPublisherOptions): PowerDnsPublisher {
  const { source, authority, logger } = options;
  const base = `${options.apiUrl.replace(/\/+$/, '')}/api/v1/servers/${encodeURIComponent(options.serverId ?? 'localhost')}`;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const coalesceMs = options.coalesceMs ?? 20;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const reconciler: Reconciler = {
    api: powerDnsApi(base, options.apiKey, requestTimeoutMs),
    authority,
    logger,
    known: new Map(),
  };

  // One sync at a time; a request during a sync runs one more right after it.
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  function sync(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again ??= running
        .catch(() => undefined)
        .then(() => {
          again = undefined;
          return sync();
        });
      return again;
    }
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    running = reconcile(reconciler, source)
      .then(
        () => {
          if (failures > 0) logger?.info({}, 'PowerDNS is in sync again');
          failures = 0;
        },
        (error: unknown) => {
          failures++;
          const delay = Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (failures - 1));
          logger?.warn({ err: error, retryInMs: delay }, 'PowerDNS sync failed; retrying');
          schedule(delay);
          throw error;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(delay: number): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      sync().catch(() => undefined);
    }, delay);
  }

  const unsubscribe = source.subscribe(() => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    schedule(coalesceMs);
  });
  sync().catch(() => undefined);

  return {
    sync,
    async close() {
      closed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

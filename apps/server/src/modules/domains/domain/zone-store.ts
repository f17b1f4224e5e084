import { isIP } from 'node:net';
import { asc, eq, ne } from 'drizzle-orm';
import type { ChangeFeed } from '../../../platform/changes/change-feed';
import type { Database } from '../../../platform/db/database';
import { isPublicSuffix } from '../../../platform/dns/public-suffix';
import type { Zone, ZoneRecord, ZoneSource } from '../../../platform/dns/zone';
import { listNamedDeployments } from '../../apps/apps.public';
import { listChallenges } from '../certificate/certificate.queries';
import { dnsRecords, dnsRevision, domains } from '../../../platform/db/schema/domains';

/** TTL of a challenge TXT: short, so a CA's resolver forgets a stale proof soon. */
const challengeTtl = 60;

/** TTL of the A/AAAA answers for deployment domain names: short, since addresses move. */
export const deploymentNameTtl = 300;

export async function readDnsRevision(db: Database): Promise<number> {
  const [row] = await db
    .select({ revision: dnsRevision.revision })
    .from(dnsRevision)
    .where(eq(dnsRevision.id, 1));
  return row?.revision ?? 0;
}

/** A zone left unserved because another account's older zone contains it or lies inside it. */
export interface ZoneConflict {
  dropped: string;
  keptZone: string;
}

interface OwnedZone {
  domainName: string;
  userId: string;
}

/** The proper ancestors of a name: `a.b.ca` → `b.ca`, `ca`. */
function ancestorsOf(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, index) => labels.slice(index + 1).join('.'));
}

/**
 * Zones of different accounts must never nest: a zone inside (or above) another account's zone
 * would let one account answer for the other's names. Given zones oldest first, keeps each zone
 * that overlaps no kept zone of another account; the older owner keeps the name space.
 */
export function separateOwners<T extends OwnedZone>(
  oldestFirst: readonly T[],
): { kept: T[]; conflicts: ZoneConflict[] } {
  const kept: T[] = [];
  const conflicts: ZoneConflict[] = [];
  const ownerOf = new Map<string, string>();
  // Every ancestor of a kept zone, with the owners of the zones below it.
  const ownersBelow = new Map<string, Map<string, string>>();
  for (const zone of oldestFirst) {
    const above = [zone.domainName, ...ancestorsOf(zone.domainName)].find(
      (name) => ownerOf.has(name) && ownerOf.get(name) !== zone.userId,
    );
    const below = [...(ownersBelow.get(zone.domainName) ?? [])].find(
      ([, owner]) => owner !== zone.userId,
    );
    const clash = above ?? below?.[0];
    if (clash) {
      conflicts.push({ dropped: zone.domainName, keptZone: clash });
      continue;
    }
    kept.push(zone);
    ownerOf.set(zone.domainName, zone.userId);
    for (const ancestor of ancestorsOf(zone.domainName)) {
      const owners = ownersBelow.get(ancestor) ?? new Map<string, string>();
      owners.set(zone.domainName, zone.userId);
      ownersBelow.set(ancestor, owners);
    }
  }
  return { kept, conflicts };
}

/**
 * Domains oldest first, as the zone owners' order of precedence. A public suffix stored before
 * those were refused is left out: its names belong to others, so it is served to no one.
 */
async function listOwnedDomains(db: Database) {
  const rows = await db
    .select({
      id: domains.id,
      userId: domains.userId,
      domainName: domains.domainName,
      email: domains.email,
    })
    .from(domains)
    .where(ne(domains.status, 'deleting'))
    .orderBy(asc(domains.createdAt), asc(domains.id));
  return rows.filter((row) => !isPublicSuffix(row.domainName));
}

/** Zones stored by different accounts that overlap (from before overlaps were refused). */
export async function findZoneConflicts(db: Database): Promise<ZoneConflict[]> {
  return separateOwners(await listOwnedDomains(db)).conflicts;
}

/**
 * Every served zone from the database: the user's records, plus each deployment domain name
 * under the zone as an A/AAAA of its load-balancer address (a CNAME when that is a host name).
 * The serial is the global DNS revision, which only grows.
 */
export async function loadZones(db: Database): Promise<Zone[]> {
  const [revision, ownedRows, recordRows, named, challenges] = await Promise.all([
    readDnsRevision(db),
    listOwnedDomains(db),
    db
      .select({
        domainId: dnsRecords.domainId,
        name: dnsRecords.name,
        type: dnsRecords.type,
        content: dnsRecords.content,
        ttl: dnsRecords.ttl,
      })
      .from(dnsRecords)
      .orderBy(asc(dnsRecords.createdAt)),
    listNamedDeployments(db),
    listChallenges(db),
  ]);
  const zones = new Map<string, Zone & { userId: string }>();
  const byId = new Map<string, Zone>();
  const domainRows = separateOwners(ownedRows).kept.sort((a, b) =>
    a.domainName < b.domainName ? -1 : 1,
  );
  for (const row of domainRows) {
    const zone = {
      apex: row.domainName,
      serial: revision,
      records: [] as ZoneRecord[],
      contact: row.email,
      userId: row.userId,
    };
    zones.set(row.domainName, zone);
    byId.set(row.id, zone);
  }
  for (const row of recordRows) {
    byId
      .get(row.domainId)
      ?.records.push({ name: row.name, type: row.type, ttl: row.ttl, content: row.content });
  }
  // Longest zone first, so a name goes to the most specific of the owner's zones.
  const apexes = [...zones.keys()].sort((a, b) => b.length - a.length);
  for (const deployment of named) {
    for (const name of deployment.domainNames) {
      const apex = apexes.find((candidate) => name === candidate || name.endsWith(`.${candidate}`));
      const zone = apex ? zones.get(apex) : undefined;
      // Only the zone's owner can point names in it at their deployments.
      if (!zone || zone.userId !== deployment.userId) continue;
      const family = isIP(deployment.endpoint);
      const type = family === 4 ? 'A' : family === 6 ? 'AAAA' : 'CNAME';
      const exists = zone.records.some(
        (record) =>
          record.name === name && record.type === type && record.content === deployment.endpoint,
      );
      if (!exists) {
        zone.records.push({ name, type, ttl: deploymentNameTtl, content: deployment.endpoint });
      }
    }
  }
  // ACME dns-01 proofs (docs/certificates.md), in the owner's most specific zone only.
  for (const challenge of challenges) {
    const apex = apexes.find((candidate) => challenge.name.endsWith(`.${candidate}`));
    const zone = apex ? zones.get(apex) : undefined;
    if (!zone || zone.userId !== challenge.userId) continue;
    zone.records.push({
      name: challenge.name,
      type: 'TXT',
      ttl: challengeTtl,
      content: challenge.content,
    });
  }
  return [...zones.values()].map(({ apex, serial, records, contact }) => ({
    apex,
    serial,
    records,
    contact,
  }));
}

/**
 * Zones from the database; DNS servers reload when the change feed says the DNS revision moved
 * (database triggers announce it, so writes from any process count) or after the feed's
 * connection came back (a change may have been missed meanwhile).
 */
export function createZoneStore(db: Database, changes: ChangeFeed) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const unsubscribe = [changes.subscribe('dns', notify), changes.onResync(notify)];
  const source: ZoneSource = {
    loadZones: () => loadZones(db),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    source,
    close(): void {
      for (const stop of unsubscribe) stop();
      listeners.clear();
    },
  };
}

export type ZoneStore = ReturnType<typeof createZoneStore>;

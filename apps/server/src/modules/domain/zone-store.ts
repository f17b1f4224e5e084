import { isIP } from 'node:net';
import { asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dnsRecords, dnsRevision, domains } from '../../db/schema';
import type { Zone, ZoneRecord, ZoneSource } from '../../dns/zone';
import { listNamedDeployments } from '../kube/kube.queries';

/** TTL of the A/AAAA answers for deployment domain names: short, since addresses move. */
export const deploymentNameTtl = 300;

export async function readDnsRevision(db: Database): Promise<number> {
  const [row] = await db
    .select({ revision: dnsRevision.revision })
    .from(dnsRevision)
    .where(eq(dnsRevision.id, 1));
  return row?.revision ?? 0;
}

/**
 * Every served zone from the database: the user's records, plus each deployment domain name
 * under the zone as an A/AAAA of its load-balancer address (a CNAME when that is a host name).
 * The serial is the global DNS revision, which only grows.
 */
export async function loadZones(db: Database): Promise<Zone[]> {
  const [revision, domainRows, recordRows, named] = await Promise.all([
    readDnsRevision(db),
    db
      .select({ id: domains.id, userId: domains.userId, domainName: domains.domainName })
      .from(domains)
      .where(ne(domains.status, 'deleting'))
      .orderBy(asc(domains.domainName)),
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
  ]);
  const zones = new Map<string, Zone & { userId: string }>();
  const byId = new Map<string, Zone>();
  for (const row of domainRows) {
    const zone = {
      apex: row.domainName,
      serial: revision,
      records: [] as ZoneRecord[],
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
  return [...zones.values()].map(({ apex, serial, records }) => ({ apex, serial, records }));
}

/**
 * Zones from the database, with changes noticed by polling the one DNS revision (bumped by
 * triggers, so writes from any process count) plus an immediate nudge for this process's writes.
 */
export function createZoneStore(db: Database, { pollIntervalMs = 500 } = {}) {
  const listeners = new Set<() => void>();
  let lastRevision: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      const revision = await readDnsRevision(db);
      if (lastRevision !== undefined && revision !== lastRevision) notify();
      lastRevision = revision;
    } catch {
      // The database is briefly unreachable: the next poll tries again.
    } finally {
      polling = false;
    }
  }

  const source: ZoneSource = {
    loadZones: () => loadZones(db),
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        void poll();
        timer = setInterval(() => void poll(), pollIntervalMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };

  return {
    source,
    /** Called after this process commits a DNS change: no need to wait for the next poll. */
    changed(): void {
      void poll().then(notify);
    },
    close(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
      listeners.clear();
    },
  };
}

export type ZoneStore = ReturnType<typeof createZoneStore>;

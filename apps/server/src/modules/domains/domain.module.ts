import type { App } from '../../platform/http/http-app';
import type { ChangeFeed } from '../../platform/changes/change-feed';
import type { DatabaseHandle } from '../../platform/db/database';
import {
  startDnsResponder,
  type DnsResponder,
  type DnsResponderOptions,
} from '../../platform/dns/dns-responder';
import { startPowerDnsPublisher } from '../../platform/dns/powerdns-publisher';
import type { ZoneAuthority } from '../../platform/dns/zone';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import { localCertificateAuthority } from './certificate/certificate-authority';
import { createCertificateService } from './certificate/certificate.service';
import { certificateRoutes } from './certificate/certificate.routes';
import { dnsJobs } from './dns/dns.jobs';
import { dnsRoutes } from './dns/dns.routes';
import type { DomainContext } from './domain-context';
import { domainJobs } from './domain/domain.jobs';
import { domainRoutes } from './domain/domain.routes';
import { createZoneStore, findZoneConflicts, type ZoneStore } from './domain/zone-store';

/** Architecture "Configuration"'s MERIDIAN_NAMESERVERS default. */
export const defaultNameservers = ['ns1.meridian-dns.example', 'ns2.meridian-dns.example'];

export interface DomainModuleOptions {
  secrets: SecretBox;
  /** MERIDIAN_NAMESERVERS: the two name servers shown to users and served as NS. */
  nameservers: readonly string[];
  jobs: JobQueue;
  /** The change feed DNS changes arrive on. */
  changes: ChangeFeed;
  /** The built-in authoritative responder (MERIDIAN_DNS_HOST / _PORT / _RRL_…); absent, off. */
  responder?: Pick<DnsResponderOptions, 'host' | 'port' | 'rateLimit'>;
  /** PowerDNS, fed through its HTTP API (MERIDIAN_PDNS_API_URL / MERIDIAN_PDNS_API_KEY). */
  powerDns?: { apiUrl: string; apiKey: string };
}

/** SOA and NS every served zone gets: the hostmaster sits on the name servers' own domain. */
export function zoneAuthority(nameservers: readonly string[]): ZoneAuthority {
  const providerDomain = nameservers[0]!.split('.').slice(1).join('.');
  return { nameservers, hostmaster: `hostmaster.${providerDomain}`, ttl: 300 };
}

/**
 * Wires `/domain`, `/domain/dns` and `/certificate`: domains and records, deployment domain names, the zone
 * store DNS servers read, and the local certificate authority.
 */
export async function registerDomainModule(
  app: App,
  database: Pick<DatabaseHandle, 'db' | 'driver'>,
  options: DomainModuleOptions,
): Promise<{ zones: ZoneStore; dnsPort?: number }> {
  const zones = createZoneStore(database.db, options.changes);
  for (const conflict of await findZoneConflicts(database.db)) {
    app.log.warn(
      conflict,
      'a zone overlaps an older zone of another account: only the older one is served',
    );
  }
  const context: DomainContext = {
    db: database.db,
    jobs: options.jobs,
    nameservers: options.nameservers,
    now: () => new Date(),
    publishers: [],
  };
  options.jobs.define(...domainJobs(context), ...dnsJobs(context));

  const authority = zoneAuthority(options.nameservers);
  let responder: DnsResponder | undefined;
  if (options.responder && options.responder.port !== 0) {
    try {
      responder = await startDnsResponder({
        ...options.responder,
        source: zones.source,
        authority,
        logger: app.log,
      });
      app.log.info({ port: responder.port }, 'authoritative DNS served');
    } catch (error) {
      // The console stays useful without DNS (architecture "Configuration"): say why and go on.
      app.log.warn(
        `DNS is not served because ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const powerDns = options.powerDns
    ? startPowerDnsPublisher({
        ...options.powerDns,
        source: zones.source,
        authority,
        logger: app.log,
      })
    : undefined;
  // Changes are confirmed only once PowerDNS serves them too.
  if (powerDns) context.publishers.push(powerDns);

  app.addHook('onClose', async () => {
    await powerDns?.close();
    await responder?.close();
    zones.close();
  });
  const certificates = createCertificateService({
    db: database.db,
    secrets: options.secrets,
    issuer: localCertificateAuthority(database.db, options.secrets),
  });
  await app.register(domainRoutes, { prefix: '/domain', context });
  await app.register(dnsRoutes, { prefix: '/domain/dns', context });
  await app.register(certificateRoutes, { prefix: '/certificate', service: certificates });
  return { zones, dnsPort: responder?.port };
}

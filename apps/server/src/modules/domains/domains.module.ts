import type { App } from '../../platform/http/http-app';
import {
  startDnsResponder,
  type DnsResponder,
  type DnsResponderOptions,
} from '../../platform/dns/dns-responder';
import { startPowerDnsPublisher } from '../../platform/dns/powerdns-publisher';
import { zoneAuthority } from './domain-authority';
import { registerSignedInRoutes } from '../../platform/http/signed-in-routes';
import type { Platform } from '../../platform/platform';
import {
  localCertificateAuthority,
  type CertificateIssuer,
} from './certificate/certificate-authority';
import { acmeConnection, type AcmeSettings } from './certificate/certificate.acme';
import { certificateJobs } from './certificate/certificate.jobs';
import { renewalJob, scheduleRenewals } from './certificate/certificate.renewal';
import { certificateRoutes } from './certificate/certificate.routes';
import { dnsJobs } from './dns/dns.jobs';
import { dnsRoutes } from './dns/dns.routes';
import { zoneRoutes } from './dns/zone.routes';
import { readZoneFileTask } from './dns/zone-file.service';
import { previewNamesOf } from './dns/preview-names';
import type { PreviewNames } from '../apps/apps.public';
import type { DomainContext } from './domain-context';
import { domainJobs } from './domain/domain.jobs';
import { domainRoutes } from './domain/domain.routes';
import { createZoneStore, findZoneConflicts } from './domain/zone-store';

/** Architecture "Configuration"'s MERIDIAN_NAMESERVERS default. */
export const defaultNameservers = ['ns1.meridian-dns.example', 'ns2.meridian-dns.example'];

export interface DomainsSettings {
  /** MERIDIAN_NAMESERVERS: the two name servers shown to users and served as NS. */
  nameservers?: readonly string[];
  /** The built-in authoritative responder (MERIDIAN_DNS_HOST / _PORT / _RRL_…); absent, off. */
  responder?: Pick<DnsResponderOptions, 'host' | 'port' | 'rateLimit'>;
  /** PowerDNS, fed through its HTTP API (MERIDIAN_PDNS_API_URL / MERIDIAN_PDNS_API_KEY). */
  powerDns?: { apiUrl: string; apiKey: string };
  certificates?: CertificateSettings;
  /** MERIDIAN_VERIFY_RESOLVER (host:port): where claims look up their TXT proof; the system's when absent. */
  verifyResolver?: string;
}

/** How certificates are issued and renewed (MERIDIAN_ACME_*, MERIDIAN_CERT_RENEWAL_CHECK_SECONDS). */
export interface CertificateSettings {
  /** Unset: the local authority signs (laptop use). */
  acme?: AcmeSettings;
  renewalCheckIntervalMs?: number;
  /** Wraps the local authority (tests make renewals fail with it). */
  wrapIssuer?: (local: CertificateIssuer) => CertificateIssuer;
}

/** An hour: renewal happens days ahead, so a round an hour is plenty. */
const defaultRenewalCheckIntervalMs = 3_600_000;

/** Where this process reaches a server listening on every address: loopback. */
function reachable(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  return host === '::' ? '::1' : host;
}

/** What every domains file works with: database, jobs, DNS publishers and certificate issuers. */
function domainContextOf(
  platform: Platform,
  settings: DomainsSettings,
  nameservers: readonly string[],
): DomainContext {
  const { database } = platform;
  const certificates = settings.certificates ?? {};
  return {
    db: database.db,
    jobs: platform.jobs,
    nameservers,
    now: platform.now,
    publishers: [],
    secrets: platform.secrets,
    verifyResolver: settings.verifyResolver,
    cpu: platform.cpu,
    certificateIssuer: (certificates.wrapIssuer ?? ((local) => local))(
      localCertificateAuthority(database.db, platform.secrets, platform.now),
    ),
    ...(certificates.acme
      ? { acme: acmeConnection(database.db, platform.secrets, certificates.acme) }
      : {}),
    answeringServers: [],
    renewalCheckIntervalMs: certificates.renewalCheckIntervalMs ?? defaultRenewalCheckIntervalMs,
  };
}

/** The built-in responder, serving once its threads are up; undefined when it cannot be. */
async function serveDns(
  app: App,
  context: DomainContext,
  options: Omit<DnsResponderOptions, 'logger'>,
): Promise<DnsResponder | undefined> {
  try {
    const responder = await startDnsResponder({ ...options, logger: app.log });
    app.log.info({ port: responder.port }, 'authoritative DNS served');
    // A challenge TXT must be answered here before the CA is asked to look.
    context.answeringServers.push({ host: reachable(options.host), port: responder.port });
    return responder;
  } catch (error) {
    app.log.warn(
      `DNS is not served because ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

/**
 * The domains context: `/domain`, `/domain/dns` and `/certificate` (domains and records,
 * deployment domain names, the local certificate authority), the zone store DNS servers read,
 * the built-in responder and the PowerDNS publisher when configured. Answers its side of
 * previews' names, for the apps context.
 */
export async function registerDomains(
  app: App,
  platform: Platform,
  settings: DomainsSettings = {},
): Promise<PreviewNames> {
  const { database, jobs } = platform;
  const nameservers = settings.nameservers ?? defaultNameservers;
  const zones = createZoneStore(database.db, platform.changes);
  for (const conflict of await findZoneConflicts(database.db)) {
    app.log.warn(
      conflict,
      'a zone overlaps an older zone of another account: only the older one is served',
    );
  }
  const context = domainContextOf(platform, settings, nameservers);
  jobs.define(
    ...domainJobs(context),
    ...dnsJobs(context),
    ...certificateJobs(context),
    renewalJob(context),
  );
  app.addHook('onReady', () => scheduleRenewals(context, new Date()));
  platform.cpu.preload(readZoneFileTask);

  const authority = zoneAuthority(nameservers);
  // Its threads load while the other contexts register; ready once it answers.
  const responder =
    settings.responder && settings.responder.port !== 0
      ? serveDns(app, context, { ...settings.responder, source: zones.source, authority })
      : undefined;
  app.addHook('onReady', async () => void (await responder));
  const powerDns = settings.powerDns
    ? startPowerDnsPublisher({
        ...settings.powerDns,
        source: zones.source,
        authority,
        logger: app.log,
      })
    : undefined;
  // Changes are confirmed only once PowerDNS serves them too.
  if (powerDns) context.publishers.push(powerDns);

  app.addHook('onClose', async () => {
    await powerDns?.close();
    await (await responder)?.close();
    zones.close();
  });
  await registerSignedInRoutes(app, async (scope) => {
    await scope.register(domainRoutes, { prefix: '/domain', context });
    await scope.register(dnsRoutes, { prefix: '/domain/dns', context });
    await scope.register(zoneRoutes, { prefix: '/domain', context });
    await scope.register(certificateRoutes, { prefix: '/certificate', context });
  });
  return previewNamesOf(context);
}

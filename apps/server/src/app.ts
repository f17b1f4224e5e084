import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import { createCpuPool, type CpuPoolSettings } from './platform/cpu-pool';
import type { DatabaseHandle } from './platform/db/database';
import {
  createDriverRegistry,
  type DriverRegistryOptions,
} from './platform/drivers/driver-registry';
import { databaseKubePersistence } from './platform/drivers/simulator/kube-api/kube-persistence';
import { registerAuditTrail } from './platform/http/audit-trail';
import { registerHealthChecks } from './platform/http/health';
import { createHttpApp, type App, type HttpSettings } from './platform/http/http-app';
import { registerWebConsole } from './platform/http/web-console';
import { startChangeFeed } from './platform/changes/change-feed';
import { createJobQueue, type JobQueueOptions } from './platform/jobs/job-queue';
import type { RealtimeTimings } from './platform/realtime/realtime';
import { createSecretBox, type SecretBox } from './platform/secret-box';
import { loadSecretKeyRing, type SecretKeySettings } from './platform/secret-keys';
import { checkSealedValues } from './platform/secret-rotation';
import type { Database } from './platform/db/database';
import type { Platform } from './platform/platform';
import { sealedColumns } from './sealed-columns';
import { registerAccount } from './modules/account/account.module';
import { appsContextOf, registerApps } from './modules/apps/apps.module';
import { appCount, deploymentsOnSmartClusters } from './modules/apps/apps.public';
import { smartClusterCount } from './modules/clusters/clusters.public';
import { domainCount } from './modules/domains/domains.public';
import { registerClusters } from './modules/clusters/clusters.module';
import type { ReplanSettings } from './modules/clusters/cluster/cluster.replan';
import { registerDomains, type CertificateSettings } from './modules/domains/domains.module';
import { registerIntelligence } from './modules/intelligence/intelligence.module';
import {
  defaultLoginThrottleLimits,
  LoginThrottle,
  type LoginThrottleLimits,
} from './platform/login-throttle';
import type { SessionPolicy } from './modules/account/auth/session-policy';
import type { AlertSettings } from './modules/account/account-context';

export interface BuildAppOptions {
  config: Pick<Config, 'webDistDir'>;
  database: Pick<DatabaseHandle, 'db' | 'driver'>;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** The clock sessions, throttling, operations and billing read; tests move it instead of sleeping. */
  now?: () => Date;
  /** Auth timings and limits; tests shorten them. Each field falls back to the module default. */
  auth?: {
    sessionPolicy?: Partial<SessionPolicy>;
    loginThrottle?: Partial<LoginThrottleLimits>;
  };
  /** Live-event channel timings; tests shorten them. */
  realtime?: Partial<RealtimeTimings>;
  /** The infrastructure every module deploys on: its drivers and the key secrets are sealed with. */
  cluster?: InfrastructureOptions;
  /** The one job queue's retries, concurrency and deadlines; tests shorten them. */
  jobs?: JobQueueOptions;
  /**
   * Traffic sampling (MERIDIAN_TRAFFIC_SAMPLE_SECONDS) and how long deployment metrics are kept
   * (MERIDIAN_METRICS_RETENTION_HOURS).
   */
  intelligence?: { trafficSampleIntervalMs?: number; metricsRetentionMs?: number };
  /**
   * Authoritative DNS: the name servers users delegate to (MERIDIAN_NAMESERVERS), the built-in
   * responder and PowerDNS (both off unless given).
   */
  dns?: {
    nameservers?: readonly string[];
    /** Its UDP rate limit is on (20/s per source prefix) unless `rateLimit` says otherwise. */
    responder?: { host: string; port: number; rateLimit?: Config['dns']['rateLimit'] };
    powerDns?: { apiUrl: string; apiKey: string };
    /** MERIDIAN_VERIFY_RESOLVER (host:port): where claims look up their TXT proof. */
    verifyResolver?: string;
  };
  /** ACME and renewal (MERIDIAN_ACME_*, MERIDIAN_CERT_RENEWAL_CHECK_SECONDS); tests shorten the round. */
  certificates?: CertificateSettings;
  /** HTTP deadlines (tests shorten them) and the trusted reverse proxies (MERIDIAN_TRUST_PROXY). */
  http?: HttpSettings;
  /** The CPU pool's threads, queue and deadline; tests shorten them. */
  cpu?: Partial<CpuPoolSettings>;
  /** Webhook and e-mail alerts (MERIDIAN_ALLOW_PRIVATE_OUTBOUND, MERIDIAN_SMTP_*); tests shorten retries. */
  alerts?: Partial<AlertSettings>;
  /** Registers more routes before the app becomes ready (tests, embedding). */
  extend?: (app: App) => void | Promise<void>;
}

export interface InfrastructureOptions extends Partial<DriverRegistryOptions>, SecretKeySettings {
  externalProbeTimeoutMs?: number;
  /** Re-placement of AUTOMATIC smart clusters: MERIDIAN_REPLACEMENT_*_SECONDS. */
  replacement?: Partial<ReplanSettings>;
}

/** Builds the control plane's HTTP app, ready to `listen` or to `inject` requests into. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database, logger, now = () => new Date(), jobs: jobOptions, extend } = options;
  const infrastructure = options.cluster ?? {};
  // Before anything starts: a key that opens nothing already sealed stops the start here.
  const secrets = await openSecretBox(database.db, infrastructure, logger);
  const app = await createHttpApp(logger, options.http);
  // One job queue for every module: each defines its kinds while registering, then it starts.
  const jobs = createJobQueue(database.driver, {
    onError: (error, job) => app.log.warn({ err: error, job }, 'job failed'),
    ...jobOptions,
  });
  app.addHook('onClose', () => jobs.stop());
  registerHealthChecks(app, { db: database.db, jobs });
  const changes = await startChangeFeed(database.driver, app.log);
  app.addHook('onClose', () => changes.close());
  const cpu = createCpuPool(options.cpu);
  app.addHook('onClose', () => cpu.close());
  const platform: Platform = {
    database,
    now,
    jobs,
    changes,
    drivers: createDriverRegistry({
      ...infrastructure,
      simulator: withKubeApi(infrastructure.simulator ?? idleSimulator, secrets, database.db),
    }),
    secrets,
    loginThrottle: new LoginThrottle(database.db, {
      ...defaultLoginThrottleLimits,
      ...options.auth?.loginThrottle,
    }),
    cpu,
  };
  app.addHook('onClose', () => closeDrivers(platform.drivers));
  registerAuditTrail(app, database.db, now);
  await registerContexts(app, platform, options);
  await registerWebConsole(app, config);
  await extend?.(app);
  await jobs.start();
  await app.ready();
  return app;
}

/** The box of the configured keys, once they are seen to open what is already sealed. */
async function openSecretBox(
  db: Database,
  settings: SecretKeySettings,
  logger: FastifyBaseLogger | undefined,
): Promise<SecretBox> {
  const box = createSecretBox(await loadSecretKeyRing(db, settings));
  const { unopenable } = await checkSealedValues(db, box, sealedColumns);
  if (unopenable > 0) {
    logger?.warn(
      `${unopenable} sealed secrets open with none of the keys given (MERIDIAN_SECRET_KEY, ` +
        'MERIDIAN_SECRET_KEY_PREVIOUS): the requests that need them will fail',
    );
  }
  return box;
}

/**
 * The simulator's cluster APIs keep their CA and tokens while the secret key stays the same, and
 * their objects in the database across restarts.
 */
function withKubeApi(
  simulator: DriverRegistryOptions['simulator'],
  secrets: SecretBox,
  db: Database,
): DriverRegistryOptions['simulator'] {
  const secret = simulator.kubeApi?.secret ?? secrets.derive('simulated kubernetes');
  const persistence = simulator.kubeApi?.persistence ?? databaseKubePersistence(db, secrets);
  return { ...simulator, kubeApi: { ...simulator.kubeApi, secret, persistence } };
}

async function closeDrivers(drivers: Platform['drivers']): Promise<void> {
  await Promise.all([...drivers.values()].map((driver) => driver.close?.()));
}

/** Without simulator settings (tests of other modules): real durations, no failing datacenter. */
const idleSimulator: DriverRegistryOptions['simulator'] = { timeScale: 1, failDatacenters: [] };

/** The bounded contexts (docs/architecture.md), each with its share of the options. */
async function registerContexts(
  app: App,
  platform: Platform,
  { auth, realtime, cluster = {}, intelligence, dns, certificates, alerts }: BuildAppOptions,
): Promise<void> {
  const { externalProbeTimeoutMs, replacement, clusterEndpoints } = cluster;
  const metricsRetentionMs = intelligence?.metricsRetentionMs;
  const holdingsOf = (accountId: string) => holdingsOfAccount(platform.database.db, accountId);
  await registerAccount(app, platform, {
    sessionPolicy: auth?.sessionPolicy,
    realtime,
    holdingsOf,
    alerts,
  });
  await registerClusters(app, platform, {
    // The clusters context moves the apps on its smart clusters through this port.
    deployments: deploymentsOnSmartClusters(appsContextOf(platform, { metricsRetentionMs })),
    externalProbeTimeoutMs,
    endpointPolicy: clusterEndpoints,
    replacement,
  });
  // Domains first: it names the apps context's previews (its port, docs/architecture.md).
  const previewNames = await registerDomains(app, platform, { ...dns, certificates });
  await registerApps(app, platform, { metricsRetentionMs, previewNames });
  await registerIntelligence(app, platform, intelligence);
}

/** What an account owns across the contexts, in words ("2 apps"); empty when nothing. */
async function holdingsOfAccount(db: Database, accountId: string): Promise<string[]> {
  const counts = await Promise.all([
    appCount(db, accountId),
    smartClusterCount(db, accountId),
    domainCount(db, accountId),
  ]);
  const nouns = [
    ['app', 'apps'],
    ['smart cluster', 'smart clusters'],
    ['domain', 'domains'],
  ];
  return counts.flatMap((value, index) =>
    value === 0 ? [] : [`${value} ${nouns[index]![value === 1 ? 0 : 1]}`],
  );
}

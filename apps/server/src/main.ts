import { createRequire } from 'node:module';
import { pino, type Logger, type LoggerOptions } from 'pino';
import type { BuildAppOptions } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { listenEarly } from './platform/http/early-listener';
import { logRedaction } from './platform/log-redaction';

const forcedExitAfterMs = 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);
  // The port opens first: a browser gets the console page while the database opens.
  const listener = await listenEarly({
    host: config.host,
    port: config.port,
    webDistDir: config.webDistDir,
  }).catch((error: unknown) => {
    if (!isAddressInUse(error)) throw error;
    console.error(
      `Port ${config.port} on ${config.host} is already in use. Stop the program using it or ` +
        'start Meridian on another port, e.g. PORT=8081 npm start.',
    );
    process.exit(1);
  });

  // Loaded once the port is open: the server's modules take most of a warm start's first second.
  const [{ openDatabase }, { bootstrapAdmin, CommonAdminPasswordError }, { buildApp }] =
    await Promise.all([
      import('./platform/db/database'),
      import('./modules/account/auth/admin-bootstrap'),
      import('./app'),
    ]);
  const { SecretKeyMismatchError } = await import('./platform/secret-rotation');
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onPoolError: (error) => logger.error({ err: error }, 'idle database connection failed'),
  });
  const exitWith = async (message: string) => {
    console.error(message);
    await database.close();
    process.exit(1);
  };
  const admin = await bootstrapAdmin(database.db, config.admin).catch((error: unknown) => {
    if (!(error instanceof CommonAdminPasswordError)) throw error;
    return exitWith(error.message);
  });
  const options = infrastructureOptions(config);
  const app = await buildApp({
    config,
    database,
    logger,
    ...options,
    http: { ...options.http, serverFactory: listener.serverFactory },
  }).catch(async (error: unknown) => {
    if (!(error instanceof SecretKeyMismatchError)) throw error;
    return exitWith(error.message);
  });
  await app.ready();
  listener.handOver();

  const address = listener.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Printed, not logged: the console address is for the person starting it, and the password
  // must not end up in log files.
  console.log(`Meridian console: http://${displayHost(config.host)}:${port}`);
  if (admin.created && admin.generatedPassword) {
    console.log(
      `Admin user: ${admin.username}  password: ${admin.generatedPassword}  (shown once)`,
    );
  }
  stopOnSignals(logger, async () => {
    await listener.stopListening();
    await app.close();
    listener.closeAll();
    await database.close();
  });
}

/** The first SIGTERM or SIGINT stops gracefully (within 10 s); a second exits at once. */
function stopOnSignals(logger: Logger, shutDown: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, forcedExitAfterMs).unref();
    shutDown().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** The drivers, sampling, re-placement, DNS, proxies, job deadline and a warm CPU pool. */
function infrastructureOptions(
  config: Config,
): Pick<
  BuildAppOptions,
  'cluster' | 'intelligence' | 'dns' | 'http' | 'jobs' | 'cpu' | 'certificates' | 'alerts'
> {
  return {
    http: { trustProxy: config.trustProxy },
    // The pool's thread starts with the server, not with the first diff or search.
    cpu: { warm: true },
    jobs: {
      jobTimeoutSeconds: config.jobTimeoutSeconds,
      maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    },
    cluster: {
      simulator: config.simulator,
      secretKey: config.secretKey,
      previousSecretKeys: config.previousSecretKeys,
      dataDir: config.dataDir,
      replacement: config.replacement,
      clusterEndpoints: { allowPrivate: config.allowPrivateClusters },
    },
    alerts: {
      allowPrivateOutbound: config.allowPrivateOutbound,
      smtpUrl: config.smtp.url,
      smtpFrom: config.smtp.from,
    },
    intelligence: {
      trafficSampleIntervalMs: config.trafficSampleIntervalMs,
      metricsRetentionMs: config.metricsRetentionMs,
    },
    dns: {
      nameservers: config.dns.nameservers,
      responder: { host: config.dns.host, port: config.dns.port, rateLimit: config.dns.rateLimit },
      powerDns: config.dns.powerDns,
      verifyResolver: config.dns.verifyResolver,
    },
    certificates: config.certificates,
  };
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function createLogger(config: Config): Logger {
  const options: LoggerOptions = { level: config.logLevel, redact: logRedaction };
  // Pretty lines for a person at a terminal; JSON lines for anything that collects logs.
  // pino-pretty is a dev dependency, so a production install falls back to JSON.
  if (process.stdout.isTTY && canResolve('pino-pretty')) {
    options.transport = { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } };
  }
  return pino(options);
}

function canResolve(specifier: string): boolean {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}

function displayHost(host: string): string {
  return ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(host) ? 'localhost' : host;
}

main().catch((error: unknown) => {
  console.error('Meridian failed to start:', error);
  process.exit(1);
});

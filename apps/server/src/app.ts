import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/db/database';
import { handleError } from './platform/http/error-handler';
import { RateLimitedError } from './platform/http/errors';
import { registerJsonBodyParser } from './platform/http/json-body';
import { apiKeyRoutes } from './modules/auth/api-key.routes';
import { createApiKeyService } from './modules/auth/api-key.service';
import { authRoutes, defaultLoginRateLimit, type LoginRateLimit } from './modules/auth/auth.routes';
import {
  createAuthService,
  defaultSessionPolicy,
  type SessionPolicy,
} from './modules/auth/auth.service';
import { registerAuthentication } from './platform/http/authenticate';
import { keypairRoutes } from './modules/auth/keypair.routes';
import { createKeypairService } from './modules/auth/keypair.service';
import {
  defaultLoginThrottleLimits,
  LoginThrottle,
  type LoginThrottleLimits,
} from './modules/auth/login-throttle';
import { eventRoutes } from './modules/event/event.routes';
import { createEventService, loadEvent } from './modules/event/event.service';
import { startChangeFeed } from './platform/changes/change-feed';
import { createJobQueue, type JobQueueOptions } from './platform/jobs/job-queue';
import { registerRealtime, type RealtimeTimings } from './platform/realtime/realtime';
import { registerClusterModule, type ClusterModuleOptions } from './modules/cluster/cluster.module';
import { registerAppModules } from './modules/deployment/apps.module';
import { registerIntelligenceModule } from './modules/intelligence/intelligence.module';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { defaultNameservers, registerDomainModule } from './modules/domain/domain.module';
import { registerWebConsole } from './platform/http/web-console';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: Pick<Config, 'webDistDir'>;
  database: Pick<DatabaseHandle, 'db' | 'driver'>;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** The clock sessions and login throttling read; tests move it instead of sleeping. */
  now?: () => Date;
  /** Auth timings and limits; tests shorten them. Each field falls back to the module default. */
  auth?: {
    sessionPolicy?: Partial<SessionPolicy>;
    loginThrottle?: Partial<LoginThrottleLimits>;
    loginRateLimit?: Partial<LoginRateLimit>;
  };
  /** Live-event channel timings; tests shorten them. */
  realtime?: Partial<RealtimeTimings>;
  /**
   * The smart-cluster module (`/cluster`, its jobs and drivers) and the apps module deploying on
   * it (`/meridian/v1/kube`); absent, both are off.
   */
  cluster?: Omit<ClusterModuleOptions, 'jobs'>;
  /** The one job queue's retries, concurrency and deadlines; tests shorten them. */
  jobs?: JobQueueOptions;
  /** Traffic sampling (with the cluster module only): MERIDIAN_TRAFFIC_SAMPLE_SECONDS. */
  intelligence?: { trafficSampleIntervalMs?: number };
  /**
   * Authoritative DNS: the name servers users delegate to (MERIDIAN_NAMESERVERS), the built-in
   * responder and PowerDNS (both off unless given).
   */
  dns?: {
    nameservers?: readonly string[];
    responder?: { host: string; port: number };
    powerDns?: { apiUrl: string; apiKey: string };
  };
  /** HTTP deadlines; tests shorten them. */
  http?: Partial<HttpTimeouts>;
  /** Registers more routes before the app becomes ready (tests, embedding). */
  extend?: (app: App) => void | Promise<void>;
}

const bodyLimit = 1024 * 1024;

/**
 * Deadlines of every HTTP exchange: a client trickling its headers or body, or idling on a
 * keep-alive socket, gives its connection back instead of holding it forever.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
  checkIntervalMs: number;
}

export const httpTimeouts: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  /** A socket with no traffic at all for this long is closed. */
  idleMs: 60_000,
  /** How often Node checks requests against the two deadlines above. */
  checkIntervalMs: 1_000,
};

/** Builds the control plane's HTTP app, ready to `listen` or to `inject` requests into. */
export async function buildApp({
  config,
  database,
  logger,
  now = () => new Date(),
  auth = {},
  realtime,
  cluster,
  intelligence,
  dns = {},
  http,
  jobs: jobOptions,
  extend,
}: BuildAppOptions): Promise<App> {
  const timeouts = { ...httpTimeouts, ...http };
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit,
    trustProxy: false,
    // Unique across replicas and never taken from the client: the id a 500 quotes to support.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerJsonBodyParser(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Meridian control plane', version: '1' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          apiKeyAuth: { type: 'apiKey', in: 'header', name: 'authorization' },
          userId: { type: 'apiKey', in: 'header', name: 'x-user-id' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });

  app.get(
    '/health',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  );

  // Shared with the keypair's private key route: it checks the same password.
  const loginThrottle = new LoginThrottle(
    { ...defaultLoginThrottleLimits, ...auth.loginThrottle },
    () => now().getTime(),
  );
  const loginRateLimit = { ...defaultLoginRateLimit, ...auth.loginRateLimit };
  const authService = createAuthService({
    db: database.db,
    throttle: loginThrottle,
    sessionPolicy: { ...defaultSessionPolicy, ...auth.sessionPolicy },
    now,
  });
  const apiKeyService = createApiKeyService({ db: database.db });
  // One resolver per Authorization scheme: console sessions and CI/CD API keys.
  registerAuthentication(
    app,
    new Map([
      ['bearer', authService.authenticateSession],
      ['apikey', apiKeyService.authenticateApiKey],
    ]),
  );

  await app.register(authRoutes, {
    prefix: '/auth',
    service: authService,
    loginRateLimit,
  });
  await app.register(apiKeyRoutes, { prefix: '/auth', service: apiKeyService });

  await app.register(eventRoutes, {
    prefix: '/event',
    service: createEventService({ db: database.db }),
  });
  // One job queue for every module: each defines its kinds while registering, then it starts.
  const jobs = createJobQueue(database.driver, {
    onError: (error) => app.log.warn({ err: error }, 'job failed'),
    ...jobOptions,
  });
  app.addHook('onClose', () => jobs.stop());
  const changes = await startChangeFeed(database.driver, app.log);
  app.addHook('onClose', () => changes.close());
  await registerRealtime(app, {
    changes,
    loadEvent: (id) => loadEvent(database.db, id),
    authenticateSession: authService.authenticateSession,
    timings: realtime,
  });

  if (cluster) {
    const infrastructure = await registerClusterModule(app, database, { now, jobs, ...cluster });
    // The keypair is sealed with the cluster module's key, which the apps module also uses to
    // make a user's keypair when their first Heat stack needs it.
    await app.register(keypairRoutes, {
      prefix: '/auth',
      service: createKeypairService({
        db: database.db,
        secrets: infrastructure.secrets,
        throttle: loginThrottle,
      }),
      loginRateLimit,
    });
    await registerAppModules(app, {
      db: database.db,
      jobs,
      drivers: infrastructure.drivers,
      secrets: infrastructure.secrets,
      now,
    });
    await registerIntelligenceModule(app, database, {
      ...infrastructure,
      ...intelligence,
      jobs,
      now,
    });
    await app.register(billingRoutes, {
      prefix: '/billing',
      service: createBillingService({ db: database.db, now }),
    });
    await registerDomainModule(app, database, {
      secrets: infrastructure.secrets,
      nameservers: dns.nameservers ?? defaultNameservers,
      jobs,
      changes,
      responder: dns.responder,
      powerDns: dns.powerDns,
    });
  }

  await registerWebConsole(app, config);
  await extend?.(app);
  await jobs.start();
  await app.ready();
  return app;
}

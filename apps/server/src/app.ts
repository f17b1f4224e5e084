import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ErrorBody } from '@meridian/domain/errors';
import Fastify from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from './lib/errors';
import { apiKeyRoutes } from './modules/auth/api-key.routes';
import { createApiKeyService } from './modules/auth/api-key.service';
import { authRoutes, defaultLoginRateLimit, type LoginRateLimit } from './modules/auth/auth.routes';
import {
  createAuthService,
  defaultSessionPolicy,
  type SessionPolicy,
} from './modules/auth/auth.service';
import { registerAuthentication } from './modules/auth/authenticate';
import { keypairRoutes } from './modules/auth/keypair.routes';
import { createKeypairService } from './modules/auth/keypair.service';
import {
  defaultLoginThrottleLimits,
  LoginThrottle,
  type LoginThrottleLimits,
} from './modules/auth/login-throttle';
import { eventRoutes } from './modules/event/event.routes';
import { createEventService } from './modules/event/event.service';
import { registerRealtime, type RealtimeTimings } from './realtime/realtime';
import { registerClusterModule, type ClusterModuleOptions } from './modules/cluster/cluster.module';
import { registerKubeModule } from './modules/kube/kube.module';
import { registerIntelligenceModule } from './modules/intelligence/intelligence.module';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { defaultNameservers, registerDomainModule } from './modules/domain/domain.module';
import { registerWebConsole } from './web/web-console';

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
  cluster?: ClusterModuleOptions;
  /** Traffic sampling (with the cluster module only): MERIDIAN_TRAFFIC_SAMPLE_SECONDS. */
  intelligence?: { trafficSampleIntervalMs?: number };
  /**
   * Authoritative DNS: the name servers users delegate to (MERIDIAN_NAMESERVERS), the built-in
   * responder and PowerDNS (both off unless given).
   */
  dns?: {
    nameservers?: readonly string[];
    zonePollIntervalMs?: number;
    responder?: { host: string; port: number };
    powerDns?: { apiUrl: string; apiKey: string };
  };
  /** Registers more routes before the app becomes ready (tests, embedding). */
  extend?: (app: App) => void | Promise<void>;
}

const bodyLimit = 1024 * 1024;

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
  extend,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit,
    trustProxy: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

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
  await registerRealtime(app, {
    db: database.db,
    driver: database.driver,
    authenticateSession: authService.authenticateSession,
    timings: realtime,
  });

  if (cluster) {
    const infrastructure = await registerClusterModule(app, database, { now, ...cluster });
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
    await registerKubeModule(app, database, { ...infrastructure, jobs: cluster.jobs, now });
    await registerIntelligenceModule(app, database, {
      ...infrastructure,
      ...intelligence,
      jobs: cluster.jobs,
      now,
    });
    await app.register(billingRoutes, {
      prefix: '/billing',
      service: createBillingService({ db: database.db, now }),
    });
    await registerDomainModule(app, database, {
      secrets: infrastructure.secrets,
      nameservers: dns.nameservers ?? defaultNameservers,
      jobs: cluster.jobs,
      zonePollIntervalMs: dns.zonePollIntervalMs,
      responder: dns.responder,
      powerDns: dns.powerDns,
    });
  }

  await registerWebConsole(app, config);
  await extend?.(app);
  await app.ready();
  return app;
}

const domainErrorStatus: [new (...args: never[]) => DomainError, number][] = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [RateLimitedError, 429],
];

// Fastify's own client errors, in the contract's words.
const fastifyErrorMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
};

/** The one place an error becomes an HTTP answer: `{message, errors?}` (architecture §3). */
function handleError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  // Errors from Fastify and its plugins carry these optional fields; anything may throw, though.
  const { validation, statusCode = 500, code } = error as Partial<FastifyError>;
  if (validation) {
    const body: ErrorBody = {
      message: 'Validation failed',
      errors: validation.map((issue) => issue.message ?? 'Invalid value'),
    };
    return reply.code(400).send(body);
  }

  if (error instanceof DomainError) {
    const status = domainErrorStatus.find(([type]) => error instanceof type)?.[1] ?? 500;
    if (error instanceof RateLimitedError && error.retryAfterSeconds) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    const body: ErrorBody =
      error instanceof ValidationError
        ? { message: error.message, errors: error.messages }
        : { message: error.message };
    return reply.code(status).send(body);
  }

  // Client errors raised by Fastify and its plugins (bad JSON, body too large, ...); their
  // texts describe the request, never the server.
  if (statusCode >= 400 && statusCode < 500) {
    const body: ErrorBody = {
      message: (code && fastifyErrorMessages[code]) ?? (code ? error.message : 'Bad request'),
    };
    return reply.code(statusCode).send(body);
  }

  request.log.error({ err: error }, 'request failed');
  const body: ErrorBody = { message: 'Internal server error' };
  return reply.code(500).send(body);
}

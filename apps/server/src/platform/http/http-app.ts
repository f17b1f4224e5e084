import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyServerFactory,
  RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleError } from './error-handler';
import { registerJsonBodyParser } from './json-body';
import { openApiTransform } from './openapi-transform';
import { registerSecurityHeaders } from './security-headers';

/** The control plane's Fastify instance, typed by its zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

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

/**
 * Deadlines, the reverse proxies whose X-Forwarded-For names the client (none by default), and
 * the server fed by the one listening since the start (early-listener.ts), if any.
 */
export type HttpSettings = Partial<HttpTimeouts> & {
  trustProxy?: readonly string[];
  serverFactory?: FastifyServerFactory;
};

const bodyLimit = 1024 * 1024;
/** Requests slower than this are logged at warn: at that pace a user sees the console hang. */
const slowRequestMs = 2_000;

/**
 * An answer given before the request body was read (413, a refusal before parsing) waits until
 * the rest of the body has arrived, up to this much and this long: closing on a client that is
 * still sending resets its connection, and the client never reads the answer.
 */
const unreadBodyDrain = { maxBytes: 16 * bodyLimit, deadlineMs: 5_000 };

/** Reads and discards what is left of a request body, within `unreadBodyDrain`'s bounds. */
function discardUnreadBody(request: IncomingMessage): Promise<void> {
  // `complete`: Node parsed the whole message; `readableEnded`: an injected request was read.
  if (request.complete || request.readableEnded || request.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(deadline);
      request.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > unreadBodyDrain.maxBytes) finish();
    };
    const deadline = setTimeout(finish, unreadBodyDrain.deadlineMs);
    request.on('data', onData).once('end', finish).once('close', finish).once('error', finish);
    request.resume();
  });
}

/**
 * The HTTP server every module registers on: deadlines, zod validation, the one error shape,
 * request ids, security headers, the OpenAPI document at /docs and /health.
 */
export async function createHttpApp(
  logger: FastifyBaseLogger | undefined,
  { trustProxy = [], serverFactory, ...timings }: HttpSettings = {},
): Promise<App> {
  const timeouts = { ...httpTimeouts, ...timings };
  const app = Fastify({
    ...(serverFactory ? { serverFactory } : {}),
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit,
    // Only the listed proxies' X-Forwarded-For is believed (MERIDIAN_TRUST_PROXY): anyone else
    // could name any address and walk past the throttles.
    trustProxy: trustProxy.length > 0 ? [...trustProxy] : false,
    // Unique across replicas and never taken from the client: the id a 500 quotes to support.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One readable line per request at debug (below): at info the start-up lines stay in view.
    logController: new LogController({ disableRequestLogging: true }),
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
    await discardUnreadBody(request.raw);
  });
  app.addHook('onResponse', async (request, reply) => {
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    // A request this slow is a fault an operator should see at the default level.
    if (reply.elapsedTime >= slowRequestMs) request.log.warn(`slow request: ${line}`);
    else request.log.debug(line);
  });
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  app.get(
    '/health',
    { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } },
    () => ({ status: 'ok' as const }),
  );
  return app;
}

/** The OpenAPI 3.1 document every route's zod schema feeds, served with its UI at /docs. */
async function registerOpenApi(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meridian control plane',
        version: '1',
        description:
          'The API the Meridian console and CI/CD pipelines call. Sign in with POST /auth/login ' +
          'and send `Authorization: Bearer <token>` with `x-user-id`, or send an API key as ' +
          '`Authorization: ApiKey <key>`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document describes the server that serves it, wherever that is.
      servers: [{ url: '/', description: 'This Meridian' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'A session token from POST /auth/login; send x-user-id with it',
          },
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'authorization',
            description: 'An API key from POST /auth/api_key, sent as `ApiKey <key>`',
          },
          userId: {
            type: 'apiKey',
            in: 'header',
            name: 'x-user-id',
            description: 'The signed-in user’s id, sent with a session token',
          },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

import type { ErrorBody } from '@meridian/domain/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  BadRequestError,
  ConflictError,
  VerificationNeededError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceBusyError,
  TwoFactorRequiredError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { localizedErrorBody, requestLocale } from './request-locale';

const domainErrorStatus: [new (...args: never[]) => DomainError, number][] = [
  [ValidationError, 400],
  [BadRequestError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [RateLimitedError, 429],
  [ServiceBusyError, 503],
];

// Fastify's own client errors, in the contract's words.
const fastifyErrorMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
};

/**
 * PostgreSQL data exceptions (class 22: bad encoding, bad uuid, number out of range) can only come
 * from a value a request carried past its schema: a 400, never a 500.
 */
const dataExceptionMessage = 'A value in the request is not valid';

/** An error answer lists a few problems, each short: never the input echoed back in bulk. */
const maxListedErrors = 10;
const maxMessageLength = 300;

function short(message: string): string {
  return message.length > maxMessageLength ? `${message.slice(0, maxMessageLength - 1)}…` : message;
}

function listed(messages: readonly string[]): string[] {
  return messages.slice(0, maxListedErrors).map(short);
}

function isDataException(error: unknown): boolean {
  // Drizzle wraps the driver's error; PGlite and node-postgres both put the SQLSTATE in `code`.
  for (let cause: unknown = error, depth = 0; cause && depth < 3; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function domainErrorBody(error: DomainError, reply: FastifyReply): ErrorBody {
  if (
    (error instanceof RateLimitedError || error instanceof ServiceBusyError) &&
    error.retryAfterSeconds
  ) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (error instanceof ValidationError) {
    return { message: short(error.message), errors: listed(error.messages) };
  }
  if (error instanceof TwoFactorRequiredError) {
    return { message: short(error.message), two_factor_required: true };
  }
  if (error instanceof VerificationNeededError) {
    return { message: short(error.message), verification: error.verification };
  }
  if (error instanceof ConflictError && error.rolloutId) {
    return { message: short(error.message), rollout_uuid: error.rolloutId };
  }
  return { message: short(error.message) };
}

/** The one place an error becomes an HTTP answer: `{message, errors?}` (docs/architecture.md). */
export function handleError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  const [status, body] = errorAnswer(error, request, reply);
  return reply.code(status).send(localizedErrorBody(body, requestLocale(request)));
}

function errorAnswer(
  error: Error,
  request: FastifyRequest,
  reply: FastifyReply,
): [status: number, body: ErrorBody] {
  // Errors from Fastify and its plugins carry these optional fields; anything may throw, though.
  const { validation, statusCode = 500, code } = error as Partial<FastifyError>;
  if (validation) {
    const messages = validation.map((issue) => issue.message ?? 'Invalid value');
    return [400, { message: 'Validation failed', errors: listed(messages) }];
  }
  if (error instanceof DomainError) {
    const status = domainErrorStatus.find(([type]) => error instanceof type)?.[1] ?? 500;
    return [status, domainErrorBody(error, reply)];
  }
  if (isDataException(error)) {
    request.log.warn({ err: error }, 'request carried a value the database refused');
    return [400, { message: dataExceptionMessage }];
  }
  // Client errors raised by Fastify and its plugins (bad JSON, body too large, ...); their
  // texts describe the request, never the server.
  if (statusCode >= 400 && statusCode < 500) {
    const message = (code && fastifyErrorMessages[code]) ?? (code ? error.message : 'Bad request');
    return [statusCode, { message: short(message) }];
  }
  // The log line carries the request id (pino's reqId); the answer quotes it for support.
  request.log.error({ err: error }, 'request failed');
  return [
    500,
    {
      message: `Internal server error. If it keeps happening, contact support and quote request ${request.id}.`,
      request_id: request.id,
    },
  ];
}

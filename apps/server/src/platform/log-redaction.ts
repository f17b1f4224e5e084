import type { LoggerOptions } from 'pino';

/**
 * Credentials that must never reach a log line, whatever level (at trace, @fastify/multipart logs
 * the request's headers as `busboyOptions.headers`): the bearer token or API key of the caller.
 */
export const logRedaction: NonNullable<LoggerOptions['redact']> = {
  paths: [
    'headers.authorization',
    'headers.cookie',
    '*.headers.authorization',
    '*.headers.cookie',
    '*.*.headers.authorization',
    '*.*.headers.cookie',
  ],
  censor: '[redacted]',
};

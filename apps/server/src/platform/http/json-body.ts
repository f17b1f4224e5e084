import { jsonMessages, parseJsonSafely } from '@meridian/domain/parsing/safe-json';
import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors';

const bodyMessages = {
  invalid: 'Request body is not valid JSON',
  empty: 'Request body is empty',
} as const;

/**
 * JSON request bodies go through the one bounded JSON parser (depth cap, prototype keys refused)
 * instead of Fastify's default, so no route sees a body nested thousands of levels deep.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (_request, body: string, done) => {
      const parsed = parseJsonSafely(body);
      if (parsed.ok) return done(null, parsed.value);
      const message =
        parsed.error === jsonMessages.invalid
          ? bodyMessages.invalid
          : parsed.error === jsonMessages.empty
            ? bodyMessages.empty
            : parsed.error.replace(/^The JSON text/, 'Request body');
      done(new BadRequestError(message), undefined);
    },
  );
}

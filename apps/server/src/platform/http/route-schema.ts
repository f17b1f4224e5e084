import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Pieces of route schemas every module repeats: who may call (for OpenAPI), the error answers,
 * the 404 message of a malformed id.
 */

/** `app.authenticate` takes a console session or an API key, each with x-user-id. */
export const sessionOrApiKey: Record<string, string[]>[] = [
  { bearerAuth: [], userId: [] },
  { apiKeyAuth: [], userId: [] },
];

/** Routes behind `requireSession`: a console session only. */
export const sessionOnly: Record<string, string[]>[] = [{ bearerAuth: [], userId: [] }];

/** The answers a state-changing route may give besides 200 (architecture "API contract"). */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** A path id that is not a uuid names nothing the user owns. */
export const notFoundId = { error: 'Not found' };

/** The answers of a spec's full list, sent serialised with its ETag (serialised-body.ts). */
export function fullListResponses<Item extends z.ZodType>(item: Item) {
  return {
    200: z.array(item),
    304: z.null().describe('Not modified: the list carrying this ETag is still true'),
    401: errorBodySchema,
  };
}

/** The app a route plugin registers on, so a long plugin can hand groups of routes to functions. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** A form posted with no body at all still gets its fields' own messages, not a body error. */
export async function bodyAsObject(request: { body: unknown }): Promise<void> {
  request.body ??= {};
}

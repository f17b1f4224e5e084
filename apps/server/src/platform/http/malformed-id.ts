import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const uuid = z.uuid();

/**
 * preValidation hook: a path id that is not a uuid names nothing the user owns, so it answers
 * 404 like any other unknown id instead of a validation message.
 */
export async function rejectMalformedIds(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) {
    if (!/(^id|Id|Uuid)$/.test(key) || typeof value !== 'string') continue;
    if (!uuid.safeParse(value).success) {
      await reply.code(404).send({ message: 'Not found' });
      return;
    }
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppListBody } from './app.service';

/**
 * Sends the cached list as built: serialising it through the schema per call would cost more
 * than the whole answer. Its ETag is the user's revision, so a revalidation costs one read.
 */
export function sendAppList(request: FastifyRequest, reply: FastifyReply, list: AppListBody) {
  const headers = {
    etag: list.etag,
    'cache-control': 'private, no-cache',
    vary: 'accept-encoding, authorization, x-user-id',
  };
  if (request.headers['if-none-match'] === list.etag) {
    // Written by hand: Fastify would serialise a body and its length into a 304, and strict
    // clients then wait for bytes that never come.
    reply.hijack();
    reply.raw.writeHead(304, headers);
    reply.raw.end();
    return reply;
  }
  reply.headers(headers);
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(list.gzip);
  }
  return reply.send(list.json);
}

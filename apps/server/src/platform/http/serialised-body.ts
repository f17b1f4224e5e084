import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/**
 * A full list's answer, serialised and compressed once for as long as what it says holds (one
 * revision of the user): per request, both would cost more than the rest of the answer
 * (docs/scale.md, "Full lists").
 */
export interface SerialisedBody {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

const gzipAsync = promisify(gzip);

/** `value` must already be the API's shape: it is sent as is, not through the response schema. */
export async function serialiseBody(value: unknown, etag: string): Promise<SerialisedBody> {
  const json = Buffer.from(JSON.stringify(value));
  return { etag, json, gzip: await gzipAsync(json, { level: 1 }) };
}

/** Sends the body as serialised, gzipped when the client takes it; its ETag answers a 304. */
export function sendSerialised(request: FastifyRequest, reply: FastifyReply, body: SerialisedBody) {
  const headers = {
    etag: body.etag,
    'cache-control': 'private, no-cache',
    vary: 'accept-encoding, authorization, x-user-id',
  };
  if (request.headers['if-none-match'] === body.etag) {
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
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.json);
}

import multipart from '@fastify/multipart';
import {
  recordHistoryPageSchema,
  recordHistoryQuerySchema,
  zoneImportBodySchema,
  zoneImportResultSchema,
  type ZoneImportBody,
} from '@meridian/domain/domains/zone-api';
import { zoneFileLimits } from '@meridian/domain/domains/zone-file';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerByParam } from '../../../platform/db/row-owner';
import { domains } from '../../../platform/db/schema/domains';
import { PayloadTooLargeError, ValidationError } from '../../../platform/http/errors';
import { readMultipartForm } from '../../../platform/http/multipart-form';
import { requestActor } from '../../../platform/http/request-actor';
import {
  errorResponses,
  notFoundId,
  type RouteApp,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { DomainContext } from '../domain-context';
import { ownDomain } from '../domain/domain.records';
import { historyPage } from './record-history';
import { exportZone, importZone } from './zone-file.service';

const params = z.object({ domainId: z.uuid(notFoundId) });
const tooLarge = `The zone file must be at most ${zoneFileLimits.bytes / 1024} KiB`;

/** `/domain/name/{id}/zone` and `/history`: zone files in and out, the record history. */
export const zoneRoutes: FastifyPluginAsyncZod<{ context: DomainContext }> = async (
  app,
  { context },
) => {
  await app.register(multipart, {
    limits: { fileSize: zoneFileLimits.bytes, files: 1, fields: 5, fieldSize: 64 },
  });
  // The text of a zone file may also be the body itself (`curl --data-binary @zone`).
  app.addContentTypeParser(
    ['text/dns', 'text/plain'],
    { parseAs: 'string', bodyLimit: zoneFileLimits.bytes },
    (_request, body, done) => done(null, { text: body }),
  );
  zoneFileRoutes(app, context);
  historyRoutes(app, context);
};

function zoneFileRoutes(app: RouteApp, context: DomainContext): void {
  app.get(
    '/name/:domainId/zone',
    {
      config: { ownedBy: ownerByParam(context.db, domains, 'domainId') },
      schema: {
        tags: ['domain'],
        summary:
          "The zone as a BIND master file (RFC 1035 §5, text/dns); SOA and NS are Meridian's",
        security: sessionOrApiKey,
        params,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { domain, text } = await exportZone(
        context,
        request.account.id,
        request.params.domainId,
      );
      return reply
        .type('text/dns; charset=utf-8')
        .header('content-disposition', `attachment; filename="${domain.domainName}.zone"`)
        .send(text);
    },
  );

  app.post(
    '/name/:domainId/zone',
    {
      config: {
        ownedBy: ownerByParam(context.db, domains, 'domainId'),
        role: 'developer',
        // Read by hand (JSON, multipart or text), so only documented.
        multipartBody: {
          fields: zoneImportBodySchema,
          file: { name: 'file', description: 'The master file, instead of `text`' },
        },
      },
      schema: {
        tags: ['domain'],
        summary: `Import a master file (JSON {text, mode}, a multipart \`file\` and \`mode\`, or the text itself with ?mode=): mode=replace|merge, all or nothing, errors name the line; SOA and apex NS are skipped; at most ${zoneFileLimits.bytes / 1024} KiB`,
        consumes: ['application/json', 'multipart/form-data', 'text/dns'],
        security: sessionOrApiKey,
        params,
        querystring: z.object({ mode: z.enum(['replace', 'merge']).optional() }),
        response: { 200: zoneImportResultSchema, ...errorResponses, 413: errorBodySchema },
      },
    },
    async (request) => {
      // Whose the domain is comes first: a body that cannot be read tells nothing of it.
      await ownDomain(context.db, request.account.id, request.params.domainId);
      return importZone(
        context,
        request.account.id,
        request.params.domainId,
        await importBody(request, request.query.mode),
        requestActor(request),
      );
    },
  );
}

/** The import's text and mode, from JSON, a multipart upload or a text body. */
async function importBody(
  request: FastifyRequest,
  mode: string | undefined,
): Promise<ZoneImportBody> {
  let raw: unknown = request.body;
  if (request.isMultipart()) {
    const form = await readMultipartForm(request, tooLarge);
    raw = { text: form.file?.text ?? form.fields.text, mode: form.fields.mode };
  }
  const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof fields.text === 'string' && fields.text.length > zoneFileLimits.bytes) {
    throw new PayloadTooLargeError(tooLarge);
  }
  const parsed = zoneImportBodySchema.safeParse({ text: fields.text, mode: fields.mode ?? mode });
  if (!parsed.success) {
    throw new ValidationError([
      'Send the zone file as `text` (or a `file` upload) and mode replace or merge',
    ]);
  }
  return parsed.data;
}

function historyRoutes(app: RouteApp, context: DomainContext): void {
  app.get(
    '/name/:domainId/history',
    {
      config: { ownedBy: ownerByParam(context.db, domains, 'domainId') },
      schema: {
        tags: ['domain'],
        summary: "The domain's record changes, newest first: who, what, before and after",
        security: sessionOrApiKey,
        params,
        querystring: recordHistoryQuerySchema,
        response: { 200: recordHistoryPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await ownDomain(context.db, request.account.id, request.params.domainId);
      return historyPage(context.db, request.params.domainId, request.query);
    },
  );
}

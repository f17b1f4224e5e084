import { deploymentSchema } from '@meridian/domain/apps/app-api';
import {
  deploymentDomainNamesSchema,
  dnsRecordCreateSchema,
  dnsRecordSchema,
  dnsRecordUpdateSchema,
  versionSubdomainsSchema,
} from '@meridian/domain/domains/domain-api';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bodyAsObject,
  errorResponses,
  notFoundId,
  type RouteApp,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { DomainContext } from '../domain-context';
import { requestActor } from '../../../platform/http/request-actor';
import { setDeploymentNames, setVersionNames, versionNames } from './deployment-names.service';
import { createRecord, listRecords, removeRecord, updateRecord } from './dns.service';
import { ownerAt, ownerByBody, ownerByParam, ownerOfRow } from '../../../platform/db/row-owner';
import { dnsRecords, domains } from '../../../platform/db/schema/domains';
import { deploymentOwner, versionOwner } from '../../apps/apps.public';

/** `/domain/dns`: records and deployments' domain names (spec "The calls it makes" Domains and DNS). */
export const dnsRoutes: FastifyPluginAsyncZod<{ context: DomainContext }> = async (
  app,
  { context },
) => {
  recordRoutes(app, context);
  deploymentNameRoutes(app, context);
};

function recordRoutes(app: RouteApp, context: DomainContext): void {
  app.get(
    '/user',
    {
      config: {
        ownedBy: ownerAt('query', 'domain_uuid', (id) => ownerOfRow(context.db, domains, id)),
      },
      schema: {
        tags: ['domain'],
        summary: "A domain's records (query domain_uuid)",
        security: sessionOrApiKey,
        querystring: z.object({ domain_uuid: z.uuid(notFoundId) }),
        response: { 200: z.array(dnsRecordSchema), ...errorResponses },
      },
    },
    (request) => listRecords(context, request.account.id, request.query.domain_uuid),
  );

  app.post(
    '/user',
    {
      config: { ownedBy: ownerByBody(context.db, domains, 'domain_uuid'), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['domain'],
        summary: 'Create a record: domain is the full name (or the host; @ is the domain itself)',
        security: sessionOrApiKey,
        body: dnsRecordCreateSchema,
        response: { 200: dnsRecordSchema, ...errorResponses },
      },
    },
    (request) => createRecord(context, request.account.id, request.body, requestActor(request)),
  );

  app.put(
    '/user/:recordId',
    {
      config: { ownedBy: ownerByParam(context.db, dnsRecords, 'recordId'), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['domain'],
        summary: "Change a record's name, TTL and value (its type is fixed)",
        security: sessionOrApiKey,
        params: z.object({ recordId: z.uuid(notFoundId) }),
        body: dnsRecordUpdateSchema,
        response: { 200: dnsRecordSchema, ...errorResponses },
      },
    },
    (request) =>
      updateRecord(
        context,
        request.account.id,
        request.params.recordId,
        request.body,
        requestActor(request),
      ),
  );

  app.delete(
    '/user/:recordId',
    {
      config: { ownedBy: ownerByParam(context.db, dnsRecords, 'recordId'), role: 'developer' },
      schema: {
        tags: ['domain'],
        summary: 'Delete a record',
        security: sessionOrApiKey,
        params: z.object({ recordId: z.uuid(notFoundId) }),
        response: { 200: statusResultSchema, ...errorResponses },
      },
    },
    (request) =>
      removeRecord(context, request.account.id, request.params.recordId, requestActor(request)),
  );
}

function deploymentNameRoutes(app: RouteApp, context: DomainContext): void {
  app.get(
    '/user/versions/:versionId/smart_clusters/:smartClusterId',
    {
      config: { ownedBy: byVersion(context) },
      schema: {
        tags: ['domain'],
        summary: 'Domain names of a version on a smart cluster, as a map by smart cluster',
        security: sessionOrApiKey,
        params: z.object({ versionId: z.uuid(notFoundId), smartClusterId: z.uuid(notFoundId) }),
        response: { 200: z.record(z.string(), z.array(z.string())), ...errorResponses },
      },
    },
    (request) =>
      versionNames(
        context,
        request.account.id,
        request.params.versionId,
        request.params.smartClusterId,
      ),
  );

  app.put(
    '/user/versions/:versionId/smart_clusters/:smartClusterId',
    {
      config: { ownedBy: byVersion(context), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['domain'],
        summary: "Set the domain names of a version's deployments on a smart cluster",
        security: sessionOrApiKey,
        params: z.object({ versionId: z.uuid(notFoundId), smartClusterId: z.uuid(notFoundId) }),
        body: versionSubdomainsSchema,
        response: { 200: z.array(deploymentSchema), ...errorResponses },
      },
    },
    (request) =>
      setVersionNames(
        context,
        request.account.id,
        request.params.versionId,
        request.params.smartClusterId,
        request.body.subdomains,
      ),
  );

  app.put(
    '/user/entries/deployments/:deploymentId',
    {
      config: {
        ownedBy: ownerAt('params', 'deploymentId', (id) => deploymentOwner(context.db, id)),
        role: 'developer',
      },
      preValidation: bodyAsObject,
      schema: {
        tags: ['domain'],
        summary:
          "Set a deployment's domain names (lower-cased, de-duplicated, each under one of the user's domains)",
        security: sessionOrApiKey,
        params: z.object({ deploymentId: z.uuid(notFoundId) }),
        body: deploymentDomainNamesSchema,
        response: { 200: deploymentSchema, ...errorResponses },
      },
    },
    (request) =>
      setDeploymentNames(
        context,
        request.account.id,
        request.params.deploymentId,
        request.body.domain_names,
      ),
  );
}

/** Whose is the version a path names (the apps context answers). */
function byVersion(context: DomainContext) {
  return ownerAt('params', 'versionId', (id) => versionOwner(context.db, id));
}

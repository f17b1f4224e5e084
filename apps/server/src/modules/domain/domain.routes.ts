import { deploymentSchema } from '@meridian/domain/apps/app-api';
import {
  deploymentDomainNamesSchema,
  dnsRecordCreateSchema,
  dnsRecordSchema,
  dnsRecordUpdateSchema,
  domainCreateSchema,
  domainRemovalSchema,
  domainSchema,
  nameserversSchema,
  subdomainSchema,
  versionSubdomainsSchema,
} from '@meridian/domain/domains/domain-api';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as attachment } from 'content-disposition';
import { z } from 'zod';
import { rejectMalformedIds } from '../../platform/http/malformed-id';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../platform/http/route-schema';
import type { CertificateService } from '../certificate/certificate.service';
import type { DomainService } from './domain.service';

const withBody = async (request: { body: unknown }) => {
  request.body ??= {};
};

/** `/domain` (spec "The calls it makes" Domains and DNS). */
export const domainRoutes: FastifyPluginAsyncZod<{ service: DomainService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', rejectMalformedIds);

  app.get(
    '/nameservers',
    {
      schema: {
        tags: ['domain'],
        summary: 'The two name servers every domain must be delegated to',
        security: sessionOrApiKey,
        response: { 200: nameserversSchema, 401: errorBodySchema },
      },
    },
    () => ({ nameservers: service.nameservers() }),
  );

  app.get(
    '/name',
    {
      schema: {
        tags: ['domain'],
        summary: "The user's domains",
        security: sessionOrApiKey,
        response: { 200: z.array(domainSchema), 401: errorBodySchema },
      },
    },
    (request) => service.listDomains(request.user.id),
  );

  app.post(
    '/name',
    {
      preValidation: withBody,
      schema: {
        tags: ['domain'],
        summary: 'Add a domain; its zone is served once published (status creating, then success)',
        security: sessionOrApiKey,
        body: domainCreateSchema,
        response: { 200: domainSchema, ...errorResponses },
      },
    },
    (request) => service.createDomain(request.user.id, request.body),
  );

  app.delete(
    '/name/:domainId',
    {
      schema: {
        tags: ['domain'],
        summary: 'Delete a domain and its records (refused while deployments use names under it)',
        security: sessionOrApiKey,
        params: z.object({ domainId: z.uuid(notFoundId) }),
        response: { 200: domainRemovalSchema, ...errorResponses },
      },
    },
    (request) => service.removeDomain(request.user.id, request.params.domainId),
  );

  app.get(
    '/name/:domainId/subdomains',
    {
      schema: {
        tags: ['domain'],
        summary: "Deployment domain names under the domain (the record editor's Subdomain rows)",
        security: sessionOrApiKey,
        params: z.object({ domainId: z.uuid(notFoundId) }),
        response: { 200: z.array(subdomainSchema), ...errorResponses },
      },
    },
    (request) => service.subdomains(request.user.id, request.params.domainId),
  );

  app.get(
    '/dns/user',
    {
      schema: {
        tags: ['domain'],
        summary: "A domain's records (query domain_uuid)",
        security: sessionOrApiKey,
        querystring: z.object({ domain_uuid: z.uuid(notFoundId) }),
        response: { 200: z.array(dnsRecordSchema), ...errorResponses },
      },
    },
    (request) => service.listRecords(request.user.id, request.query.domain_uuid),
  );

  app.post(
    '/dns/user',
    {
      preValidation: withBody,
      schema: {
        tags: ['domain'],
        summary: 'Create a record: domain is the full name (or the host; @ is the domain itself)',
        security: sessionOrApiKey,
        body: dnsRecordCreateSchema,
        response: { 200: dnsRecordSchema, ...errorResponses },
      },
    },
    (request) => service.createRecord(request.user.id, request.body),
  );

  app.put(
    '/dns/user/:recordId',
    {
      preValidation: withBody,
      schema: {
        tags: ['domain'],
        summary: "Change a record's name, TTL and value (its type is fixed)",
        security: sessionOrApiKey,
        params: z.object({ recordId: z.uuid(notFoundId) }),
        body: dnsRecordUpdateSchema,
        response: { 200: dnsRecordSchema, ...errorResponses },
      },
    },
    (request) => service.updateRecord(request.user.id, request.params.recordId, request.body),
  );

  app.delete(
    '/dns/user/:recordId',
    {
      schema: {
        tags: ['domain'],
        summary: 'Delete a record',
        security: sessionOrApiKey,
        params: z.object({ recordId: z.uuid(notFoundId) }),
        response: { 200: statusResultSchema, ...errorResponses },
      },
    },
    (request) => service.removeRecord(request.user.id, request.params.recordId),
  );

  app.get(
    '/dns/user/versions/:versionId/smart_clusters/:smartClusterId',
    {
      schema: {
        tags: ['domain'],
        summary: 'Domain names of a version on a smart cluster, as a map by smart cluster',
        security: sessionOrApiKey,
        params: z.object({ versionId: z.uuid(notFoundId), smartClusterId: z.uuid(notFoundId) }),
        response: { 200: z.record(z.string(), z.array(z.string())), ...errorResponses },
      },
    },
    (request) =>
      service.versionNames(
        request.user.id,
        request.params.versionId,
        request.params.smartClusterId,
      ),
  );

  app.put(
    '/dns/user/versions/:versionId/smart_clusters/:smartClusterId',
    {
      preValidation: withBody,
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
      service.setVersionNames(
        request.user.id,
        request.params.versionId,
        request.params.smartClusterId,
        request.body.subdomains,
      ),
  );

  app.put(
    '/dns/user/entries/deployments/:deploymentId',
    {
      preValidation: withBody,
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
      service.setDeploymentNames(
        request.user.id,
        request.params.deploymentId,
        request.body.domain_names,
      ),
  );
};

/** `/certificate`: https_enable and download_certificate for a deployment. */
export const certificateRoutes: FastifyPluginAsyncZod<{ service: CertificateService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', rejectMalformedIds);
  const params = z.object({ deploymentId: z.uuid(notFoundId) });

  app.post(
    '/deployments/:deploymentId',
    {
      schema: {
        tags: ['certificate'],
        summary: "Issue a certificate for the deployment's domain names (https_enable)",
        security: sessionOrApiKey,
        params,
        response: { 200: deploymentSchema, ...errorResponses },
      },
    },
    (request) => service.enableHttps(request.user.id, request.params.deploymentId),
  );

  app.get(
    '/deployments/:deploymentId/pem',
    {
      schema: {
        tags: ['certificate'],
        summary: "Download the deployment's certificate chain (PEM: leaf, then the authority)",
        security: sessionOrApiKey,
        params,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, pem } = await service.chain(request.user.id, request.params.deploymentId);
      return reply
        .type('application/x-pem-file')
        .header('content-disposition', attachment(filename))
        .send(pem);
    },
  );
};

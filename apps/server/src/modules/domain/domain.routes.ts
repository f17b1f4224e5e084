import { deploymentSchema } from '@meridian/domain/apps/app-api';
import {
  deploymentDomainNamesSchema,
  dnsRecordCreateSchema,
  dnsRecordSchema,
  dnsRecordUpdateSchema,
  domainCreateSchema,
  domainSchema,
  nameserversSchema,
  subdomainSchema,
  versionSubdomainsSchema,
} from '@meridian/domain/domains/domain-api';
import { errorBodySchema } from '@meridian/domain/errors';
import { statusResultSchema } from '@meridian/domain/operation-result';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectMalformedIds } from '../../lib/malformed-id';
import type { CertificateService } from '../certificate/certificate.service';
import type { DomainService } from './domain.service';

const authenticated: Record<string, string[]>[] = [
  { bearerAuth: [], userId: [] },
  { apiKeyAuth: [], userId: [] },
];
const notFound = { error: 'Not found' };
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const withBody = async (request: { body: unknown }) => {
  request.body ??= {};
};

/** `/domain` (spec §7 Domains and DNS). */
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
        security: authenticated,
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
        security: authenticated,
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
        security: authenticated,
        body: domainCreateSchema,
        response: { 200: domainSchema, ...errors },
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
        security: authenticated,
        params: z.object({ domainId: z.uuid(notFound) }),
        response: { 200: z.object({ status: z.literal('deleting') }), ...errors },
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
        security: authenticated,
        params: z.object({ domainId: z.uuid(notFound) }),
        response: { 200: z.array(subdomainSchema), ...errors },
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
        security: authenticated,
        querystring: z.object({ domain_uuid: z.uuid(notFound) }),
        response: { 200: z.array(dnsRecordSchema), ...errors },
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
        security: authenticated,
        body: dnsRecordCreateSchema,
        response: { 200: dnsRecordSchema, ...errors },
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
        security: authenticated,
        params: z.object({ recordId: z.uuid(notFound) }),
        body: dnsRecordUpdateSchema,
        response: { 200: dnsRecordSchema, ...errors },
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
        security: authenticated,
        params: z.object({ recordId: z.uuid(notFound) }),
        response: { 200: statusResultSchema, ...errors },
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
        security: authenticated,
        params: z.object({ versionId: z.uuid(notFound), smartClusterId: z.uuid(notFound) }),
        response: { 200: z.record(z.string(), z.array(z.string())), ...errors },
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
        security: authenticated,
        params: z.object({ versionId: z.uuid(notFound), smartClusterId: z.uuid(notFound) }),
        body: versionSubdomainsSchema,
        response: { 200: z.array(deploymentSchema), ...errors },
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
        security: authenticated,
        params: z.object({ deploymentId: z.uuid(notFound) }),
        body: deploymentDomainNamesSchema,
        response: { 200: deploymentSchema, ...errors },
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
  const params = z.object({ deploymentId: z.uuid(notFound) });

  app.post(
    '/deployments/:deploymentId',
    {
      schema: {
        tags: ['certificate'],
        summary: "Issue a certificate for the deployment's domain names (https_enable)",
        security: authenticated,
        params,
        response: { 200: deploymentSchema, ...errors },
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
        security: authenticated,
        params,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, pem } = await service.chain(request.user.id, request.params.deploymentId);
      return reply
        .type('application/x-pem-file')
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`,
        )
        .send(pem);
    },
  );
};

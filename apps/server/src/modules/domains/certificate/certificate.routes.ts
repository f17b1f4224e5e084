import { deploymentSchema } from '@meridian/domain/apps/app-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { create as attachment } from 'content-disposition';
import { z } from 'zod';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { DomainContext } from '../domain-context';
import {
  certificateAuthoritySchema,
  certificateSchema,
} from '@meridian/domain/domains/certificate-api';
import {
  certificateChain,
  deploymentCertificate,
  domainCertificates,
  enableHttps,
} from './certificate.service';
import { ownerAt, ownerByParam } from '../../../platform/db/row-owner';
import { domains } from '../../../platform/db/schema/domains';
import { deploymentOwner } from '../../apps/apps.public';

type CertificateApp = Parameters<FastifyPluginAsyncZod<{ context: DomainContext }>>[0];

/** `/certificate`: https_enable and download_certificate for a deployment. */
export const certificateRoutes: FastifyPluginAsyncZod<{ context: DomainContext }> = async (
  app,
  { context },
) => {
  const params = z.object({ deploymentId: z.uuid(notFoundId) });

  app.post(
    '/deployments/:deploymentId',
    {
      config: { ownedBy: byDeployment(context), role: 'developer' },
      schema: {
        tags: ['certificate'],
        summary: "Issue a certificate for the deployment's domain names (https_enable)",
        security: sessionOrApiKey,
        params,
        response: { 200: deploymentSchema, ...errorResponses },
      },
    },
    (request) => enableHttps(context, request.account.id, request.params.deploymentId),
  );

  registerLifecycleRoutes(app, context);
  app.get(
    '/deployments/:deploymentId/pem',
    {
      config: { ownedBy: byDeployment(context) },
      schema: {
        tags: ['certificate'],
        summary: "Download the deployment's certificate chain (PEM: leaf, then the authority)",
        security: sessionOrApiKey,
        params,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, pem } = await certificateChain(
        context,
        request.account.id,
        request.params.deploymentId,
      );
      return reply
        .type('application/x-pem-file')
        .header('content-disposition', attachment(filename))
        .send(pem);
    },
  );
};

/** The reads of certificates' lifecycle (docs/certificates.md): who signs, and each status. */
function registerLifecycleRoutes(app: CertificateApp, context: DomainContext): void {
  const params = z.object({ deploymentId: z.uuid(notFoundId) });
  app.get(
    '/authority',
    {
      schema: {
        tags: ['certificate'],
        summary: 'Who signs new certificates: the local authority or the configured ACME CA',
        security: sessionOrApiKey,
        response: { 200: certificateAuthoritySchema, ...errorResponses },
      },
    },
    () => ({ kind: context.acme ? ('acme' as const) : ('local' as const) }),
  );
  app.get(
    '/deployments/:deploymentId',
    {
      config: { ownedBy: byDeployment(context) },
      schema: {
        tags: ['certificate'],
        summary: "The deployment's certificate: issuer, dates, status and the last error",
        security: sessionOrApiKey,
        params,
        response: { 200: certificateSchema, ...errorResponses },
      },
    },
    (request) => deploymentCertificate(context, request.account.id, request.params.deploymentId),
  );
  app.get(
    '/domains/:domainId',
    {
      config: { ownedBy: ownerByParam(context.db, domains, 'domainId') },
      schema: {
        tags: ['certificate'],
        summary: "The certificates of deployment names in the domain (the domain page's list)",
        security: sessionOrApiKey,
        params: z.object({ domainId: z.uuid(notFoundId) }),
        response: { 200: z.array(certificateSchema), ...errorResponses },
      },
    },
    (request) => domainCertificates(context, request.account.id, request.params.domainId),
  );
}

/** Whose is the deployment a path names (the apps context answers). */
function byDeployment(context: DomainContext) {
  return ownerAt('params', 'deploymentId', (id) => deploymentOwner(context.db, id));
}

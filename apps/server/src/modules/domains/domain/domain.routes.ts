import {
  domainCreateSchema,
  domainPageQuerySchema,
  domainPageSchema,
  domainRemovalQuerySchema,
  domainRemovalSchema,
  domainSchema,
  nameserversSchema,
  subdomainSchema,
} from '@meridian/domain/domains/domain-api';
import { errorBodySchema } from '@meridian/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revisionReaderOf } from '../../../platform/db/per-user-revision-cache';
import {
  bodyAsObject,
  errorResponses,
  fullListResponses,
  notFoundId,
  type RouteApp,
  sessionOrApiKey,
} from '../../../platform/http/route-schema';
import type { DomainContext } from '../domain-context';
import { createDomainListCache, domainListBody, domainPage } from './domain-page';
import { sendSerialised } from '../../../platform/http/serialised-body';
import { claimDomain } from './domain.claim';
import { claimParamsSchema } from '@meridian/domain/domains/zone-api';
import { requestActor } from '../../../platform/http/request-actor';
import { createDomain, removeDomain, subdomains } from './domain.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { domains } from '../../../platform/db/schema/domains';

/** `/domain`: the user's domains (spec "The calls it makes" Domains and DNS). */
export const domainRoutes: FastifyPluginAsyncZod<{ context: DomainContext }> = async (
  app,
  { context },
) => {
  listAndCreateRoutes(app, context);
  oneDomainRoutes(app, context);
  claimRoutes(app, context);
};

function claimRoutes(app: RouteApp, context: DomainContext): void {
  app.post(
    '/name/:domain/claim',
    {
      schema: {
        tags: ['domain'],
        summary:
          "Claim a domain another account holds: Meridian looks up the TXT record the 409 of POST /domain/name named (_meridian-challenge.<domain>) through public DNS and, when it matches, moves the zone here; the former holder's records and deployment names under it are removed",
        security: sessionOrApiKey,
        params: claimParamsSchema,
        response: { 200: domainSchema, ...errorResponses, 503: errorBodySchema },
      },
    },
    (request) =>
      claimDomain(
        context,
        {
          accountId: request.account.id,
          organizationId: request.account.organization?.id ?? null,
        },
        request.params.domain,
        requestActor(request),
      ),
  );
}

function listAndCreateRoutes(app: RouteApp, context: DomainContext): void {
  // The spec's list and the console's pages come from one build per revision of the user.
  const lists = createDomainListCache();
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
    () => ({ nameservers: [...context.nameservers] }),
  );

  app.get(
    '/name',
    {
      schema: {
        tags: ['domain'],
        summary: "The user's domains",
        security: sessionOrApiKey,
        response: fullListResponses(domainSchema),
      },
    },
    async (request, reply) =>
      sendSerialised(
        request,
        reply,
        await domainListBody(context, lists, revisionReaderOf(request)),
      ),
  );

  app.get(
    '/name/page',
    {
      schema: {
        tags: ['domain'],
        summary:
          "One page of the user's domains, oldest first, as the console's domains page lists them",
        security: sessionOrApiKey,
        querystring: domainPageQuerySchema,
        response: { 200: domainPageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    (request) => domainPage(context, lists, revisionReaderOf(request), request.query),
  );

  app.post(
    '/name',
    {
      preValidation: bodyAsObject,
      schema: {
        tags: ['domain'],
        summary: 'Add a domain; its zone is served once published (status creating, then success)',
        security: sessionOrApiKey,
        body: domainCreateSchema,
        response: { 200: domainSchema, ...errorResponses },
      },
    },
    (request) =>
      createDomain(context, request.account.id, request.body, request.account.organization?.id),
  );
}

function oneDomainRoutes(app: RouteApp, context: DomainContext): void {
  app.delete(
    '/name/:domainId',
    {
      config: { ownedBy: ownerByParam(context.db, domains, 'domainId') },
      schema: {
        tags: ['domain'],
        summary:
          'Delete a domain and its records; refused (409, naming them) while deployments use names under it, unless release_names=true takes those names off them in the same step',
        security: sessionOrApiKey,
        params: z.object({ domainId: z.uuid(notFoundId) }),
        querystring: domainRemovalQuerySchema,
        response: { 200: domainRemovalSchema, ...errorResponses },
      },
    },
    (request) =>
      removeDomain(context, request.account.id, request.params.domainId, {
        releaseNames: request.query.release_names,
      }),
  );

  app.get(
    '/name/:domainId/subdomains',
    {
      config: { ownedBy: ownerByParam(context.db, domains, 'domainId') },
      schema: {
        tags: ['domain'],
        summary: "Deployment domain names under the domain (the record editor's Subdomain rows)",
        security: sessionOrApiKey,
        params: z.object({ domainId: z.uuid(notFoundId) }),
        response: { 200: z.array(subdomainSchema), ...errorResponses },
      },
    },
    (request) => subdomains(context, request.account.id, request.params.domainId),
  );
}

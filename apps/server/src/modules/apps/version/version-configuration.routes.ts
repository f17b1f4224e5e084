import {
  configurationChangeRequestSchema,
  configurationChangeResultSchema,
} from '@meridian/domain/apps/rollout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestActor } from '../../../platform/http/request-actor';
import { bodyAsObject, errorResponses, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { changeConfiguration } from './version-configuration';
import { versionParams } from './version.routes';
import { ownerByParam } from '../../../platform/db/row-owner';
import { versions } from '../../../platform/db/schema/apps';

/** `POST /meridian/v1/kube/apps/versions/{versionId}/configuration` (issue 36). */
export const versionConfigurationRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/apps/versions/:versionId/configuration',
    {
      config: { ownedBy: ownerByParam(context.db, versions, 'versionId'), role: 'developer' },
      preValidation: bodyAsObject,
      schema: {
        tags: ['apps'],
        summary:
          'Make the next version from this Basic version with new settings (a secret may be {name, keep: true}) and roll it out wherever the app runs',
        security: sessionOrApiKey,
        params: versionParams,
        body: configurationChangeRequestSchema,
        response: { 200: configurationChangeResultSchema, ...errorResponses },
      },
    },
    (request) =>
      changeConfiguration(
        context,
        request.account.id,
        request.params.versionId,
        request.body,
        requestActor(request),
      ),
  );
};

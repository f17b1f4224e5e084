import { versionDiffSchema } from '@meridian/domain/apps/app-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, notFoundId, sessionOrApiKey } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { diffTemplatesTask } from './template-diff';
import { versionDiff } from './version-diff.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { versions } from '../../../platform/db/schema/apps';

/** `GET /meridian/v1/kube/apps/versions/{versionId}/diff/{otherVersionId}`. */
export const versionDiffRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  context.cpu.preload(diffTemplatesTask);
  app.get(
    '/apps/versions/:versionId/diff/:otherVersionId',
    {
      config: { ownedBy: ownerByParam(context.db, versions, 'versionId') },
      schema: {
        tags: ['apps'],
        summary:
          "A unified diff of two versions' rendered templates (Basic: the manifests Meridian applies, a registry password <sealed>; Advanced and Heat: as stored)",
        security: sessionOrApiKey,
        params: z.object({ versionId: z.uuid(notFoundId), otherVersionId: z.uuid(notFoundId) }),
        response: { 200: versionDiffSchema, ...errorResponses },
      },
    },
    (request) =>
      versionDiff(
        context,
        request.account.id,
        request.params.versionId,
        request.params.otherVersionId,
      ),
  );
};

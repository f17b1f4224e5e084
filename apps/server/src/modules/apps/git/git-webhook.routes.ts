import {
  gitProviders,
  gitSourceMessages,
  gitWebhookReplySchema,
} from '@meridian/domain/apps/git-source';
import { parseJsonSafely } from '@meridian/domain/parsing/safe-json';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GitSourceRow } from '../../../platform/db/schema/apps';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../../platform/http/errors';
import { errorResponses } from '../../../platform/http/route-schema';
import type { AppsContext } from '../apps-context';
import { applyGitEvent } from './git-events';
import { readPullRequest } from './git-preview';
import { readPush } from './git-push';
import { findGitSource, forgetDelivery, recordDelivery } from './git-source.queries';
import {
  deliveryEvent,
  deliveryId,
  deliverySigned,
  type DeliveryHeaders,
} from './git-webhook.verify';

/** A webhook body larger than this answers 413 (GitHub caps its own at 25 MB; pushes are small). */
export const webhookBodyLimit = 1024 * 1024;

const pushEvents: Record<GitSourceRow['provider'], string> = {
  github: 'push',
  gitlab: 'Push Hook',
};
const requestEvents: Record<GitSourceRow['provider'], string> = {
  github: 'pull_request',
  gitlab: 'Merge Request Hook',
};

type Outcome = { status: 200 | 202; message: string };
type Work = () => Promise<'applied' | 'deferred'>;
const notUsed: Outcome = { status: 202, message: gitSourceMessages.notUsed };

/** The work a delivery asks for, or null when Meridian does not act on it. */
function deliveryWork(
  context: AppsContext,
  source: GitSourceRow,
  event: string,
  payload: unknown,
): Work | null {
  const receivedAt = context.now().toISOString();
  if (event === pushEvents[source.provider]) {
    const push = readPush(source.provider, payload);
    if (!push || push.branch !== source.branch) return null;
    return () => applyGitEvent(context, source.appId, { type: 'push', push, receivedAt });
  }
  if (event === requestEvents[source.provider] && source.previews) {
    const request = readPullRequest(source.provider, payload);
    if (!request || request.base !== source.branch) return null;
    const gitEvent =
      request.action === 'deploy'
        ? ({ type: 'preview', request, receivedAt } as const)
        : ({ type: 'close-preview', number: request.number, receivedAt } as const);
    return () => applyGitEvent(context, source.appId, gitEvent);
  }
  return null;
}

/** What one signed delivery does: a push to the branch deploys, a request previews; else nothing. */
async function handleDelivery(
  context: AppsContext,
  source: GitSourceRow,
  raw: Buffer,
  headers: DeliveryHeaders,
): Promise<Outcome> {
  const event = deliveryEvent(source.provider, headers);
  if (event !== pushEvents[source.provider] && event !== requestEvents[source.provider]) {
    return notUsed;
  }
  const parsed = parseJsonSafely(raw.toString('utf8'));
  if (!parsed.ok) throw new BadRequestError('Request body is not valid JSON');
  const work = deliveryWork(context, source, event, parsed.value);
  if (!work) return notUsed;
  const id = deliveryId(source.provider, raw, headers);
  if (!(await recordDelivery(context.db, source.id, id, context.now()))) {
    return { status: 200, message: gitSourceMessages.duplicate };
  }
  let done;
  try {
    done = await work();
  } catch (error) {
    // Not handled: the provider's redelivery may try again.
    await forgetDelivery(context.db, source.id, id);
    throw error;
  }
  const message = done === 'deferred' ? gitSourceMessages.deferred : gitSourceMessages.accepted;
  return { status: 200, message };
}

/**
 * `POST /hooks/{provider}/{sourceId}` (issue 39): the providers' webhooks, with no session. The
 * raw bytes are kept (the signature is over them), so this scope reads bodies as buffers.
 */
export const gitWebhookRoutes: FastifyPluginAsyncZod<{ context: AppsContext }> = async (
  app,
  { context },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/hooks/:provider/:sourceId',
    {
      bodyLimit: webhookBodyLimit,
      schema: {
        tags: ['apps'],
        summary: 'A GitHub or GitLab webhook delivery, signed with the git source secret',
        // The provider proves itself with the source's secret, not a session.
        security: [],
        params: z.object({ provider: z.enum(gitProviders), sourceId: z.string() }),
        response: { 200: gitWebhookReplySchema, 202: gitWebhookReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { provider, sourceId } = request.params;
      const valid = z.uuid().safeParse(sourceId).success;
      const source = valid ? await findGitSource(context.db, sourceId) : undefined;
      if (!source || source.provider !== provider) throw new NotFoundError('Webhook not found');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const secret = context.secrets.open(source.secretSealed);
      if (!(await deliverySigned(provider, secret, raw, request.headers))) {
        throw new UnauthorizedError(gitSourceMessages.badSignature);
      }
      const outcome = await handleDelivery(context, source, raw, request.headers);
      return reply.code(outcome.status).send({ message: outcome.message });
    },
  );
};

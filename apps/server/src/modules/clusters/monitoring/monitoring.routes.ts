import {
  credentialsMessages,
  monitoringSignInLinkSchema,
} from '@meridian/domain/clusters/cluster-credentials';
import { errorBodySchema, tooManyAttemptsMessage } from '@meridian/domain/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../../platform/http/authenticate';
import { rejectMalformedIds } from '../../../platform/http/malformed-id';
import {
  errorResponses,
  notFoundId,
  sessionOnly,
  type RouteApp,
} from '../../../platform/http/route-schema';
import { setCookieHeader } from './monitoring-sign-in';
import { messagePage, monitoringPage, type PageOptions } from './monitoring-page';
import { monitoringContentSecurityPolicy } from './monitoring-styles';
import { authorize, signIn, signInLink } from './monitoring-access';
import type { MonitoringContext } from './monitoring-context';
import { observeMember } from './monitoring.service';
import { ownerByParam } from '../../../platform/db/row-owner';
import { clusters } from '../../../platform/db/schema/clusters';

const realm = 'Basic realm="Meridian monitoring", charset="UTF-8"';
const clusterId = z.uuid();
// A page that re-asks the cluster every few seconds: never faster than this, nor slower than an hour.
const refreshLimits = { min: 5, max: 3600 };
const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** The dashboard query the console's link carries (orgId and var-node are Grafana's, ignored). */
export function pageOptions(query: unknown): PageOptions {
  const fields = (typeof query === 'object' && query !== null ? query : {}) as Record<
    string,
    unknown
  >;
  const refresh = typeof fields.refresh === 'string' ? fields.refresh : '';
  const match = /^(\d{1,6})(s|m|h)?$/.exec(refresh);
  const seconds = match ? Number(match[1]) * unitSeconds[match[2] ?? 's']! : null;
  return {
    refreshSeconds:
      seconds === null ? null : Math.min(refreshLimits.max, Math.max(refreshLimits.min, seconds)),
    kiosk: fields.kiosk !== undefined,
  };
}

/**
 * HTML that loads and runs nothing and is never cached: a stricter policy than the console's
 * replaces it; the other security headers (no framing, nosniff, no referrer) are the platform's.
 */
function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', monitoringContentSecurityPolicy)
    .header('cache-control', 'no-store')
    .send(body);
}

const notFound = (reply: FastifyReply) =>
  sendPage(reply, 404, messagePage('Not found', 'No cluster has this monitoring page.'));

/**
 * `/monitoring`: each member cluster's monitoring page, the link the console's Monitoring button
 * opens. Not a session: the page opens in a new tab and may run on a wall screen. Basic auth
 * with the smart cluster's monitoring password (username admin), or the cookie a sign-in link
 * minted by the console sets. The pages are server-rendered HTML, left out of the OpenAPI document.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<{ context: MonitoringContext }> = async (
  app,
  { context },
) => {
  signInRoutes(app, context);
  app.get(
    '/clusters/:clusterId/d/k8s-nodes/nodes',
    { schema: { hide: true, params: z.object({ clusterId: z.string() }) } },
    async (request, reply) => {
      if (!clusterId.safeParse(request.params.clusterId).success) return notFound(reply);
      const { authorization, cookie } = request.headers;
      const access = await authorize(
        context,
        request.params.clusterId,
        { authorization, cookie },
        request.ip,
      );
      if (!access.ok && access.refusal === 'not-found') return notFound(reply);
      if (!access.ok && access.refusal === 'throttled') {
        const message = `${tooManyAttemptsMessage(access.retryAfterSeconds)}.`;
        reply.header('retry-after', String(access.retryAfterSeconds));
        return sendPage(reply, 429, messagePage('Too many attempts', message));
      }
      if (!access.ok) {
        reply.header('www-authenticate', realm);
        const sentence =
          'Sign in with username admin and the monitoring password shown when the smart cluster was created.';
        return sendPage(reply, 401, messagePage('Monitoring password needed', sentence));
      }
      const { view, unreachable, unexpected } = await observeMember(context, access.member);
      if (unexpected) request.log.warn({ err: unexpected }, 'monitoring page: cluster not read');
      // The cluster's API is upstream of this page: when it fails, Meridian is a bad gateway.
      return sendPage(
        reply,
        unreachable ? 502 : 200,
        monitoringPage(view, pageOptions(request.query)),
      );
    },
  );
};

/** The console's way in without the password: a link minted for the signed-in user, used once. */
function signInRoutes(app: RouteApp, context: MonitoringContext): void {
  app.post(
    '/clusters/:clusterId/sign_in_link',
    {
      onRequest: [app.authenticate, requireSession],
      preValidation: rejectMalformedIds,
      preHandler: app.resolveAccount,
      config: { ownedBy: ownerByParam(context.db, clusters, 'clusterId'), role: 'developer' },
      schema: {
        tags: ['monitoring'],
        summary:
          'A link that opens the member cluster’s monitoring page signed in, without its password: once, within a minute (409 for an external cluster)',
        security: sessionOnly,
        params: z.object({ clusterId: z.uuid(notFoundId) }),
        response: { 200: monitoringSignInLinkSchema, 403: errorBodySchema, ...errorResponses },
      },
    },
    (request) => signInLink(context, request.account.id, request.params.clusterId),
  );

  app.get(
    '/clusters/:clusterId/sign_in',
    {
      schema: {
        hide: true,
        params: z.object({ clusterId: z.string() }),
        querystring: z.object({ ticket: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { clusterId: id } = request.params;
      if (!clusterId.safeParse(id).success) return notFound(reply);
      const outcome = await signIn(context, id, request.query.ticket ?? '', request.headers.cookie);
      if (!outcome.ok && outcome.refusal === 'not-found') return notFound(reply);
      if (!outcome.ok) {
        const page = messagePage(
          'Sign-in link no longer valid',
          credentialsMessages.signInLinkUsed,
        );
        return sendPage(reply, 401, page);
      }
      if (outcome.cookie) {
        reply.header(
          'set-cookie',
          setCookieHeader(id, outcome.cookie, request.protocol === 'https'),
        );
      }
      // See Other: the ticket leaves the address bar, and a reload asks for the page itself.
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 303);
    },
  );
}

import { tooManyAttemptsMessage } from '@meridian/domain/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messagePage, monitoringPage, type PageOptions } from './monitoring-page';
import { monitoringContentSecurityPolicy } from './monitoring-styles';
import type { MonitoringService } from './monitoring.service';

export interface MonitoringRoutesOptions {
  service: MonitoringService;
}

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

/**
 * `/monitoring`: each member cluster's monitoring page, the link the console's Monitoring button
 * opens. Basic auth with the smart cluster's monitoring password (username admin), not a session:
 * the page opens in a new tab and may run on a wall screen. Server-rendered HTML, so it is left
 * out of the OpenAPI document.
 */
export const monitoringRoutes: FastifyPluginAsyncZod<MonitoringRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/clusters/:clusterId/d/k8s-nodes/nodes',
    { schema: { hide: true, params: z.object({ clusterId: z.string() }) } },
    async (request, reply) => {
      const notFound = () =>
        sendPage(reply, 404, messagePage('Not found', 'No cluster has this monitoring page.'));
      if (!clusterId.safeParse(request.params.clusterId).success) return notFound();
      const access = await service.authorize(
        request.params.clusterId,
        request.headers.authorization,
        request.ip,
      );
      if (!access.ok && access.refusal === 'not-found') return notFound();
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
      const { view, unreachable, unexpected } = await service.observe(access.member);
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

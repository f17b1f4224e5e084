import { createHash, timingSafeEqual } from 'node:crypto';
import { verify as verifyGitHubSignature } from '@octokit/webhooks-methods';
import type { GitProvider } from '@meridian/domain/apps/git-source';

/** The headers a delivery is judged by (Fastify lower-cases them). */
export type DeliveryHeaders = Record<string, string | string[] | undefined>;

const header = (headers: DeliveryHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Equal strings, compared in constant time (hashed first so the lengths match). */
function sameSecret(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * Whether the delivery was signed with the source's secret: GitHub's `X-Hub-Signature-256`
 * HMAC of the raw body (checked by GitHub's own library), GitLab's `X-Gitlab-Token`.
 */
export async function deliverySigned(
  provider: GitProvider,
  secret: string,
  raw: Buffer,
  headers: DeliveryHeaders,
): Promise<boolean> {
  if (provider === 'gitlab') {
    const token = header(headers, 'x-gitlab-token');
    return token !== undefined && sameSecret(token, secret);
  }
  const signature = header(headers, 'x-hub-signature-256');
  if (!signature || !/^sha256=[0-9a-f]{64}$/.test(signature)) return false;
  try {
    return await verifyGitHubSignature(secret, raw.toString('utf8'), signature);
  } catch {
    return false;
  }
}

/** The event's name as the provider sends it (`push`, `pull_request`, `Push Hook`, …). */
export function deliveryEvent(provider: GitProvider, headers: DeliveryHeaders): string {
  return header(headers, provider === 'github' ? 'x-github-event' : 'x-gitlab-event') ?? '';
}

/**
 * The delivery's id, for replays: GitHub's `X-GitHub-Delivery`; GitLab's `Idempotency-Key` (the
 * same on its retries, GitLab 17.4+), else `X-Gitlab-Event-UUID`, else a hash of the body (a
 * redelivery sends the same bytes).
 */
export function deliveryId(provider: GitProvider, raw: Buffer, headers: DeliveryHeaders): string {
  const names =
    provider === 'github' ? ['x-github-delivery'] : ['idempotency-key', 'x-gitlab-event-uuid'];
  const given = names.map((name) => header(headers, name)).find((value) => value);
  if (given && given.length <= 200) return given;
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  credentialsMessages,
  monitoringUsername,
  type MonitoringSignInLink,
} from '@meridian/domain/clusters/cluster-credentials';
import { monitoringPathOf, monitoringUrl } from '@meridian/domain/clusters/smart-cluster';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError } from '../../../platform/http/errors';
import {
  cookieOpens,
  cookieValues,
  mintTicket,
  redeemTicket,
  signedInCookie,
  type CookieScope,
} from './monitoring-sign-in';
import { findLiveMemberWithPassword, findVisibleSmartCluster } from '../cluster/cluster.queries';
import { organizationsOf } from '../cluster/cluster.shared';
import type { MonitoringContext } from './monitoring-context';
import type { ClusterRow, DatacenterRow } from '../../../platform/db/schema/clusters';

/** Who may open a monitoring page: Basic auth with the password, or the console's sign-in. */

/** What a request for a page brings to prove it may see it. */
export interface PageCredentials {
  authorization: string | undefined;
  cookie: string | undefined;
}

export type MonitoringAccess =
  | { ok: true; member: MonitoredMember }
  | { ok: false; refusal: 'not-found' | 'unauthorized' }
  | { ok: false; refusal: 'throttled'; retryAfterSeconds: number };

/** A sign-in link opened: where to go and the cookie to set (none when one already holds). */
export type SignInOutcome =
  | { ok: true; location: string; cookie: string | null }
  | { ok: false; refusal: 'not-found' | 'used' };

function basicCredentials(header: string | undefined) {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Compares digests, so neither the length nor the first differing byte shows in the time taken. */
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

// Compared against when a smart cluster has no password, so that refusal takes as long.
const nothingMatches = randomBytes(32).toString('base64');

const scopeOf = (member: MonitoredMember): CookieScope => ({
  clusterId: member.cluster.id,
  passwordSealed: member.monitoringPasswordSealed,
});

function signedIn(
  context: MonitoringContext,
  member: MonitoredMember,
  cookie: string | undefined,
): boolean {
  const scope = scopeOf(member);
  return cookieValues(cookie).some((value) =>
    cookieOpens(context.cookieKey, value, scope, context.now()),
  );
}

/**
 * The page opens for a cookie its sign-in link set, or for Basic auth with the smart cluster's
 * password, guesses counted by the throttle (a signed cookie has nothing to guess).
 */
export async function authorize(
  context: MonitoringContext,
  clusterId: string,
  given: PageCredentials,
  ip: string,
): Promise<MonitoringAccess> {
  const { db, secrets, throttle } = context;
  const member = await findLiveMemberWithPassword(db, clusterId);
  if (!member) return { ok: false, refusal: 'not-found' };
  if (signedIn(context, member, given.cookie)) return { ok: true, member };
  const credentials = basicCredentials(given.authorization);
  // A browser's first request carries nothing to check: it only asks for the prompt.
  if (!credentials) return { ok: false, refusal: 'unauthorized' };
  const throttleKey = `monitoring:${member.cluster.id}`;
  const decision = await throttle.attempt(throttleKey, ip);
  if (!decision.allowed) {
    const retryAfterSeconds = Math.ceil(decision.retryAfterMs / 1000);
    return { ok: false, refusal: 'throttled', retryAfterSeconds };
  }
  const sealed = member.monitoringPasswordSealed;
  const userMatches = sameText(credentials.username, monitoringUsername);
  const expected = sealed ? secrets.open(sealed) : nothingMatches;
  const passwordMatches = sameText(credentials.password, expected);
  if (!userMatches || !passwordMatches || !sealed) return { ok: false, refusal: 'unauthorized' };
  await throttle.recordRepeatedSuccess(throttleKey, ip);
  return { ok: true, member };
}

/**
 * A one-use link signing the caller into a member's page, for whoever sees its smart cluster in
 * the console; another user's member is as absent as a missing one.
 */
export async function signInLink(
  context: MonitoringContext,
  userId: string,
  clusterId: string,
): Promise<MonitoringSignInLink> {
  const member = await findLiveMemberWithPassword(context.db, clusterId);
  const visible =
    member && (await smartClusterVisibleTo(context.db, userId, member.cluster.smartClusterId));
  if (!member || !visible) throw new NotFoundError('Cluster not found');
  if (member.cluster.clusterType === 'external') {
    throw new ConflictError(credentialsMessages.externalMonitoring);
  }
  const { ticket, expiresAt } = await mintTicket(context.db, member.cluster.id, context.now());
  const page = encodeURIComponent(member.cluster.id);
  return {
    url: `/monitoring/clusters/${page}/sign_in?ticket=${ticket}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** The console's monitoring link (kiosk, refreshed every 10 s), relative to the origin. */
function pageLink(clusterId: string): string {
  const link = new URL(monitoringUrl(monitoringPathOf(clusterId), 'http://meridian.invalid'));
  return `${link.pathname}${link.search}`;
}

/** Trades a link's ticket for the page's cookie; a used link still opens for a signed-in browser. */
export async function signIn(
  context: MonitoringContext,
  clusterId: string,
  ticket: string,
  cookie: string | undefined,
): Promise<SignInOutcome> {
  const member = await findLiveMemberWithPassword(context.db, clusterId);
  if (!member) return { ok: false, refusal: 'not-found' };
  const location = pageLink(member.cluster.id);
  if (await redeemTicket(context.db, member.cluster.id, ticket, context.now())) {
    return {
      ok: true,
      location,
      cookie: signedInCookie(context.cookieKey, scopeOf(member), context.now()),
    };
  }
  if (signedIn(context, member, cookie)) return { ok: true, location, cookie: null };
  return { ok: false, refusal: 'used' };
}

/** A member cluster as its monitoring page reads it: alive, where it is, how it is guarded. */
export interface MonitoredMember {
  cluster: ClusterRow;
  datacenter: DatacenterRow;
  /** The smart cluster's monitoring password, sealed; null when it was made without one. */
  monitoringPasswordSealed: string | null;
}

/** Whether the user sees this live smart cluster: their own, or one shared with their organisation. */
async function smartClusterVisibleTo(
  db: Database,
  userId: string,
  smartClusterId: string,
): Promise<boolean> {
  const organizations = await organizationsOf(db, userId);
  return (await findVisibleSmartCluster(db, userId, organizations, smartClusterId)) !== undefined;
}

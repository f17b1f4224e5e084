import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { monitoringSignIns } from '../../../platform/db/schema/clusters';

/**
 * Signing the owner into a member's monitoring page without its password: the console mints a
 * link holding a ticket (random, stored hashed, one use, one minute); opening it sets a cookie
 * for that page alone, signed with a key of the secret box and bound to the current password,
 * so rotating the password signs every such page out.
 */

/** How long a minted link can be opened: the new tab it is meant for opens at once. */
export const signInLinkLifetimeMs = 60_000;
/** How long the page stays signed in: a working day, then the console's button signs in again. */
export const signedInLifetimeMs = 12 * 3_600_000;
export const monitoringCookieName = 'meridian_monitoring';

const ticketPattern = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

/** A new ticket for the member's page; tickets expired meanwhile are dropped on the way. */
export async function mintTicket(
  db: Database,
  clusterId: string,
  now: Date,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + signInLinkLifetimeMs);
  await db.delete(monitoringSignIns).where(lt(monitoringSignIns.expiresAt, now));
  await db.insert(monitoringSignIns).values({ ticketHash: hashOf(ticket), clusterId, expiresAt });
  return { ticket, expiresAt };
}

/** Whether the ticket opens this member's page now; true once at most (the row goes with it). */
export async function redeemTicket(
  db: Database,
  clusterId: string,
  ticket: string,
  now: Date,
): Promise<boolean> {
  if (!ticketPattern.test(ticket)) return false;
  const used = await db
    .delete(monitoringSignIns)
    .where(
      and(
        eq(monitoringSignIns.ticketHash, hashOf(ticket)),
        eq(monitoringSignIns.clusterId, clusterId),
        gt(monitoringSignIns.expiresAt, now),
      ),
    )
    .returning({ clusterId: monitoringSignIns.clusterId });
  return used.length === 1;
}

/** What a cookie is good for: one member's page, under one password (sealed; '' for none). */
export interface CookieScope {
  clusterId: string;
  passwordSealed: string | null;
}

function signature(key: Buffer, scope: CookieScope, expires: number): Buffer {
  return createHmac('sha256', key)
    .update(`monitoring\n${scope.clusterId}\n${expires}\n${scope.passwordSealed ?? ''}`, 'utf8')
    .digest();
}

/** The cookie's value: when it ends (seconds since the epoch) and its signature. */
export function signedInCookie(key: Buffer, scope: CookieScope, now: Date): string {
  const expires = Math.floor((now.getTime() + signedInLifetimeMs) / 1000);
  return `${expires}.${signature(key, scope, expires).toString('base64url')}`;
}

/** Whether a value of the cookie opens this page now. */
export function cookieOpens(key: Buffer, value: string, scope: CookieScope, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  return timingSafeEqual(given, signature(key, scope, expires));
}

/** The values of the monitoring cookie in a Cookie header (one per page path the browser sends). */
export function cookieValues(header: string | undefined): string[] {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${monitoringCookieName}=`))
    .map((part) => part.slice(monitoringCookieName.length + 1));
}

/** Set-Cookie for the member's page path only, unreadable by scripts, sent on top-level links. */
export function setCookieHeader(clusterId: string, value: string, secure: boolean): string {
  const maxAge = Math.floor(signedInLifetimeMs / 1000);
  const path = `/monitoring/clusters/${clusterId}`;
  const attributes = [`Path=${path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Lax'];
  return [`${monitoringCookieName}=${value}`, ...attributes, ...(secure ? ['Secure'] : [])].join(
    '; ',
  );
}

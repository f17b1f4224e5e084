import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  organizationHeader,
  organizationMessages,
  roleAllows,
  type OrganizationRole,
} from '@meridian/domain/auth/organization';
import { ForbiddenError, NotFoundError, ValidationError } from './errors';

/**
 * The account a request reads and changes (docs/organizations.md): the caller's own, or an
 * organisation's, whose rows carry the organisation's id in `user_id`. Routes of the owned
 * contexts (apps, clusters, domains, intelligence) use `request.account.id` where they used the
 * caller's id, so one query serves both.
 */
export interface ActingAccount {
  id: string;
  /** The organisation acted in, with the caller's role there; null for their own account. */
  organization: { id: string; name: string; role: OrganizationRole } | null;
}

/** The caller's membership of an organisation, if they belong (the account context answers). */
export type MembershipLookup = (
  userId: string,
  organizationId: string,
) => Promise<{ name: string; role: OrganizationRole } | undefined>;

/** The account owning what a route names (a path id, a body id); undefined when none is found. */
export type OwnerLookup = (request: FastifyRequest) => Promise<string | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Finds whose is the resource the request names; without it the header or body decides. */
    ownedBy?: OwnerLookup;
    /** The least organisation role the route needs: default viewer to read, admin to change. */
    role?: OrganizationRole;
  }
  interface FastifyRequest {
    readonly account: ActingAccount;
    /** Acts in `organizationId` (or the caller's own account) when a handler learns it late (multipart). */
    actIn(organizationId: string | undefined, needed: OrganizationRole): Promise<ActingAccount>;
  }
}

const accounts = new WeakMap<FastifyRequest, ActingAccount>();

/** The organisation a request was resolved to act in, if any (the audit trail records it). */
export function actingOrganizationOf(request: FastifyRequest): string | null {
  return accounts.get(request)?.organization?.id ?? null;
}

/** Decorates requests with `account`, resolved by the `resolveAccount` hook of owned-resource scopes. */
export function registerActingAccount(app: FastifyInstance, membership: MembershipLookup): void {
  app.decorateRequest('account', {
    getter(this: FastifyRequest) {
      return accounts.get(this) ?? { id: this.user.id, organization: null };
    },
  });
  app.decorateRequest('actIn', async function (this: FastifyRequest, organizationId, needed) {
    const account = await accountFor(this, membership, organizationId, needed, 'body');
    accounts.set(this, account);
    return account;
  });
  app.decorate('resolveAccount', async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    const needed = config.role ?? defaultRole(request.method);
    const owner = config.ownedBy ? await config.ownedBy(request) : undefined;
    // A route naming a resource acts where that resource is: a body's organisation never decides
    // it, or a missing resource would answer differently from another's (an existence oracle).
    const named = config.ownedBy ? owner : bodyOrganization(request);
    const source = owner ? 'owner' : named ? 'body' : 'header';
    const account = await accountFor(
      request,
      membership,
      named ?? headerOrganization(request),
      needed,
      source,
    );
    accounts.set(request, account);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The preHandler hook of the owned contexts' scopes: sets `request.account`, checks the role. */
    resolveAccount: (request: FastifyRequest) => Promise<void>;
  }
}

/** What a route needs when it does not say: reading is a viewer's, any change an admin's. */
function defaultRole(method: string | string[]): OrganizationRole {
  return [method].flat()[0] === 'GET' ? 'viewer' : 'admin';
}

/**
 * An `onRoute` hook of the owned contexts' scopes: writes the role each route needs into its
 * config, so `/docs` shows it (`x-meridian-role`) and the role matrix reads it from there.
 */
export function documentRole(route: RouteOptions): void {
  route.config = { ...route.config, role: route.config?.role ?? defaultRole(route.method) };
}

async function accountFor(
  request: FastifyRequest,
  membership: MembershipLookup,
  organizationId: string | undefined,
  needed: OrganizationRole,
  source: 'owner' | 'body' | 'header',
): Promise<ActingAccount> {
  const own = { id: request.user.id, organization: null };
  if (!organizationId || organizationId === own.id) return own;
  const member = await membership(own.id, organizationId);
  if (!member) {
    // A resource of someone else: the route's own lookup under the caller's account answers 404.
    if (source === 'owner') return own;
    if (source === 'body') throw new ValidationError([organizationMessages.notMember]);
    throw new NotFoundError(organizationMessages.notFound);
  }
  const account = { id: organizationId, organization: { id: organizationId, ...member } };
  if (!roleAllows(member.role, needed)) {
    // Kept for the audit trail: the refusal is the organisation's to see.
    accounts.set(request, account);
    throw new ForbiddenError(organizationMessages.roleNeeded(needed, member.role, member.name));
  }
  return account;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function headerOrganization(request: FastifyRequest): string | undefined {
  const value = request.headers[organizationHeader];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !uuidPattern.test(value)) {
    throw new NotFoundError(organizationMessages.notFound);
  }
  return value.toLowerCase();
}

function bodyOrganization(request: FastifyRequest): string | undefined {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || !('organization_uuid' in body)) return undefined;
  const value = body.organization_uuid;
  return typeof value === 'string' ? value : undefined;
}

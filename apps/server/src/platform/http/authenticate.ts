import type { ApiKeyScope } from '@meridian/domain/auth/api-key';
import type { Locale } from '@meridian/domain/i18n/locale';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from './errors';

/** The user a request acts as, once its credentials have been checked. */
export interface AuthenticatedUser {
  id: string;
  username: string;
  email: string;
  isAdmin: boolean;
}

/** How the request proved who it is: a console session, or an API key for CI/CD calls. */
export type Credential =
  | { kind: 'session'; sessionId: string }
  /**
   * `keyName` says who acted in an app's history; `scopes` (empty: unrestricted) limit the routes
   * it may call; `organizationId` is the organisation it was made for, if any.
   */
  | {
      kind: 'apiKey';
      keyId: string;
      keyName: string;
      scopes: readonly ApiKeyScope[];
      organizationId: string | null;
    };

export interface Authentication {
  user: AuthenticatedUser;
  credential: Credential;
  /**
   * The user's revision (see `userRevisions`), when the resolver read it with the credential: a
   * cached console list is then checked without a second query (see per-user-revision-cache.ts).
   */
  userRevision?: number;
  /** The console language the user chose (null: none yet), when the resolver read it too. */
  locale?: Locale | null;
}

/** Checks the value after the scheme of an Authorization header; throws UnauthorizedError. */
export type CredentialResolver = (value: string) => Promise<Authentication>;

/** The hook protected routes add: `{ onRequest: app.authenticate }`. */
export type AuthenticateHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the few routes a `deploy` API key may call besides reads (issue 37). */
    apiKeyScope?: 'deploy';
  }
  interface FastifyInstance {
    authenticate: AuthenticateHook;
  }
  interface FastifyRequest {
    /**
     * Who the request acts as. Set by `app.authenticate`; on a route without that hook,
     * reading it answers 401 instead of letting the route run as nobody.
     */
    readonly user: AuthenticatedUser;
    /** The user plus the credential they used (the session a logout revokes). */
    readonly authentication: Authentication;
  }
}

/**
 * Decorates the app with `authenticate` and the request with `user`, for every module.
 *
 * `resolvers` maps an Authorization scheme (lower case) to the service that checks it:
 * `bearer` (console sessions) and `apikey` (CI/CD calls, `Authorization: ApiKey <key>`).
 * Whatever the scheme, `x-user-id` must name the credential's user.
 */
export function registerAuthentication(
  app: FastifyInstance,
  resolvers: ReadonlyMap<string, CredentialResolver>,
): void {
  const authentications = new WeakMap<FastifyRequest, Authentication>();

  function authenticationOf(request: FastifyRequest): Authentication {
    const authentication = authentications.get(request);
    if (!authentication) throw new UnauthorizedError();
    return authentication;
  }

  app.decorateRequest('authentication', {
    getter(this: FastifyRequest) {
      return authenticationOf(this);
    },
  });
  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      return authenticationOf(this).user;
    },
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const { scheme, value } = parseAuthorization(request.headers.authorization);
    const resolve = resolvers.get(scheme);
    const userId = request.headers['x-user-id'];
    if (!resolve || !value || !userId) throw new UnauthorizedError();
    const authentication = await resolve(value);
    if (authentication.user.id !== userId) throw new UnauthorizedError();
    requireScope(request, authentication.credential);
    authentications.set(request, authentication);
  });
}

export const readScopeMessage =
  'This API key may only read; use a key with the deploy or admin scope';
export const deployScopeMessage =
  'This API key may only read and deploy (versions, deployments, images, rollbacks); use a key with the admin scope';

/**
 * A scoped key's reach: `read` any GET; `deploy` reads plus the routes marked
 * `config: { apiKeyScope: 'deploy' }`; `admin`, or no scopes at all, every route keys may call.
 */
function requireScope(request: FastifyRequest, credential: Credential): void {
  if (credential.kind !== 'apiKey' || credential.scopes.length === 0) return;
  const { scopes } = credential;
  if (scopes.includes('admin')) return;
  if (request.method === 'GET' || request.method === 'HEAD') return;
  if (!scopes.includes('deploy')) throw new ForbiddenError(readScopeMessage);
  if (request.routeOptions.config.apiKeyScope !== 'deploy') {
    throw new ForbiddenError(deployScopeMessage);
  }
}

function parseAuthorization(header: string | undefined) {
  const [scheme = '', ...rest] = (header ?? '').trim().split(/\s+/);
  return { scheme: scheme.toLowerCase(), value: rest.length === 1 ? rest[0] : undefined };
}

export const sessionRequiredMessage = 'This action requires a console session, not an API key';

/**
 * Add after `app.authenticate` on routes that manage credentials (logout, API keys, accounts):
 * `{ onRequest: [app.authenticate, requireSession] }`. API keys may call every other
 * authenticated route; here they get 403, so a leaked key cannot mint keys or accounts.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.authentication.credential.kind !== 'session') {
    throw new ForbiddenError(sessionRequiredMessage);
  }
}

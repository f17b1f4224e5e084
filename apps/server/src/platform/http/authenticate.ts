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
  /** `keyName` says who acted in an app's history. */
  | { kind: 'apiKey'; keyId: string; keyName: string };

export interface Authentication {
  user: AuthenticatedUser;
  credential: Credential;
  /**
   * The user's revision (see `userRevisions`), when the resolver read it with the credential: a
   * cached console list is then checked without a second query (see per-user-revision-cache.ts).
   */
  userRevision?: number;
}

/** Checks the value after the scheme of an Authorization header; throws UnauthorizedError. */
export type CredentialResolver = (value: string) => Promise<Authentication>;

/** The hook protected routes add: `{ onRequest: app.authenticate }`. */
export type AuthenticateHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
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
    authentications.set(request, authentication);
  });
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

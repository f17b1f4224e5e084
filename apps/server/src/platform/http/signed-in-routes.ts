import type { App } from './http-app';
import { documentRole } from './acting-account';
import { rejectMalformedIds } from './malformed-id';

/**
 * Registers a context's routes that all need a signed-in caller in one scope, with the
 * authentication, the path-id check and the acting account (http/acting-account.ts) added once
 * for all of them (as fastify/demo's autohooks).
 */
export async function registerSignedInRoutes(
  app: App,
  routes: (scope: App) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', scope.authenticate);
    scope.addHook('preValidation', rejectMalformedIds);
    scope.addHook('onRoute', documentRole);
    scope.addHook('preHandler', scope.resolveAccount);
    await routes(scope);
  });
}

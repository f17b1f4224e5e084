import type { App } from '../../platform/http/http-app';
import { registerAuthentication } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { registerRealtime, type RealtimeTimings } from '../../platform/realtime/realtime';
import { apiKeyRoutes } from './api-key/api-key.routes';
import { createApiKeyService } from './api-key/api-key.service';
import { authRoutes } from './auth/auth.routes';
import { createAuthService } from './auth/auth.service';
import { defaultSessionPolicy, type SessionPolicy } from './auth/session-policy';
import { billingRoutes } from './billing/billing.routes';
import { createBillingService } from './billing/billing.service';
import { eventRoutes } from './event/event.routes';
import { createEventService, loadEvent } from './event/event.service';
import { keypairRoutes } from './keypair/keypair.routes';
import { createKeypairService } from './keypair/keypair.service';
import { invitationRoutes } from './organization/invitation.routes';
import { createInvitationContext } from './organization/invitation.service';
import { organizationRoutes } from './organization/organization.routes';

export interface AccountSettings {
  /** Session lifetimes; tests shorten them. Each field falls back to the default. */
  sessionPolicy?: Partial<SessionPolicy>;
  /** Live-event channel timings; tests shorten them. */
  realtime?: Partial<RealtimeTimings>;
}

/**
 * The account context: sign-in and sessions, API keys, the keypair, organisations and
 * invitations (`/auth`), notifications and the live channel (`/event`), usage (`/billing`).
 * Login is public, so each route here says whether it needs a session.
 */
export async function registerAccount(
  app: App,
  platform: Platform,
  settings: AccountSettings = {},
): Promise<void> {
  const { database, now, changes, secrets, loginThrottle } = platform;
  const db = database.db;
  const authService = createAuthService({
    db,
    throttle: loginThrottle,
    sessionPolicy: { ...defaultSessionPolicy, ...settings.sessionPolicy },
    now,
  });
  const apiKeyService = createApiKeyService({ db });
  // One resolver per Authorization scheme: console sessions and CI/CD API keys.
  registerAuthentication(
    app,
    new Map([
      ['bearer', authService.authenticateSession],
      ['apikey', apiKeyService.authenticateApiKey],
    ]),
  );
  await app.register(authRoutes, { prefix: '/auth', service: authService });
  await app.register(apiKeyRoutes, { prefix: '/auth', service: apiKeyService });
  const invitations = createInvitationContext(db, now);
  await app.register(organizationRoutes, { prefix: '/auth', db, invitations });
  await app.register(invitationRoutes, { prefix: '/auth', context: invitations });
  const keypairs = createKeypairService({ db, secrets, throttle: loginThrottle });
  await app.register(keypairRoutes, { prefix: '/auth', service: keypairs });
  await app.register(eventRoutes, { prefix: '/event', service: createEventService({ db }) });
  await registerRealtime(app, {
    changes,
    loadEvent: (id) => loadEvent(db, id),
    authenticateSession: authService.authenticateSession,
    timings: settings.realtime,
  });
  await app.register(billingRoutes, {
    prefix: '/billing',
    service: createBillingService({ db, now }),
  });
}

import type { App } from '../../platform/http/http-app';
import { registerActingAccount } from '../../platform/http/acting-account';
import { registerAuthentication } from '../../platform/http/authenticate';
import type { Platform } from '../../platform/platform';
import { registerRealtime, type RealtimeTimings } from '../../platform/realtime/realtime';
import { createAccountContext, type AlertSettings } from './account-context';
import { channelRoutes } from './notification-channel/channel.routes';
import {
  alertJobs,
  dispatchEventDeliveries,
  scheduleAlertsRound,
} from './notification-channel/channel.delivery';
import { apiKeyRoutes } from './api-key/api-key.routes';
import { authenticateApiKey } from './api-key/api-key.service';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { twoFactorRoutes } from './two-factor/two-factor.routes';
import { authenticateSession } from './auth/auth.service';
import type { SessionPolicy } from './auth/session-policy';
import { billingRoutes } from './billing/billing.routes';
import { eventRoutes } from './event/event.routes';
import { loadEvent } from './event/event.service';
import { keypairRoutes } from './keypair/keypair.routes';
import { registryRoutes } from './registry/registry.routes';
import { userAdminRoutes } from './user-admin/user-admin.routes';
import { invitationRoutes } from './organization/invitation.routes';
import { membershipOf } from './organization/organization.queries';
import { organizationRoutes } from './organization/organization.routes';

export interface AccountSettings {
  /** Session lifetimes; tests shorten them. Each field falls back to the default. */
  sessionPolicy?: Partial<SessionPolicy>;
  /** Live-event channel timings; tests shorten them. */
  realtime?: Partial<RealtimeTimings>;
  /** What an account owns in the other contexts (organisations are deleted only when empty). */
  holdingsOf?: (accountId: string) => Promise<string[]>;
  /** Webhook and e-mail alerts: outbound switch, SMTP, retry timings (tests shorten them). */
  alerts?: Partial<AlertSettings>;
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
  const context = createAccountContext(
    platform,
    settings.sessionPolicy,
    settings.holdingsOf,
    settings.alerts,
  );
  platform.jobs.define(...alertJobs(context));
  // An event heard committed sends its alert deliveries' jobs (ids make a second send a no-op).
  const unsubscribe = platform.changes.subscribe('event', ({ id }) => {
    dispatchEventDeliveries(context, id).catch((error: unknown) =>
      app.log.warn({ err: error, eventId: id }, 'alert deliveries not sent yet; the round will'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
  app.addHook('onReady', () => scheduleAlertsRound(context, new Date()));
  // One resolver per Authorization scheme: console sessions and CI/CD API keys.
  registerAuthentication(
    app,
    new Map([
      ['bearer', (token: string) => authenticateSession(context, token)],
      ['apikey', (key: string) => authenticateApiKey(context, key)],
    ]),
  );
  registerActingAccount(app, (userId, organizationId) =>
    membershipOf(context.db, userId, organizationId),
  );
  await app.register(authRoutes, { prefix: '/auth', context });
  await app.register(twoFactorRoutes, { prefix: '/auth', context });
  await app.register(apiKeyRoutes, { prefix: '/auth', context });
  await app.register(organizationRoutes, { prefix: '/auth', context });
  await app.register(invitationRoutes, { prefix: '/auth', context });
  await app.register(keypairRoutes, { prefix: '/auth', context });
  await app.register(registryRoutes, { prefix: '/auth', context });
  await app.register(userAdminRoutes, { prefix: '/auth', context });
  await app.register(auditRoutes, { prefix: '/auth', context });
  await app.register(channelRoutes, { prefix: '/auth', context });
  await app.register(eventRoutes, { prefix: '/event', context });
  await registerRealtime(app, {
    changes: platform.changes,
    loadEvent: (id) => loadEvent(context.db, id),
    authenticateSession: (token) => authenticateSession(context, token),
    timings: settings.realtime,
  });
  await app.register(billingRoutes, { prefix: '/billing', context });
}

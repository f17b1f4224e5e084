import type { LoginThrottle } from '../../../platform/login-throttle';
import type { ClusterContext } from '../cluster-context';

/**
 * What the monitoring pages work with: the cluster context's storage, drivers, keys and clock,
 * and their own guard (they sit outside the console's session, behind a password or a cookie).
 */
export interface MonitoringContext extends Pick<
  ClusterContext,
  'db' | 'drivers' | 'secrets' | 'now'
> {
  /** The login throttle: guesses at a monitoring password count like guesses at a login. */
  throttle: LoginThrottle;
  /** Signs the cookie of pages opened through a sign-in link. */
  cookieKey: Buffer;
  /** How long the page waits for the cluster's API before saying it did not answer. */
  observeTimeoutMs: number;
}

export function createMonitoringContext(
  { db, drivers, secrets, now }: Pick<ClusterContext, 'db' | 'drivers' | 'secrets' | 'now'>,
  throttle: LoginThrottle,
): MonitoringContext {
  return {
    db,
    drivers,
    secrets,
    now,
    throttle,
    // Derived once: the key of the signed-in pages' cookies, stable while the secret key is.
    cookieKey: secrets.derive('monitoring sign-in'),
    observeTimeoutMs: 10_000,
  };
}

import type { ChangeFeed } from './changes/change-feed';
import type { CpuPool } from './cpu-pool';
import type { DatabaseHandle } from './db/database';
import type { DriverRegistry } from './drivers/infrastructure-driver';
import type { JobQueue } from './jobs/job-queue';
import type { LoginThrottle } from './login-throttle';
import type { SecretBox } from './secret-box';

/** What every context is registered with (`register<Context>(app, platform)`), built once in app.ts. */
export interface Platform {
  database: Pick<DatabaseHandle, 'db' | 'driver'>;
  /** The clock sessions, throttling, operations and billing read; tests move it. */
  now: () => Date;
  /** The one job queue: each context defines its kinds while registering, then it starts. */
  jobs: JobQueue;
  /** The one change-propagation path (architecture "How a change travels"). */
  changes: ChangeFeed;
  drivers: DriverRegistry;
  secrets: SecretBox;
  /** Password guesses, counted across login, the keypair's private key and monitoring pages. */
  loginThrottle: LoginThrottle;
  /** Where CPU-heavy work a user can size runs, off the event loop. */
  cpu: CpuPool;
}

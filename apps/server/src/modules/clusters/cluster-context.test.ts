import { describe, expect, it } from 'vitest';
import type { CpuPool } from '../../platform/cpu-pool';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import { createClusterContext } from './cluster-context';
import type { DeploymentsOnSmartClusters } from './clusters.public';

describe('createClusterContext', () => {
  it('keeps its defaults when an option is passed as undefined', () => {
    const context = createClusterContext({
      db: {} as Database,
      jobs: {} as JobQueue,
      drivers: new Map(),
      secrets: {} as SecretBox,
      cpu: {} as CpuPool,
      deployments: {} as DeploymentsOnSmartClusters,
      externalProbeTimeoutMs: undefined,
      now: undefined,
    });
    // An undefined probe deadline made every external cluster check fail ("cannot be reached").
    expect(context.externalProbeTimeoutMs).toBe(5000);
    expect(context.now()).toBeInstanceOf(Date);
  });
});

import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { App } from '../../../platform/http/http-app';
import {
  createTestApp,
  type DatabaseBackend,
  type LoggedIn,
  type TestApp,
  type TestAppOptions,
} from '../../../../test-support/test-app';
import type { JobQueueOptions } from '../../../platform/jobs/job-queue';
import type { InfrastructureOptions } from '../../../app';

/**
 * A test app with the cluster module on, the simulator immediate and private cluster addresses
 * allowed unless told otherwise.
 */
export function createClusterTestApp(
  backend: DatabaseBackend,
  cluster: InfrastructureOptions & {
    timeScale?: number;
    failDatacenters?: string[];
    jobs?: JobQueueOptions;
  } = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { timeScale = 0, failDatacenters = [], jobs, ...rest } = cluster;
  return createTestApp(backend, {
    ...options,
    jobs: { retryDelaySeconds: 1, batchSize: 25, ...options.jobs, ...jobs },
    cluster: {
      simulator: { timeScale, failDatacenters },
      secretKey: clusterTestSecretKey,
      // The tests' fake cluster APIs listen on loopback, as MERIDIAN_ALLOW_PRIVATE_CLUSTERS=1 allows.
      clusterEndpoints: { allowPrivate: true },
      ...rest,
    },
  });
}

/** The key cluster test apps seal with: a raw key, so no app start pays for stretching one. */
export const clusterTestSecretKey = 'c1'.repeat(32);

/** Polls `check` until it answers a value, failing after `timeoutMs`; never sleeps long. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export async function smartClusters(app: App, user: LoggedIn): Promise<SmartCluster[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/cluster/smart_clusters',
    headers: user.headers,
  });
  return response.json<SmartCluster[]>();
}

/** Waits until the smart cluster reaches one of `statuses` (or disappears, for `deleted`). */
export function waitForStatus(
  app: App,
  user: LoggedIn,
  uuid: string,
  statuses: readonly string[],
  timeoutMs = 20_000,
): Promise<SmartCluster | 'deleted'> {
  return waitFor(
    async () => {
      const found = (await smartClusters(app, user)).find((item) => item.uuid === uuid);
      if (!found) return statuses.includes('deleted') ? ('deleted' as const) : undefined;
      return statuses.includes(found.status) ? found : undefined;
    },
    { timeoutMs, what: `smart cluster ${uuid} to reach ${statuses.join('/')}` },
  );
}

/** A multipart body for inject: text fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { filename: string; content: string | Buffer }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----meridian${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          'content-type: application/yaml\r\n\r\n',
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

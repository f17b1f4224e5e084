import type { Domain } from '@meridian/domain/domains/domain-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../test-support/server-process';
import {
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { createClusterTestApp, waitFor } from '../../clusters/cluster/cluster.test-support';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseBackends())('a domain’s jobUuids on %s', (backend) => {
  let t: TestApp;
  let user: LoggedIn;

  beforeAll(async () => {
    // PowerDNS that never answers: the publishing job retries, then fails.
    const closed = await freePort();
    t = await createClusterTestApp(
      backend,
      { jobs: { retryLimit: 1, retryDelaySeconds: 1 } },
      { dns: { powerDns: { apiUrl: `http://127.0.0.1:${closed}`, apiKey: 'key' } } },
    );
    user = await logIn(t.app);
  });
  afterAll(() => t?.close());

  const domains = async () =>
    (await t.app.inject({ url: '/domain/name', headers: user.headers })).json<Domain[]>();

  it('lists the job publishing the domain while it works, and none once it is done', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/domain/name',
      headers: user.headers,
      payload: { domain_name: 'jobs-example.ca', email: 'ops@jobs-example.ca' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const domain = created.json<Domain>();
    expect(domain.status).toBe('creating');
    expect(domain.jobUuids).toHaveLength(1);
    expect(domain.jobUuids[0]).toMatch(uuidPattern);

    const listed = (await domains()).find((entry) => entry.uuid === domain.uuid);
    expect(listed?.jobUuids).toEqual(domain.jobUuids);

    const settled = await waitFor(
      async () => {
        const entry = (await domains()).find((candidate) => candidate.uuid === domain.uuid);
        return entry && entry.status !== 'creating' ? entry : undefined;
      },
      { timeoutMs: 30_000, what: 'the domain to settle' },
    );
    expect(settled.status).toBe('failure');
    expect(settled.jobUuids).toEqual([]);
  });
});

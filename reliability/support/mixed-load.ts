import autocannon from 'autocannon';
import { json, readySmartCluster, until, type ApiUser } from './api';
import { deployedApp } from './replica-checks';

/*
 * The console's traffic for one user, for autocannon: 80 % reads of what its pages ask for and
 * 20 % writes (renaming an app, adding and deleting a DNS record). Shared by the reliability
 * suite (a short run) and `npm run bench:load` (the long one), so both print the same figures.
 */

/** What the load reads and writes: the user's smart cluster, app and published domain. */
export interface LoadFixture {
  user: ApiUser;
  smartCluster: string;
  app: string;
  domain: string;
  zone: string;
}

/** A ready smart cluster, an app deployed on it and a published domain for `user`. */
export async function seedLoadFixture(baseUrl: string, user: ApiUser): Promise<LoadFixture> {
  const zone = 'load-zone.ca';
  const smartCluster = await readySmartCluster(baseUrl, user, 'load', ['ca-toronto']);
  const { app } = await deployedApp(baseUrl, user, smartCluster, 'load-shop');
  const { uuid: domain } = await json<{ uuid: string }>(baseUrl, user, '/domain/name', 'POST', {
    domain_name: zone,
  });
  await until(async () => {
    const list = await json<{ uuid: string; status: string }[]>(baseUrl, user, '/domain/name');
    return list.find((item) => item.uuid === domain)?.status === 'success';
  }, `${zone} to be published`);
  return { user, smartCluster, app, domain, zone };
}

/** The twelve reads of one round: the console's lists and details. */
function reads(fixture: LoadFixture): autocannon.Request[] {
  const paths = [
    '/cluster/smart_clusters/page?limit=30&offset=0&modes=AUTOMATIC,MANUAL' +
      '&statuses=creating,deleting,failure,success,updating',
    '/meridian/v1/kube/apps/summary',
    '/domain/name/page?limit=50&offset=0',
    '/event/server/notifications',
    '/event/server/notifications/count?read=false',
    `/meridian/v1/kube/apps/${fixture.app}`,
    `/domain/dns/user?domain_uuid=${fixture.domain}`,
    '/cluster/smart_clusters',
    `/meridian/v1/kube/apps/${fixture.app}/history`,
    '/domain/name',
    '/auth/session',
    '/meridian/v1/kube/apps',
  ];
  return paths.map((path) => ({ method: 'GET', path }));
}

let written = 0;

/** The three writes of one round: rename the app, add a record, delete that record. */
function writes(fixture: LoadFixture): autocannon.Request[] {
  const jsonHeaders = { ...fixture.user.headers, 'content-type': 'application/json' };
  // Each connection remembers the record it added, to delete it next.
  type Context = { recordId?: string };
  return [
    {
      method: 'PUT',
      path: `/meridian/v1/kube/apps/${fixture.app}`,
      headers: jsonHeaders,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ name: `load-shop-${(written += 1)}` }),
      }),
    },
    {
      method: 'POST',
      path: '/domain/dns/user',
      headers: jsonHeaders,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          domain_uuid: fixture.domain,
          domain: `r${(written += 1)}.${fixture.zone}`,
          type: 'A',
          content: '192.0.2.7',
        }),
      }),
      onResponse: (status, body, context) => {
        if (status === 200)
          (context as Context).recordId = (JSON.parse(body) as { uuid: string }).uuid;
      },
    },
    {
      method: 'DELETE',
      setupRequest: (request, context) => ({
        ...request,
        path: `/domain/dns/user/${(context as Context).recordId ?? 'none'}`,
      }),
      onResponse: (_status, _body, context) => {
        (context as Context).recordId = undefined;
      },
    },
  ];
}

/** One round of a connection: reads with the writes spread among them (12 reads, 3 writes). */
export function mixedRound(fixture: LoadFixture): autocannon.Request[] {
  const [rename, add, remove] = writes(fixture);
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11] = reads(fixture);
  return [r0!, r1!, r2!, r3!, rename!, r4!, r5!, r6!, r7!, add!, r8!, r9!, r10!, r11!, remove!];
}

export const readRound = (fixture: LoadFixture): autocannon.Request[] => reads(fixture);

/** What a run measured, as printed. */
export interface LoadFigures {
  target: string;
  mix: 'mixed' | 'reads';
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Refused connections and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
}

/** autocannon against `baseUrl` for `seconds` with `connections`, one round after another. */
export async function runLoad(
  target: string,
  baseUrl: string,
  fixture: LoadFixture,
  mix: LoadFigures['mix'],
  { seconds, connections }: { seconds: number; connections: number },
): Promise<LoadFigures> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { ...fixture.user.headers, 'accept-encoding': 'gzip' },
    requests: mix === 'mixed' ? mixedRound(fixture) : readRound(fixture),
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count = 0 }]) => [code, count]),
  );
  return {
    target,
    mix,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
  };
}

/** The figures' table rows: target, mix, req/s, p50, p99, requests, non-2xx, errors, codes. */
export function loadRows(runs: readonly LoadFigures[]): string[][] {
  return runs.map((run) => [
    run.target,
    run.mix,
    run.requestsPerSecond.toFixed(0),
    `${run.p50Ms} ms`,
    `${run.p99Ms} ms`,
    String(run.requests),
    String(run.non2xx),
    String(run.errors),
    Object.entries(run.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' '),
  ]);
}

export const loadHeader = [
  'target',
  'mix',
  'req/s',
  'p50',
  'p99',
  'requests',
  'non-2xx',
  'errors',
  'status codes',
];

/** The ratio of three replicas' reads per second to one's, flagged below the 2.5× goal. */
export function scaling(three: LoadFigures, one: LoadFigures): string {
  const ratio = three.requestsPerSecond / one.requestsPerSecond;
  const flag = ratio >= 2.5 ? 'meets the 2.5× goal' : 'BELOW the 2.5× goal';
  return `${ratio.toFixed(2)}× (${flag}; ${three.requestsPerSecond.toFixed(0)} / ${one.requestsPerSecond.toFixed(0)} req/s)`;
}

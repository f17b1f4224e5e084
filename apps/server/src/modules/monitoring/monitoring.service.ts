import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db/database';
import {
  ClusterUnreachableError,
  PermanentDriverError,
  type ClusterSpec,
  type DriverRegistry,
  type InfrastructureDriver,
  type UsageWindow,
} from '../../platform/drivers/infrastructure-driver';
import type { SecretBox } from '../../platform/secret-box';
import type { LoginThrottle } from '../auth/login-throttle';
import { monitoredMember, type MonitoredMember } from '../cluster/cluster.records';
import type { MonitoringView, UsageHistory } from './monitoring-page';

export interface MonitoringDeps {
  db: Database;
  drivers: DriverRegistry;
  secrets: SecretBox;
  /** The login throttle: guesses at a monitoring password count like guesses at a login. */
  throttle: LoginThrottle;
  now: () => Date;
  /** How long the page waits for the cluster's API before saying it did not answer. */
  observeTimeoutMs?: number;
}

/** The one username of every monitoring page (spec "Generated monitoring password"). */
export const monitoringUsername = 'admin';

export type MonitoringAccess =
  | { ok: true; member: MonitoredMember }
  | { ok: false; refusal: 'not-found' | 'unauthorized' }
  | { ok: false; refusal: 'throttled'; retryAfterSeconds: number };

/** The page's content, whether the cluster's API answered, and what went wrong if not foreseen. */
export interface ObservedPage {
  view: MonitoringView;
  unreachable: boolean;
  unexpected?: unknown;
}

const hourMs = 3_600_000;
const stepMs = 60_000;
const noUsageHistory =
  'This cluster’s API reports no usage history: CPU and memory over time are not available for it.';

function basicCredentials(header: string | undefined) {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Compares digests, so neither the length nor the first differing byte shows in the time taken. */
function sameText(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function notRunning(member: MonitoredMember): string {
  const status = member.cluster.status;
  if (status === 'creating' || status === 'pending') {
    return 'This cluster is still being created: its nodes and pods show here once it is ready.';
  }
  if (status === 'failure') return 'This cluster was never provisioned, so nothing runs on it.';
  return 'This cluster is not running, so there is nothing to observe.';
}

function specOf({ cluster, datacenter }: MonitoredMember, secrets: SecretBox): ClusterSpec {
  return {
    ...(cluster.kubeconfigSealed ? { kubeconfig: secrets.open(cluster.kubeconfigSealed) } : {}),
    clusterId: cluster.id,
    name: cluster.name,
    datacenter: {
      uuid: datacenter.uuid,
      location: datacenter.location,
      latitude: datacenter.latitude,
      longitude: datacenter.longitude,
    },
    clusterSize: cluster.clusterSize,
    masterCount: cluster.masterCount,
    minionCount: cluster.minionCount,
  };
}

/** The answer, or a ClusterUnreachableError once `ms` passed (the call itself has its own end). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ClusterUnreachableError('The cluster API did not answer in time.')),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Compared against when a smart cluster has no password, so that refusal takes as long.
const nothingMatches = randomBytes(32).toString('base64');

/** Basic auth against the member's smart cluster password, guesses counted by the throttle. */
async function authorize(
  { db, secrets, throttle }: MonitoringDeps,
  clusterId: string,
  authorization: string | undefined,
  ip: string,
): Promise<MonitoringAccess> {
  const member = await monitoredMember(db, clusterId);
  if (!member) return { ok: false, refusal: 'not-found' };
  const credentials = basicCredentials(authorization);
  // A browser's first request carries nothing to check: it only asks for the prompt.
  if (!credentials) return { ok: false, refusal: 'unauthorized' };
  const throttleKey = `monitoring:${member.cluster.id}`;
  const decision = await throttle.attempt(throttleKey, ip);
  if (!decision.allowed) {
    const retryAfterSeconds = Math.ceil(decision.retryAfterMs / 1000);
    return { ok: false, refusal: 'throttled', retryAfterSeconds };
  }
  const sealed = member.monitoringPasswordSealed;
  const userMatches = sameText(credentials.username, monitoringUsername);
  const expected = sealed ? secrets.open(sealed) : nothingMatches;
  const passwordMatches = sameText(credentials.password, expected);
  if (!userMatches || !passwordMatches || !sealed) return { ok: false, refusal: 'unauthorized' };
  await throttle.recordRepeatedSuccess(throttleKey, ip);
  return { ok: true, member };
}

async function usageOf(
  driver: InfrastructureDriver,
  spec: ClusterSpec,
  window: UsageWindow,
  timeoutMs: number,
): Promise<UsageHistory> {
  if (!driver.observeUsage) return { problem: noUsageHistory };
  try {
    return { samples: await within(driver.observeUsage(spec, window), timeoutMs) };
  } catch {
    return { problem: 'The usage history of this cluster could not be read just now.' };
  }
}

/** What the member's own API shows now, and the usage history its infrastructure keeps. */
async function observe(deps: MonitoringDeps, member: MonitoredMember): Promise<ObservedPage> {
  const { drivers, secrets, now } = deps;
  const timeoutMs = deps.observeTimeoutMs ?? 10_000;
  const to = now();
  const window = { from: new Date(to.getTime() - hourMs), to };
  const view: MonitoringView = {
    name: member.cluster.name,
    location: member.datacenter.location,
    kubeVersion: member.cluster.kubeVersion,
    status: member.cluster.status,
    observed: { problem: notRunning(member) },
    window,
    generatedAt: to,
  };
  if (!member.cluster.kubeVersion) return { view, unreachable: false };
  const driver = drivers.get(member.datacenter.driver);
  if (!driver?.observeCluster) {
    view.observed = { problem: 'Meridian has no way to read this cluster’s API.' };
    return { view, unreachable: true };
  }
  try {
    const spec = specOf(member, secrets);
    const [snapshot, usage] = await Promise.all([
      within(driver.observeCluster(spec), timeoutMs),
      usageOf(driver, spec, { ...window, stepMs }, timeoutMs),
    ]);
    view.observed = { snapshot, usage };
    return { view, unreachable: false };
  } catch (error) {
    const said = error instanceof ClusterUnreachableError || error instanceof PermanentDriverError;
    view.observed = {
      problem: said ? error.message : 'The API of this cluster cannot be read right now.',
    };
    return { view, unreachable: true, ...(said ? {} : { unexpected: error }) };
  }
}

/** Who may see a member cluster's monitoring page, and what it shows. */
export function createMonitoringService(deps: MonitoringDeps) {
  return {
    authorize: (clusterId: string, authorization: string | undefined, ip: string) =>
      authorize(deps, clusterId, authorization, ip),
    observe: (member: MonitoredMember) => observe(deps, member),
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;

import { findFlavor } from '@meridian/domain/flavors';
import {
  ClusterUnreachableError,
  PermanentDriverError,
  type ClusterSpec,
  type InfrastructureDriver,
  type UsageWindow,
} from '../../../platform/drivers/infrastructure-driver';
import type { SecretBox } from '../../../platform/secret-box';
import type { MonitoredMember } from './monitoring-access';
import type { MonitoringContext } from './monitoring-context';
import type { MonitoringView, UsageHistory } from './monitoring-page';

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
export async function observeMember(
  context: MonitoringContext,
  member: MonitoredMember,
): Promise<ObservedPage> {
  const { drivers, secrets, now, observeTimeoutMs: timeoutMs } = context;
  const to = now();
  // The last hour, or the cluster's whole life when shorter: nothing ran here before it.
  const from = Math.max(to.getTime() - hourMs, member.cluster.createdAt.getTime());
  const window = { from: new Date(Math.min(from, to.getTime())), to };
  const view: MonitoringView = {
    name: member.cluster.name,
    location: member.datacenter.location,
    kubeVersion: member.cluster.kubeVersion,
    status: member.cluster.status,
    flavor: findFlavor(member.cluster.clusterSize ?? '') ?? null,
    createdAt: member.cluster.createdAt,
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

import type {
  ClusterSpec,
  DriverRegistry,
  InfrastructureDriver,
  ObservedTraffic,
  TrafficOrigin,
  TrafficTarget,
} from '../../platform/drivers/infrastructure-driver';
import type { DeploymentMetricsSample } from './deployment-metrics.queries';
import type { OriginSample } from './intelligence.queries';
import { longestWindowMs, type TrafficSample, type TrafficSource } from './traffic-hours.queries';

/**
 * What the drivers report of the deployments' traffic, as samples: each window's requests and
 * users, where they came from and how they were served.
 */

function specOf(source: TrafficSource): ClusterSpec {
  return {
    clusterId: source.cluster.id,
    name: source.cluster.name,
    datacenter: {
      uuid: source.datacenter.uuid,
      location: source.datacenter.location,
      latitude: source.datacenter.latitude,
      longitude: source.datacenter.longitude,
    },
    clusterSize: source.cluster.clusterSize,
    masterCount: source.cluster.masterCount,
    minionCount: source.cluster.minionCount,
  };
}

/** The deployments of one cluster whose traffic one driver call reports. */
interface ClusterTrafficSources {
  driver: InfrastructureDriver;
  spec: ClusterSpec;
  sources: TrafficSource[];
}

export function groupByCluster(
  sources: readonly TrafficSource[],
  drivers: DriverRegistry,
): ClusterTrafficSources[] {
  const byCluster = new Map<string, ClusterTrafficSources>();
  for (const source of sources) {
    const driver = drivers.get(source.datacenter.driver);
    if (!driver?.observeTraffic) continue;
    const group = byCluster.get(source.cluster.id) ?? { driver, spec: specOf(source), sources: [] };
    group.sources.push(source);
    byCluster.set(source.cluster.id, group);
  }
  return [...byCluster.values()];
}

/**
 * What the cluster's deployments served since each one's last sample, or since it last changed
 * if later (what it served while failing is not counted), a day at most.
 */
export async function observeCluster(
  { driver, spec, sources }: ClusterTrafficSources,
  at: Date,
): Promise<ObservedSample[]> {
  const targets: (TrafficTarget & { source: TrafficSource })[] = [];
  for (const source of sources) {
    const since = Math.max(source.sampledUntil?.getTime() ?? 0, source.deployedAt.getTime());
    const from = new Date(Math.max(since, at.getTime() - longestWindowMs));
    if (from.getTime() >= at.getTime()) continue;
    const window = { from, to: at };
    targets.push({ deploymentId: source.deploymentId, replicas: source.replicas, window, source });
  }
  if (targets.length === 0) return [];
  const observed = await driver.observeTraffic!(spec, targets);
  // By id: a cluster of thousands of deployments would otherwise scan them once per answer.
  const byDeployment = new Map(targets.map((target) => [target.deploymentId, target]));
  return observed.flatMap((traffic) => {
    const target = byDeployment.get(traffic.deploymentId);
    if (!target) return [];
    return [
      {
        userId: target.source.userId,
        deploymentId: target.deploymentId,
        datacenterUuid: target.source.datacenter.uuid,
        requests: Math.max(0, Math.round(traffic.requests)),
        users: Math.max(0, Math.round(traffic.users)),
        from: target.source.sampledUntil,
        window: target.window,
        origins: originSamples(target.source, traffic.origins ?? [], target.window),
        metrics: metricsSample(target.source, target.window, traffic),
      },
    ];
  });
}

/** A sample with where its requests came from, and how they were served (deployment metrics). */
export type ObservedSample = TrafficSample & {
  origins: OriginSample[];
  metrics: DeploymentMetricsSample;
};

/** The deployment's metrics over its window; a driver that does not count errors reports none. */
function metricsSample(
  source: TrafficSource,
  window: { from: Date; to: Date },
  traffic: ObservedTraffic,
): DeploymentMetricsSample {
  return {
    userId: source.userId,
    deploymentId: source.deploymentId,
    versionId: source.versionId,
    datacenterUuid: source.datacenter.uuid,
    window,
    requests: Math.max(0, Math.round(traffic.requests)),
    errors: traffic.errors ?? 0,
    latencyP95Ms: traffic.latencyP95Ms ?? null,
    cpuMillicores: traffic.cpuMillicores ?? null,
    memoryBytes: traffic.memoryBytes ?? null,
    replicas: traffic.replicas ?? null,
  };
}

const hourMs = 3_600_000;

/**
 * The places a sample's requests came from, for its smart cluster, spread over the hours of its
 * window in proportion to the time in each (a long window after a restart keeps the right rate).
 */
function originSamples(
  source: TrafficSource,
  origins: readonly TrafficOrigin[],
  window: { from: Date; to: Date },
): OriginSample[] {
  const smartClusterId = source.cluster.smartClusterId;
  if (!smartClusterId) return [];
  const from = window.from.getTime();
  const span = window.to.getTime() - from;
  const samples: OriginSample[] = [];
  for (
    let start = Math.floor(from / hourMs) * hourMs;
    start < window.to.getTime();
    start += hourMs
  ) {
    const overlap = Math.min(start + hourMs, window.to.getTime()) - Math.max(start, from);
    for (const origin of origins) {
      const requests = Math.round((origin.requests * overlap) / span);
      if (!(requests > 0) || !Number.isFinite(origin.latitude + origin.longitude)) continue;
      samples.push({
        userId: source.userId,
        smartClusterId,
        hour: new Date(start),
        datacenterUuid: source.datacenter.uuid,
        name: origin.name.slice(0, 100),
        latitude: origin.latitude,
        longitude: origin.longitude,
        requests,
      });
    }
  }
  return samples;
}

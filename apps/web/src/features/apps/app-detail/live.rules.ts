import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import { parseStatus } from '@meridian/domain/status';

/** A version on one smart cluster, with the locations (deployments) where it runs. */
export interface LiveVersion {
  version: Pick<Version, 'uuid' | 'name' | 'createdAt'>;
  deployments: Deployment[];
}

/** Where a user reaches the app: a domain name, else a location's load balancer. */
export interface LiveAddress {
  text: string;
  href: string;
  /** The location a load balancer's address belongs to. */
  location: string | null;
}

/** What runs on one smart cluster: its versions (most locations first) and addresses. */
export interface LiveSmartCluster {
  smartClusterId: string;
  smartClusterName: string;
  versions: LiveVersion[];
  addresses: LiveAddress[];
}

const byLocation = (a: Deployment, b: Deployment) =>
  a.datacenter_name.localeCompare(b.datacenter_name);

/**
 * The versions of the app on a smart cluster: the one most locations run first (the newer on a
 * tie); a halted rollout may leave two.
 */
export function versionsOn(app: App, smartClusterId: string): LiveVersion[] {
  const grouped = new Map<string, LiveVersion>();
  for (const deployment of app.deployments) {
    if (deployment.smart_cluster_uuid !== smartClusterId) continue;
    const version = app.versions.find((each) => each.uuid === deployment.version_uuid);
    if (!version) continue;
    const entry = grouped.get(version.uuid) ?? { version, deployments: [] };
    entry.deployments.push(deployment);
    grouped.set(version.uuid, entry);
  }
  return [...grouped.values()]
    .map((entry) => ({ ...entry, deployments: [...entry.deployments].sort(byLocation) }))
    .sort(
      (a, b) =>
        b.deployments.length - a.deployments.length ||
        b.version.createdAt.localeCompare(a.version.createdAt),
    );
}

/** The deployment's addresses: its domain names once it serves them, else its load balancer. */
export function addressesOf(deployment: Deployment): LiveAddress[] {
  if (parseStatus(deployment.status) !== 'success') return [];
  const location = deployment.datacenter_name;
  if (deployment.domain_names.length > 0) {
    const scheme = deployment.certificate_uuid ? 'https' : 'http';
    // A domain name usually answers for every location: it names none.
    return deployment.domain_names.map((name) => ({
      text: name,
      href: `${scheme}://${name}`,
      location: null,
    }));
  }
  if (!deployment.endpoint) return [];
  const port = deployment.ports[0]?.port;
  const host = port && port !== 80 ? `${deployment.endpoint}:${port}` : deployment.endpoint;
  return [{ text: host, href: `http://${host}`, location }];
}

/** Every smart cluster the app runs on, by name: what runs there and how to reach it. */
export function liveSmartClusters(app: App): LiveSmartCluster[] {
  const names = new Map<string, string>();
  for (const deployment of app.deployments) {
    names.set(deployment.smart_cluster_uuid, deployment.smart_cluster_name);
  }
  return [...names]
    .map(([smartClusterId, smartClusterName]) => {
      const versions = versionsOn(app, smartClusterId);
      const seen = new Set<string>();
      const addresses = versions
        .flatMap((entry) => entry.deployments.flatMap(addressesOf))
        .filter((address) => !seen.has(address.text) && Boolean(seen.add(address.text)))
        .sort((a, b) => (a.location ?? '').localeCompare(b.location ?? ''));
      return { smartClusterId, smartClusterName, versions, addresses };
    })
    .sort((a, b) => a.smartClusterName.localeCompare(b.smartClusterName));
}

/** A smart cluster where a version could replace the one the app runs there. */
export interface VersionChangeTarget {
  smartClusterId: string;
  smartClusterName: string;
  /** A deployment of the version it replaces: the rollback call names it. */
  deploymentId: string;
  /** The version it replaces: the other one most locations run. */
  runningVersionName: string;
  /** How many locations move (those not on the version yet). */
  locations: number;
}

/**
 * Where `version` can replace what runs: `forward` where the app runs an older version (Deploy
 * this version), `back` where it runs a newer one (Roll back to this version). The version
 * compared is the other one most locations run (a halted rollout leaves two). Heat versions
 * are not rolled out one location at a time, so they have none.
 */
export function versionChangeTargets(
  app: App,
  version: Pick<Version, 'uuid' | 'template_type' | 'createdAt'>,
  direction: 'forward' | 'back',
): VersionChangeTarget[] {
  if (version.template_type === 'HEAT') return [];
  const isHeat = (entry: LiveVersion) =>
    app.versions.find((each) => each.uuid === entry.version.uuid)?.template_type === 'HEAT';
  return liveSmartClusters(app).flatMap(({ smartClusterId, smartClusterName, versions }) => {
    const others = versions.filter((entry) => entry.version.uuid !== version.uuid);
    const other = others[0];
    if (!other || versions.some(isHeat)) return [];
    const older = other.version.createdAt < version.createdAt;
    if ((direction === 'forward') !== older) return [];
    return [
      {
        smartClusterId,
        smartClusterName,
        deploymentId: other.deployments[0]!.uuid,
        runningVersionName: other.version.name,
        locations: others.reduce((sum, entry) => sum + entry.deployments.length, 0),
      },
    ];
  });
}

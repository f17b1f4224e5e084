import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { DnsRecord, Domain, Subdomain } from '@meridian/domain/domains/domain-api';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';

/**
 * Answers of the control plane that pass the domain's response schemas, for mocked fetches:
 * the console parses every answer, so a mock missing a field would fail as the server would.
 */
const at = '2026-11-21T10:00:00Z';

export function smartClusterFixture(overrides: Partial<SmartCluster> = {}): SmartCluster {
  return {
    uuid: 'sc-1',
    name: 'edge',
    mode: 'MANUAL',
    status: 'success',
    status_reason: null,
    organization_uuid: null,
    latency: null,
    budget: null,
    cluster_size: 'mini',
    master_count: 1,
    minion_count: 1,
    datacenters: ['ca-montreal'],
    versions: [],
    version_uuids: [],
    datacenter_uuid: 'ca-montreal',
    description: null,
    order: 1,
    createdAt: at,
    updatedAt: at,
    user_uuid: 'u',
    deleted: false,
    default_shared_for_org_uuid: null,
    placement: null,
    ...overrides,
  };
}

export function clusterFixture(overrides: Partial<Cluster> = {}): Cluster {
  return {
    uuid: 'm-1',
    name: 'edge-ca-montreal',
    smart_cluster_uuid: 'sc-1',
    cluster_type: 'smart_cluster',
    status: 'success',
    status_reason: null,
    location: 'Montréal',
    datacenter_uuid: 'ca-montreal',
    cluster_size: 'mini',
    master_count: 1,
    minion_count: 1,
    master_addresses: [],
    node_addresses: [],
    kube_version: null,
    monitoring_path: null,
    datacenters: [{ uuid: 'ca-montreal' }],
    deployments: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function datacenterFixture(overrides: Partial<Datacenter> = {}): Datacenter {
  return {
    uuid: 'ca-montreal',
    location: 'Montréal',
    country: 'CA',
    coordinates: { latitude: 45.5, longitude: -73.57 },
    flavor_prices: { mini: 0.05, small: 0.1, medium: 0.2, large: 0.4 },
    ...overrides,
  };
}

export function versionFixture(overrides: Partial<Version> = {}): Version {
  return {
    uuid: 'v1',
    app_uuid: 'a1',
    name: 'v1',
    template_type: 'KUBERNETES_BASIC',
    template_name: 'shop.yaml',
    flavor_name: null,
    volume_type: null,
    status: 'success',
    smart_cluster_uuids: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function deploymentFixture(overrides: Partial<Deployment> = {}): Deployment {
  return {
    uuid: 'd1',
    app_uuid: 'a1',
    version_uuid: 'v1',
    smart_cluster_uuid: 'sc-1',
    smart_cluster_name: 'edge',
    cluster_uuid: 'm-1',
    cluster_name: 'edge-ca-montreal',
    datacenter_uuid: 'ca-montreal',
    datacenter_name: 'Montréal',
    status: 'success',
    status_reason: null,
    endpoint: null,
    domain_names: [],
    certificate_uuid: null,
    ports: [],
    template: [],
    image_name: null,
    ready_replicas: 1,
    flavor_name: null,
    volume_type: null,
    app: { uuid: 'a1', name: 'shop' },
    version: { uuid: 'v1', name: 'v1' },
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function appFixture(overrides: Partial<App> = {}): App {
  return {
    uuid: 'a1',
    name: 'shop',
    description: null,
    organization_uuid: null,
    createdAt: at,
    updatedAt: at,
    versions: [],
    deployments: [],
    ...overrides,
  };
}

export function domainFixture(overrides: Partial<Domain> = {}): Domain {
  const domainName = overrides.domain_name ?? overrides.name ?? 'example.com';
  return {
    uuid: 'dom-1',
    domain_name: domainName,
    name: domainName,
    email: null,
    organization_uuid: null,
    status: 'success',
    status_reason: null,
    createdAt: at,
    updatedAt: at,
    jobUuids: [],
    subdomains: [],
    nameservers: ['ns1.meridian.example', 'ns2.meridian.example'],
    ...overrides,
  };
}

export function dnsRecordFixture(overrides: Partial<DnsRecord> = {}): DnsRecord {
  return {
    uuid: 'rec-1',
    domain_uuid: 'dom-1',
    domain: 'www.example.com',
    type: 'A',
    content: '203.0.113.7',
    ttl: 3600,
    ...overrides,
  };
}

export function subdomainFixture(overrides: Partial<Subdomain> = {}): Subdomain {
  return {
    subdomain: 'shop.example.com',
    domain_uuid: 'dom-1',
    deployment_uuid: 'd1',
    app_uuid: 'a1',
    app_name: 'shop',
    smart_cluster_uuid: 'sc-1',
    ...overrides,
  };
}

export function notificationEventFixture(
  overrides: Partial<NotificationEvent> = {},
): NotificationEvent {
  return {
    uuid: 'e1',
    event_type: 'APP_CREATE_FULFILLED',
    created_at: at,
    action_taken: false,
    read: false,
    is_notification: true,
    category: 0,
    status: 0,
    message: { title: 'App "shop" created.' },
    payload: { app_name: 'shop' },
    ...overrides,
  };
}

/**
 * `GET /cluster/smart_clusters/page` as the server answers it for `smartClusters`: filtered by
 * the URL's search, modes, statuses and datacenter, in stored order, sliced by limit and offset.
 */
export function smartClusterPageAnswer(smartClusters: readonly SmartCluster[], url: URL) {
  const list = (name: string) => url.searchParams.get(name)?.split(',');
  const [modes, statuses] = [list('modes'), list('statuses')];
  const search = url.searchParams.get('search')?.toLowerCase() ?? '';
  const datacenter = url.searchParams.get('datacenter');
  const matching = [...smartClusters]
    .sort((a, b) => a.order - b.order)
    .filter(
      (smart) =>
        (!modes || modes.includes(smart.mode)) &&
        (!statuses || statuses.includes(smart.status)) &&
        smart.name.toLowerCase().includes(search) &&
        (!datacenter || smart.datacenters.includes(datacenter)),
    );
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const live = smartClusters.filter((smart) => !smart.deleted);
  return {
    items: matching.slice(offset, offset + limit).map((smart) => ({
      ...smart,
      has_external_member: smart.datacenters.includes('external'),
    })),
    total: matching.length,
    offset,
    limit,
    overview: {
      smart_clusters: live.length,
      servers: 0,
      cpus: 0,
      ram_gb: 0,
      storage_gb: 0,
      can_have_traffic: live.some((smart) => smart.status === 'success'),
      pending_datacenter_uuids: [],
    },
  };
}

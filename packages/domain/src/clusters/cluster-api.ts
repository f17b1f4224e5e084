import { z } from 'zod';
import { flavorKeys, type FlavorKey } from '../flavors';
import { clusterModes } from '../limits';
import { statuses } from '../status';
import { listPageQuerySchema, listPageSchema, listSearchSchema } from '../list-page';
import { placementDecisionSchema } from './placement-decision';

/** Query text of comma-separated values out of `values`; absent: no filter. */
function commaList<T extends string>(values: readonly T[], message: string) {
  return z
    .string({ error: message })
    .max(200, message)
    .transform((text) => (text === '' ? [] : text.split(',')))
    .pipe(z.array(z.enum(values as [T, ...T[]], { error: message })))
    .optional();
}

/**
 * Response shapes of the `/cluster` API: the server checks its answers against them, the console
 * parses what it reads with them, and `Datacenter`, `SmartCluster` and `Cluster` are inferred
 * from them (datacenter.ts, smart-cluster.ts).
 */
const flavorKey = z.enum(flavorKeys as [FlavorKey, ...FlavorKey[]]);

export const datacenterSchema = z.object({
  uuid: z.string(),
  /** Display name, e.g. 'Montréal'. */
  location: z.string(),
  country: z.string(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  /** CAD per hour for one node of each cluster size; empty for the external entry. */
  flavor_prices: z.partialRecord(flavorKey, z.number()),
});

/**
 * Spec "Business constants and limits": creating a cluster takes 20 minutes to an hour, an update
 * 5 minutes to an hour, on real infrastructure (a simulated datacenter scales them).
 */
export const clusterWorkMinutes = { create: [20, 60], update: [5, 60] } as const;

const durationRangeSchema = z.object({ min_seconds: z.number(), max_seconds: z.number() });

/**
 * `GET /cluster/durations`: how long creating and updating a smart cluster usually take on this
 * Meridian (the simulator's clock follows MERIDIAN_SIM_TIME_SCALE), for the console to say so.
 */
export const clusterDurationsSchema = z.object({
  create: durationRangeSchema,
  update: durationRangeSchema,
});

export type ClusterDurations = z.infer<typeof clusterDurationsSchema>;

/** A smart cluster as the API answers it. */
export const smartClusterSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  mode: z.enum(clusterModes),
  status: z.enum(statuses),
  status_reason: z.string().nullable(),
  latency: z.number().nullable(),
  budget: z.number().nullable(),
  cluster_size: flavorKey.nullable(),
  master_count: z.number(),
  minion_count: z.number(),
  datacenters: z.array(z.string()),
  /** The versions deployed on it, as the spec names them (and again as plain uuids). */
  versions: z.array(z.object({ version_uuid: z.string() })),
  version_uuids: z.array(z.string()),
  /** Its first datacenter (the only one of an external or single-datacenter smart cluster). */
  datacenter_uuid: z.string().nullable(),
  description: z.string().nullable(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user_uuid: z.string(),
  deleted: z.boolean(),
  default_shared_for_org_uuid: z.string().nullable(),
  /** The organisation that owns the smart cluster; null when it is the caller's own. */
  organization_uuid: z.string().nullable(),
  /** AUTOMATIC: where Meridian decided it runs and why; null for MANUAL and external. */
  placement: placementDecisionSchema.nullable().default(null),
  /** Only in the creation answer, never stored in plain text or shown again. */
  monitoring_default_password: z.string().optional(),
});

/** The kinds of member cluster the API names (the database column takes the same values). */
export const clusterTypes = ['external', 'smart_cluster', 'other'] as const;

/** A deployment as its member cluster lists it. */
export const memberDeploymentSchema = z.object({
  uuid: z.string(),
  app_uuid: z.string(),
  version_uuid: z.string(),
  status: z.enum(statuses),
});

export type MemberDeployment = z.infer<typeof memberDeploymentSchema>;

/** A member cluster of a smart cluster, one per datacenter. */
export const clusterSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  smart_cluster_uuid: z.string(),
  cluster_type: z.enum(clusterTypes),
  status: z.enum(statuses),
  status_reason: z.string().nullable(),
  location: z.string(),
  datacenter_uuid: z.string(),
  cluster_size: flavorKey.nullable(),
  master_count: z.number(),
  minion_count: z.number(),
  master_addresses: z.array(z.string()),
  node_addresses: z.array(z.string()),
  kube_version: z.string().nullable(),
  monitoring_path: z.string().nullable(),
  /** Its datacenter, as the spec's list of one. */
  datacenters: z.array(z.object({ uuid: z.string() })),
  /** The deployments running on it. */
  deployments: z.array(memberDeploymentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * `GET /cluster/clusters/{id}`: one smart cluster with its member clusters, what a drawer shows,
 * without reading every smart cluster and member of the user.
 */
export const smartClusterInFullSchema = z.object({
  smart_cluster: smartClusterSchema,
  clusters: z.array(clusterSchema),
});

export type SmartClusterInFull = z.infer<typeof smartClusterInFullSchema>;

/**
 * `GET /cluster/clusters/{id}/config` (header `x-provider-id: <datacenter uuid>`) answers the
 * member's kubeconfig YAML, base64-encoded, as a bare JSON string: the response body is the
 * spec's `data` (architecture "API contract"), which the console decodes and saves as
 * `<smart-cluster>-<location>.kubeconfig` (issue 34; the spec's plain `kubeconfig` named them all alike).
 */
export const kubeconfigDownloadSchema = z
  .string()
  .describe('The kubeconfig YAML, base64-encoded (a JSON string)');

/** Header naming the datacenter whose member cluster's kubeconfig is asked for. */
export const providerIdHeader = 'x-provider-id';

/** Largest kubeconfig `POST /cluster/clusters/external` accepts (413 beyond); real ones are 5–20 KiB. */
export const externalKubeconfigMaxBytes = 128 * 1024;

/** `GET /cluster/smart_clusters/page`: filters besides `limit` and `offset` (lists comma-separated). */
export const smartClusterPageQuerySchema = listPageQuerySchema.extend({
  search: listSearchSchema,
  modes: commaList(clusterModes, 'The modes must be MANUAL and/or AUTOMATIC, comma-separated'),
  statuses: commaList(statuses, 'The statuses must be statuses, comma-separated'),
  datacenter: z.string({ error: 'The datacenter must be a datacenter uuid' }).max(100).optional(),
});

export type SmartClusterPageQuery = z.infer<typeof smartClusterPageQuerySchema>;

/** The header's counters and the map's markers, over every smart cluster the user sees. */
export const smartClusterOverviewSchema = z.object({
  smart_clusters: z.number(),
  servers: z.number(),
  cpus: z.number(),
  ram_gb: z.number(),
  storage_gb: z.number(),
  /** Some smart cluster is success, creating, updating or deleting: traffic can flow. */
  can_have_traffic: z.boolean(),
  /** Datacenters where a smart cluster or a member cluster is in progress. */
  pending_datacenter_uuids: z.array(z.string()),
});

export type SmartClusterOverview = z.infer<typeof smartClusterOverviewSchema>;

/**
 * A smart cluster as the console's list shows it: its card, and what its actions check before
 * opening a drawer (which reads the full smart cluster).
 */
export const smartClusterListItemSchema = smartClusterSchema
  .pick({
    uuid: true,
    name: true,
    mode: true,
    status: true,
    latency: true,
    budget: true,
    datacenters: true,
    order: true,
    createdAt: true,
    updatedAt: true,
    user_uuid: true,
    default_shared_for_org_uuid: true,
    organization_uuid: true,
  })
  .extend({
    /** An external cluster is among its members (such a smart cluster is never updated). */
    has_external_member: z.boolean(),
  });

export type SmartClusterListItem = z.infer<typeof smartClusterListItemSchema>;

/** One page of smart clusters as the console lists them, and the overview of all. */
export const smartClusterPageSchema = listPageSchema(smartClusterListItemSchema).extend({
  overview: smartClusterOverviewSchema,
});

export type SmartClusterPage = z.infer<typeof smartClusterPageSchema>;

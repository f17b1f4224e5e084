import { z } from 'zod';
import { flavorKeys, type FlavorKey } from '../flavors';
import { clusterModes } from '../limits';
import { statuses } from '../status';
import type { Datacenter } from './datacenter';
import type { Cluster, SmartCluster } from './smart-cluster';

/**
 * Response shapes of the `/cluster` API, so the server's answers are checked against the same
 * types the console reads (`Datacenter`, `SmartCluster`, `Cluster`).
 */
const flavorKey = z.enum(flavorKeys as [FlavorKey, ...FlavorKey[]]);

export const datacenterSchema = z.object({
  uuid: z.string(),
  location: z.string(),
  country: z.string(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  flavor_prices: z.partialRecord(flavorKey, z.number()),
}) satisfies z.ZodType<Datacenter>;

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
  version_uuids: z.array(z.string()),
  description: z.string().nullable(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user_uuid: z.string(),
  deleted: z.boolean(),
  default_shared_for_org_uuid: z.string().nullable(),
  monitoring_default_password: z.string().optional(),
}) satisfies z.ZodType<SmartCluster>;

export const clusterSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  smart_cluster_uuid: z.string(),
  cluster_type: z.enum(['external', 'smart_cluster', 'other']),
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
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Cluster>;

/**
 * `GET /cluster/clusters/{id}/config` (header `x-provider-id: <datacenter uuid>`) answers the
 * member's kubeconfig YAML, base64-encoded, as a bare JSON string: the response body is the
 * spec's `data` (architecture §3), which the console decodes and saves as `kubeconfig`.
 */
export const kubeconfigDownloadSchema = z
  .string()
  .describe('The kubeconfig YAML, base64-encoded (a JSON string)');

/** Header naming the datacenter whose member cluster's kubeconfig is asked for. */
export const providerIdHeader = 'x-provider-id';

/** Largest kubeconfig `POST /cluster/clusters/external` accepts (413 beyond). */
export const externalKubeconfigMaxBytes = 256 * 1024;

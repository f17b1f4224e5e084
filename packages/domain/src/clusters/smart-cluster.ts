import { z } from 'zod';
import { flavorKeys, type FlavorKey } from '../flavors';
import { clusterModes, limits, type ClusterMode } from '../limits';
import type { Status } from '../status';
import { validationMessages } from '../validation-messages';
import { externalDatacenterUuid } from './datacenter';

/** Messages of spec §5 (Cluster) whose exact wording the spec leaves to us. */
export const clusterMessages = {
  masterLimit: 'The number of masters must be a whole number of at least 1',
  minionLimit: 'The number of minions must be a whole number of at least 1',
  noMixOfDatacenters:
    'No mix of datacenters: an external cluster cannot be combined with other datacenters',
  kubeconfigRequired: 'An external cluster requires an uploaded kubeconfig yaml',
  externalNeedsUpload: 'An external cluster is added by uploading its kubeconfig',
  cannotEditFailed: 'Cannot edit a failed Smart Cluster.',
  cannotEditExternal: 'A smart cluster with an external cluster cannot be updated.',
  cannotEditInProgress: 'The smart cluster can be updated once its current operation finishes.',
  cannotDeleteInProgress: 'The smart cluster can be deleted once its current operation finishes.',
  configFailed: 'Cannot download config for a failed cluster.',
  configInProgress:
    'Cluster creation is in progress; please download the config when it has finished.',
  nameTooLong: `Name must be at most ${limits.nameMaxLength} characters`,
} as const;

const name = z
  .string({ error: validationMessages.name })
  .trim()
  .min(1, validationMessages.name)
  .max(limits.nameMaxLength, clusterMessages.nameTooLong);

const nodeCount = (message: string) =>
  z.number({ error: message }).int(message).min(limits.nodeCountMin, message);

const latency = z
  .number({ error: validationMessages.latency })
  .min(limits.latencyMin, validationMessages.latency);

// The budget's minimum depends on datacenter prices, so the service checks it (budgetMessage).
const budget = z.number({ error: validationMessages.budget }).min(0, validationMessages.budget);

function noMixOfDatacenters(datacenters: readonly string[]): boolean {
  return !(datacenters.includes(externalDatacenterUuid) && datacenters.length > 1);
}

/** `POST /cluster/clusters`: manual body, or automatic with latency and budget too (spec §7). */
export const smartClusterCreateSchema = z
  .object({
    name,
    datacenters: z
      .array(z.string().min(1), { error: validationMessages.datacenterCount })
      .min(1, validationMessages.datacenterCount),
    mode: z.enum(clusterModes, { error: validationMessages.mode }),
    cluster_size: z.enum(flavorKeys as [FlavorKey, ...FlavorKey[]], {
      error: validationMessages.flavor,
    }),
    master_count: nodeCount(clusterMessages.masterLimit).default(limits.nodeCountDefault),
    minion_count: nodeCount(clusterMessages.minionLimit).default(limits.nodeCountDefault),
    latency: latency.optional(),
    budget: budget.optional(),
    monitoring_default_password: z.string().min(1).max(200).optional(),
  })
  .superRefine((body, context) => {
    if (!noMixOfDatacenters(body.datacenters)) {
      context.addIssue({
        code: 'custom',
        path: ['datacenters'],
        message: clusterMessages.noMixOfDatacenters,
      });
    }
    if (body.mode === 'AUTOMATIC') {
      if (body.latency === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['latency'],
          message: validationMessages.latency,
        });
      }
      if (body.budget === undefined) {
        context.addIssue({ code: 'custom', path: ['budget'], message: validationMessages.budget });
      }
    }
  });

export type SmartClusterCreateInput = z.infer<typeof smartClusterCreateSchema>;

/** `PUT /cluster/clusters/{id}`: name, plus budget and latency (automatic) or datacenters (manual). */
export const smartClusterUpdateSchema = z
  .object({
    name,
    isAppCreate: z.boolean().optional(),
    datacenters: z
      .array(z.string().min(1), { error: validationMessages.datacenterCount })
      .min(1, validationMessages.datacenterCount)
      .optional(),
    latency: latency.optional(),
    budget: budget.optional(),
  })
  .superRefine((body, context) => {
    if (body.datacenters && !noMixOfDatacenters(body.datacenters)) {
      context.addIssue({
        code: 'custom',
        path: ['datacenters'],
        message: clusterMessages.noMixOfDatacenters,
      });
    }
  });

export type SmartClusterUpdateInput = z.infer<typeof smartClusterUpdateSchema>;

/** `POST /cluster/clusters/external` multipart text field (the kubeConfig file travels beside it). */
export const externalClusterSchema = z.object({ name });

/** A smart cluster as the API answers it (spec §3). */
export interface SmartCluster {
  uuid: string;
  name: string;
  mode: ClusterMode;
  status: Status;
  status_reason: string | null;
  latency: number | null;
  budget: number | null;
  cluster_size: FlavorKey | null;
  master_count: number;
  minion_count: number;
  datacenters: string[];
  version_uuids: string[];
  description: string | null;
  order: number;
  createdAt: string;
  updatedAt: string;
  user_uuid: string;
  deleted: boolean;
  default_shared_for_org_uuid: string | null;
  /** Only in the creation answer, never stored in plain text or shown again. */
  monitoring_default_password?: string;
}

export type ClusterType = 'external' | 'smart_cluster' | 'other';

/** A member cluster of a smart cluster, one per datacenter (spec §3). */
export interface Cluster {
  uuid: string;
  name: string;
  smart_cluster_uuid: string;
  cluster_type: ClusterType;
  status: Status;
  status_reason: string | null;
  location: string;
  datacenter_uuid: string;
  cluster_size: FlavorKey | null;
  master_count: number;
  minion_count: number;
  master_addresses: string[];
  node_addresses: string[];
  kube_version: string | null;
  monitoring_path: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Monitoring link of spec §2: the member's monitoring_path with the dashboard's kiosk query. */
export function monitoringUrl(monitoringPath: string): string {
  const url = new URL(monitoringPath);
  url.searchParams.set('orgId', '1');
  url.searchParams.set('refresh', '10s');
  url.searchParams.set('var-node', 'All');
  url.searchParams.set('kiosk', '');
  return url.toString();
}

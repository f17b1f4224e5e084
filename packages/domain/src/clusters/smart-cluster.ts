import { z } from 'zod';
import { organizationMessages, owningOrganizationField } from '../auth/organization';
import { flavorKeys, type FlavorKey } from '../flavors';
import { clusterModes, limits } from '../limits';
import {
  boundedList,
  hasNoNul,
  optionalText,
  requiredText,
  tooLongMessage,
  wholeNumberIn,
} from '../request-fields';
import { validationMessages } from '../validation-messages';
import type { clusterSchema, smartClusterSchema } from './cluster-api';
import { externalDatacenterUuid } from './datacenter';
import { demandSchema } from './placement-decision';

/** Messages of spec "Validation rules" (Cluster) whose exact wording the spec leaves to us. */
export const clusterMessages = {
  masterLimit: `The number of masters must be a whole number from ${limits.nodeCountMin} to ${limits.masterCountMax}`,
  minionLimit: `The number of minions must be a whole number from ${limits.nodeCountMin} to ${limits.minionCountMax}`,
  tooManyDatacenters: `Choose at most ${limits.targetsMax} datacenters`,
  latencyRange: `Latency must be a number of milliseconds from ${limits.latencyMin} to ${limits.latencyMax}`,
  budgetRange: `Budget must be at most $${limits.budgetMax.toLocaleString('en-US')} per month`,
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

const name = requiredText(
  validationMessages.name,
  limits.nameMaxLength,
  clusterMessages.nameTooLong,
);

const latency = z
  .number({ error: validationMessages.latency })
  .min(limits.latencyMin, validationMessages.latency)
  .max(limits.latencyMax, clusterMessages.latencyRange);

// The budget's minimum depends on datacenter prices, so the service checks it (budgetMessage).
const budget = z
  .number({ error: validationMessages.budget })
  .min(0, validationMessages.budget)
  .max(limits.budgetMax, clusterMessages.budgetRange);

const datacenterList = boundedList(
  requiredText(validationMessages.datacenter, limits.nameMaxLength, validationMessages.datacenter),
  validationMessages.datacenterCount,
  limits.targetsMax,
  clusterMessages.tooManyDatacenters,
);

function noMixOfDatacenters(datacenters: readonly string[]): boolean {
  return !(datacenters.includes(externalDatacenterUuid) && datacenters.length > 1);
}

/** What the smart cluster is for, in the user's words (optional; an empty one clears it). */
const description = optionalText(
  'The description must be text',
  limits.descriptionMaxLength,
  tooLongMessage('Description', limits.descriptionMaxLength),
);

/** The fields a smart cluster's size and placement are described with, shared by its calls. */
export const smartClusterFields = {
  datacenters: datacenterList,
  // The spec names sizes "Mini" to "Large": any case is taken, and answered in lower case.
  cluster_size: z.preprocess(
    (value) => (typeof value === 'string' ? value.toLowerCase() : value),
    z.enum(flavorKeys as [FlavorKey, ...FlavorKey[]], { error: validationMessages.flavor }),
  ),
  master_count: wholeNumberIn(
    limits.nodeCountMin,
    limits.masterCountMax,
    clusterMessages.masterLimit,
  ).default(limits.nodeCountDefault),
  minion_count: wholeNumberIn(
    limits.nodeCountMin,
    limits.minionCountMax,
    clusterMessages.minionLimit,
  ).default(limits.nodeCountDefault),
  latency,
  budget,
};

/** `POST /cluster/clusters`: manual body, or automatic with latency and budget too (spec "The calls it makes"). */
export const smartClusterCreateSchema = z
  .object({
    name,
    datacenters: smartClusterFields.datacenters,
    mode: z.enum(clusterModes, { error: validationMessages.mode }),
    cluster_size: smartClusterFields.cluster_size,
    master_count: smartClusterFields.master_count,
    minion_count: smartClusterFields.minion_count,
    latency: latency.optional(),
    budget: budget.optional(),
    description,
    /** Where the users are (AUTOMATIC); without it the candidates weigh equally. */
    demand: demandSchema.optional(),
    /** Makes it the default smart cluster of an organisation the caller is an admin of. */
    default_shared_for_org_uuid: z.uuid({ error: organizationMessages.notAdmin }).optional(),
    /** The organisation that will own it (an admin of it creates); default the caller. */
    organization_uuid: owningOrganizationField,
    monitoring_default_password: z
      .string()
      .min(1)
      .max(200)
      .refine(hasNoNul, 'The monitoring password cannot contain a NUL character')
      .optional(),
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
      // A missing budget is the service's to answer: its message names the minimum, from prices.
    }
  });

export type SmartClusterCreateInput = z.infer<typeof smartClusterCreateSchema>;

/**
 * `PUT /cluster/clusters/{id}`: name, plus budget and latency (automatic) or datacenters (manual).
 * An AUTOMATIC smart cluster also takes new candidate datacenters and a demand: it is placed again.
 */
export const smartClusterUpdateSchema = z
  .object({
    name,
    isAppCreate: z.boolean().optional(),
    datacenters: datacenterList.optional(),
    latency: latency.optional(),
    budget: budget.optional(),
    description,
    demand: demandSchema.optional(),
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

/** Inferred from the response schema, so the server's answers and the console's reads agree. */
export type SmartCluster = z.infer<typeof smartClusterSchema>;

/** A member cluster of a smart cluster (one per datacenter), inferred likewise. */
export type Cluster = z.infer<typeof clusterSchema>;

export type ClusterType = Cluster['cluster_type'];

/** Where Meridian serves a member cluster's monitoring page (its monitoring_path). */
export function monitoringPathOf(clusterId: string): string {
  return `/monitoring/clusters/${encodeURIComponent(clusterId)}/d/k8s-nodes/nodes`;
}

/**
 * Monitoring link of spec "Screens and routes": the member's monitoring_path with the
 * dashboard's kiosk query; a relative path is resolved against `origin` (the console's own).
 */
export function monitoringUrl(monitoringPath: string, origin: string): string {
  const url = new URL(monitoringPath, origin);
  url.searchParams.set('orgId', '1');
  url.searchParams.set('refresh', '10s');
  url.searchParams.set('var-node', 'All');
  url.searchParams.set('kiosk', '');
  return url.toString();
}

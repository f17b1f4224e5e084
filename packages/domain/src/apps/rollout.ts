import { z } from 'zod';
import { limits } from '../limits';
import { boundedList, idField } from '../request-fields';
import { validationMessages } from '../validation-messages';
import { appApiMessages, deploymentSchema, versionSchema } from './app-api';

/**
 * Rollbacks and progressive rollouts (docs/deployment-lifecycle.md): a version change on a smart
 * cluster, taken one location at a time, each gated by its health, halted and rolled back by
 * itself when a gate fails.
 */

export const rolloutMessages = {
  versionUuid: 'Please provide the version to roll back to (version_uuid)',
  otherApp: 'That version belongs to another app; a rollback deploys a version of the same app',
  sameVersion: 'That version is already the one running on this smart cluster',
  heatVersion: 'Only Kubernetes versions can be rolled out progressively',
  bakeSeconds: 'The bake time must be a whole number of seconds from 0 to 86400',
  errorMargin: 'The error margin must be a number from 0 to 1',
  notPaused: 'Only a paused rollout can be resumed',
  notRunning: 'Only a running rollout can be paused',
  finished: 'This rollout has finished; nothing is left to pause, resume or abort',
} as const;

/** Messages of a configuration change (issue 36). */
export const configurationChangeMessages = {
  settings: 'Please provide the settings of the new version (the Basic settings as an object)',
  basicOnly:
    'Only a version made with the Basic form has a configuration to edit; upload a new version instead',
} as const;

/** The 409 of a deployment that meets a rollout under way on its smart cluster: it names that rollout. */
export function rolloutInProgressMessage(rollout: {
  uuid: string;
  toVersion: string;
  smartCluster: string;
}): string {
  return `A rollout of ${rollout.toVersion} is already in progress on ${rollout.smartCluster}; pause, resume or abort it first (rollout ${rollout.uuid})`;
}

export const rolloutStatuses = ['running', 'paused', 'halted', 'aborted', 'completed'] as const;
export const rolloutStepStates = [
  'waiting',
  'rolling',
  'baking',
  'done',
  'failed',
  'rolled_back',
  'skipped',
] as const;

/** The gate of each location of a rollout: how long it bakes, how much worse it may do. */
export const gateFields = {
  /** How long each location's traffic is watched once its rollout is available (default 60 s). */
  bake_seconds: z
    .number({ error: rolloutMessages.bakeSeconds })
    .int(rolloutMessages.bakeSeconds)
    .min(0, rolloutMessages.bakeSeconds)
    .max(86_400, rolloutMessages.bakeSeconds)
    .optional(),
  /** How far above the previous version's error rate a location may go (default 0.02). */
  error_margin: z
    .number({ error: rolloutMessages.errorMargin })
    .min(0, rolloutMessages.errorMargin)
    .max(1, rolloutMessages.errorMargin)
    .optional(),
};

/** `POST /meridian/v1/kube/apps/deployment/{deploymentId}/rollback`. */
export const rollbackRequestSchema = z.object({
  version_uuid: idField(rolloutMessages.versionUuid),
  ...gateFields,
});

export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;

export const rolloutStepSchema = z.object({
  position: z.number(),
  deployment_uuid: z.string(),
  cluster_uuid: z.string(),
  datacenter_uuid: z.string(),
  location: z.string(),
  /** The version this location ran before (a halted rollout may leave locations on several). */
  from_version: z.object({ uuid: z.string(), name: z.string() }).optional(),
  state: z.enum(rolloutStepStates),
  /** The location's rate when the rollout began, in requests a day (as the traffic API counts). */
  requests_per_day: z.number(),
  started_at: z.string().nullable(),
  bake_until: z.string().nullable(),
  finished_at: z.string().nullable(),
  baseline_error_rate: z.number().nullable(),
  observed_error_rate: z.number().nullable(),
  reason: z.string().nullable(),
});

export const rolloutSchema = z.object({
  uuid: z.string(),
  app_uuid: z.string(),
  smart_cluster_uuid: z.string(),
  from_version: z.object({ uuid: z.string(), name: z.string() }),
  to_version: z.object({ uuid: z.string(), name: z.string() }),
  status: z.enum(rolloutStatuses),
  reason: z.string().nullable(),
  bake_seconds: z.number(),
  error_margin: z.number(),
  steps: z.array(rolloutStepSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type RolloutStep = z.infer<typeof rolloutStepSchema>;
export type Rollout = z.infer<typeof rolloutSchema>;

/**
 * `POST /cluster/clusters/versions` (spec "Entities and their fields" deployment request): the
 * version onto smart clusters. Where the app runs another version, that is a version change, a
 * progressive rollout with this gate (docs/deployment-lifecycle.md).
 */
export const versionDeploymentRequestSchema = z.object({
  version_uuid: idField(validationMessages.versionSelect),
  smart_cluster_uuids: boundedList(
    idField(validationMessages.cluster),
    validationMessages.cluster,
    limits.targetsMax,
    appApiMessages.tooManyTargets,
  ),
  ...gateFields,
});

export type VersionDeploymentRequest = z.infer<typeof versionDeploymentRequestSchema>;

/**
 * Its answer: the version's deployments on the smart clusters named (new, retried or already
 * there), or, where it replaces another version, the rollout that does so.
 */
export const versionDeploymentResultSchema = z.union([z.array(deploymentSchema), rolloutSchema]);

export type VersionDeploymentResult = z.infer<typeof versionDeploymentResultSchema>;

/**
 * `POST /meridian/v1/kube/apps/versions/{versionId}/configuration` (issue 36): the next version made
 * from this Basic version with new settings (the Basic settings JSON as an object; a secret may be
 * `{name, keep: true}` to keep this version's value), rolled out wherever the app runs.
 */
export const configurationChangeRequestSchema = z.object({
  /** The new version's name; by default the next `v<n>` free in the app. */
  name: z
    .string({ error: validationMessages.version })
    .trim()
    .min(1, validationMessages.version)
    .max(limits.versionNameMaxLength, validationMessages.version)
    .optional(),
  settings: z.record(z.string(), z.unknown(), { error: configurationChangeMessages.settings }),
  ...gateFields,
});

export type ConfigurationChangeRequest = z.infer<typeof configurationChangeRequestSchema>;

/** Its answer: the new version and the rollout started on each smart cluster it replaces. */
export const configurationChangeResultSchema = z.object({
  version: versionSchema,
  rollouts: z.array(rolloutSchema),
});

export type ConfigurationChangeResult = z.infer<typeof configurationChangeResultSchema>;

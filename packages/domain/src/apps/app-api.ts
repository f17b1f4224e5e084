import { z } from 'zod';
import { flavorKeys, type FlavorKey } from '../flavors';
import { dockerRegistryTypes, limits, templateTypes, volumeTypes } from '../limits';
import { boundedList, idField, requiredText, wholeNumberIn } from '../request-fields';
import { statuses } from '../status';
import { validationMessages } from '../validation-messages';
import { listPageQuerySchema, listPageSchema, listSearchSchema } from '../list-page';
import { stackOutputSchema, stackParameterSchema } from './stack-output';
import { configurationReadFields } from './app-configuration';

/**
 * Request and response shapes of the apps API (`/meridian/v1/kube`, spec "Entities and their fields" and "The calls it makes"), shared by
 * the server (which checks its answers against them) and the console (which reads them).
 */
const flavorKey = z.enum(flavorKeys as [FlavorKey, ...FlavorKey[]]);

/** Largest template upload (Advanced YAML or Heat template) the apps API accepts; 413 beyond. */
export const templateMaxBytes = 512 * 1024;

/** Messages of the apps API whose wording the spec leaves to us. */
export const appApiMessages = {
  templateRequired: validationMessages.templateFile,
  heatOnExternal: 'A Heat template cannot be deployed on an external cluster',
  smartClusterNotReady: 'The smart cluster must be ready (Created) before apps are deployed on it',
  versionChangeAlone:
    'A version change is rolled out on one smart cluster at a time; deploy onto each smart cluster that runs another version of the app in a request of its own',
  heatVersionChange:
    'Another version of this app runs on that smart cluster, and a Heat version cannot replace it one location at a time; remove those deployments first',
  deploymentInProgress: 'The deployment is still in progress; please wait until it has finished',
  appInProgress:
    'Some deployments of this app are still in progress; please wait until they have finished',
  versionInProgress: 'Some deployments of this version are still in progress; please wait',
  noKubernetesDeployment: 'No Kubernetes deployment of this app runs on the given smart clusters',
  imageUpdateNeedsKubernetes: 'Only Kubernetes deployments have an image to update',
  deploymentUpdateEmpty: 'Please provide an image or a number of replicas',
  imageName: `Please provide an image (at most ${limits.imageNameMaxLength} characters)`,
  replicas: `Replicas must be a whole number from ${limits.replicasMin} to ${limits.replicasMax}`,
  tooManyTargets: `Name at most ${limits.targetsMax} clusters in one request`,
  tooManyDeployments: `Name at most ${limits.idsMax} deployments in one request`,
  lastVersion: 'An app keeps at least one version; delete the app instead',
} as const;

export const deploymentPortSchema = z.object({ name: z.string(), port: z.number() });

/** The Deployment kinds of a deployment's manifests, as the replicas card reads them (spec "Entities and their fields"). */
export const deploymentTemplateSchema = z.object({
  kind: z.literal('Deployment'),
  metadata: z.object({ name: z.string() }),
  spec: z.object({ replicas: z.number() }),
});

export type DeploymentTemplate = z.infer<typeof deploymentTemplateSchema>;

export const deploymentSchema = z.object({
  uuid: z.string(),
  app_uuid: z.string(),
  version_uuid: z.string(),
  smart_cluster_uuid: z.string(),
  smart_cluster_name: z.string(),
  cluster_uuid: z.string(),
  cluster_name: z.string(),
  datacenter_uuid: z.string(),
  datacenter_name: z.string(),
  status: z.enum(statuses),
  status_reason: z.string().nullable(),
  /** The load-balancer address (Kubernetes) or the stack's public address (Heat). */
  endpoint: z.string().nullable(),
  domain_names: z.array(z.string()),
  certificate_uuid: z.string().nullable(),
  ports: z.array(deploymentPortSchema),
  template: z.array(deploymentTemplateSchema),
  /** The image a CI/CD call rolled out in place of the version's (null: the version's own). */
  image_name: z.string().nullable(),
  ready_replicas: z.number(),
  flavor_name: flavorKey.nullable(),
  volume_type: z.enum(volumeTypes).nullable(),
  /** Not in the spec: a Heat deployment's stack outputs, once its stack was created. */
  stack_outputs: z.array(stackOutputSchema).optional(),
  stack_parameters: z.array(stackParameterSchema).optional(),
  app: z.object({ uuid: z.string(), name: z.string() }),
  version: z.object({ uuid: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Deployment = z.infer<typeof deploymentSchema>;

/**
 * The Basic settings a version was made from (its multipart `template` JSON), so a new version
 * can start from them; the registry password is never answered.
 */
export const versionBasicSettingsSchema = z.object({
  deploymentImage: z.string(),
  deploymentReplicas: z.number(),
  deploymentTargetPort: z.number(),
  deploymentPort: z.number(),
  dockerRegistryType: z.enum(dockerRegistryTypes),
  privateDockerRegistryUrl: z.string().optional(),
  privateDockerRegistryUsername: z.string().optional(),
  dockerRegistryUuid: z.string().optional(),
  ...configurationReadFields,
});

export type VersionBasicSettings = z.infer<typeof versionBasicSettingsSchema>;

export const versionSchema = z.object({
  uuid: z.string(),
  app_uuid: z.string(),
  name: z.string(),
  template_type: z.enum(templateTypes),
  /**
   * The template as deployed (a private registry's password reads `<sealed>`). Only
   * `GET /apps/{appId}` carries it; the app list leaves it out to stay small.
   */
  raw_template: z.string().optional(),
  /** A Basic version's settings, beside its raw_template (null for the other kinds). */
  basic_settings: versionBasicSettingsSchema.nullable().optional(),
  template_name: z.string(),
  flavor_name: flavorKey.nullable(),
  volume_type: z.enum(volumeTypes).nullable(),
  /** success when every deployment is; in progress or failure when one is; success with none. */
  status: z.enum(statuses),
  smart_cluster_uuids: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Version = z.infer<typeof versionSchema>;

export const appSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The organisation that owns the app; null when it is the caller's own. */
  organization_uuid: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Oldest first. */
  versions: z.array(versionSchema),
  deployments: z.array(deploymentSchema),
});

export type App = z.infer<typeof appSchema>;

const imageName = requiredText(
  appApiMessages.imageName,
  limits.imageNameMaxLength,
  appApiMessages.imageName,
);

/** `PUT /apps/deployment/{deploymentId}`: roll out another image and/or another replica count. */
export const deploymentUpdateSchema = z
  .object({
    image_name: imageName.optional(),
    replicas: wholeNumberIn(
      limits.replicasMin,
      limits.replicasMax,
      appApiMessages.replicas,
    ).optional(),
  })
  .refine((body) => body.image_name !== undefined || body.replicas !== undefined, {
    message: appApiMessages.deploymentUpdateEmpty,
  });

export type DeploymentUpdate = z.infer<typeof deploymentUpdateSchema>;

/** `DELETE /apps/deployment`: body {uuids}. */
export const deploymentRemovalSchema = z.object({
  uuids: boundedList(
    idField(validationMessages.deployments),
    validationMessages.deployments,
    limits.idsMax,
    appApiMessages.tooManyDeployments,
  ),
});

/** What deleting an app, a version or deployments answers. */
export const removalResultSchema = z.object({
  status: z
    .enum(['success', 'deleting'])
    .describe(
      'success: gone from the lists (an app at once, its teardown going on); deleting: under way',
    ),
});

export type RemovalResult = z.infer<typeof removalResultSchema>;

/** CI/CD `PUT /meridian/v1/kube/apps/{appUuid}/deployment` (spec "The calls it makes"). */
export const appImageRolloutSchema = z.object({
  cluster_uuids: boundedList(
    idField(validationMessages.cluster),
    validationMessages.cluster,
    limits.targetsMax,
    appApiMessages.tooManyTargets,
  ),
  image_name: imageName,
});

/** CI/CD `PUT /intelligence/clusters/{smartClusterUuid}/deployment/{appUuid}` (spec "The calls it makes"). */
export const smartClusterImageRolloutSchema = z.object({ image_name: imageName });

/**
 * What a deployment is doing: the first rollout of a new app (create), a version deployed onto
 * another smart cluster (deploy), a new image or replica count (update), its removal on its own
 * (delete) or with its app (cascaded_delete).
 */
export const deploymentOperations = [
  'create',
  'deploy',
  'update',
  'delete',
  'cascaded_delete',
] as const;
export type DeploymentOperation = (typeof deploymentOperations)[number];

/** What the console's app list (the sidebar) shows of an app: no versions, no deployments. */
export const appSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True while some deployment of the app is in progress (the sidebar's clock). */
  pending: z.boolean(),
});

export type AppSummary = z.infer<typeof appSummarySchema>;

/** Sort keys of the app summary: newest first by creation or by last update. */
export const appSummarySorts = ['created', 'updated'] as const;

/** `GET /meridian/v1/kube/apps/summary`: filters besides `limit` and `offset`. */
export const appSummaryQuerySchema = listPageQuerySchema.extend({
  sort: z
    .enum(appSummarySorts, { error: 'The sort must be created or updated' })
    .optional()
    .default('created'),
  search: listSearchSchema,
});

export type AppSummaryQuery = z.infer<typeof appSummaryQuerySchema>;

export const appSummaryPageSchema = listPageSchema(appSummarySchema).extend({
  /** Datacenters where a deployment of any of the user's apps is in progress (the map's markers). */
  pending_datacenter_uuids: z.array(z.string()),
});

export type AppSummaryPage = z.infer<typeof appSummaryPageSchema>;

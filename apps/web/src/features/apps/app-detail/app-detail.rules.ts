import type { App, Deployment, DeploymentUpdate, Version } from '@meridian/domain/apps/app-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { parseStatus } from '@meridian/domain/status';

/** The version drawer's actions, in the order the drawer lists them (spec "App detail screen"). */
export const versionActionKeys = [
  'create_version',
  'details',
  'deploy',
  'update_domain',
  'https_enable',
  'download_certificate',
  'delete',
] as const;

export type VersionActionKey = (typeof versionActionKeys)[number];

/**
 * Which drawer actions are offered. The spec fixes two rules: update_domain only for a selected
 * deployment without a certificate, deploy only when no deployment is selected. Certificates
 * belong to a deployment too, so https_enable (no certificate yet) and download_certificate (one
 * exists) also need a selected deployment.
 */
export function offeredVersionActions(
  selected: Pick<Deployment, 'certificate_uuid'> | undefined,
): VersionActionKey[] {
  const hasCertificate = Boolean(selected?.certificate_uuid);
  return versionActionKeys.filter((key) => {
    switch (key) {
      case 'deploy':
        return selected === undefined;
      case 'update_domain':
      case 'https_enable':
        return selected !== undefined && !hasCertificate;
      case 'download_certificate':
        return selected !== undefined && hasCertificate;
      default:
        return true;
    }
  });
}

export interface DeploymentCardVisibility {
  domainNames: boolean;
  loadBalancer: boolean;
  ports: boolean;
}

/** Spec "States and transitions" "Deployment card visibility". */
export function deploymentCardVisibility(
  deployment: Pick<Deployment, 'status' | 'endpoint'>,
): DeploymentCardVisibility {
  const status = parseStatus(deployment.status);
  return {
    domainNames: status === 'success',
    loadBalancer: status === 'success' && Boolean(deployment.endpoint),
    ports: status !== 'failure',
  };
}

/** At most this many smart clusters are named on a version card, then an ellipsis (spec "Business constants and limits"). */
export const versionCardClusterLimit = 3;

/** The smart clusters a version runs on, named from its deployments, once each. */
export function versionSmartClusters(
  version: Pick<Version, 'uuid'>,
  deployments: readonly Deployment[],
): { shown: string[]; more: boolean } {
  const names = new Map<string, string>();
  for (const deployment of deployments) {
    if (deployment.version_uuid !== version.uuid) continue;
    if (!names.has(deployment.smart_cluster_uuid)) {
      names.set(
        deployment.smart_cluster_uuid,
        deployment.smart_cluster_name || deployment.smart_cluster_uuid,
      );
    }
  }
  const all = [...names.values()];
  return {
    shown: all.slice(0, versionCardClusterLimit),
    more: all.length > versionCardClusterLimit,
  };
}

export function deploymentsOf(version: Pick<Version, 'uuid'>, app: Pick<App, 'deployments'>) {
  return (app.deployments ?? []).filter((deployment) => deployment.version_uuid === version.uuid);
}

/**
 * What an inline edit sends: the trimmed text, or null when nothing is to be saved (unchanged,
 * or emptied while required) — spec "Validation rules" "saved only if changed".
 */
export function editedValue(
  original: string | null | undefined,
  draft: string,
  { required }: { required: boolean },
): string | null {
  const next = draft.trim();
  if (required && next === '') return null;
  if (next === (original ?? '').trim()) return null;
  return next;
}

/** Desired replicas: the first Deployment manifest's spec.replicas (spec "Entities and their fields"). */
export function desiredReplicas(deployment: Pick<Deployment, 'template'>): number | undefined {
  return deployment.template?.[0]?.spec?.replicas;
}

/** Only Kubernetes deployments have an image and replicas to update; Heat stacks do not. */
export function isKubernetesVersion(version: Pick<Version, 'template_type'> | undefined): boolean {
  return version !== undefined && version.template_type !== 'HEAT';
}

export interface DeployOption {
  value: string;
  label: string;
  disabled: boolean;
  /** The other version the app runs there: deploying is then a rollout that replaces it. */
  replaces?: string;
}

/**
 * The deploy picker: only smart clusters in success can be chosen; those already running this
 * version stay listed but disabled, so the user sees why they are missing; those running
 * another version of the app say which (`running`: smart cluster uuid → version name).
 */
export function deployOptions(
  smartClusters: readonly Pick<SmartCluster, 'uuid' | 'name' | 'status'>[],
  version: Pick<Version, 'smart_cluster_uuids'>,
  running: ReadonlyMap<string, string> = new Map(),
): DeployOption[] {
  const deployed = new Set(version.smart_cluster_uuids ?? []);
  return smartClusters
    .filter((cluster) => parseStatus(cluster.status) === 'success')
    .map((cluster) => {
      const other = running.get(cluster.uuid);
      return {
        value: cluster.uuid,
        label: cluster.name,
        disabled: deployed.has(cluster.uuid) && !other,
        ...(other ? { replaces: other } : {}),
      };
    });
}

/** The update form of a Kubernetes deployment; empty fields mean 'leave as it is'. */
export interface DeploymentUpdateForm {
  image_name?: string;
  replicas?: number | null;
}

/** The body to send: only what changed; null when nothing did. */
export function deploymentChange(
  deployment: Pick<Deployment, 'image_name' | 'template'>,
  values: DeploymentUpdateForm,
): DeploymentUpdate | null {
  const body: DeploymentUpdate = {};
  const image = values.image_name?.trim();
  if (image && image !== (deployment.image_name ?? '')) body.image_name = image;
  if (typeof values.replicas === 'number' && values.replicas !== desiredReplicas(deployment)) {
    body.replicas = values.replicas;
  }
  return Object.keys(body).length === 0 ? null : body;
}

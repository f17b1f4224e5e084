import { appApiMessages, type DeploymentTemplate } from '@meridian/domain/apps/app-api';
import {
  findDeployment,
  parseKubernetesManifests,
  type KubernetesManifest,
} from '@meridian/domain/apps/advanced-template';
import { appSecretName, base64, dockerConfigJson } from '@meridian/domain/apps/basic-template';
import type { KnownHeatValues } from '@meridian/domain/apps/heat-stack';
import { isRecord } from '@meridian/domain/parsing/safe-yaml';
import { registrySecretName, type TemplateType } from '@meridian/domain/limits';
import type { CpuPool } from '../../../platform/cpu-pool';
import { ValidationError } from '../../../platform/http/errors';
import type { SecretBox } from '../../../platform/secret-box';
import {
  openSecrets,
  prepareBasicTemplate,
  type BasicSources,
  type StoredTemplate,
} from './basic-version';
import { checkTemplateTask } from './template-check';

/** A template checked and ready to store as a version. */
export interface PreparedTemplate extends StoredTemplate {
  templateName: string;
}

/**
 * Checks an uploaded or form-built template for its type (spec "Validation rules") and turns it into what a
 * version stores; a Basic template is generated here, its registry password sealed apart. A Heat
 * template's parameters are checked against the form's flavor and volume type (`heatValues`).
 */
export async function prepareTemplate(
  { secrets, cpu }: { secrets: SecretBox; cpu: CpuPool },
  appName: string,
  templateType: TemplateType,
  text: string | undefined,
  templateName: string | undefined,
  heatValues: KnownHeatValues = {},
  sources: BasicSources = noBasicSources,
): Promise<PreparedTemplate> {
  if (text === undefined || text.trim() === '') {
    throw new ValidationError([appApiMessages.templateRequired]);
  }
  if (templateType === 'KUBERNETES_BASIC') {
    const prepared = await prepareBasicTemplate(secrets, appName, text, sources);
    return { ...prepared, templateName: templateName || `${appName}.yaml` };
  }
  const { errors } = await cpu.run(checkTemplateTask, { templateType, text, heatValues });
  if (errors.length > 0) throw new ValidationError(errors);
  return {
    rawTemplate: text,
    templateName: templateName || `${appName}.yaml`,
    registry: null,
    registryPasswordSealed: null,
    secretsSealed: null,
    basicSettings: null,
  };
}

const noBasicSources: BasicSources = { registry: async () => undefined, keepFrom: null };

export interface ManifestOverrides {
  /** Replaces the image of the first container of the first Deployment (CI/CD rollouts). */
  imageName: string | null;
  /** Replaces the replicas of the first Deployment. */
  replicas: number | null;
}

function firstContainer(deployment: KubernetesManifest): Record<string, unknown> | undefined {
  const spec = isRecord(deployment.spec) ? deployment.spec : undefined;
  const template = spec && isRecord(spec.template) ? spec.template : undefined;
  const podSpec = template && isRecord(template.spec) ? template.spec : undefined;
  const containers = podSpec && Array.isArray(podSpec.containers) ? podSpec.containers : [];
  const first: unknown = containers[0];
  return isRecord(first) ? first : undefined;
}

/** The app's Secret (stored with `<sealed>` values) with its values, as the cluster needs them. */
function fillAppSecret(documents: KubernetesManifest[], values: Map<string, string>): void {
  for (const document of documents) {
    const { name, namespace } = document.metadata;
    if (document.kind !== 'Secret' || typeof namespace !== 'string') continue;
    if (name !== appSecretName(namespace)) continue;
    delete document.stringData;
    document.data = Object.fromEntries([...values].map(([key, value]) => [key, base64(value)]));
  }
}

/** A version's stored template as objects; callers working on many deployments parse it once. */
export function parseVersionTemplate(rawTemplate: string): readonly KubernetesManifest[] {
  const parsed = parseKubernetesManifests(rawTemplate);
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  return parsed.documents;
}

/** The Kubernetes objects a deployment applies: the version's, with its overrides and secret. */
export function buildManifests(
  version: {
    rawTemplate: string;
    registry: { url: string; username: string } | null;
    registryPasswordSealed: string | null;
    secretsSealed?: string | null;
  },
  overrides: ManifestOverrides,
  secrets: SecretBox,
  parsed: readonly KubernetesManifest[] = parseVersionTemplate(version.rawTemplate),
): KubernetesManifest[] {
  const documents = structuredClone(parsed) as KubernetesManifest[];
  if (version.registry && version.registryPasswordSealed) {
    const secret = documents.find(
      (document) => document.kind === 'Secret' && document.metadata.name === registrySecretName,
    );
    if (secret) {
      const { url, username } = version.registry;
      secret.data = {
        '.dockerconfigjson': base64(
          dockerConfigJson(url, username, secrets.open(version.registryPasswordSealed)),
        ),
      };
    }
  }
  if (version.secretsSealed) fillAppSecret(documents, openSecrets(secrets, version.secretsSealed));
  const deployment = findDeployment(documents);
  if (deployment && overrides.imageName) {
    const container = firstContainer(deployment);
    if (container) container.image = overrides.imageName;
  }
  if (deployment && overrides.replicas !== null) {
    deployment.spec = {
      ...(isRecord(deployment.spec) ? deployment.spec : {}),
      replicas: overrides.replicas,
    };
  }
  return documents;
}

/** The minReplicas of an HPA scaling this Deployment: where it starts when it leaves replicas out. */
function autoscaledFloor(
  documents: readonly KubernetesManifest[],
  name: string,
): number | undefined {
  for (const document of documents) {
    if (document.kind !== 'HorizontalPodAutoscaler' || !isRecord(document.spec)) continue;
    const { scaleTargetRef, minReplicas } = document.spec;
    if (
      isRecord(scaleTargetRef) &&
      scaleTargetRef.name === name &&
      typeof minReplicas === 'number'
    ) {
      return minReplicas;
    }
  }
  return undefined;
}

/** The Deployment kinds and their replicas, as the deployment's replicas card reads them. */
export function deploymentTemplates(
  documents: readonly KubernetesManifest[],
): DeploymentTemplate[] {
  return documents
    .filter((document) => document.kind === 'Deployment')
    .map((document) => {
      const spec = isRecord(document.spec) ? document.spec : {};
      const replicas =
        typeof spec.replicas === 'number'
          ? spec.replicas
          : (autoscaledFloor(documents, document.metadata.name) ?? 1);
      return {
        kind: 'Deployment' as const,
        metadata: { name: document.metadata.name },
        spec: { replicas },
      };
    });
}

import { isRecord, parseYamlSafely } from '../parsing/safe-yaml';

/** Messages of the Kubernetes Advanced upload check (spec "Validation rules" leaves the wording to us). */
export const advancedTemplateMessages = {
  notMapping: 'is not a mapping (expected a Kubernetes object)',
  apiVersion: 'apiVersion is missing',
  kind: 'kind is missing',
  metadataName: 'metadata.name is missing',
  kindNotDeployable: (kind: string) =>
    `kind ${kind} is not one Meridian deploys; an app may hold ${Object.keys(deployableKinds).join(', ')}`,
} as const;

/**
 * The kinds Meridian applies for an app, and whether each lives in a namespace: an app's own
 * objects, never cluster-wide policy (roles, webhooks) or API extensions.
 */
export const deployableKinds: Readonly<Record<string, { namespaced: boolean }>> = {
  Namespace: { namespaced: false },
  Deployment: { namespaced: true },
  StatefulSet: { namespaced: true },
  Service: { namespaced: true },
  ConfigMap: { namespaced: true },
  Secret: { namespaced: true },
  ServiceAccount: { namespaced: true },
  PersistentVolumeClaim: { namespaced: true },
  Ingress: { namespaced: true },
  PodDisruptionBudget: { namespaced: true },
  HorizontalPodAutoscaler: { namespaced: true },
};

/** One Kubernetes object of an uploaded manifest. */
export interface KubernetesManifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [key: string]: unknown };
  [key: string]: unknown;
}

export type ManifestParseResult =
  { ok: true; documents: KubernetesManifest[] } | { ok: false; errors: string[] };

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Parses an uploaded (untrusted) Kubernetes multi-document YAML. Every non-empty document must be
 * a mapping with string apiVersion, kind and metadata.name; errors name the document and the problem.
 */
export function parseKubernetesManifests(text: string): ManifestParseResult {
  const parsed = parseYamlSafely(text);
  if (!parsed.ok) return parsed;
  const errors: string[] = [];
  const documents: KubernetesManifest[] = [];
  for (const { number, value } of parsed.documents) {
    if (!isRecord(value)) {
      errors.push(`Document ${number}: ${advancedTemplateMessages.notMapping}`);
      continue;
    }
    const problems: string[] = [];
    if (!nonEmptyString(value.apiVersion)) problems.push(advancedTemplateMessages.apiVersion);
    if (!nonEmptyString(value.kind)) problems.push(advancedTemplateMessages.kind);
    if (!isRecord(value.metadata) || !nonEmptyString(value.metadata.name)) {
      problems.push(advancedTemplateMessages.metadataName);
    }
    if (problems.length > 0) {
      errors.push(...problems.map((problem) => `Document ${number}: ${problem}`));
      continue;
    }
    documents.push(value as KubernetesManifest);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, documents };
}

/**
 * An Advanced template as uploaded: parsed as above, and every object of a kind Meridian
 * deploys (a stored version is only parsed, so one saved before this check still goes away).
 */
export function checkAdvancedTemplate(text: string): ManifestParseResult {
  const parsed = parseKubernetesManifests(text);
  if (!parsed.ok) return parsed;
  const errors = parsed.documents.flatMap((document, index) =>
    Object.hasOwn(deployableKinds, document.kind)
      ? []
      : [`Document ${index + 1}: ${advancedTemplateMessages.kindNotDeployable(document.kind)}`],
  );
  return errors.length > 0 ? { ok: false, errors } : parsed;
}

/** The first Deployment kind of the manifests, if any. */
export function findDeployment(
  documents: readonly KubernetesManifest[],
): KubernetesManifest | undefined {
  return documents.find((document) => document.kind === 'Deployment');
}

/**
 * spec.replicas of the first Deployment (the deployment card shows it). Kubernetes defaults an
 * absent replicas to 1; undefined when there is no Deployment.
 */
export function deploymentReplicas(documents: readonly KubernetesManifest[]): number | undefined {
  const deployment = findDeployment(documents);
  if (!deployment) return undefined;
  const spec = deployment.spec;
  if (!isRecord(spec) || spec.replicas === undefined || spec.replicas === null) return 1;
  return typeof spec.replicas === 'number' && Number.isInteger(spec.replicas) && spec.replicas >= 0
    ? spec.replicas
    : undefined;
}

/** Ports of the LoadBalancer/other Services: `{name, port}` as the deployment card lists them. */
export function servicePorts(
  documents: readonly KubernetesManifest[],
): { name: string; port: number }[] {
  const ports: { name: string; port: number }[] = [];
  for (const document of documents) {
    if (document.kind !== 'Service' || !isRecord(document.spec)) continue;
    const list = document.spec.ports;
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (isRecord(entry) && typeof entry.port === 'number') {
        ports.push({
          name: typeof entry.name === 'string' ? entry.name : String(entry.port),
          port: entry.port,
        });
      }
    }
  }
  return ports;
}

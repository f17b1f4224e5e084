import { stringify } from 'yaml';
import { z } from 'zod';
import { dockerRegistryTypes, generatedServiceType, limits, registrySecretName } from '../limits';
import { optionalText, requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';
import {
  configurationRules,
  configurationWriteFields,
  type Autoscaling,
  type HealthCheck,
  type Resources,
  type Volume,
} from './app-configuration';

/** Messages of the Basic settings whose wording the spec leaves to us. */
export const basicTemplateMessages = {
  replicas: `Replicas must be a whole number from ${limits.replicasMin} to ${limits.replicasMax}`,
  targetPort: `The target port must be a whole number of at least ${limits.targetPortMin}`,
  port: `The port must be a whole number of at least ${limits.portMin}`,
  portMax: `A port must be at most ${limits.portMax}`,
  imageTooLong: tooLongMessage('The image', limits.imageNameMaxLength),
  registryFieldTooLong: tooLongMessage('A registry field', 500),
  registryType: 'The registry type must be public or private',
  registryUrl: 'The registry URL must start with https://',
  registryUuid: 'dockerRegistryUuid must be the uuid of one of your saved registries',
} as const;

const maxPort = limits.portMax;
const required = validationMessages.required;

/** Accepts a number or a numeric string (form values), leaving anything else for zod to refuse. */
function numeric(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

const wholeNumber = (min: number, message: string) =>
  z.preprocess(
    numeric,
    z
      .number({
        error: (issue) => (issue.input === undefined ? required : message),
      })
      .int(message)
      .min(min, message)
      .max(maxPort, basicTemplateMessages.portMax),
  );

const registryField = optionalText(required, 500, basicTemplateMessages.registryFieldTooLong);

/**
 * The Kubernetes Basic settings (spec "Entities and their fields"), as sent in the multipart `template` JSON string.
 * Image and registry values are trimmed; the registry URL, username and password are required
 * when the registry is private.
 */
export const basicTemplateSettingsSchema = z
  .object({
    deploymentImage: requiredText(
      required,
      limits.imageNameMaxLength,
      basicTemplateMessages.imageTooLong,
    ),
    deploymentReplicas: z.preprocess(
      numeric,
      z
        .number({
          error: (issue) => (issue.input === undefined ? required : basicTemplateMessages.replicas),
        })
        .int(basicTemplateMessages.replicas)
        .min(limits.replicasMin, basicTemplateMessages.replicas)
        .max(limits.replicasMax, basicTemplateMessages.replicas),
    ),
    deploymentTargetPort: wholeNumber(limits.targetPortMin, basicTemplateMessages.targetPort),
    deploymentPort: wholeNumber(limits.portMin, basicTemplateMessages.port),
    dockerRegistryType: z
      .enum(dockerRegistryTypes, {
        error: (issue) =>
          issue.input === undefined ? required : basicTemplateMessages.registryType,
      })
      .default('public'),
    privateDockerRegistryUrl: registryField,
    privateDockerRegistryUsername: registryField,
    privateDockerRegistryPassword: registryField,
    /** A saved registry (`POST /auth/registries`) in place of the three private fields. */
    dockerRegistryUuid: z.uuid({ error: basicTemplateMessages.registryUuid }).optional(),
    ...configurationWriteFields,
  })
  .superRefine(configurationRules)
  .superRefine((settings, context) => {
    if (settings.dockerRegistryType !== 'private' || settings.dockerRegistryUuid) return;
    const url = settings.privateDockerRegistryUrl;
    if (!url) {
      context.addIssue({ code: 'custom', path: ['privateDockerRegistryUrl'], message: required });
    } else if (!/^https:\/\/[^\s/]+/.test(url)) {
      context.addIssue({
        code: 'custom',
        path: ['privateDockerRegistryUrl'],
        message: basicTemplateMessages.registryUrl,
      });
    }
    for (const field of [
      'privateDockerRegistryUsername',
      'privateDockerRegistryPassword',
    ] as const) {
      if (!settings[field]) context.addIssue({ code: 'custom', path: [field], message: required });
    }
  });

export type BasicTemplateSettings = z.output<typeof basicTemplateSettingsSchema>;

/** A DNS-1123 label from an app name: lower-case, other characters → '-', ≤ 63, fallback 'app'. */
export function kubernetesName(appName: string): string {
  const label = appName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/g, '');
  return label === '' ? 'app' : label;
}

/** The registry host of an https:// URL ('https://reg.example.com:5000/x' → 'reg.example.com:5000'). */
export function registryHost(url: string): string {
  return url
    .trim()
    .replace(/^https:\/\//i, '')
    .split('/')[0]!;
}

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return bytes;
}

/** Standard base64 of the UTF-8 bytes of a string (runs in the browser and in Node alike). */
export function base64(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += base64Alphabet[(n >> 18) & 63]! + base64Alphabet[(n >> 12) & 63]!;
    out += b === undefined ? '=' : base64Alphabet[(n >> 6) & 63]!;
    out += c === undefined ? '=' : base64Alphabet[n & 63]!;
  }
  return out;
}

/** The `.dockerconfigjson` content of the image-pull Secret (before base64). */
export function dockerConfigJson(url: string, username: string, password: string): string {
  return JSON.stringify({
    auths: {
      [registryHost(url)]: { username, password, auth: base64(`${username}:${password}`) },
    },
  });
}

/** The Secret holding a Basic app's secrets, referenced by the container's `secretKeyRef`s. */
export const appSecretName = (name: string) => `${name}-secrets`;
/** The PersistentVolumeClaim of a Basic app's volume. */
export const appVolumeClaimName = (name: string) => `${name}-data`;
/** Stands in for a secret value wherever a template is stored or shown. */
export const sealedValue = '<sealed>';

/** The generator's view of the settings: secrets by name only (values are filled in at deploy). */
export type BasicTemplateInput = Omit<BasicTemplateSettings, 'secrets'> & {
  secrets?: readonly { name: string }[] | undefined;
};

function probeAction(check: HealthCheck, targetPort: number): Record<string, unknown> {
  if (check.type === 'command') return { exec: { command: check.command ?? [] } };
  const port = check.port ?? targetPort;
  if (check.type === 'tcp') return { tcpSocket: { port } };
  return { httpGet: { path: check.path ?? '/', port } };
}

/**
 * Readiness and liveness probes from the health check; a long initial delay becomes a startup
 * probe, so a slow start is waited for without delaying every later liveness check.
 */
function probes(check: HealthCheck, targetPort: number): Record<string, unknown> {
  const action = probeAction(check, targetPort);
  const periodSeconds = check.periodSeconds ?? 10;
  const failureThreshold = check.failureThreshold ?? 3;
  const delay = check.initialDelaySeconds ?? 0;
  const timing = { periodSeconds, failureThreshold };
  if (delay < 30) {
    const probe = { ...action, initialDelaySeconds: delay, ...timing };
    return { readinessProbe: probe, livenessProbe: probe };
  }
  return {
    startupProbe: {
      ...action,
      periodSeconds,
      failureThreshold: Math.ceil(delay / periodSeconds) + failureThreshold,
    },
    readinessProbe: { ...action, ...timing },
    livenessProbe: { ...action, ...timing },
  };
}

function resourceRequirements(resources: Resources): Record<string, unknown> | undefined {
  const requests = { cpu: resources.cpuRequest, memory: resources.memoryRequest };
  const limits = { cpu: resources.cpuLimit, memory: resources.memoryLimit };
  const defined = (pairs: Record<string, string | undefined>) =>
    Object.fromEntries(Object.entries(pairs).filter(([, value]) => value !== undefined));
  const out = { requests: defined(requests), limits: defined(limits) };
  if (Object.keys(out.requests).length === 0 && Object.keys(out.limits).length === 0)
    return undefined;
  return Object.fromEntries(
    Object.entries(out).filter(([, value]) => Object.keys(value).length > 0),
  );
}

/** The app's container: image, port, entrypoint, environment, secrets, probes, resources, volume. */
function container(name: string, settings: BasicTemplateInput): Record<string, unknown> {
  const env = [
    ...(settings.env ?? []).map(({ name: key, value }) => ({ name: key, value })),
    ...(settings.secrets ?? []).map(({ name: key }) => ({
      name: key,
      valueFrom: { secretKeyRef: { name: appSecretName(name), key } },
    })),
  ];
  const resources = settings.resources && resourceRequirements(settings.resources);
  return {
    name,
    image: settings.deploymentImage,
    ...(settings.command?.length ? { command: settings.command } : {}),
    ...(settings.args?.length ? { args: settings.args } : {}),
    ports: [{ name: 'http', containerPort: settings.deploymentTargetPort }],
    ...(env.length > 0 ? { env } : {}),
    ...(resources ? { resources } : {}),
    ...(settings.healthCheck ? probes(settings.healthCheck, settings.deploymentTargetPort) : {}),
    ...(settings.volume
      ? { volumeMounts: [{ name: 'data', mountPath: settings.volume.mountPath }] }
      : {}),
  };
}

function deployment(name: string, settings: BasicTemplateInput): object {
  const labels = { app: name };
  const isPrivate = settings.dockerRegistryType === 'private';
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: name, labels },
    spec: {
      // With autoscaling the HPA owns the count: a replicas field would reset it at every apply.
      ...(settings.autoscaling ? {} : { replicas: settings.deploymentReplicas }),
      selector: { matchLabels: labels },
      // A ReadWriteOnce volume is mounted by one pod at a time: the old pod goes before the new one.
      ...(settings.volume ? { strategy: { type: 'Recreate' } } : {}),
      template: {
        metadata: { labels },
        spec: {
          containers: [container(name, settings)],
          ...(isPrivate ? { imagePullSecrets: [{ name: registrySecretName }] } : {}),
          ...(settings.volume
            ? {
                volumes: [
                  { name: 'data', persistentVolumeClaim: { claimName: appVolumeClaimName(name) } },
                ],
              }
            : {}),
        },
      },
    },
  };
}

function horizontalPodAutoscaler(name: string, autoscaling: Autoscaling): object {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, namespace: name, labels: { app: name } },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: autoscaling.minReplicas,
      maxReplicas: autoscaling.maxReplicas,
      metrics: [
        {
          type: 'Resource',
          resource: {
            name: 'cpu',
            target: { type: 'Utilization', averageUtilization: autoscaling.targetCPUUtilization },
          },
        },
      ],
    },
  };
}

function volumeClaim(name: string, volume: Volume): object {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: appVolumeClaimName(name), namespace: name, labels: { app: name } },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: volume.size } } },
  };
}

function registrySecret(name: string, settings: BasicTemplateInput): object {
  const { privateDockerRegistryUrl, privateDockerRegistryUsername, privateDockerRegistryPassword } =
    settings as Required<BasicTemplateInput>;
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: registrySecretName, namespace: name },
    type: 'kubernetes.io/dockerconfigjson',
    data: {
      '.dockerconfigjson': base64(
        dockerConfigJson(
          privateDockerRegistryUrl,
          privateDockerRegistryUsername,
          privateDockerRegistryPassword,
        ),
      ),
    },
  };
}

/**
 * The Kubernetes Basic template (spec "Entities and their fields"): a Namespace, a LoadBalancer Service with an `http`
 * port (port → targetPort), a Deployment, and for a private registry the image-pull Secret
 * `private-docker-registry` referenced by the pods. Issue 36 adds, when asked for, a Secret of the
 * app's secrets (values `<sealed>` here, filled in at deploy), a PersistentVolumeClaim and a
 * HorizontalPodAutoscaler. Multi-document YAML.
 */
export function generateBasicTemplate(appName: string, settings: BasicTemplateInput): string {
  const name = kubernetesName(appName);
  const labels = { app: name };
  const documents: object[] = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }];
  if (settings.dockerRegistryType === 'private') documents.push(registrySecret(name, settings));
  if (settings.secrets?.length) {
    documents.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: appSecretName(name), namespace: name, labels },
      type: 'Opaque',
      stringData: Object.fromEntries(settings.secrets.map((secret) => [secret.name, sealedValue])),
    });
  }
  if (settings.volume) documents.push(volumeClaim(name, settings.volume));
  documents.push(
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, namespace: name, labels },
      spec: {
        type: generatedServiceType,
        selector: labels,
        ports: [
          {
            name: 'http',
            protocol: 'TCP',
            port: settings.deploymentPort,
            targetPort: settings.deploymentTargetPort,
          },
        ],
      },
    },
    deployment(name, settings),
  );
  if (settings.autoscaling) documents.push(horizontalPodAutoscaler(name, settings.autoscaling));
  return documents.map((document) => stringify(document)).join('---\n');
}

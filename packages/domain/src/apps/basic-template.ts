import { stringify } from 'yaml';
import { z } from 'zod';
import { dockerRegistryTypes, generatedServiceType, limits, registrySecretName } from '../limits';
import { optionalText, requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

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
  })
  .superRefine((settings, context) => {
    if (settings.dockerRegistryType !== 'private') return;
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

/**
 * The Kubernetes Basic template (spec "Entities and their fields"): a Namespace, a LoadBalancer Service with an `http`
 * port (port → targetPort), a Deployment, and for a private registry the image-pull Secret
 * `private-docker-registry` referenced by the pods. Multi-document YAML.
 */
export function generateBasicTemplate(appName: string, settings: BasicTemplateSettings): string {
  const name = kubernetesName(appName);
  const labels = { app: name };
  const isPrivate = settings.dockerRegistryType === 'private';
  const documents: object[] = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }];
  if (isPrivate) {
    const {
      privateDockerRegistryUrl,
      privateDockerRegistryUsername,
      privateDockerRegistryPassword,
    } = settings as Required<BasicTemplateSettings>;
    documents.push({
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
    });
  }
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
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace: name, labels },
      spec: {
        replicas: settings.deploymentReplicas,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            containers: [
              {
                name,
                image: settings.deploymentImage,
                ports: [{ name: 'http', containerPort: settings.deploymentTargetPort }],
              },
            ],
            ...(isPrivate ? { imagePullSecrets: [{ name: registrySecretName }] } : {}),
          },
        },
      },
    },
  );
  return documents.map((document) => stringify(document)).join('---\n');
}

import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { generatedServiceType, registrySecretName } from '../limits';
import { validationMessages } from '../validation-messages';
import {
  base64,
  basicTemplateMessages,
  basicTemplateSettingsSchema,
  generateBasicTemplate,
  kubernetesName,
  registryHost,
  type BasicTemplateSettings,
} from './basic-template';

const publicSettings = {
  deploymentImage: '  nginx:1.27  ',
  deploymentReplicas: 3,
  deploymentTargetPort: 8080,
  deploymentPort: 80,
  dockerRegistryType: 'public',
};

const privateSettings = {
  ...publicSettings,
  dockerRegistryType: 'private',
  privateDockerRegistryUrl: ' https://registry.example.com:5000/team ',
  privateDockerRegistryUsername: ' ci-bot ',
  privateDockerRegistryPassword: ' s3cret ',
};

function messagesOf(input: unknown): Record<string, string[]> {
  const result = basicTemplateSettingsSchema.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (messages[key] ??= []).push(issue.message);
  }
  return messages;
}

// Parsed manifests are navigated freely in assertions; toEqual checks the shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Manifest = Record<string, any>;

function objects(yamlText: string): Manifest[] {
  const documents = parseAllDocuments(yamlText);
  if (!Array.isArray(documents)) throw new Error('not a stream');
  for (const document of documents) expect(document.errors).toEqual([]);
  return documents.map((document) => document.toJS() as Manifest);
}

function decode(value: string): string {
  return Buffer.from(value, 'base64').toString('utf8');
}

describe('basicTemplateSettingsSchema', () => {
  it('accepts public settings and trims the image', () => {
    const settings = basicTemplateSettingsSchema.parse(publicSettings);
    expect(settings.deploymentImage).toBe('nginx:1.27');
    expect(settings.deploymentReplicas).toBe(3);
  });

  it('accepts numeric strings from the form', () => {
    const settings = basicTemplateSettingsSchema.parse({
      ...publicSettings,
      deploymentReplicas: '2',
      deploymentTargetPort: '8080',
      deploymentPort: '0',
    });
    expect(settings).toMatchObject({
      deploymentReplicas: 2,
      deploymentTargetPort: 8080,
      deploymentPort: 0,
    });
  });

  it('defaults the registry type to public', () => {
    const { dockerRegistryType, ...rest } = publicSettings;
    void dockerRegistryType;
    expect(basicTemplateSettingsSchema.parse(rest).dockerRegistryType).toBe('public');
  });

  it('requires the image, replicas and ports with the generic message', () => {
    expect(messagesOf({ deploymentImage: '   ', deploymentReplicas: '' })).toEqual({
      deploymentImage: [validationMessages.required],
      deploymentReplicas: [validationMessages.required],
      deploymentTargetPort: [validationMessages.required],
      deploymentPort: [validationMessages.required],
    });
  });

  it('enforces the limits: replicas ≥ 1, target port ≥ 1, port ≥ 0, whole numbers', () => {
    expect(messagesOf({ ...publicSettings, deploymentReplicas: 0 })).toEqual({
      deploymentReplicas: [basicTemplateMessages.replicas],
    });
    expect(messagesOf({ ...publicSettings, deploymentReplicas: 1.5 })).toEqual({
      deploymentReplicas: [basicTemplateMessages.replicas],
    });
    expect(messagesOf({ ...publicSettings, deploymentReplicas: 'two' })).toEqual({
      deploymentReplicas: [basicTemplateMessages.replicas],
    });
    expect(messagesOf({ ...publicSettings, deploymentTargetPort: 0 })).toEqual({
      deploymentTargetPort: [basicTemplateMessages.targetPort],
    });
    expect(messagesOf({ ...publicSettings, deploymentPort: -1 })).toEqual({
      deploymentPort: [basicTemplateMessages.port],
    });
    expect(messagesOf({ ...publicSettings, deploymentPort: 70000 })).toEqual({
      deploymentPort: [basicTemplateMessages.portMax],
    });
    expect(
      basicTemplateSettingsSchema.safeParse({ ...publicSettings, deploymentPort: 0 }).success,
    ).toBe(true);
    expect(
      basicTemplateSettingsSchema.safeParse({ ...publicSettings, deploymentReplicas: 1 }).success,
    ).toBe(true);
  });

  it('reports the registry fields together with the other fields', () => {
    expect(
      messagesOf({ ...publicSettings, deploymentImage: '', dockerRegistryType: 'private' }),
    ).toEqual({
      deploymentImage: [validationMessages.required],
      privateDockerRegistryUrl: [validationMessages.required],
      privateDockerRegistryUsername: [validationMessages.required],
      privateDockerRegistryPassword: [validationMessages.required],
    });
  });

  it('refuses an unknown registry type', () => {
    expect(messagesOf({ ...publicSettings, dockerRegistryType: 'hybrid' })).toEqual({
      dockerRegistryType: [basicTemplateMessages.registryType],
    });
  });

  it('requires the URL, username and password for a private registry, trimmed', () => {
    expect(messagesOf({ ...publicSettings, dockerRegistryType: 'private' })).toEqual({
      privateDockerRegistryUrl: [validationMessages.required],
      privateDockerRegistryUsername: [validationMessages.required],
      privateDockerRegistryPassword: [validationMessages.required],
    });
    expect(
      messagesOf({
        ...privateSettings,
        privateDockerRegistryUsername: '  ',
        privateDockerRegistryPassword: '',
      }),
    ).toEqual({
      privateDockerRegistryUsername: [validationMessages.required],
      privateDockerRegistryPassword: [validationMessages.required],
    });
    const settings = basicTemplateSettingsSchema.parse(privateSettings);
    expect(settings).toMatchObject({
      privateDockerRegistryUrl: 'https://registry.example.com:5000/team',
      privateDockerRegistryUsername: 'ci-bot',
      privateDockerRegistryPassword: 's3cret',
    });
  });

  it('requires an https:// registry URL', () => {
    for (const url of ['http://registry.example.com', 'registry.example.com', 'https://']) {
      expect(messagesOf({ ...privateSettings, privateDockerRegistryUrl: url })).toEqual({
        privateDockerRegistryUrl: [basicTemplateMessages.registryUrl],
      });
    }
  });

  it('ignores the registry fields of a public registry', () => {
    expect(
      basicTemplateSettingsSchema.safeParse({ ...publicSettings, privateDockerRegistryUrl: 'x' })
        .success,
    ).toBe(true);
  });
});

describe('kubernetesName', () => {
  it('derives a DNS-1123 label', () => {
    expect(kubernetesName('My Shop!')).toBe('my-shop');
    expect(kubernetesName('  --Blog__2024--  ')).toBe('blog-2024');
    expect(kubernetesName('Ünïcode äpp')).toBe('n-code-pp');
    expect(kubernetesName('***')).toBe('app');
    expect(kubernetesName('')).toBe('app');
    const long = kubernetesName(`${'a'.repeat(62)} b${'c'.repeat(10)}`);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  });
});

describe('base64 and registryHost', () => {
  it('matches the standard encoding, UTF-8 included', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'user:pass', 'pässwörd€😀']) {
      expect(base64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
    }
  });

  it('takes the host of the URL', () => {
    expect(registryHost('https://registry.example.com:5000/team/x')).toBe(
      'registry.example.com:5000',
    );
    expect(registryHost('https://ghcr.io')).toBe('ghcr.io');
  });
});

describe('generateBasicTemplate', () => {
  it('produces a Namespace, a LoadBalancer Service and a Deployment for a public registry', () => {
    const settings = basicTemplateSettingsSchema.parse(publicSettings);
    const [namespace, service, deployment, ...rest] = objects(
      generateBasicTemplate('My Shop', settings),
    );
    expect(rest).toEqual([]);
    expect(namespace).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'my-shop' },
    });

    expect(service).toMatchObject({ apiVersion: 'v1', kind: 'Service' });
    expect(service!.metadata).toMatchObject({ name: 'my-shop', namespace: 'my-shop' });
    expect(service!.spec.type).toBe(generatedServiceType);
    expect(service!.spec.selector).toEqual({ app: 'my-shop' });
    expect(service!.spec.ports).toEqual([
      { name: 'http', protocol: 'TCP', port: 80, targetPort: 8080 },
    ]);

    expect(deployment).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
    expect(deployment!.metadata).toMatchObject({ name: 'my-shop', namespace: 'my-shop' });
    expect(deployment!.spec.replicas).toBe(3);
    expect(deployment!.spec.selector.matchLabels).toEqual({ app: 'my-shop' });
    const pod = deployment!.spec.template;
    expect(pod.metadata.labels).toEqual({ app: 'my-shop' });
    expect(pod.spec.containers).toEqual([
      { name: 'my-shop', image: 'nginx:1.27', ports: [{ name: 'http', containerPort: 8080 }] },
    ]);
    expect(pod.spec.imagePullSecrets).toBeUndefined();
  });

  it('joins the documents with ---', () => {
    const text = generateBasicTemplate('a', basicTemplateSettingsSchema.parse(publicSettings));
    expect(text.split(/^---$/m)).toHaveLength(3);
  });

  it('adds the image-pull Secret for a private registry and references it from the pods', () => {
    const settings = basicTemplateSettingsSchema.parse(privateSettings);
    const documents = objects(generateBasicTemplate('Billing API', settings));
    expect(documents.map((document) => document.kind)).toEqual([
      'Namespace',
      'Secret',
      'Service',
      'Deployment',
    ]);
    const secret = documents[1]!;
    expect(secret.metadata).toEqual({ name: registrySecretName, namespace: 'billing-api' });
    expect(secret.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(decode(secret.data['.dockerconfigjson']));
    expect(config).toEqual({
      auths: {
        'registry.example.com:5000': {
          username: 'ci-bot',
          password: 's3cret',
          auth: Buffer.from('ci-bot:s3cret').toString('base64'),
        },
      },
    });
    const deployment = documents[3]!;
    expect(deployment.spec.template.spec.imagePullSecrets).toEqual([{ name: registrySecretName }]);
  });

  it('keeps hostile values as plain strings', () => {
    const settings: BasicTemplateSettings = basicTemplateSettingsSchema.parse({
      ...privateSettings,
      deploymentImage: 'evil:1\n---\nkind: Pod',
      privateDockerRegistryPassword: '"}: &a [*a]',
    });
    const documents = objects(generateBasicTemplate('x', settings));
    expect(documents).toHaveLength(4);
    expect(documents[3]!.spec.template.spec.containers[0].image).toBe('evil:1\n---\nkind: Pod');
  });
});

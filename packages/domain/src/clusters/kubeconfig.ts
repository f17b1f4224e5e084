import { isRecord, parseYamlSafely } from '../parsing/safe-yaml';
import { externalKubeconfigMaxBytes } from './cluster-api';

/**
 * An uploaded kubeconfig, reduced to what Meridian uses: where its current context points and
 * the inline credentials to get in. Nothing else of the file (exec and auth-provider plugins,
 * file paths, proxies, impersonation) survives, so nothing else can ever be acted on.
 */
export interface KubeconfigTarget {
  contextName: string;
  clusterName: string;
  userName: string;
  /** https:// or http:// address of the API server, without a trailing slash. */
  server: string;
  /** Base64 PEM of the cluster's certificate authority. */
  certificateAuthorityData?: string;
  tlsServerName?: string;
  insecureSkipTlsVerify: boolean;
  token?: string;
  /** Base64 PEM of the client certificate and key (both or neither). */
  clientCertificateData?: string;
  clientKeyData?: string;
  namespace?: string;
}

export const kubeconfigLimits = {
  maxLength: externalKubeconfigMaxBytes,
  /** Most clusters, users or contexts in one file. */
  maxEntries: 64,
  /** Longest single value (a base64 certificate chain is a few KiB). */
  maxValueLength: 32 * 1024,
} as const;

export const kubeconfigMessages = {
  notMapping: 'The kubeconfig is not a YAML mapping.',
  oneDocument: 'The kubeconfig must be a single YAML document.',
  missing: (list: string) => `The kubeconfig has no ${list}.`,
  tooMany: (list: string) => `The kubeconfig has more than ${kubeconfigLimits.maxEntries} ${list}.`,
  malformed: (list: string) => `The kubeconfig has a malformed entry in ${list}.`,
  plugin: (user: string, field: string) =>
    `The kubeconfig user "${user}" uses ${field}, which runs programs or plugins; Meridian only ` +
    'accepts a token or a client certificate written in the file.',
  localFile: (where: string, field: string) =>
    `The kubeconfig ${where} refers to a file on disk (${field}); embed the data in the file instead.`,
  unsupported: (where: string, field: string) =>
    `The kubeconfig ${where} uses ${field}, which Meridian does not support.`,
  badValue: (where: string, field: string) => `The kubeconfig ${where} has an invalid ${field}.`,
  noContext: 'The kubeconfig has no current context.',
  unknownCluster: 'The current context names a cluster the kubeconfig does not define.',
  unknownUser: 'The current context names a user the kubeconfig does not define.',
  server: 'The kubeconfig cluster needs a server address starting with https:// or http://.',
  halfCertificate:
    'The kubeconfig user has a client certificate without its key, or a key without its certificate.',
} as const;

type Entry = Record<string, unknown>;
type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** Fields Meridian reads, per entry kind; every other field is refused by name. */
const allowedFields = {
  cluster: [
    'server',
    'certificate-authority-data',
    'tls-server-name',
    'insecure-skip-tls-verify',
    'disable-compression',
    'extensions',
  ],
  user: ['token', 'client-certificate-data', 'client-key-data', 'extensions'],
  context: ['cluster', 'user', 'namespace', 'extensions'],
} as const;

/** Why a field outside the allowed set is refused, in the user's terms. */
function refusal(kind: keyof typeof allowedFields, name: string, field: string): string {
  const where = `${kind} "${name}"`;
  const folded = field.toLowerCase().replace(/[^a-z]/g, '');
  if (kind === 'user' && /exec|authprovider|command/.test(folded)) {
    return kubeconfigMessages.plugin(name, field);
  }
  if (/file|path$|^certificateauthority$|^clientcertificate$|^clientkey$/.test(folded)) {
    return kubeconfigMessages.localFile(where, field);
  }
  return kubeconfigMessages.unsupported(where, field);
}

function namedEntries(
  config: Entry,
  list: string,
  kind: string,
): Parsed<{ name: string; value: Entry }[]> {
  const items = config[list];
  if (!Array.isArray(items) || items.length === 0) {
    return { ok: false, error: kubeconfigMessages.missing(list) };
  }
  if (items.length > kubeconfigLimits.maxEntries) {
    return { ok: false, error: kubeconfigMessages.tooMany(list) };
  }
  const entries: { name: string; value: Entry }[] = [];
  for (const item of items) {
    if (!isRecord(item) || typeof item.name !== 'string' || !isRecord(item[kind])) {
      return { ok: false, error: kubeconfigMessages.malformed(list) };
    }
    entries.push({ name: item.name, value: item[kind] });
  }
  return { ok: true, value: entries };
}

const isString = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= kubeconfigLimits.maxValueLength;
const isBase64 = (value: unknown): value is string =>
  isString(value) && /^[A-Za-z0-9+/=\s]+$/.test(value);

/** Each field's type check; a field absent from the entry is fine. */
const fieldChecks: Record<string, (value: unknown) => boolean> = {
  server: isString,
  'certificate-authority-data': isBase64,
  'tls-server-name': isString,
  'insecure-skip-tls-verify': (value) => typeof value === 'boolean',
  'disable-compression': (value) => typeof value === 'boolean',
  extensions: () => true,
  token: isString,
  'client-certificate-data': isBase64,
  'client-key-data': isBase64,
  cluster: isString,
  user: isString,
  namespace: isString,
};

function checkFields(
  kind: keyof typeof allowedFields,
  entries: readonly { name: string; value: Entry }[],
): string | undefined {
  const allowed: readonly string[] = allowedFields[kind];
  for (const { name, value } of entries) {
    for (const [field, fieldValue] of Object.entries(value)) {
      if (!allowed.includes(field)) return refusal(kind, name, field);
      if (!fieldChecks[field]!(fieldValue)) {
        return kubeconfigMessages.badValue(`${kind} "${name}"`, field);
      }
    }
  }
  return undefined;
}

/** The target of the current context (or of the only context), from checked entries. */
function resolveTarget(
  config: Entry,
  clusters: readonly { name: string; value: Entry }[],
  users: readonly { name: string; value: Entry }[],
  contexts: readonly { name: string; value: Entry }[],
): Parsed<KubeconfigTarget> {
  const current = config['current-context'];
  const context =
    contexts.find((item) => item.name === current) ??
    (contexts.length === 1 ? contexts[0] : undefined);
  if (!context) return { ok: false, error: kubeconfigMessages.noContext };
  const cluster = clusters.find((item) => item.name === context.value.cluster);
  if (!cluster) return { ok: false, error: kubeconfigMessages.unknownCluster };
  const user = users.find((item) => item.name === context.value.user);
  if (!user) return { ok: false, error: kubeconfigMessages.unknownUser };
  const server = cluster.value.server;
  if (typeof server !== 'string' || !/^https?:\/\/[^\s/]/.test(server) || !URL.canParse(server)) {
    return { ok: false, error: kubeconfigMessages.server };
  }
  const c = cluster.value as Partial<Record<string, string | boolean>>;
  const u = user.value as Partial<Record<string, string>>;
  if (Boolean(u['client-certificate-data']) !== Boolean(u['client-key-data'])) {
    return { ok: false, error: kubeconfigMessages.halfCertificate };
  }
  return {
    ok: true,
    value: {
      contextName: context.name,
      clusterName: cluster.name,
      userName: user.name,
      server: server.replace(/\/+$/, ''),
      certificateAuthorityData: c['certificate-authority-data'] as string | undefined,
      tlsServerName: c['tls-server-name'] as string | undefined,
      insecureSkipTlsVerify: c['insecure-skip-tls-verify'] === true,
      token: u.token,
      clientCertificateData: u['client-certificate-data'],
      clientKeyData: u['client-key-data'],
      namespace: context.value.namespace as string | undefined,
    },
  };
}

/** A YAML error in the kubeconfig's words: 'The kubeconfig uses YAML anchors…'. */
function yamlProblem(error: string): string {
  const detail = error.replace(/^Document \d+: /, '');
  if (detail.startsWith('The file ')) return detail.replace(/^The file /, 'The kubeconfig ');
  if (/^[a-z]/.test(detail)) return `The kubeconfig ${detail}.`;
  return `The kubeconfig is not valid YAML: ${detail}`;
}

/**
 * The one reader of an uploaded kubeconfig, used at upload and again every time a stored one is
 * opened: bounded YAML with no anchors, aliases or merge keys (other YAML readers resolve them,
 * so what is checked here is exactly what is used), only the fields Meridian uses, and the
 * current context resolved to one target.
 */
export function parseKubeconfig(text: string): Parsed<KubeconfigTarget> {
  const parsed = parseYamlSafely(text, {
    maxLength: kubeconfigLimits.maxLength,
    refuseAnchors: true,
  });
  if (!parsed.ok) return { ok: false, error: yamlProblem(parsed.errors[0] ?? '') };
  if (parsed.documents.length !== 1) return { ok: false, error: kubeconfigMessages.oneDocument };
  const config = parsed.documents[0]!.value;
  if (!isRecord(config)) return { ok: false, error: kubeconfigMessages.notMapping };
  const clusters = namedEntries(config, 'clusters', 'cluster');
  if (!clusters.ok) return clusters;
  const users = namedEntries(config, 'users', 'user');
  if (!users.ok) return users;
  const contexts = namedEntries(config, 'contexts', 'context');
  if (!contexts.ok) return contexts;
  const problem =
    checkFields('user', users.value) ??
    checkFields('cluster', clusters.value) ??
    checkFields('context', contexts.value);
  if (problem) return { ok: false, error: problem };
  return resolveTarget(config, clusters.value, users.value, contexts.value);
}

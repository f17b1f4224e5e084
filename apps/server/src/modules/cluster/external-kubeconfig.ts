import https from 'node:https';
import http from 'node:http';
import { parse } from 'yaml';

/** Why an uploaded kubeconfig is refused (400). */
export class KubeconfigRefused extends Error {}

export interface ExternalTarget {
  server: string;
  /** PEM of the cluster CA, when the kubeconfig carries one. */
  ca?: string;
  insecureSkipTlsVerify: boolean;
  /** Client credentials, when the kubeconfig has them inline. */
  clientCert?: string;
  clientKey?: string;
  token?: string;
}

const maxAliases = 50;
const localPathKeys = new Set(['tokenFile', 'token-file']);

type Entry = Record<string, unknown>;

function isRecord(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function namedList(config: Entry, key: string, inner: string): { name: string; value: Entry }[] {
  const list = config[key];
  if (!Array.isArray(list) || list.length === 0) {
    throw new KubeconfigRefused(`The kubeconfig has no ${key}.`);
  }
  return list.map((item) => {
    if (!isRecord(item) || typeof item.name !== 'string' || !isRecord(item[inner])) {
      throw new KubeconfigRefused(`The kubeconfig has a malformed entry in ${key}.`);
    }
    return { name: item.name, value: item[inner] };
  });
}

function refuseLocalPaths(where: string, value: Entry): void {
  for (const key of Object.keys(value)) {
    if (key.endsWith('-file') || localPathKeys.has(key) || key === 'certificate-authority') {
      throw new KubeconfigRefused(
        `The kubeconfig ${where} refers to a local file (${key}); embed the data instead.`,
      );
    }
    if (key === 'client-certificate' || key === 'client-key') {
      throw new KubeconfigRefused(
        `The kubeconfig ${where} refers to a local file (${key}); use ${key}-data instead.`,
      );
    }
  }
}

const b64 = (value: unknown) =>
  typeof value === 'string' ? Buffer.from(value, 'base64').toString('utf8') : undefined;

/**
 * Parses an untrusted kubeconfig (alias-limited YAML) and answers where its current context
 * points. Refuses exec and auth-provider plugins and any local file path: the server must never
 * run a user's command or read its own files on their behalf.
 */
export function parseExternalKubeconfig(text: string): ExternalTarget {
  let config: unknown;
  try {
    config = parse(text, { maxAliasCount: maxAliases, prettyErrors: false, strict: true });
  } catch {
    throw new KubeconfigRefused('The kubeconfig is not valid YAML.');
  }
  if (!isRecord(config)) throw new KubeconfigRefused('The kubeconfig is not a YAML mapping.');
  const clusters = namedList(config, 'clusters', 'cluster');
  const users = namedList(config, 'users', 'user');
  const contexts = namedList(config, 'contexts', 'context');
  for (const user of users) {
    if ('exec' in user.value) {
      throw new KubeconfigRefused(
        `The kubeconfig user "${user.name}" uses an exec plugin, which is not allowed.`,
      );
    }
    if ('auth-provider' in user.value) {
      throw new KubeconfigRefused(
        `The kubeconfig user "${user.name}" uses an auth-provider plugin, which is not allowed.`,
      );
    }
    refuseLocalPaths(`user "${user.name}"`, user.value);
  }
  for (const cluster of clusters) refuseLocalPaths(`cluster "${cluster.name}"`, cluster.value);

  const currentName = config['current-context'];
  const context =
    contexts.find((item) => item.name === currentName) ??
    (contexts.length === 1 ? contexts[0] : undefined);
  if (!context) throw new KubeconfigRefused('The kubeconfig has no current context.');
  const cluster = clusters.find((item) => item.name === context.value.cluster);
  if (!cluster) throw new KubeconfigRefused('The current context names an unknown cluster.');
  const user = users.find((item) => item.name === context.value.user);
  const server = cluster.value.server;
  if (typeof server !== 'string' || !/^https?:\/\//.test(server)) {
    throw new KubeconfigRefused('The kubeconfig cluster has no http(s) server address.');
  }
  return {
    server,
    ca: b64(cluster.value['certificate-authority-data']),
    insecureSkipTlsVerify: cluster.value['insecure-skip-tls-verify'] === true,
    clientCert: b64(user?.value['client-certificate-data']),
    clientKey: b64(user?.value['client-key-data']),
    token: typeof user?.value.token === 'string' ? user.value.token : undefined,
  };
}

export type ProbeResult = { ok: true; version: string } | { ok: false; reason: string };

/** `GET <server>/version` with a timeout, trusting the kubeconfig's CA. */
export function probeVersion(target: ExternalTarget, timeoutMs = 5000): Promise<ProbeResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL('/version', target.server);
    } catch {
      resolve({ ok: false, reason: `Invalid server address ${target.server}` });
      return;
    }
    const options: https.RequestOptions = {
      method: 'GET',
      timeout: timeoutMs,
      headers: target.token ? { authorization: `Bearer ${target.token}` } : {},
    };
    if (url.protocol === 'https:') {
      Object.assign(options, {
        ca: target.ca,
        cert: target.clientCert,
        key: target.clientKey,
        rejectUnauthorized: !target.insecureSkipTlsVerify,
      });
    }
    const request = (url.protocol === 'https:' ? https : http).request(url, options, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < 65536) body += chunk;
      });
      response.on('end', () => {
        if (response.statusCode !== 200) {
          resolve({
            ok: false,
            reason: `${url.origin}/version answered HTTP ${response.statusCode ?? '?'}`,
          });
          return;
        }
        try {
          const parsed = JSON.parse(body) as { gitVersion?: unknown };
          resolve({ ok: true, version: String(parsed.gitVersion ?? 'unknown') });
        } catch {
          resolve({ ok: false, reason: `${url.origin}/version did not answer JSON` });
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve({ ok: false, reason: `Cannot reach ${url.origin}: ${error.message}` }),
    );
    request.end();
  });
}

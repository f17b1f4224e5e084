import https from 'node:https';
import { parse } from 'yaml';

/** What a simulated cluster's API answered: status and JSON body. */
export interface KubeAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface Kubeconfig {
  clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
  users: { user: { token: string } }[];
}

/** A minimal Kubernetes client for one kubeconfig: a request, its JSON answer. */
export function kubeClient(kubeconfig: string) {
  const config = parse(kubeconfig) as Kubeconfig;
  const { server, 'certificate-authority-data': ca } = config.clusters[0]!.cluster;
  const token = config.users[0]!.user.token;
  return (method: string, path: string, body?: unknown): Promise<KubeAnswer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = https.request(
        `${server}${path}`,
        {
          method,
          ca: Buffer.from(ca, 'base64').toString('utf8'),
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: response.statusCode ?? 0,
              body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
            });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}

/** A ConfigMap of about `bytes` of data. */
export function configMap(name: string, bytes: number, namespace = 'default') {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace },
    data: { blob: 'x'.repeat(bytes) },
  };
}

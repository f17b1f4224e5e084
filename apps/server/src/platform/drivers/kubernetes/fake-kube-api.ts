import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'yaml';

/**
 * A small stand-in for a Kubernetes API server, for tests: discovery for the kinds Meridian
 * deploys, server-side apply (PATCH), read and delete, `/version`. Deployments report their
 * replicas ready and LoadBalancer Services an address, as a healthy cluster would.
 */
export interface FakeKubeApi {
  url: string;
  kubeconfig: string;
  /** Live objects by API path. */
  objects: Map<string, Record<string, unknown>>;
  requests: { method: string; path: string; contentType?: string }[];
  close(): Promise<void>;
}

const resources: Record<string, { name: string; kind: string; namespaced: boolean }[]> = {
  '/api/v1': [
    { name: 'namespaces', kind: 'Namespace', namespaced: false },
    { name: 'services', kind: 'Service', namespaced: true },
    { name: 'secrets', kind: 'Secret', namespaced: true },
    { name: 'configmaps', kind: 'ConfigMap', namespaced: true },
  ],
  '/apis/apps/v1': [{ name: 'deployments', kind: 'Deployment', namespaced: true }],
};

export const fakeLoadBalancerAddress = '203.0.113.200';

export async function startFakeKubeApi(): Promise<FakeKubeApi> {
  const objects = new Map<string, Record<string, unknown>>();
  const requests: FakeKubeApi['requests'] = [];

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push({
      method: request.method ?? 'GET',
      path,
      contentType: request.headers['content-type'],
    });
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const send = (status: number, value: unknown) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(value));
      };
      if (path === '/version') return send(200, { gitVersion: 'v1.31.0' });
      const list = resources[path];
      if (list && request.method === 'GET') {
        return send(200, {
          kind: 'APIResourceList',
          groupVersion: path.replace(/^\/apis?\//, ''),
          resources: list.map((item) => ({
            ...item,
            singularName: '',
            verbs: ['get', 'patch', 'delete'],
          })),
        });
      }
      if (request.method === 'PATCH') {
        const applied = JSON.parse(body) as Record<string, unknown>;
        const live = { ...applied, status: statusFor(applied) };
        objects.set(path, live);
        return send(200, live);
      }
      if (request.method === 'GET') {
        const live = objects.get(path);
        return live
          ? send(200, live)
          : send(404, { kind: 'Status', message: `${path} not found`, code: 404 });
      }
      if (request.method === 'DELETE') {
        const existed = objects.delete(path);
        return existed
          ? send(200, { kind: 'Status', status: 'Success' })
          : send(404, { kind: 'Status', message: `${path} not found`, code: 404 });
      }
      send(405, { kind: 'Status', message: 'method not allowed', code: 405 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeconfig = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    // The client refuses plain http unless TLS checks are off; a test server has no TLS.
    clusters: [{ name: 'edge', cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'edge-admin', user: { token: 'edge-token' } }],
    contexts: [{ name: 'edge', context: { cluster: 'edge', user: 'edge-admin' } }],
    'current-context': 'edge',
  });
  return {
    url,
    kubeconfig,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function statusFor(object: Record<string, unknown>): Record<string, unknown> {
  const spec = (object.spec ?? {}) as Record<string, unknown>;
  if (object.kind === 'Deployment') {
    return { readyReplicas: typeof spec.replicas === 'number' ? spec.replicas : 1 };
  }
  if (object.kind === 'Service' && spec.type === 'LoadBalancer') {
    return { loadBalancer: { ingress: [{ ip: fakeLoadBalancerAddress }] } };
  }
  return {};
}

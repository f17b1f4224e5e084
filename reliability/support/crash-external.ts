import http from 'node:http';
import type net from 'node:net';
import { json, send } from './api';
import type { CrashStage } from './crash-stages';

/**
 * A user-run cluster's Kubernetes API as the external-cluster check sees it: a version, and node
 * listing refused. It lives in the test process, so it outlasts every kill of the server.
 */
export async function fakeKubeApi(): Promise<{ url: string; close(): Promise<void> }> {
  const version = { major: '1', minor: '30', gitVersion: 'v1.30.0', platform: 'linux/amd64' };
  const api = http.createServer((request, response) => {
    const known = request.url?.startsWith('/version');
    response.writeHead(known ? 200 : 403, { 'content-type': 'application/json' });
    response.end(JSON.stringify(known ? version : { kind: 'Status', code: 403 }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    },
  };
}

function kubeconfig(server: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    `clusters: [{name: c, cluster: {server: "${server}"}}]`,
    'users: [{name: u, user: {token: t}}]',
    'contexts: [{name: x, context: {cluster: c, user: u}}]',
    'current-context: x',
  ].join('\n');
}

/** Adding an external cluster: its check (check-external-cluster) probes the API above. */
export function externalStage(apiUrl: string): CrashStage {
  return {
    name: 'add external cluster',
    prepare: async (_target, tag) => ({ name: `${tag}-ext` }),
    async act(target, made) {
      const body = new FormData();
      body.append('name', made.name!);
      body.append('kubeConfig', new Blob([kubeconfig(apiUrl)]), 'kubeconfig.yaml');
      const path = '/cluster/clusters/external';
      await send(target.baseUrl(), path, { method: 'POST', headers: target.user.headers, body });
    },
    async settled(target, made) {
      const list = await json<{ name: string; status: string }[]>(
        target.baseUrl(),
        target.user,
        '/cluster/smart_clusters',
      );
      return list.find((item) => item.name === made.name)?.status === 'success';
    },
  };
}

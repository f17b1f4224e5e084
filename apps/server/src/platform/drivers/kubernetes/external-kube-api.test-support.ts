import { randomBytes, randomUUID } from 'node:crypto';
import { resourceByKind } from '../simulator/kube-api/kube-resources';
import type { ClusterBehaviour, SimulatedCluster } from '../simulator/kube-api/simulated-cluster';
import { SimulatedKubeApi } from '../simulator/kube-api/simulated-kube-api';

/** A Kubernetes API standing in for a user's own cluster: the simulator's, over HTTPS. */
export interface ExternalKubeApi {
  origin: string;
  kubeconfig: string;
  requests: { method: string; path: string; query: string; contentType?: string }[];
  cluster: SimulatedCluster;
  api: SimulatedKubeApi;
  has(apiVersion: string, kind: string, namespace: string | undefined, name: string): boolean;
  close(): Promise<void>;
}

export async function startExternalKubeApi(
  behaviour: Partial<ClusterBehaviour> = {},
): Promise<ExternalKubeApi> {
  const clusterId = randomUUID();
  const requests: ExternalKubeApi['requests'] = [];
  const api = new SimulatedKubeApi({
    secret: randomBytes(32),
    port: 0,
    behaviourOf: () => ({
      now: () => Date.now(),
      rolloutMs: () => 0,
      progressDeadlineMs: 0,
      failRollouts: false,
      nodeCount: 2,
      // Nodes of 8 vCPU and 16 GiB each, as a cluster of someone else's might have.
      nodeFlavor: 'medium',
      kubeVersion: 'v1.31.4',
      ...behaviour,
    }),
    onRequest: (request) => requests.push(request),
  });
  const { origin } = await api.start();
  await api.issueCredentials(clusterId);
  const cluster = api.cluster(clusterId);
  return {
    origin,
    kubeconfig: await api.kubeconfig(clusterId, 'edge'),
    requests,
    cluster,
    api,
    has: (apiVersion, kind, namespace, name) =>
      cluster.store.find(resourceByKind(apiVersion, kind)!, namespace, name) !== undefined,
    close: () => api.close(),
  };
}

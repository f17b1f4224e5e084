import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { handleKubeRequest, sendStatus } from './kube-api-routes';
import {
  clusterKubeconfig,
  clusterToken,
  isClusterToken,
  issueKubeApiTls,
} from './kube-credentials';
import type { KubePersistence } from './kube-persistence';
import { KubeApiError } from './kube-store';
import { SimulatedCluster, type ClusterBehaviour } from './simulated-cluster';

export interface SimulatedKubeApiOptions {
  /** Derives the CA key and every cluster's token: the same secret, the same credentials. */
  secret: Buffer;
  /** Loopback port (`MERIDIAN_SIM_KUBE_PORT`); 0 picks a free one. */
  port: number;
  /** What a cluster first seen by a request (not yet by the driver) behaves like. */
  behaviourOf(clusterId: string): ClusterBehaviour;
  /** Keeps the clusters' objects across restarts (unset: memory only). */
  persistence?: KubePersistence;
  /** Told of every request with valid credentials (tests read what a client asked). */
  onRequest?(request: { method: string; path: string; query: string; contentType?: string }): void;
}

interface Listening {
  origin: string;
  caPem: string;
}

function listenOn(server: https.Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const clusterPath = /^\/clusters\/([0-9a-f-]{36})(\/.*)?$/;

/**
 * The Kubernetes API of every simulated member cluster, served over HTTPS on loopback: each at
 * `https://127.0.0.1:PORT/clusters/<id>`, answering only that cluster's bearer token. The
 * driver, `kubectl` and any Kubernetes client talk to it as to a real cluster.
 */
export class SimulatedKubeApi {
  private readonly clusters = new Map<string, SimulatedCluster>();
  private readonly opened = new Map<string, Promise<SimulatedCluster>>();
  /** Writes to the persistence, in order, per process. */
  private writes: Promise<void> = Promise.resolve();
  private server: https.Server | undefined;
  private listening: Promise<Listening> | undefined;

  constructor(private readonly options: SimulatedKubeApiOptions) {}

  /** Starts listening on first use; answers where and with which CA. */
  start(): Promise<Listening> {
    this.listening ??= this.listen();
    return this.listening;
  }

  /** The cluster as this process holds it (without what a restart left in the persistence). */
  cluster(clusterId: string): SimulatedCluster {
    let cluster = this.clusters.get(clusterId);
    if (!cluster) {
      cluster = new SimulatedCluster(
        clusterId,
        this.options.behaviourOf(clusterId),
        (key, object) => this.persist(clusterId, key, object),
      );
      this.clusters.set(clusterId, cluster);
    }
    return cluster;
  }

  /** The cluster with its objects from before a restart, loaded on first use. */
  open(clusterId: string): Promise<SimulatedCluster> {
    let opening = this.opened.get(clusterId);
    if (!opening) {
      opening = (async () => {
        const cluster = this.cluster(clusterId);
        const kept = (await this.options.persistence?.load(clusterId)) ?? [];
        if (kept.length > 0 && cluster.store.resourceVersion === '1') cluster.restore(kept);
        return cluster;
      })();
      // A failed load is tried again by the next request.
      opening.catch(() => this.opened.delete(clusterId));
      this.opened.set(clusterId, opening);
    }
    return opening;
  }

  private persist(clusterId: string, key: string, object: unknown): void {
    const persistence = this.options.persistence;
    if (!persistence) return;
    this.writes = this.writes
      .then(() =>
        persistence.save(clusterId, key, object as Parameters<KubePersistence['save']>[2]),
      )
      .catch(() => {
        // The object lives on in memory; the next write of it stores it again.
      });
  }

  /** The cluster's API address, for its kubeconfig and for the driver. */
  async serverOf(clusterId: string): Promise<string> {
    return `${(await this.start()).origin}/clusters/${clusterId}`;
  }

  async kubeconfig(clusterId: string, clusterName: string): Promise<string> {
    const { caPem } = await this.start();
    return clusterKubeconfig({
      clusterName,
      server: await this.serverOf(clusterId),
      caPem,
      token: clusterToken(this.options.secret, clusterId),
    });
  }

  async forget(clusterId: string): Promise<void> {
    this.clusters.get(clusterId)?.close();
    this.clusters.delete(clusterId);
    this.opened.delete(clusterId);
    await this.writes;
    await this.options.persistence?.forget(clusterId);
  }

  /** Cuts every open connection (watches included), as a restarting API server would. */
  dropConnections(): void {
    this.server?.closeAllConnections();
  }

  async close(): Promise<void> {
    for (const cluster of this.clusters.values()) cluster.close();
    await this.writes;
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async listen(): Promise<Listening> {
    const tls = await issueKubeApiTls(this.options.secret);
    const server = https.createServer(
      { key: tls.keyPem, cert: tls.certificatePem },
      (request, response) => {
        this.answer(request, response).catch((error: unknown) => {
          if (response.headersSent) return void response.destroy();
          sendStatus(
            response,
            error instanceof KubeApiError
              ? error
              : new KubeApiError(500, 'InternalError', 'internal error'),
          );
        });
      },
    );
    this.server = server;
    try {
      await listenOn(server, this.options.port);
    } catch (error) {
      // The usual port is taken (another Meridian on this machine): any free one serves.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      await listenOn(server, 0);
    }
    server.unref();
    const { port } = server.address() as AddressInfo;
    return { origin: `https://127.0.0.1:${port}`, caPem: tls.caPem };
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { pathname } = new URL(request.url ?? '/', 'https://localhost');
    const match = clusterPath.exec(pathname);
    if (!match) throw new KubeApiError(404, 'NotFound', 'no such cluster');
    const [, clusterId = '', path = '/'] = match;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!isClusterToken(this.options.secret, clusterId, token)) {
      throw new KubeApiError(401, 'Unauthorized', 'Unauthorized');
    }
    const { origin } = await this.start();
    this.options.onRequest?.({
      method: request.method ?? 'GET',
      path,
      query: new URL(request.url ?? '/', 'https://localhost').search,
      contentType: request.headers['content-type'],
    });
    await handleKubeRequest(await this.open(clusterId), path, request, response, origin);
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { PermanentDriverError } from '../../infrastructure-driver';
import { handleKubeRequest, sendStatus } from './kube-api-routes';
import {
  clusterKubeconfig,
  clusterToken,
  isClusterToken,
  issueKubeApiTls,
  newCredentialSerial,
} from './kube-credentials';
import { memoryKubePersistence, type KubePersistence } from './kube-persistence';
import { KubeApiError, type KubeObject } from './kube-store';
import { SimulatedCluster, type ClusterBehaviour } from './simulated-cluster';

export interface SimulatedKubeApiOptions {
  /** Derives the CA key and every cluster's token: the same secret, the same credentials. */
  secret: Buffer;
  /** Loopback port (`MERIDIAN_SIM_KUBE_PORT`); 0 picks a free one. */
  port: number;
  /** What a cluster first seen by a request (not yet by the driver) behaves like. */
  behaviourOf(clusterId: string): ClusterBehaviour;
  /** Keeps the clusters' credentials and objects across restarts (unset: this process's memory). */
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
 * `https://127.0.0.1:PORT/clusters/<id>`, answering only the bearer token of the credentials
 * issued for that cluster, while they last. The driver, `kubectl` and any Kubernetes client
 * talk to it as to a real cluster.
 */
export class SimulatedKubeApi {
  private readonly clusters = new Map<string, SimulatedCluster>();
  private readonly opened = new Map<string, Promise<SimulatedCluster>>();
  /** The requests being answered per cluster (watches, followed logs): cut when its credentials end. */
  private readonly answering = new Map<string, Set<ServerResponse>>();
  private readonly persistence: KubePersistence;
  /** Writes to the persistence, in order, per process. */
  private writes: Promise<void> = Promise.resolve();
  private server: https.Server | undefined;
  private listening: Promise<Listening> | undefined;

  constructor(private readonly options: SimulatedKubeApiOptions) {
    this.persistence = options.persistence ?? memoryKubePersistence();
  }

  /** Starts listening on first use; answers where and with which CA. */
  start(): Promise<Listening> {
    this.listening ??= this.listen();
    return this.listening;
  }

  /** The cluster as this process holds it (without what a restart left in the persistence). */
  cluster(clusterId: string): SimulatedCluster {
    const held = this.clusters.get(clusterId);
    if (held) return held;
    const cluster: SimulatedCluster = new SimulatedCluster(
      clusterId,
      this.options.behaviourOf(clusterId),
      (key, object) => {
        // A forgotten cluster's last timers and requests store nothing.
        if (this.clusters.get(clusterId) === cluster) this.persist(clusterId, key, object);
      },
    );
    this.clusters.set(clusterId, cluster);
    return cluster;
  }

  /** The cluster with its objects from before a restart, loaded on first use. */
  open(clusterId: string): Promise<SimulatedCluster> {
    let opening = this.opened.get(clusterId);
    if (!opening) {
      opening = (async () => {
        const cluster = this.cluster(clusterId);
        const kept = await this.persistence.load(clusterId);
        if (kept.length > 0 && cluster.store.resourceVersion === '1') cluster.restore(kept);
        return cluster;
      })();
      // A failed load is tried again by the next request.
      opening.catch(() => this.opened.delete(clusterId));
      this.opened.set(clusterId, opening);
    }
    return opening;
  }

  private persist(clusterId: string, key: string, object: KubeObject | null): void {
    const persistence = this.persistence;
    this.writes = this.writes
      .then(() => persistence.save(clusterId, key, object))
      .catch(() => {
        // The object lives on in memory; the next write of it stores it again.
      });
  }

  /** The cluster's API address, for its kubeconfig and for the driver. */
  async serverOf(clusterId: string): Promise<string> {
    return `${(await this.start()).origin}/clusters/${clusterId}`;
  }

  /** Gives a new cluster its credentials; a cluster that has some keeps them (a re-run). */
  async issueCredentials(clusterId: string): Promise<void> {
    await this.persistence.issueCredentials(clusterId, newCredentialSerial());
  }

  /**
   * New credentials for the cluster: the token handed out before is refused from now on, and
   * what it was doing (a watch, followed logs) is cut. False when the cluster has none.
   */
  async rotateCredentials(clusterId: string): Promise<boolean> {
    const rotated = await this.persistence.rotateCredentials(clusterId, newCredentialSerial());
    this.cut(clusterId);
    return rotated;
  }

  /** The kubeconfig of the cluster's current credentials; a cluster without any was deleted. */
  async kubeconfig(clusterId: string, clusterName: string): Promise<string> {
    const serial = await this.persistence.credentialsOf(clusterId);
    if (serial === undefined) {
      throw new PermanentDriverError(
        `The cluster ${clusterName} no longer exists: it was deleted.`,
      );
    }
    const { caPem } = await this.start();
    return clusterKubeconfig({
      clusterName,
      server: await this.serverOf(clusterId),
      caPem,
      token: clusterToken(this.options.secret, clusterId, serial),
    });
  }

  /** The cluster is deleted: its credentials end, its objects are removed, its requests cut. */
  async forget(clusterId: string): Promise<void> {
    this.clusters.get(clusterId)?.close();
    this.clusters.delete(clusterId);
    this.opened.delete(clusterId);
    this.cut(clusterId);
    await this.writes;
    await this.persistence.forget(clusterId);
  }

  private cut(clusterId: string): void {
    for (const response of this.answering.get(clusterId) ?? []) response.destroy();
    this.answering.delete(clusterId);
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
    // Read at each request, so a rotation or deletion by any process ends the token at once.
    const serial = await this.persistence.credentialsOf(clusterId);
    if (serial === undefined || !isClusterToken(this.options.secret, clusterId, serial, token)) {
      throw new KubeApiError(401, 'Unauthorized', 'Unauthorized');
    }
    this.track(clusterId, response);
    const { origin } = await this.start();
    this.options.onRequest?.({
      method: request.method ?? 'GET',
      path,
      query: new URL(request.url ?? '/', 'https://localhost').search,
      contentType: request.headers['content-type'],
    });
    await handleKubeRequest(await this.open(clusterId), path, request, response, origin);
  }

  private track(clusterId: string, response: ServerResponse): void {
    const responses = this.answering.get(clusterId) ?? new Set<ServerResponse>();
    responses.add(response);
    this.answering.set(clusterId, responses);
    response.once('close', () => {
      responses.delete(response);
      if (responses.size === 0 && this.answering.get(clusterId) === responses) {
        this.answering.delete(clusterId);
      }
    });
  }
}

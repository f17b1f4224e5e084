import { Agent } from 'node:http';
import type { RequestOptions } from 'node:https';
import type {
  Configuration,
  CoreV1Api,
  KubeConfig,
  KubernetesObjectApi,
  RequestContext,
} from '@kubernetes/client-node';
import { parseKubeconfig, type KubeconfigTarget } from '@meridian/domain/clusters/kubeconfig';
import { PermanentDriverError } from '../infrastructure-driver';
import {
  checkClusterEndpoint,
  endpointRefusedCode,
  guardConnections,
  isTrustedOrigin,
  type ClusterEndpointPolicy,
} from '../../outbound-guard';

/** Deadlines of every call to a cluster's API: a hung or trickling server never holds a job. */
export interface KubernetesTimeouts {
  /** The whole request, from connecting to the last byte of the answer. */
  requestMs: number;
  /** Every request of one client together: one driver operation ends well within its job's deadline. */
  operationMs: number;
}

export const defaultKubernetesTimeouts: KubernetesTimeouts = {
  requestMs: 15_000,
  operationMs: 90_000,
};

/**
 * Opens a stored kubeconfig through the same checks as an upload, so one saved before a check
 * existed can still never run anything; a refusal is permanent for the job using it.
 */
export function openKubeconfig(text: string | undefined, clusterName: string): KubeconfigTarget {
  if (!text) throw new PermanentDriverError(`${clusterName} has no kubeconfig.`);
  const parsed = parseKubeconfig(text);
  if (!parsed.ok) throw new PermanentDriverError(parsed.error);
  return parsed.value;
}

/**
 * @kubernetes/client-node, loaded on first use: importing it costs a start about half a second
 * (docs/scale.md "Start-up"), and a server may run for hours before it calls a cluster.
 */
let loaded: ReturnType<typeof loadClientLibrary> | undefined;
const clientLibrary = () => (loaded ??= loadClientLibrary());

async function loadClientLibrary() {
  const library = await import('@kubernetes/client-node');
  /**
   * A client configuration whose every connection, redirects included, is checked against the
   * endpoint policy as it opens: generated APIs, Watch and Log alike get their agent from here.
   */
  class GuardedKubeConfig extends library.KubeConfig {
    constructor(private readonly policy: ClusterEndpointPolicy) {
      super();
    }

    override async applySecurityAuthentication(context: RequestContext): Promise<void> {
      await super.applySecurityAuthentication(context);
      const agent = context.getAgent();
      if (agent) guardConnections(agent, this.policy);
    }

    override async applyToFetchOptions(options: RequestOptions) {
      const init = await super.applyToFetchOptions(options);
      if (init.agent instanceof Agent) guardConnections(init.agent, this.policy);
      return init;
    }
  }
  /** The object API with the context's namespace as default, without reading any file. */
  class TargetObjectApi extends library.KubernetesObjectApi {
    constructor(configuration: Configuration, namespace: string | undefined) {
      super(configuration);
      if (namespace) this.defaultNamespace = namespace;
    }
  }
  return { library, GuardedKubeConfig, TargetObjectApi };
}

/** The library's values a driver uses beside a client (its patch strategies, Watch, Log). */
export async function kubernetesLibrary() {
  return (await clientLibrary()).library;
}

/**
 * A client configuration built field by field from the checked target, never from the file's
 * text: no exec, auth-provider, file path or proxy can reach @kubernetes/client-node. With a
 * policy, every connection it opens is checked (a trusted origin's are not).
 */
export async function kubeConfigOf(
  target: KubeconfigTarget,
  policy?: ClusterEndpointPolicy,
): Promise<KubeConfig> {
  const { library, GuardedKubeConfig } = await clientLibrary();
  const guarded = policy && !isTrustedOrigin(target.server, policy);
  const config = guarded ? new GuardedKubeConfig(policy) : new library.KubeConfig();
  config.loadFromOptions({
    clusters: [
      {
        name: target.clusterName,
        server: target.server,
        caData: target.certificateAuthorityData,
        tlsServerName: target.tlsServerName,
        // client-node refuses http:// unless this is set; there is no TLS to verify there anyway.
        skipTLSVerify: target.insecureSkipTlsVerify || target.server.startsWith('http://'),
      },
    ],
    users: [
      {
        name: target.userName,
        token: target.token,
        certData: target.clientCertificateData,
        keyData: target.clientKeyData,
      },
    ],
    contexts: [
      {
        name: target.contextName,
        cluster: target.clusterName,
        user: target.userName,
        namespace: target.namespace,
      },
    ],
    currentContext: target.contextName,
  });
  return config;
}

/**
 * A signal that aborts after `ms`, held by its own timer. Not `AbortSignal.timeout`: inside
 * `AbortSignal.any` Node may collect that signal before it fires, and the request then never
 * ends (nodejs/node#57736; seen under load, where a hung cluster API held a check for minutes).
 */
function deadline(ms: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms,
  );
  // The deadline alone must not keep the process alive.
  timer.unref();
  return controller.signal;
}

/** The generated clients' configuration with a deadline on every request and on all of them. */
async function configurationOf(config: KubeConfig, timeouts: KubernetesTimeouts) {
  const { createConfiguration, ServerConfiguration } = await kubernetesLibrary();
  const operation = deadline(timeouts.operationMs);
  return createConfiguration({
    baseServer: new ServerConfiguration(config.getCurrentCluster()!.server, {}),
    authMethods: { default: config },
    promiseMiddleware: [
      {
        pre: async (context) => {
          context.setSignal(AbortSignal.any([deadline(timeouts.requestMs), operation]));
          return context;
        },
        post: async (context) => context,
      },
    ],
  });
}

/**
 * The dynamic object API of the target cluster (server-side apply, read, delete), once its
 * address passes the endpoint policy; every connection it opens is checked again. A refused
 * address throws a PermanentDriverError, an unresolvable name an Error (retried).
 */
export async function guardedObjectApi(
  target: KubeconfigTarget,
  timeouts: KubernetesTimeouts,
  policy: ClusterEndpointPolicy,
): Promise<KubernetesObjectApi> {
  const endpoint = await checkClusterEndpoint(target.server, policy);
  if (!endpoint.ok) {
    throw endpoint.refused ? new PermanentDriverError(endpoint.reason) : new Error(endpoint.reason);
  }
  const { TargetObjectApi } = await clientLibrary();
  const configuration = await configurationOf(await kubeConfigOf(target, policy), timeouts);
  return new TargetObjectApi(configuration, target.namespace);
}

export type ProbeResult =
  | {
      ok: true;
      version: string;
      /** Node addresses, when the credentials may list nodes. */ nodeAddresses?: string[];
    }
  | { ok: false; reason: string };

/** Why a call to a cluster failed, as a sentence: never the raw HTTP exchange. */
export function unreachableReason(origin: string, error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown }).code;
  if (code === endpointRefusedCode) {
    // A connection refused by the endpoint policy (a redirect, or a name that changed address).
    return (
      /The cluster API .*$/.exec(String(error))?.[0] ??
      `The cluster API at ${origin} cannot be reached.`
    );
  }
  if (name === 'AbortError' || name === 'TimeoutError' || /aborted/i.test(String(error))) {
    return `The cluster API at ${origin} did not answer in time.`;
  }
  if (typeof code === 'number') {
    return code === 401 || code === 403
      ? `The cluster API at ${origin} refused the kubeconfig's credentials (HTTP ${code}).`
      : `The cluster API at ${origin} answered with an error (HTTP ${code}).`;
  }
  if (error instanceof SyntaxError || /JSON|Unexpected (token|end)/.test(String(error))) {
    return `The cluster API at ${origin} did not answer like a Kubernetes API.`;
  }
  if (/certificate|self.signed|SSL|TLS/i.test(String(error))) {
    return `The cluster API at ${origin} presented a certificate the kubeconfig does not trust.`;
  }
  return `The cluster API at ${origin} cannot be reached.`;
}

/** `GET /version` of the target, within the deadline, once its address passes the policy. */
export async function probeVersion(
  target: KubeconfigTarget,
  timeouts: Partial<KubernetesTimeouts>,
  policy: ClusterEndpointPolicy,
): Promise<ProbeResult> {
  const origin = new URL(target.server).origin;
  const endpoint = await checkClusterEndpoint(target.server, policy);
  if (!endpoint.ok) return { ok: false, reason: endpoint.reason };
  try {
    const { CoreV1Api, VersionApi } = await kubernetesLibrary();
    const config = await kubeConfigOf(target, policy);
    const configuration = await configurationOf(config, {
      requestMs: timeouts.requestMs ?? defaultKubernetesTimeouts.requestMs,
      operationMs: timeouts.operationMs ?? defaultKubernetesTimeouts.operationMs,
    });
    const info = await new VersionApi(configuration).getCode();
    const nodeAddresses = await listNodeAddresses(new CoreV1Api(configuration));
    return {
      ok: true,
      version: info.gitVersion || 'unknown',
      ...(nodeAddresses ? { nodeAddresses } : {}),
    };
  } catch (error) {
    return { ok: false, reason: unreachableReason(origin, error) };
  }
}

/** Each node's internal address (its name if it has none); undefined when listing is refused. */
async function listNodeAddresses(api: CoreV1Api): Promise<string[] | undefined> {
  try {
    const nodes = await api.listNode();
    return nodes.items.map((node) => {
      const internal = node.status?.addresses?.find((address) => address.type === 'InternalIP');
      return internal?.address ?? node.metadata?.name ?? 'unnamed';
    });
  } catch {
    return undefined;
  }
}

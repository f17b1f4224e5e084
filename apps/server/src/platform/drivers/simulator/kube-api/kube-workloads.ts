import { createHash } from 'node:crypto';
import { probesBlockReadiness, restartsOf } from './kube-probes';
import { isRecord, type KubeObject } from './kube-store';

/** What the simulator decides about one cluster's rollouts (docs/simulated-kubernetes.md). */
export interface RolloutPlan {
  startedAt: number;
  /** When every new pod is ready, if it ever is. */
  readyAt: number;
  /** When a stuck rollout is declared failed (the Deployment's progress deadline). */
  deadlineAt: number;
  replicaSet: string;
  /** Ready replicas of the previous version, serving until the new ones are. */
  previousReady: number;
  /** Why the new pods never become ready, as the kubelet would say. */
  stuck?: { reason: 'ErrImagePull' | 'CrashLoopBackOff'; message: string };
  /** The new pods run but a readiness (or startup) probe never passes (kube-probes.ts). */
  unready?: boolean;
}

// The grammar of a container image reference (registry host, path, tag, digest), loosely.
const imageReference =
  /^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

const podAlphabet = 'bcdfghjklmnpqrstvwxz2456789';

/** A short name suffix from a hash, in the alphabet Kubernetes uses for generated names. */
export function nameSuffix(seed: string, length: number): string {
  const digest = createHash('sha256').update(seed).digest();
  let suffix = '';
  for (let i = 0; i < length; i += 1) suffix += podAlphabet[digest[i]! % podAlphabet.length];
  return suffix;
}

export function specOf(object: KubeObject): Record<string, unknown> {
  return isRecord(object.spec) ? object.spec : {};
}

export function replicasOf(object: KubeObject): number {
  const replicas = specOf(object).replicas;
  return typeof replicas === 'number' ? replicas : 1;
}

export function containersOf(object: KubeObject): Record<string, unknown>[] {
  const template = specOf(object).template;
  const podSpec = isRecord(template) && isRecord(template.spec) ? template.spec : {};
  return Array.isArray(podSpec.containers) ? podSpec.containers.filter(isRecord) : [];
}

/** The rollout a new Deployment generation starts: its timing and, if doomed, why. */
export function planRollout(
  deployment: KubeObject,
  options: { now: number; durationMs: number; progressDeadlineMs: number; failing: boolean },
  previousReady: number,
): RolloutPlan {
  const template = JSON.stringify(specOf(deployment).template ?? {});
  const replicaSet = `${deployment.metadata.name}-${nameSuffix(template, 10)}`;
  const badImage = containersOf(deployment)
    .map((container) => String(container.image ?? ''))
    .find((image) => !imageReference.test(image));
  const stuck =
    badImage !== undefined
      ? {
          reason: 'ErrImagePull' as const,
          message: `Failed to pull image "${badImage}": invalid reference format`,
        }
      : options.failing
        ? {
            reason: 'CrashLoopBackOff' as const,
            message: 'back-off restarting failed container (simulated fault)',
          }
        : undefined;
  const unready = !stuck && probesBlockReadiness(containersOf(deployment));
  return {
    startedAt: options.now,
    readyAt: options.now + options.durationMs,
    deadlineAt: options.now + options.progressDeadlineMs,
    replicaSet,
    previousReady,
    ...(stuck ? { stuck } : {}),
    ...(unready ? { unready } : {}),
  };
}

function condition(type: string, status: boolean, reason: string, message: string, at: number) {
  const time = new Date(at).toISOString();
  return {
    type,
    status: status ? 'True' : 'False',
    reason,
    message,
    lastUpdateTime: time,
    lastTransitionTime: time,
  };
}

/** Ready pods of the rollout's new ReplicaSet: they come up one by one until `readyAt`. */
function newReadyOf(plan: RolloutPlan, replicas: number, now: number): number {
  if (plan.stuck || plan.unready) return 0;
  if (now >= plan.readyAt) return replicas;
  return Math.floor(
    (replicas * (now - plan.startedAt)) / Math.max(1, plan.readyAt - plan.startedAt),
  );
}

/** The Deployment's status at `now`, as its controller would report it. */
export function deploymentStatus(deployment: KubeObject, plan: RolloutPlan, now: number) {
  const replicas = replicasOf(deployment);
  const done = !plan.stuck && !plan.unready && now >= plan.readyAt;
  const newReady = newReadyOf(plan, replicas, now);
  const previous = done ? 0 : plan.previousReady;
  const updated = done ? replicas : Math.min(replicas, Math.max(1, newReady));
  const ready = Math.min(replicas, newReady + previous);
  const expired = !done && now >= plan.deadlineAt;
  const rs = `ReplicaSet "${plan.replicaSet}"`;
  const progressing = done
    ? condition(
        'Progressing',
        true,
        'NewReplicaSetAvailable',
        `${rs} has successfully progressed.`,
        plan.readyAt,
      )
    : expired
      ? condition(
          'Progressing',
          false,
          'ProgressDeadlineExceeded',
          `${rs} has timed out progressing.`,
          plan.deadlineAt,
        )
      : condition(
          'Progressing',
          true,
          'ReplicaSetUpdated',
          `${rs} is progressing.`,
          plan.startedAt,
        );
  const available = ready >= replicas;
  return {
    observedGeneration: deployment.metadata.generation,
    // Old pods keep running (and counting) until the new ones are ready.
    replicas: updated + previous,
    updatedReplicas: updated,
    readyReplicas: ready,
    availableReplicas: ready,
    ...(replicas > ready ? { unavailableReplicas: replicas - ready } : {}),
    conditions: [
      available
        ? condition(
            'Available',
            true,
            'MinimumReplicasAvailable',
            'Deployment has minimum availability.',
            plan.startedAt,
          )
        : condition(
            'Available',
            false,
            'MinimumReplicasUnavailable',
            'Deployment does not have minimum availability.',
            plan.startedAt,
          ),
      progressing,
    ],
  };
}

/** A pod's container statuses: waiting, or running (restarted by failing probes) and ready or not. */
function containerStatusesOf(
  deployment: KubeObject,
  plan: RolloutPlan,
  at: { now: number; scale: number },
  ready: boolean,
) {
  const running = ready || plan.unready === true;
  return containersOf(deployment).map((container) => {
    const { restartCount, lastStartedAt } = running
      ? restartsOf(container, plan.startedAt, at.now, at.scale)
      : { restartCount: 0, lastStartedAt: plan.startedAt };
    return {
      name: String(container.name ?? 'app'),
      image: String(container.image ?? ''),
      ready,
      started: running,
      restartCount:
        plan.stuck?.reason === 'CrashLoopBackOff'
          ? Math.floor((at.now - plan.startedAt) / 20_000)
          : restartCount,
      state: running
        ? { running: { startedAt: new Date(lastStartedAt).toISOString() } }
        : { waiting: plan.stuck ?? { reason: 'ContainerCreating' } },
      ...(restartCount > 0
        ? { lastState: { terminated: { exitCode: 137, reason: 'Error' } } }
        : {}),
    };
  });
}

/**
 * The pods of the Deployment's current ReplicaSet at `now`, spread over the cluster's nodes,
 * with the template's whole pod spec (env, volumes, probes); `scale` is the probes' clock.
 */
export function podsOf(
  deployment: KubeObject,
  plan: RolloutPlan,
  now: number,
  nodeCount = 3,
  scale = 1,
): KubeObject[] {
  const replicas = replicasOf(deployment);
  const newReady = newReadyOf(plan, replicas, now);
  const template = specOf(deployment).template;
  const labels = isRecord(template) && isRecord(template.metadata) ? template.metadata.labels : {};
  const podSpec = isRecord(template) && isRecord(template.spec) ? template.spec : {};
  const hash = plan.replicaSet.slice(deployment.metadata.name.length + 1);
  return Array.from({ length: replicas }, (_, index) => {
    const name = `${plan.replicaSet}-${nameSuffix(`${deployment.metadata.uid}/${hash}/${index}`, 5)}`;
    const ready = index < newReady;
    const started = new Date(plan.startedAt).toISOString();
    const running = ready || plan.unready || plan.stuck?.reason === 'CrashLoopBackOff';
    const readyText = ready ? 'True' : 'False';
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: deployment.metadata.namespace,
        uid: nameSuffix(name, 20),
        resourceVersion: deployment.metadata.resourceVersion,
        generation: 1,
        creationTimestamp: started,
        labels: { ...(isRecord(labels) ? labels : {}), 'pod-template-hash': hash },
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: plan.replicaSet, controller: true },
        ],
      },
      spec: {
        ...podSpec,
        containers: containersOf(deployment),
        nodeName: `node-${(index % Math.max(1, nodeCount)) + 1}`,
      },
      status: {
        phase: running ? 'Running' : 'Pending',
        conditions: [
          { type: 'Ready', status: readyText },
          { type: 'ContainersReady', status: readyText },
        ],
        containerStatuses: containerStatusesOf(deployment, plan, { now, scale }, ready),
        podIP: `10.244.${index % 250}.${(nameSuffix(name, 1).charCodeAt(0) % 250) + 2}`,
        startTime: started,
      },
    };
  });
}

/** The Deployment's current ReplicaSet. */
export function replicaSetOf(deployment: KubeObject, plan: RolloutPlan, now: number): KubeObject {
  const status = deploymentStatus(deployment, plan, now);
  const template = specOf(deployment).template;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: plan.replicaSet,
      namespace: deployment.metadata.namespace,
      uid: nameSuffix(`${deployment.metadata.uid}/${plan.replicaSet}`, 20),
      resourceVersion: deployment.metadata.resourceVersion,
      generation: 1,
      creationTimestamp: new Date(plan.startedAt).toISOString(),
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: deployment.metadata.name,
          controller: true,
        },
      ],
    },
    spec: { replicas: replicasOf(deployment), template },
    status: {
      replicas: status.replicas,
      readyReplicas: status.readyReplicas,
      availableReplicas: status.availableReplicas,
    },
  };
}

const paths = [
  '/',
  '/',
  '/api/items',
  '/api/items/42',
  '/static/app.js',
  '/healthz',
  '/login',
  '/api/cart',
];
const agents = [
  'Mozilla/5.0 (X11; Linux x86_64)',
  'curl/8.5.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)',
];

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');

/** nginx's access-log time: `26/Nov/2026:14:25:26 +0000`. */
function accessTime(at: Date): string {
  return (
    `${two(at.getUTCDate())}/${months[at.getUTCMonth()]}/${at.getUTCFullYear()}:` +
    `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000`
  );
}

/** nginx's error-log time: `2026/11/26 14:25:26`. */
function errorTime(at: Date): string {
  return (
    `${at.getUTCFullYear()}/${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())} ` +
    `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`
  );
}

// Mostly 200s, some redirects and misses, a few server errors (out of 256).
function statusOf(roll: number): number {
  if (roll < 4) return 502;
  if (roll < 8) return 500;
  if (roll < 20) return 404;
  if (roll < 26) return 401;
  if (roll < 40) return 304;
  if (roll < 48) return 301;
  return 200;
}

/**
 * One line the pod's container writes at `at` (deterministic per pod and time), as nginx would:
 * an access-log line, or now and then an `[error]` line of its error log.
 */
export function accessLogLine(podName: string, at: number, stuck: RolloutPlan['stuck']): string {
  const seed = createHash('sha256').update(`${podName}/${at}`).digest();
  const time = new Date(at);
  if (stuck) return `${errorTime(time)} [emerg] 1#1: ${stuck.message}`;
  const path = paths[seed[0]! % paths.length]!;
  const client = `198.51.100.${(seed[2]! % 250) + 1}`;
  if (seed[6]! < 6) {
    return (
      `${errorTime(time)} [error] 29#29: *${seed[7]! * 13} connect() failed (111: Connection refused) ` +
      `while connecting to upstream, client: ${client}, request: "GET ${path} HTTP/1.1", ` +
      `upstream: "http://127.0.0.1:8080${path}"`
    );
  }
  const status = statusOf(seed[1]!);
  const agent = agents[seed[3]! % agents.length]!;
  const bytes = status === 304 ? 0 : 200 + seed[4]! * 7;
  return `${client} - - [${accessTime(time)}] "GET ${path} HTTP/1.1" ${status} ${bytes} "-" "${agent}" ${(seed[5]! % 90) + 2}ms`;
}

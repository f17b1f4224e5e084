/**
 * The Kubernetes resources a simulated member cluster serves: what Meridian's driver applies
 * and reads, and what `kubectl get`, `logs` and `rollout status` ask for
 * (docs/simulated-kubernetes.md).
 */
export interface KubeResource {
  /** '' for the core group. */
  group: string;
  version: string;
  /** The plural in paths, e.g. `deployments`. */
  name: string;
  singularName: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
  /** Made by the cluster's controllers, never by a client (pods, replica sets). */
  readOnly?: boolean;
}

export const kubeResources: readonly KubeResource[] = [
  {
    group: '',
    version: 'v1',
    name: 'namespaces',
    singularName: 'namespace',
    kind: 'Namespace',
    namespaced: false,
    shortNames: ['ns'],
  },
  {
    group: '',
    version: 'v1',
    name: 'nodes',
    singularName: 'node',
    kind: 'Node',
    namespaced: false,
    shortNames: ['no'],
    readOnly: true,
  },
  {
    group: '',
    version: 'v1',
    name: 'services',
    singularName: 'service',
    kind: 'Service',
    namespaced: true,
    shortNames: ['svc'],
  },
  {
    group: '',
    version: 'v1',
    name: 'configmaps',
    singularName: 'configmap',
    kind: 'ConfigMap',
    namespaced: true,
    shortNames: ['cm'],
  },
  {
    group: '',
    version: 'v1',
    name: 'secrets',
    singularName: 'secret',
    kind: 'Secret',
    namespaced: true,
  },
  {
    group: '',
    version: 'v1',
    name: 'serviceaccounts',
    singularName: 'serviceaccount',
    kind: 'ServiceAccount',
    namespaced: true,
    shortNames: ['sa'],
  },
  {
    group: '',
    version: 'v1',
    name: 'persistentvolumeclaims',
    singularName: 'persistentvolumeclaim',
    kind: 'PersistentVolumeClaim',
    namespaced: true,
    shortNames: ['pvc'],
  },
  {
    group: '',
    version: 'v1',
    name: 'pods',
    singularName: 'pod',
    kind: 'Pod',
    namespaced: true,
    shortNames: ['po'],
    readOnly: true,
  },
  {
    group: '',
    version: 'v1',
    name: 'events',
    singularName: 'event',
    kind: 'Event',
    namespaced: true,
    shortNames: ['ev'],
    readOnly: true,
  },
  {
    group: 'apps',
    version: 'v1',
    name: 'deployments',
    singularName: 'deployment',
    kind: 'Deployment',
    namespaced: true,
    shortNames: ['deploy'],
  },
  {
    group: 'apps',
    version: 'v1',
    name: 'replicasets',
    singularName: 'replicaset',
    kind: 'ReplicaSet',
    namespaced: true,
    shortNames: ['rs'],
    readOnly: true,
  },
  {
    group: 'apps',
    version: 'v1',
    name: 'statefulsets',
    singularName: 'statefulset',
    kind: 'StatefulSet',
    namespaced: true,
    shortNames: ['sts'],
  },
  {
    group: 'networking.k8s.io',
    version: 'v1',
    name: 'ingresses',
    singularName: 'ingress',
    kind: 'Ingress',
    namespaced: true,
    shortNames: ['ing'],
  },
  {
    group: 'policy',
    version: 'v1',
    name: 'poddisruptionbudgets',
    singularName: 'poddisruptionbudget',
    kind: 'PodDisruptionBudget',
    namespaced: true,
    shortNames: ['pdb'],
  },
  {
    group: 'autoscaling',
    version: 'v2',
    name: 'horizontalpodautoscalers',
    singularName: 'horizontalpodautoscaler',
    kind: 'HorizontalPodAutoscaler',
    namespaced: true,
    shortNames: ['hpa'],
  },
];

/** `apps/v1`, or `v1` for the core group. */
export function groupVersionOf(resource: Pick<KubeResource, 'group' | 'version'>): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version;
}

export function resourceByPath(groupVersion: string, name: string): KubeResource | undefined {
  return kubeResources.find(
    (resource) => groupVersionOf(resource) === groupVersion && resource.name === name,
  );
}

export function resourceByKind(apiVersion: string, kind: string): KubeResource | undefined {
  return kubeResources.find(
    (resource) => groupVersionOf(resource) === apiVersion && resource.kind === kind,
  );
}

const groups = [...new Set(kubeResources.filter((r) => r.group).map(groupVersionOf))];

function verbsOf(resource: KubeResource): string[] {
  return resource.readOnly
    ? ['get', 'list', 'watch']
    : ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
}

/** `GET /api/v1` or `GET /apis/<group>/<version>`, or undefined for a group it does not serve. */
export function resourceList(groupVersion: string) {
  const served = kubeResources.filter((resource) => groupVersionOf(resource) === groupVersion);
  if (served.length === 0) return undefined;
  const resources = served.flatMap((resource) => [
    {
      name: resource.name,
      singularName: resource.singularName,
      namespaced: resource.namespaced,
      kind: resource.kind,
      verbs: verbsOf(resource),
      ...(resource.shortNames ? { shortNames: resource.shortNames } : {}),
    },
    ...(resource.kind === 'Pod'
      ? [{ name: 'pods/log', singularName: '', namespaced: true, kind: 'Pod', verbs: ['get'] }]
      : []),
  ]);
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources };
}

export function coreVersions(serverAddress: string) {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

export function groupList() {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: groups.map((groupVersion) => {
      const [name = '', version = ''] = groupVersion.split('/');
      const preferred = { groupVersion, version };
      return { name, versions: [preferred], preferredVersion: preferred };
    }),
  };
}

/** The OpenAPI v3 index kubectl reads before it writes (its validation is left to the server). */
export function openApiIndex() {
  const all = ['v1', ...groups];
  return {
    paths: Object.fromEntries(
      all.map((groupVersion) => {
        const path = groupVersion === 'v1' ? 'api/v1' : `apis/${groupVersion}`;
        return [path, { serverRelativeURL: `/openapi/v3/${path}?hash=1` }];
      }),
    ),
  };
}

/** One group's OpenAPI document: a PATCH per writable kind, with `fieldValidation`. */
export function openApiDocument(groupVersion: string) {
  const served = kubeResources.filter(
    (resource) => groupVersionOf(resource) === groupVersion && !resource.readOnly,
  );
  const base = groupVersion === 'v1' ? '/api/v1' : `/apis/${groupVersion}`;
  const paths = Object.fromEntries(
    served.map((resource) => {
      const path = resource.namespaced
        ? `${base}/namespaces/{namespace}/${resource.name}/{name}`
        : `${base}/${resource.name}/{name}`;
      const gvk = { group: resource.group, kind: resource.kind, version: resource.version };
      const operation = {
        'x-kubernetes-action': 'patch',
        'x-kubernetes-group-version-kind': gvk,
        parameters: [{ name: 'fieldValidation', in: 'query', schema: { type: 'string' } }],
        responses: { '200': { description: 'OK' } },
      };
      return [path, { patch: operation }];
    }),
  );
  return { openapi: '3.0.0', info: { title: 'Kubernetes', version: 'v1.31.0' }, paths };
}

import type { KubeResource } from './kube-resources';
import { isRecord, type KubeObject } from './kube-store';

/** How long ago, as kubectl's AGE column prints it (5s, 3m, 2h, 4d). */
function age(object: KubeObject, now: number): string {
  const seconds = Math.max(
    0,
    Math.floor((now - Date.parse(object.metadata.creationTimestamp)) / 1000),
  );
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

const record = (value: unknown) => (isRecord(value) ? value : {});
const number = (value: unknown) => (typeof value === 'number' ? value : 0);

type Column = [name: string, cell: (object: KubeObject) => string | number];

function deploymentColumns(): Column[] {
  return [
    [
      'Ready',
      (o) => `${number(record(o.status).readyReplicas)}/${number(record(o.spec).replicas ?? 1)}`,
    ],
    ['Up-to-date', (o) => number(record(o.status).updatedReplicas)],
    ['Available', (o) => number(record(o.status).availableReplicas)],
  ];
}

function podColumns(): Column[] {
  const containers = (o: KubeObject) => {
    const statuses = record(o.status).containerStatuses;
    return Array.isArray(statuses) ? statuses.filter(isRecord) : [];
  };
  return [
    [
      'Ready',
      (o) => `${containers(o).filter((c) => c.ready === true).length}/${containers(o).length}`,
    ],
    [
      'Status',
      (o) => {
        const waiting = containers(o)
          .map((c) => record(record(c.state).waiting).reason)
          .find((reason) => typeof reason === 'string');
        return typeof waiting === 'string' ? waiting : String(record(o.status).phase ?? 'Unknown');
      },
    ],
    ['Restarts', (o) => containers(o).reduce((sum, c) => sum + number(c.restartCount), 0)],
  ];
}

function serviceColumns(): Column[] {
  return [
    ['Type', (o) => String(record(o.spec).type ?? 'ClusterIP')],
    ['Cluster-IP', (o) => String(record(o.spec).clusterIP ?? '<none>')],
    [
      'External-IP',
      (o) => {
        const ingress = record(record(o.status).loadBalancer).ingress;
        const first = Array.isArray(ingress) ? record(ingress[0]) : {};
        return typeof first.ip === 'string'
          ? first.ip
          : record(o.spec).type === 'LoadBalancer'
            ? '<pending>'
            : '<none>';
      },
    ],
    [
      'Port(s)',
      (o) => {
        const ports = record(o.spec).ports;
        return Array.isArray(ports)
          ? ports
              .filter(isRecord)
              .map((p) => `${String(p.port)}/${String(p.protocol ?? 'TCP')}`)
              .join(',')
          : '<none>';
      },
    ],
  ];
}

function claimColumns(): Column[] {
  return [
    ['Status', (o) => String(record(o.status).phase ?? 'Pending')],
    ['Volume', (o) => String(record(o.spec).volumeName ?? '')],
    ['Capacity', (o) => String(record(record(o.status).capacity).storage ?? '')],
    [
      'Access Modes',
      (o) => {
        const modes = record(o.status).accessModes;
        const short: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX' };
        return Array.isArray(modes)
          ? modes.map((mode) => short[String(mode)] ?? 'RWX').join(',')
          : '';
      },
    ],
  ];
}

function autoscalerColumns(): Column[] {
  const cpu = (o: KubeObject) => {
    const metrics = record(o.spec).metrics;
    const current = record(o.status).currentMetrics;
    const target = Array.isArray(metrics) ? record(record(record(metrics[0]).resource).target) : {};
    const now = Array.isArray(current) ? record(record(record(current[0]).resource).current) : {};
    const reading =
      typeof now.averageUtilization === 'number' ? `${now.averageUtilization}%` : '<unknown>';
    return `cpu: ${reading}/${String(target.averageUtilization ?? 80)}%`;
  };
  return [
    [
      'Reference',
      (o) => {
        const ref = record(record(o.spec).scaleTargetRef);
        return `${String(ref.kind ?? '')}/${String(ref.name ?? '')}`;
      },
    ],
    ['Targets', cpu],
    ['MinPods', (o) => number(record(o.spec).minReplicas ?? 1)],
    ['MaxPods', (o) => number(record(o.spec).maxReplicas)],
    ['Replicas', (o) => number(record(o.status).currentReplicas)],
  ];
}

function eventColumns(): Column[] {
  return [
    ['Type', (o) => String(o.type ?? '')],
    ['Reason', (o) => String(o.reason ?? '')],
    [
      'Object',
      (o) => {
        const involved = record(o.involvedObject);
        return `${String(involved.kind ?? '').toLowerCase()}/${String(involved.name ?? '')}`;
      },
    ],
    ['Message', (o) => String(o.message ?? '')],
  ];
}

function columnsOf(resource: KubeResource): Column[] {
  switch (resource.kind) {
    case 'Deployment':
      return deploymentColumns();
    case 'Pod':
      return podColumns();
    case 'Service':
      return serviceColumns();
    case 'PersistentVolumeClaim':
      return claimColumns();
    case 'HorizontalPodAutoscaler':
      return autoscalerColumns();
    case 'Event':
      return eventColumns();
    case 'Namespace':
      return [['Status', (o) => String(record(o.status).phase ?? 'Active')]];
    case 'Node':
      return [
        ['Status', () => 'Ready'],
        ['Version', (o) => String(record(record(o.status).nodeInfo).kubeletVersion ?? '')],
      ];
    default:
      return [];
  }
}

/** The `Table` kubectl asks for (`Accept: …;as=Table`), so `get` prints real columns. */
export function asTable(
  resource: KubeResource,
  objects: KubeObject[],
  resourceVersion: string,
  now: number,
) {
  const columns = columnsOf(resource);
  const definition = (name: string, format = '') => ({
    name,
    type: 'string',
    format,
    description: '',
    priority: 0,
  });
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: [
      definition('Name', 'name'),
      ...columns.map(([name]) => definition(name)),
      definition('Age'),
    ],
    rows: objects.map((object) => ({
      cells: [object.metadata.name, ...columns.map(([, cell]) => cell(object)), age(object, now)],
      object: {
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: object.metadata,
      },
    })),
  };
}

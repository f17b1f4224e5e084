import { isRecord, type KubeObject } from './kube-store';

/**
 * What the API server keeps or converts on a write, as a real one would: a Secret's
 * `stringData` becomes base64 `data`; a Deployment applied without `replicas` keeps the count
 * its autoscaler set; a bound claim keeps its volume.
 */
export function withKeptFields(
  kind: string,
  body: Record<string, unknown>,
  previous: KubeObject | undefined,
): Record<string, unknown> {
  const spec = isRecord(body.spec) ? body.spec : undefined;
  const before = isRecord(previous?.spec) ? previous.spec : {};
  if (kind === 'Secret') return secretWithData(body);
  if (
    kind === 'Deployment' &&
    spec &&
    spec.replicas === undefined &&
    before.replicas !== undefined
  ) {
    return { ...body, spec: { ...spec, replicas: before.replicas } };
  }
  if (kind === 'PersistentVolumeClaim' && spec && typeof before.volumeName === 'string') {
    return { ...body, spec: { ...spec, volumeName: before.volumeName } };
  }
  return body;
}

/** A Secret as stored: `stringData` merged into `data` as base64, `type` Opaque unless told. */
function secretWithData(body: Record<string, unknown>): Record<string, unknown> {
  const { stringData, ...rest } = body;
  const data = isRecord(rest.data) ? { ...rest.data } : {};
  if (isRecord(stringData)) {
    for (const [key, value] of Object.entries(stringData)) {
      data[key] = Buffer.from(String(value), 'utf8').toString('base64');
    }
  }
  return {
    ...rest,
    type: rest.type ?? 'Opaque',
    ...(Object.keys(data).length > 0 ? { data } : {}),
  };
}

/** A claim's status once its volume is provisioned: Bound, with the capacity it asked for. */
export function claimStatus(claim: KubeObject): Record<string, unknown> {
  const spec = isRecord(claim.spec) ? claim.spec : {};
  const resources = isRecord(spec.resources) ? spec.resources : {};
  const requests = isRecord(resources.requests) ? resources.requests : {};
  return {
    phase: 'Bound',
    accessModes: Array.isArray(spec.accessModes) ? spec.accessModes : ['ReadWriteOnce'],
    capacity: { storage: String(requests.storage ?? '1Gi') },
  };
}

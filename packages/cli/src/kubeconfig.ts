import { datacenterSchema, kubeconfigDownloadSchema } from '@meridian/domain/clusters/cluster-api';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { z } from 'zod';
import { listSmartClusters, pick } from './apps';
import type { MeridianApi } from './meridian-api';
import { CliError } from './settings';

/**
 * The datacenter of `cluster` that `wanted` names by uuid or city, any case, as `logs` reads its
 * `--location`; a smart cluster in one location needs none.
 */
export function locationOf(
  cluster: Pick<SmartCluster, 'name' | 'datacenters'>,
  catalogue: readonly Pick<Datacenter, 'uuid' | 'location'>[],
  wanted: string | undefined,
): string {
  const cityOf = (uuid: string) => catalogue.find((entry) => entry.uuid === uuid)?.location ?? uuid;
  const cities = cluster.datacenters.map(cityOf).join(', ');
  if (wanted === undefined) {
    if (cluster.datacenters.length === 1) return cluster.datacenters[0]!;
    throw new CliError(`${cluster.name} runs in ${cities}: say which with --location.`);
  }
  const name = wanted.toLowerCase();
  const found = cluster.datacenters.find(
    (uuid) => uuid.toLowerCase() === name || cityOf(uuid).toLowerCase() === name,
  );
  if (!found)
    throw new CliError(`${cluster.name} does not run in ${wanted}; it runs in ${cities}.`);
  return found;
}

/**
 * The kubeconfig of one location of a smart cluster (`GET /cluster/clusters/{id}/config` with
 * `x-provider-id`), decoded.
 */
export async function kubeconfig(
  api: MeridianApi,
  { smartCluster, location }: { smartCluster: string; location?: string },
): Promise<string> {
  const [clusters, catalogue] = await Promise.all([
    listSmartClusters(api),
    api('/cluster/datacenters', { schema: z.array(datacenterSchema) }),
  ]);
  const cluster = pick(clusters, smartCluster, 'smart cluster');
  const encoded = await api(`/cluster/clusters/${cluster.uuid}/config`, {
    headers: { 'x-provider-id': locationOf(cluster, catalogue, location) },
    schema: kubeconfigDownloadSchema,
  });
  return Buffer.from(encoded, 'base64').toString('utf8');
}

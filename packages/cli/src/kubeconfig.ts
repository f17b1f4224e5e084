import { kubeconfigDownloadSchema } from '@meridian/domain/clusters/cluster-api';
import { listSmartClusters, pick } from './apps';
import type { MeridianApi } from './meridian-api';
import { CliError } from './settings';

/**
 * The kubeconfig of one location of a smart cluster (`GET /cluster/clusters/{id}/config` with
 * `x-provider-id`), decoded. A smart cluster in one location needs no `location`.
 */
export async function kubeconfig(
  api: MeridianApi,
  { smartCluster, location }: { smartCluster: string; location?: string },
): Promise<string> {
  const cluster = pick(await listSmartClusters(api), smartCluster, 'smart cluster');
  const datacenter =
    location ?? (cluster.datacenters.length === 1 ? cluster.datacenters[0] : undefined);
  if (!datacenter) {
    throw new CliError(
      `${cluster.name} runs in ${cluster.datacenters.join(', ')}: say which with --location.`,
    );
  }
  if (!cluster.datacenters.includes(datacenter)) {
    throw new CliError(
      `${cluster.name} does not run in ${datacenter}; it runs in ${cluster.datacenters.join(', ')}.`,
    );
  }
  const encoded = await api(`/cluster/clusters/${cluster.uuid}/config`, {
    headers: { 'x-provider-id': datacenter },
    schema: kubeconfigDownloadSchema,
  });
  return Buffer.from(encoded, 'base64').toString('utf8');
}

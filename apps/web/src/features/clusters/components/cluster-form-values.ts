import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { defaultFlavor } from '@meridian/domain/flavors';
import type { FlavorKey } from '@meridian/domain/flavors';
import { defaultClusterMode, limits } from '@meridian/domain/limits';
import type { ClusterMode } from '@meridian/domain/limits';
import type { UploadFile } from 'antd';

/** The cluster form's fields (spec "Form payloads" "Cluster form"). */
export interface ClusterFormValues {
  name: string;
  datacenters: string[];
  mode: ClusterMode;
  cluster_size: FlavorKey;
  master_count: number | null;
  minion_count: number | null;
  latency?: number | null;
  budget?: number | null;
  kubeConfig?: UploadFile[];
}

/** The form as it opens: the smart cluster's values when updating, the defaults when creating. */
export function initialClusterFormValues(
  smartCluster: SmartCluster | null,
): Partial<ClusterFormValues> {
  return smartCluster
    ? {
        name: smartCluster.name,
        datacenters: smartCluster.placement?.candidates ?? smartCluster.datacenters,
        mode: smartCluster.mode,
        latency: smartCluster.latency,
        budget: smartCluster.budget,
      }
    : {
        datacenters: [],
        mode: defaultClusterMode,
        cluster_size: defaultFlavor.name.toLowerCase() as FlavorKey,
        master_count: limits.nodeCountDefault,
        minion_count: limits.nodeCountDefault,
      };
}

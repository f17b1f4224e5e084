import { clusterWorkMinutes, type ClusterDurations } from '@meridian/domain/clusters/cluster-api';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { DriverOperation } from '../../../platform/drivers/infrastructure-driver';
import type { ClusterContext } from '../cluster-context';

/**
 * How long creating and updating a smart cluster usually take here: the shortest and longest over
 * the drivers of the datacenters a cluster can be created in (the simulator's are scaled).
 */
export async function clusterDurations(context: ClusterContext): Promise<ClusterDurations> {
  const drivers = new Set(
    (await context.datacenters())
      .filter((datacenter) => datacenter.uuid !== externalDatacenterUuid)
      .map((datacenter) => context.drivers.get(datacenter.driver)),
  );
  const range = (operation: Extract<DriverOperation, 'create' | 'update'>) => {
    const [low, high] = clusterWorkMinutes[operation];
    const real = [low * 60_000, high * 60_000] as const;
    const ranges = drivers.size
      ? [...drivers].map((driver) => driver?.expectedDurationMs?.(operation) ?? real)
      : [real];
    return {
      min_seconds: Math.min(...ranges.map(([min]) => min)) / 1000,
      max_seconds: Math.max(...ranges.map(([, max]) => max)) / 1000,
    };
  };
  return { create: range('create'), update: range('update') };
}

import type { FlavorKey } from '../flavors';
import { hoursPerMonth } from '../limits';
import type { Datacenter } from './datacenter';

export interface CostEstimateInput {
  datacenters: readonly Pick<Datacenter, 'flavor_prices'>[];
  clusterSize: FlavorKey;
  masterCount: number;
  minionCount: number;
}

/**
 * Minimum total cost per month (spec "Business constants and limits"): the sum over the selected datacenters of
 * (masters + minions) × the hourly price of the chosen size × 730.001.
 */
export function minimumMonthlyCost({
  datacenters,
  clusterSize,
  masterCount,
  minionCount,
}: CostEstimateInput): number {
  return datacenters.reduce(
    (total, datacenter) =>
      total +
      (masterCount + minionCount) * (datacenter.flavor_prices[clusterSize] ?? 0) * hoursPerMonth,
    0,
  );
}

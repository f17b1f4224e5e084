import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import { minimumMonthlyCost } from '@meridian/domain/clusters/cost-estimate';
import type { FlavorKey } from '@meridian/domain/flavors';
import { formatCad } from '@meridian/domain/billing/usage-rules';
import { budgetMessage } from '@meridian/domain/validation-messages';
import { currentLocale } from '../../shared/i18n/locale';
import { validationText } from '../../shared/i18n/translate';

export interface CostFormValues {
  datacenters?: string[];
  cluster_size?: FlavorKey;
  master_count?: number | null;
  minion_count?: number | null;
}

/** Minimum total cost for the form's current values (0 until something is chosen). */
export function formMinimumCost(
  values: CostFormValues,
  datacenters: readonly Datacenter[],
): number {
  const chosen = datacenters.filter((datacenter) => values.datacenters?.includes(datacenter.uuid));
  const masterCount = Number.isInteger(values.master_count) ? Number(values.master_count) : 0;
  const minionCount = Number.isInteger(values.minion_count) ? Number(values.minion_count) : 0;
  return minimumMonthlyCost({
    datacenters: chosen,
    clusterSize: values.cluster_size ?? 'mini',
    masterCount,
    minionCount,
  });
}

/** Budget: a number, at least the minimum total cost (message with the minimum, 2 decimals). */
export function budgetError(budget: unknown, minimum: number): string | null {
  if (typeof budget !== 'number' || Number.isNaN(budget) || budget < minimum || budget < 0) {
    // The spec's English, or the French with the amount as French writes it: « 123,45 $ ».
    return currentLocale() === 'fr-CA'
      ? validationText('budget').replace('{minimum}', formatCad(minimum, 'fr-CA'))
      : budgetMessage(minimum);
  }
  return null;
}

export function isExternalChoice(datacenters: readonly string[] | undefined): boolean {
  return Boolean(datacenters?.includes(externalDatacenterUuid));
}

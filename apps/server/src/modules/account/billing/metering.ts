import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { Database } from '../../../platform/db/database';
import { endOpenUsagePeriods, findOpenUsagePeriod, insertUsagePeriod } from './billing.queries';
import { checkAccountBudget } from './budget.service';
import type { AppRow, VersionRow } from '../../../platform/db/schema/apps';
import type { ClusterRow, DatacenterRow } from '../../../platform/db/schema/clusters';

export interface UsageStart {
  userId: string;
  resourceId: string;
  resourceType: 'cluster' | 'stack';
  name: string;
  description: string;
  datacenter: Pick<DatacenterRow, 'uuid' | 'location' | 'flavorPrices'>;
  flavor: FlavorKey;
  quantity: number;
  at: Date;
}

/**
 * Starts billing a resource from `at`. Idempotent: a period already open at the same quantity and
 * rate goes on; one at another quantity or rate ends at `at` and a new one starts, so each period
 * bills one price.
 */
export async function openUsage(tx: Database, start: UsageStart): Promise<void> {
  // The price in force when the resource starts: later price changes do not rewrite the past.
  const rate = start.datacenter.flavorPrices[start.flavor] ?? 0;
  const open = await findOpenUsagePeriod(tx, start.resourceId);
  if (open && open.quantity === start.quantity && open.rate === rate) return;
  if (open) await endOpenUsagePeriods(tx, start.resourceId, start.at);
  await insertUsagePeriod(tx, {
    userId: start.userId,
    resourceId: start.resourceId,
    resourceType: start.resourceType,
    name: start.name,
    description: start.description,
    projectRegion: start.datacenter.location,
    datacenterUuid: start.datacenter.uuid,
    flavor: start.flavor,
    quantity: start.quantity,
    rate,
    startedAt: start.at,
  });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Meters the end of a member cluster's operation (called in the transaction that records it).
 * External clusters are the user's own machines: never billed. A failed operation changes
 * nothing: a failed creation never ran, a failed deletion or update leaves the nodes running.
 */
export async function meterMember(
  tx: Database,
  member: { cluster: ClusterRow; datacenter: DatacenterRow; smartClusterName: string | undefined },
  operation: 'create' | 'update' | 'delete',
  ok: boolean,
  at: Date,
): Promise<void> {
  const { cluster, datacenter } = member;
  if (!ok || cluster.clusterType === 'external' || datacenter.uuid === externalDatacenterUuid) {
    return;
  }
  if (operation === 'delete') {
    await endOpenUsagePeriods(tx, cluster.id, at);
    return checkAccountBudget(tx, cluster.userId, at);
  }
  const flavor = cluster.clusterSize ?? 'mini';
  await openUsage(tx, {
    userId: cluster.userId,
    resourceId: cluster.id,
    resourceType: 'cluster',
    name: cluster.name,
    description: `${member.smartClusterName ?? cluster.name}: ${plural(cluster.masterCount, 'master')} and ${plural(cluster.minionCount, 'minion')}, ${flavor}`,
    datacenter,
    flavor,
    quantity: cluster.masterCount + cluster.minionCount,
    at,
  });
  // Cost recorded: the budget is checked with it (the alerts round checks between changes).
  await checkAccountBudget(tx, cluster.userId, at);
}

/**
 * Meters the end of a deployment's rollout or removal. Only Heat stacks bill (one server of the
 * version's flavor); Kubernetes apps run on nodes their cluster already bills.
 */
export async function meterDeployment(
  tx: Database,
  work: {
    deployment: { id: string; userId: string };
    datacenter: DatacenterRow;
    version: VersionRow;
    app: AppRow;
  },
  removed: boolean,
  ok: boolean,
  at: Date,
): Promise<void> {
  const { deployment, datacenter, version, app } = work;
  if (!ok || version.templateType !== 'HEAT' || datacenter.uuid === externalDatacenterUuid) return;
  if (removed) {
    await endOpenUsagePeriods(tx, deployment.id, at);
    return checkAccountBudget(tx, deployment.userId, at);
  }
  const flavor = version.flavorName ?? 'mini';
  await openUsage(tx, {
    userId: deployment.userId,
    resourceId: deployment.id,
    resourceType: 'stack',
    name: `${app.name} ${version.name}`,
    description: `Heat stack of ${app.name} (${version.name}), ${flavor}`,
    datacenter,
    flavor,
    quantity: 1,
    at,
  });
  await checkAccountBudget(tx, deployment.userId, at);
}

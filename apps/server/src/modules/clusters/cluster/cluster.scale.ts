import { eventType } from '@meridian/domain/events/event-catalogue';
import {
  observedLoad,
  judgeScaling,
  type ScalingVerdict,
} from '../../intelligence/intelligence.public';
import { inTransaction, type ClusterContext } from '../cluster-context';
import { event, smartPayload } from './cluster.events';
import {
  changeMemberRow,
  changeSmartClusterRow,
  listMemberRows,
  lockSmartCluster,
  insertPlacementRow,
} from './cluster.queries';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/**
 * Scaling an AUTOMATIC smart cluster's minions on the load each member served (architecture
 * "Placement"), within its budget: the members that change are updated by their driver, and the
 * decision joins the placement history. Answers whether it started.
 */
export async function scaleOnLoad(
  context: ClusterContext,
  smart: SmartClusterRow,
  at: Date,
  mayShrink: boolean,
): Promise<boolean> {
  if (!smart.clusterSize || smart.budget === null || !smart.placement) return false;
  const load = await observedLoad(context.db, smart.id, at);
  const members = await listMemberRows(context.db, { smartClusterId: smart.id });
  if (members.some(({ cluster }) => cluster.status !== 'success')) return false;
  const verdict = judgeScaling({
    members: members.map(({ cluster, datacenter }) => ({
      datacenter,
      minions: cluster.minionCount,
      requestsPerMinute: load.get(datacenter.uuid) ?? 0,
    })),
    clusterSize: smart.clusterSize,
    masterCount: smart.masterCount,
    leastMinions: smart.minionCount,
    budget: smart.budget,
    mayShrink,
  });
  return verdict ? startScaling(context, smart.id, verdict, at) : false;
}

function startScaling(
  context: ClusterContext,
  smartClusterId: string,
  { minions, monthlyCost, notice }: ScalingVerdict,
  at: Date,
): Promise<boolean> {
  return inTransaction(context, async (tx, send) => {
    const locked = await lockSmartCluster(tx, smartClusterId);
    if (!locked?.placement || locked.deleted || locked.status !== 'success' || locked.replacement) {
      return false;
    }
    const decision = {
      ...locked.placement,
      monthly_cost: monthlyCost,
      demand_source: 'traffic' as const,
      decided_at: at.toISOString(),
      reason: notice.replace(/^Scaling/, 'Scaled'),
    };
    const smart = await changeSmartClusterRow(tx, smartClusterId, {
      status: 'updating',
      statusReason: null,
      placement: decision,
      updatedAt: context.now(),
    });
    await insertPlacementRow(tx, smartClusterId, decision);
    const pending = eventType('SMART_CLUSTER', 'UPDATE', 'PENDING');
    await event(tx, smart.userId, pending, smartPayload(smart, notice));
    for (const { cluster } of await listMemberRows(tx, { smartClusterId })) {
      const count = minions.get(cluster.datacenterUuid);
      if (count === undefined) continue;
      const row = await changeMemberRow(tx, cluster.id, {
        minionCount: count,
        status: 'updating',
        operationDeadline: null,
        updatedAt: context.now(),
      });
      await send({ kind: 'update-cluster', clusterId: row.id });
    }
    return true;
  });
}

import { isInProgress, type Status } from '@meridian/domain/status';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import type {
  DriverOperation,
  ProvisionedCluster,
} from '../../../platform/drivers/infrastructure-driver';
import { meterMember } from '../../account/account.public';
import type { ClusterContext } from '../cluster-context';
import { event, memberPayload, smartPayload } from './cluster.events';
import {
  finishMemberRow,
  listMemberRows,
  lockSmartCluster,
  updateSmartClusterRow,
  type MemberChange,
  type MemberWithDatacenter,
} from './cluster.queries';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/** The status a member (and its smart cluster) shows while an operation runs. */
export const inProgressStatus: Record<DriverOperation, Status> = {
  create: 'creating',
  update: 'updating',
  delete: 'deleting',
};

/**
 * Once no member of a smart cluster is still working, the smart cluster's own operation ends:
 * success, failure with the members' reasons, or (deleting) gone. Call with its row locked.
 */
export async function settleSmartCluster(
  context: ClusterContext,
  tx: Database,
  smartClusterId: string,
  locked?: SmartClusterRow,
): Promise<void> {
  const { now } = context;
  const smart = locked ?? (await lockSmartCluster(tx, smartClusterId));
  if (!smart || smart.deleted || !isInProgress(smart.status)) return;
  // A move in progress settles when it has carried the deployments over (cluster.replace.ts).
  if (smart.replacement) return;
  const members = await listMemberRows(tx, { smartClusterId });
  if (members.some(({ cluster }) => isInProgress(cluster.status))) return;
  const at = now();
  if (smart.status === 'deleting') {
    if (members.length === 0) {
      await updateSmartClusterRow(tx, smart.id, { deleted: true, updatedAt: at });
      await event(
        tx,
        smart.userId,
        eventType('SMART_CLUSTER', 'DELETE', 'FULFILLED'),
        smartPayload(smart),
      );
      return;
    }
    const reason = members
      .map(({ cluster }) => cluster.statusReason)
      .filter(Boolean)
      .join('\n');
    await updateSmartClusterRow(tx, smart.id, {
      status: 'failure',
      statusReason: reason || 'Deletion failed.',
      updatedAt: at,
    });
    await event(
      tx,
      smart.userId,
      eventType('SMART_CLUSTER', 'DELETE', 'REJECTED'),
      smartPayload(smart, reason),
    );
    return;
  }
  const action = smart.status === 'creating' ? 'CREATE' : 'UPDATE';
  const failed = members.filter(({ cluster }) => cluster.status === 'failure');
  const datacenterList = members.map(({ cluster }) => cluster.datacenterUuid);
  if (failed.length > 0) {
    const reason = failed
      .map(({ cluster, datacenter }) => cluster.statusReason ?? `${datacenter.location} failed.`)
      .join('\n');
    await updateSmartClusterRow(tx, smart.id, {
      status: 'failure',
      statusReason: reason,
      datacenters: datacenterList,
      updatedAt: at,
    });
    await event(
      tx,
      smart.userId,
      eventType('SMART_CLUSTER', action, 'REJECTED'),
      smartPayload(smart, reason),
    );
  } else {
    await updateSmartClusterRow(tx, smart.id, {
      status: 'success',
      statusReason: null,
      datacenters: datacenterList,
      updatedAt: at,
    });
    await event(
      tx,
      smart.userId,
      eventType('SMART_CLUSTER', action, 'FULFILLED'),
      smartPayload(smart),
    );
  }
}

/**
 * Ends a member's running operation exactly once: the conditional UPDATE (still in the
 * operation's status) is the guard against a second worker or a re-run of the same step.
 */
export async function finishMember(
  context: ClusterContext,
  member: MemberWithDatacenter,
  operation: DriverOperation,
  outcome: { ok: true; result?: ProvisionedCluster } | { ok: false; reason: string },
): Promise<void> {
  const { db, secrets, now } = context;
  const { cluster } = member;
  await db.transaction(async (tx) => {
    // Lock order everywhere: smart cluster, then member.
    const smart = await lockSmartCluster(tx, cluster.smartClusterId);
    const set: MemberChange = {
      operationDeadline: null,
      updatedAt: now(),
    };
    if (!outcome.ok) {
      Object.assign(set, { status: 'failure', statusReason: outcome.reason });
    } else if (operation === 'delete') {
      Object.assign(set, { deleted: true, statusReason: null, kubeconfigSealed: null });
    } else {
      Object.assign(set, { status: 'success', statusReason: null });
      if (outcome.result) {
        Object.assign(set, {
          masterAddresses: outcome.result.masterAddresses,
          nodeAddresses: outcome.result.nodeAddresses,
          kubeVersion: outcome.result.kubeVersion,
          monitoringPath: outcome.result.monitoringPath,
          kubeconfigSealed: secrets.seal(outcome.result.kubeconfig),
        });
      }
    }
    const updated = await finishMemberRow(tx, cluster.id, inProgressStatus[operation], set);
    if (!updated) return;
    const billed = {
      cluster: updated,
      datacenter: member.datacenter,
      smartClusterName: smart?.name,
    };
    await meterMember(tx, billed, operation, outcome.ok, updated.updatedAt);
    if (operation === 'create') {
      await event(
        tx,
        cluster.userId,
        eventType('CLUSTER', 'CREATE', outcome.ok ? 'FULFILLED' : 'REJECTED'),
        memberPayload(updated, outcome.ok ? null : outcome.reason),
      );
    } else if (operation === 'delete') {
      await event(
        tx,
        cluster.userId,
        eventType('CLUSTER', 'DELETE', outcome.ok ? 'FULFILLED' : 'REJECTED'),
        memberPayload(updated, outcome.ok ? null : outcome.reason),
      );
    }
    await settleSmartCluster(context, tx, cluster.smartClusterId, smart);
  });
}

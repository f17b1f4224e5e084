import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import {
  clusterMessages,
  type SmartCluster,
  type SmartClusterUpdateInput,
} from '@meridian/domain/clusters/smart-cluster';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import { sameSet } from '../../intelligence/intelligence.public';
import { inTransaction, type ClusterContext, type SendClusterJob } from '../cluster-context';
import { event, memberPayload, smartPayload } from './cluster.events';
import { toSmartCluster } from './cluster.mapper';
import { checkCandidates, placeAutomatic } from './cluster.placement';
import {
  changeMemberRow,
  changeSmartClusterRow,
  listMemberRows,
  lockSmartCluster,
  type MemberWithDatacenter,
  type SmartClusterChange,
  insertPlacementRow,
} from './cluster.queries';
import {
  checkBudget,
  insertMembers,
  memberName,
  ownSmartCluster,
  requireDatacenters,
} from './cluster.service';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/** What an update decided: the smart cluster's new fields and the datacenters it keeps. */
interface UpdatePlan {
  change: Omit<SmartClusterChange, 'updatedAt'>;
  wanted: string[];
  rows: Awaited<ReturnType<typeof requireDatacenters>>;
}

/**
 * `PUT /cluster/clusters/{id}`. MANUAL: its datacenters become the ones given. AUTOMATIC: it is
 * placed again on its (possibly new) candidates, latency and budget; a new set of datacenters is
 * reached make-before-break by the replacement job (cluster.replace.ts).
 */
export async function updateSmartCluster(
  context: ClusterContext,
  userId: string,
  id: string,
  input: SmartClusterUpdateInput,
): Promise<SmartCluster> {
  const { db, now } = context;
  const current = await ownSmartCluster(context, userId, id);
  if (current.status === 'failure') throw new ConflictError(clusterMessages.cannotEditFailed);
  if (current.status !== 'success') throw new ConflictError(clusterMessages.cannotEditInProgress);
  const members = await listMemberRows(db, { smartClusterId: id });
  if (members.some(({ cluster }) => cluster.clusterType === 'external')) {
    throw new ConflictError(clusterMessages.cannotEditExternal);
  }
  const plan =
    current.mode === 'AUTOMATIC'
      ? await planAutomatic(context, current, input)
      : await planManual(context, current, members, input);
  const placement = plan.change.placement;
  const updated = await inTransaction(context, async (tx, send) => {
    const locked = await lockSmartCluster(tx, id);
    if (!locked || locked.deleted) throw new NotFoundError('Smart cluster not found');
    if (locked.status !== 'success') {
      throw new ConflictError(clusterMessages.cannotEditInProgress);
    }
    const moving = placement ? !sameSet(placement.datacenters, currentUuids(members)) : false;
    const smart = await changeSmartClusterRow(tx, id, {
      ...plan.change,
      // A move keeps the old placement until the new members run (cluster.replace.ts).
      placement: moving ? locked.placement : placement,
      name: input.name,
      // Left out, it stays; given empty, it is cleared.
      ...(input.description === undefined ? {} : { description: input.description || null }),
      status: 'updating',
      statusReason: null,
      updatedAt: now(),
    });
    if (placement && !moving) await insertPlacementRow(tx, id, placement);
    await event(tx, userId, eventType('SMART_CLUSTER', 'UPDATE', 'PENDING'), smartPayload(smart));
    const leaving = await changeMembers(
      context,
      tx,
      send,
      members,
      plan.wanted,
      input.name,
      moving,
    );
    const added = await insertMembers(
      context,
      tx,
      smart,
      plan.rows.filter((row) => !currentUuids(members).includes(row.uuid)),
      send,
    );
    if (!moving || !placement) return smart;
    const replacement = { from: leaving, to: added.map((row) => row.id), decision: placement };
    await send({ kind: 'replace-smart-cluster', smartClusterId: id });
    return changeSmartClusterRow(tx, id, { replacement, updatedAt: now() });
  });
  return toSmartCluster(updated);
}

function currentUuids(members: readonly MemberWithDatacenter[]): string[] {
  return members.map(({ cluster }) => cluster.datacenterUuid);
}

async function planManual(
  context: ClusterContext,
  current: SmartClusterRow,
  members: readonly MemberWithDatacenter[],
  input: SmartClusterUpdateInput,
): Promise<UpdatePlan> {
  let wanted = currentUuids(members);
  if (input.datacenters) {
    wanted = [...new Set(input.datacenters)];
    if (wanted.includes(externalDatacenterUuid)) {
      throw new ValidationError([clusterMessages.noMixOfDatacenters]);
    }
  }
  const rows = await requireDatacenters(context, wanted);
  return { change: { datacenters: wanted, budget: null, latency: null }, wanted, rows };
}

async function planAutomatic(
  context: ClusterContext,
  current: SmartClusterRow,
  input: SmartClusterUpdateInput,
): Promise<UpdatePlan> {
  const candidates = input.datacenters
    ? [...new Set(input.datacenters)]
    : (current.candidates ?? current.datacenters);
  checkCandidates(candidates);
  const candidateRows = await requireDatacenters(context, candidates);
  const size = current.clusterSize;
  if (!size) throw new ConflictError(clusterMessages.cannotEditExternal);
  const budget = input.budget ?? current.budget ?? undefined;
  const latency = input.latency ?? current.latency ?? 0;
  checkBudget(budget, candidateRows, size, current.masterCount, current.minionCount);
  const { chosen, decision } = await placeAutomatic(context, {
    candidates: candidateRows,
    clusterSize: size,
    masterCount: current.masterCount,
    minionCount: current.minionCount,
    latency,
    demand: input.demand,
  });
  return {
    change: { budget: budget ?? null, latency, candidates, placement: decision },
    wanted: decision.datacenters,
    rows: chosen,
  };
}

/**
 * Members that stay are updated (renamed); the others are deleted at once, or, when the smart
 * cluster moves make-before-break, left running and answered for the replacement to retire.
 */
async function changeMembers(
  context: ClusterContext,
  tx: Database,
  send: SendClusterJob,
  members: readonly MemberWithDatacenter[],
  wanted: readonly string[],
  name: string,
  moving: boolean,
): Promise<string[]> {
  const leaving: string[] = [];
  for (const { cluster } of members) {
    const keep = wanted.includes(cluster.datacenterUuid);
    if (!keep && moving) {
      leaving.push(cluster.id);
      continue;
    }
    const row = await changeMemberRow(tx, cluster.id, {
      status: keep ? 'updating' : 'deleting',
      name: memberName(name, cluster.datacenterUuid),
      operationDeadline: null,
      updatedAt: context.now(),
    });
    if (!keep) {
      await event(tx, row.userId, eventType('CLUSTER', 'DELETE', 'PENDING'), memberPayload(row));
    }
    await send({ kind: keep ? 'update-cluster' : 'delete-cluster', clusterId: cluster.id });
  }
  return leaving;
}

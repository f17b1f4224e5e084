import { randomBytes } from 'node:crypto';
import { externalDatacenterUuid, type Datacenter } from '@meridian/domain/clusters/datacenter';
import { minimumMonthlyCost } from '@meridian/domain/clusters/cost-estimate';
import { parseKubeconfig } from '@meridian/domain/clusters/kubeconfig';
import {
  clusterMessages,
  type Cluster,
  type SmartCluster,
  type SmartClusterCreateInput,
} from '@meridian/domain/clusters/smart-cluster';
import type { MemberDeployment, SmartClusterInFull } from '@meridian/domain/clusters/cluster-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { FlavorKey } from '@meridian/domain/flavors';
import type { Status } from '@meridian/domain/status';
import { budgetMessage, validationMessages } from '@meridian/domain/validation-messages';
import { cpuTask } from '../../../platform/cpu-pool';
import type { Database } from '../../../platform/db/database';
import { checkClusterEndpoint } from '../../../platform/outbound-guard';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import { inTransaction, type ClusterContext, type SendClusterJob } from '../cluster-context';
import { event, memberPayload, smartPayload } from './cluster.events';
import { toCluster, toDatacenter, toSmartCluster } from './cluster.mapper';
import {
  changeSmartClusterRow,
  findOwnSmartCluster,
  findVisibleSmartCluster,
  insertMemberRows,
  insertSmartClusterRow,
  listDatacenterRows,
  listMemberRows,
  listSmartClusterRows,
  lockSmartCluster,
  startDeletingMembers,
  type MemberChange,
  type MemberWithDatacenter,
  insertPlacementRow,
} from './cluster.queries';
import { settleSmartCluster } from './cluster.settle';
import { specOf } from './cluster.jobs';
import { placeAutomatic } from './cluster.placement';
import {
  claimOrganizationDefault,
  deletableSmartCluster,
  organizationsOf,
  organizationToShareWith,
} from './cluster.shared';
import type {
  ClusterRow,
  DatacenterRow,
  SmartClusterRow,
} from '../../../platform/db/schema/clusters';

export function memberName(smartName: string, datacenter: string): string {
  return `${smartName}-${datacenter}`;
}

export async function requireDatacenters(
  context: ClusterContext,
  uuids: readonly string[],
): Promise<DatacenterRow[]> {
  const unique = [...new Set(uuids)];
  const known = await context.datacenters();
  const rows = known.filter((row) => unique.includes(row.uuid));
  if (rows.length !== unique.length) throw new ValidationError([validationMessages.datacenter]);
  return unique.map((uuid) => rows.find((row) => row.uuid === uuid)!);
}

/**
 * The spec's budget rule: at least the minimum cost of every datacenter. A missing budget passes
 * unless `required` (AUTOMATIC creation), where the answer names the minimum.
 */
export function checkBudget(
  budget: number | undefined,
  rows: readonly DatacenterRow[],
  size: FlavorKey | null,
  masters: number,
  minions: number,
  required = false,
): void {
  if ((budget === undefined && !required) || !size) return;
  const minimum = minimumMonthlyCost({
    datacenters: rows.map((row) => ({ flavor_prices: row.flavorPrices })),
    clusterSize: size,
    masterCount: masters,
    minionCount: minions,
  });
  // Compared at the cent shown in the message, so the minimum the message names is accepted.
  if (budget === undefined || Math.round(budget * 100) < Math.round(minimum * 100)) {
    throw new ValidationError([budgetMessage(minimum)]);
  }
}

export async function ownSmartCluster(
  context: ClusterContext,
  userId: string,
  id: string,
): Promise<SmartClusterRow> {
  const { db } = context;
  const row = await findOwnSmartCluster(db, userId, id);
  if (!row) throw new NotFoundError('Smart cluster not found');
  return row;
}

export async function insertMembers(
  context: ClusterContext,
  tx: Database,
  smart: SmartClusterRow,
  rows: readonly DatacenterRow[],
  send: SendClusterJob,
  extra: MemberChange = {},
): Promise<ClusterRow[]> {
  if (rows.length === 0) return [];
  const members = await insertMemberRows(
    tx,
    rows.map((row) => ({
      smartClusterId: smart.id,
      userId: smart.userId,
      name: memberName(smart.name, row.uuid),
      clusterType:
        row.uuid === externalDatacenterUuid ? ('external' as const) : ('smart_cluster' as const),
      datacenterUuid: row.uuid,
      status: 'creating' as const,
      clusterSize: smart.clusterSize,
      masterCount: smart.masterCount,
      minionCount: smart.minionCount,
      ...extra,
    })),
  );
  for (const member of members) {
    await event(tx, smart.userId, eventType('CLUSTER', 'CREATE', 'PENDING'), memberPayload(member));
    await send({
      kind: member.clusterType === 'external' ? 'check-external-cluster' : 'provision-cluster',
      clusterId: member.id,
    });
  }
  return members;
}

export async function listDatacenters(context: ClusterContext): Promise<Datacenter[]> {
  const { db } = context;
  return (await listDatacenterRows(db)).map(toDatacenter);
}

export async function listSmartClusters(
  context: ClusterContext,
  userId: string,
): Promise<SmartCluster[]> {
  const { db } = context;
  const [rows, deployed] = await Promise.all([
    listSmartClusterRows(db, userId, await organizationsOf(db, userId)),
    context.deployments.versionUuidsBySmartCluster(db, userId),
  ]);
  return rows.map((row) => smartClusterAnswer(row, deployed));
}

/** One smart cluster the user sees, with its member clusters and what runs on them (404 else). */
export async function smartClusterInFull(
  context: ClusterContext,
  userId: string,
  id: string,
): Promise<SmartClusterInFull> {
  const { db } = context;
  const row = await findVisibleSmartCluster(db, userId, await organizationsOf(db, userId), id);
  if (!row) throw new NotFoundError('Smart cluster not found');
  const [members, running, deployed] = await Promise.all([
    listMemberRows(db, { smartClusterId: row.id }),
    context.deployments.memberDeploymentsOfUser(db, userId, row.id),
    context.deployments.versionUuidsBySmartCluster(db, userId, row.id),
  ]);
  return {
    smart_cluster: smartClusterAnswer(row, deployed),
    clusters: members.map((member) => clusterAnswer(member, running)),
  };
}

export async function listClusters(context: ClusterContext, userId: string): Promise<Cluster[]> {
  const { db } = context;
  const [members, running] = await Promise.all([
    listMemberRows(db, { userId }),
    context.deployments.memberDeploymentsOfUser(db, userId),
  ]);
  return members.map((member) => clusterAnswer(member, running));
}

/** A smart cluster as the API answers it, with the versions deployed on it. */
function smartClusterAnswer(row: SmartClusterRow, deployed: Map<string, string[]>): SmartCluster {
  const versionUuids = deployed.get(row.id) ?? [];
  return {
    ...toSmartCluster(row),
    versions: versionUuids.map((uuid) => ({ version_uuid: uuid })),
    version_uuids: versionUuids,
  };
}

/** A member cluster as the API answers it, with the deployments running on it. */
function clusterAnswer(
  member: MemberWithDatacenter,
  running: Map<string, MemberDeployment[]>,
): Cluster {
  return { ...toCluster(member), deployments: running.get(member.cluster.id) ?? [] };
}

/**
 * `callerId` creates it for `accountId` (theirs, or an organisation's they are an admin of); a
 * default shared smart cluster belongs to the organisation it is shared with.
 */
export async function createSmartCluster(
  context: ClusterContext,
  callerId: string,
  input: SmartClusterCreateInput,
  accountId: string = callerId,
): Promise<SmartCluster> {
  const { secrets } = context;
  const wanted = [...new Set(input.datacenters)];
  if (wanted.includes(externalDatacenterUuid)) {
    throw new ValidationError([clusterMessages.externalNeedsUpload]);
  }
  const rows = await requireDatacenters(context, wanted);
  const { budget, cluster_size: size, master_count: masters, minion_count: minions } = input;
  checkBudget(budget, rows, size, masters, minions, input.mode === 'AUTOMATIC');
  const placed =
    input.mode === 'AUTOMATIC'
      ? await placeAutomatic(context, {
          candidates: rows,
          clusterSize: input.cluster_size,
          masterCount: input.master_count,
          minionCount: input.minion_count,
          latency: input.latency ?? 0,
          demand: input.demand,
        })
      : undefined;
  const password = input.monitoring_default_password;
  const sharedFor = await organizationToShareWith(
    context.db,
    callerId,
    input.default_shared_for_org_uuid,
  );
  const userId = sharedFor ?? accountId;
  const smart = await inTransaction(context, async (tx, send) => {
    await claimOrganizationDefault(tx, sharedFor);
    const smart = await insertSmartClusterRow(tx, {
      userId,
      organizationId: userId === callerId ? null : userId,
      defaultSharedForOrgUuid: sharedFor,
      name: input.name,
      description: input.description || null,
      mode: input.mode,
      status: 'creating',
      latency: input.mode === 'AUTOMATIC' ? (input.latency ?? null) : null,
      budget: input.mode === 'AUTOMATIC' ? (input.budget ?? null) : null,
      clusterSize: input.cluster_size,
      masterCount: input.master_count,
      minionCount: input.minion_count,
      datacenters: placed?.decision.datacenters ?? wanted,
      candidates: placed ? wanted : null,
      placement: placed?.decision ?? null,
      monitoringPasswordSealed: password ? secrets.seal(password) : null,
    });
    if (placed) await insertPlacementRow(tx, smart.id, placed.decision);
    await event(tx, userId, eventType('SMART_CLUSTER', 'CREATE', 'PENDING'), smartPayload(smart));
    await insertMembers(context, tx, smart, placed?.chosen ?? rows, send);
    return smart;
  });
  return {
    ...toSmartCluster(smart),
    ...(password ? { monitoring_default_password: password } : {}),
  };
}

/**
 * An uploaded kubeconfig read on the CPU pool: the YAML parser took 0.2–0.5 s on 128 KiB of
 * crafted flow mappings.
 */
export const readKubeconfigTask = cpuTask('@meridian/domain/clusters/kubeconfig', {
  parseKubeconfig,
});

export async function createExternalCluster(
  context: ClusterContext,
  userId: string,
  name: string,
  kubeconfig: string,
  /** The organisation whose account `userId` is, if any (docs/organizations.md). */
  organizationId: string | null = null,
): Promise<SmartCluster> {
  const { secrets } = context;
  const parsed = await context.cpu.run(readKubeconfigTask, kubeconfig);
  if (!parsed.ok) throw new ValidationError([parsed.error]);
  // Refused before anything is stored: the user fixes the address, or the operator the switch.
  const endpoint = await checkClusterEndpoint(parsed.value.server, context.endpointPolicy);
  if (!endpoint.ok) throw new ValidationError([endpoint.reason]);
  const rows = await requireDatacenters(context, [externalDatacenterUuid]);
  const smart = await inTransaction(context, async (tx, send) => {
    const smart = await insertSmartClusterRow(tx, {
      userId,
      organizationId,
      name,
      mode: 'MANUAL',
      status: 'creating',
      clusterSize: null,
      datacenters: [externalDatacenterUuid],
    });
    await event(tx, userId, eventType('SMART_CLUSTER', 'CREATE', 'PENDING'), smartPayload(smart));
    await insertMembers(context, tx, smart, rows, send, {
      kubeconfigSealed: secrets.seal(kubeconfig),
    });
    return smart;
  });
  return toSmartCluster(smart);
}

export async function removeSmartCluster(
  context: ClusterContext,
  userId: string,
  id: string,
  { shared = false } = {},
): Promise<SmartCluster> {
  const { now } = context;
  const current = await deletableSmartCluster(context, userId, id, shared);
  if (!canBeDeleted(current.status)) {
    throw new ConflictError(clusterMessages.cannotDeleteInProgress);
  }
  const removed = await inTransaction(context, async (tx, send) => {
    const locked = await lockSmartCluster(tx, id);
    if (!locked || locked.deleted) throw new NotFoundError('Smart cluster not found');
    if (!canBeDeleted(locked.status)) {
      throw new ConflictError(clusterMessages.cannotDeleteInProgress);
    }
    const smart = await changeSmartClusterRow(tx, id, {
      status: 'deleting',
      statusReason: null,
      updatedAt: now(),
    });
    await event(tx, userId, eventType('SMART_CLUSTER', 'DELETE', 'PENDING'), smartPayload(smart));
    const members = await startDeletingMembers(tx, id, now());
    for (const member of members) {
      await event(tx, userId, eventType('CLUSTER', 'DELETE', 'PENDING'), memberPayload(member));
      await send({ kind: 'delete-cluster', clusterId: member.id });
    }
    if (members.length === 0) await settleSmartCluster(context, tx, id);
    return smart;
  });
  return toSmartCluster(removed);
}

/** The member's kubeconfig, base64; 409 while it is being worked on or has failed. */
export async function memberKubeconfig(
  context: ClusterContext,
  userId: string,
  id: string,
  datacenterUuid: string | undefined,
): Promise<string> {
  const { db, secrets, drivers } = context;
  await ownSmartCluster(context, userId, id);
  const members = await listMemberRows(db, { smartClusterId: id });
  const member = datacenterUuid
    ? members.find(({ cluster }) => cluster.datacenterUuid === datacenterUuid)
    : members.length === 1
      ? members[0]
      : undefined;
  if (!member) throw new NotFoundError('No cluster of this smart cluster in that datacenter');
  if (member.cluster.status === 'failure') throw new ConflictError(clusterMessages.configFailed);
  if (member.cluster.status !== 'success' || !member.cluster.kubeconfigSealed) {
    throw new ConflictError(clusterMessages.configInProgress);
  }
  const driver = drivers.get(member.datacenter.driver);
  const stored = secrets.open(member.cluster.kubeconfigSealed);
  const yaml = driver ? await driver.kubeconfig(specOf(member), stored) : stored;
  return Buffer.from(yaml, 'utf8').toString('base64');
}

/**
 * Settled smart clusters can be deleted, and so can one still being created: deleting it cancels
 * the creation (each member's provisioning job sees it is no longer `creating` and stops), so a
 * cluster whose creation hangs is never stuck.
 */
function canBeDeleted(status: Status): boolean {
  return status === 'success' || status === 'failure' || status === 'creating';
}

/** 12 random bytes in base64 (spec "Business constants and limits"), for callers that generate a monitoring password. */
export function generateMonitoringPassword(): string {
  return randomBytes(12).toString('base64');
}

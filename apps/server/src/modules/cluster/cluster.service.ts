import { randomBytes } from 'node:crypto';
import { externalDatacenterUuid, type Datacenter } from '@meridian/domain/clusters/datacenter';
import { minimumMonthlyCost } from '@meridian/domain/clusters/cost-estimate';
import {
  clusterMessages,
  type Cluster,
  type SmartCluster,
  type SmartClusterCreateInput,
  type SmartClusterUpdateInput,
} from '@meridian/domain/clusters/smart-cluster';
import {
  eventType,
  type EventPayload,
  type EventType,
} from '@meridian/domain/events/event-catalogue';
import type { FlavorKey } from '@meridian/domain/flavors';
import { isInProgress, type Status } from '@meridian/domain/status';
import { budgetMessage, validationMessages } from '@meridian/domain/validation-messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  clusters,
  smartClusters,
  type ClusterRow,
  type DatacenterRow,
  type SmartClusterRow,
} from '../../db/schema';
import {
  PermanentDriverError,
  type ClusterSpec,
  type DriverOperation,
  type DriverRegistry,
  type ProvisionedCluster,
} from '../../drivers/infrastructure-driver';
import {
  transactionWithJobs,
  type JobAttempt,
  type JobHandlers,
  type JobQueue,
} from '../../jobs/job-queue';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { meterMember } from '../billing/metering';
import { recordEvent } from '../event/event.service';
import { versionUuidsBySmartCluster } from '../kube/kube.queries';
import {
  findMember,
  findOwnSmartCluster,
  listDatacenterRows,
  listMemberRows,
  listSmartClusterRows,
  lockSmartCluster,
  type MemberWithDatacenter,
} from './cluster.queries';
import { KubeconfigRefused, parseExternalKubeconfig, probeVersion } from './external-kubeconfig';

/** The durable jobs of the cluster module; each names one member cluster. */
export type ClusterJob =
  | { kind: 'provision-cluster'; clusterId: string }
  | { kind: 'update-cluster'; clusterId: string }
  | { kind: 'delete-cluster'; clusterId: string }
  | { kind: 'check-external-cluster'; clusterId: string };

export const clusterJobKinds = [
  'provision-cluster',
  'update-cluster',
  'delete-cluster',
  'check-external-cluster',
] as const satisfies readonly ClusterJob['kind'][];

export interface ClusterServiceOptions {
  db: Database;
  drivers: DriverRegistry;
  secrets: SecretBox;
  /** How long the `/version` check of an external cluster waits. */
  externalProbeTimeoutMs?: number;
  now?: () => Date;
}

const operationOfJob = {
  'provision-cluster': 'create',
  'update-cluster': 'update',
  'delete-cluster': 'delete',
} as const satisfies Record<string, DriverOperation>;

const inProgressStatus: Record<DriverOperation, Status> = {
  create: 'creating',
  update: 'updating',
  delete: 'deleting',
};

export function toDatacenter(row: DatacenterRow): Datacenter {
  return {
    uuid: row.uuid,
    location: row.location,
    country: row.country,
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    flavor_prices: row.flavorPrices,
  };
}

export function toSmartCluster(row: SmartClusterRow): SmartCluster {
  return {
    uuid: row.id,
    name: row.name,
    mode: row.mode,
    status: row.status,
    status_reason: row.statusReason,
    latency: row.latency,
    budget: row.budget,
    cluster_size: row.clusterSize,
    master_count: row.masterCount,
    minion_count: row.minionCount,
    datacenters: row.datacenters,
    version_uuids: [],
    description: row.description,
    order: row.orderKey,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    user_uuid: row.userId,
    deleted: row.deleted,
    default_shared_for_org_uuid: row.defaultSharedForOrgUuid,
  };
}

export function toCluster({ cluster, datacenter }: MemberWithDatacenter): Cluster {
  return {
    uuid: cluster.id,
    name: cluster.name,
    smart_cluster_uuid: cluster.smartClusterId,
    cluster_type: cluster.clusterType,
    status: cluster.status,
    status_reason: cluster.statusReason,
    location: datacenter.location,
    datacenter_uuid: cluster.datacenterUuid,
    cluster_size: cluster.clusterSize,
    master_count: cluster.masterCount,
    minion_count: cluster.minionCount,
    master_addresses: cluster.masterAddresses,
    node_addresses: cluster.nodeAddresses,
    kube_version: cluster.kubeVersion,
    monitoring_path: cluster.monitoringPath,
    createdAt: cluster.createdAt.toISOString(),
    updatedAt: cluster.updatedAt.toISOString(),
  };
}

function memberName(smartName: string, datacenter: string): string {
  return `${smartName}-${datacenter}`;
}

function specOf({ cluster, datacenter }: MemberWithDatacenter): ClusterSpec {
  return {
    clusterId: cluster.id,
    name: cluster.name,
    datacenter: { uuid: datacenter.uuid, location: datacenter.location },
    clusterSize: cluster.clusterSize,
    masterCount: cluster.masterCount,
    minionCount: cluster.minionCount,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export type ClusterService = ReturnType<typeof createClusterService>;

/** The smart-cluster module: validation and state changes; routes stay thin. */
export function createClusterService({
  db,
  drivers,
  secrets,
  externalProbeTimeoutMs = 5000,
  now = () => new Date(),
}: ClusterServiceOptions) {
  let queue: JobQueue<ClusterJob> | undefined;

  function jobs(): JobQueue<ClusterJob> {
    if (!queue) throw new Error('the cluster job queue has not started');
    return queue;
  }

  /** Runs `work` in a transaction; jobs it sends are enqueued in it and woken after commit. */
  function inTransaction<T>(
    work: (tx: Database, send: (job: ClusterJob) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return transactionWithJobs(db, jobs(), work);
  }

  // Datacenters are seeded at start and do not change while the process runs.
  let datacenterCache: Promise<DatacenterRow[]> | undefined;

  async function requireDatacenters(uuids: readonly string[]): Promise<DatacenterRow[]> {
    const unique = [...new Set(uuids)];
    datacenterCache ??= listDatacenterRows(db).catch((error: unknown) => {
      datacenterCache = undefined;
      throw error;
    });
    const known = await datacenterCache;
    const rows = known.filter((row) => unique.includes(row.uuid));
    if (rows.length !== unique.length) throw new ValidationError([validationMessages.datacenter]);
    return unique.map((uuid) => rows.find((row) => row.uuid === uuid)!);
  }

  function checkBudget(
    budget: number | undefined,
    rows: readonly DatacenterRow[],
    size: FlavorKey | null,
    masters: number,
    minions: number,
  ): void {
    if (budget === undefined || !size) return;
    const minimum = minimumMonthlyCost({
      datacenters: rows.map((row) => ({ flavor_prices: row.flavorPrices })),
      clusterSize: size,
      masterCount: masters,
      minionCount: minions,
    });
    // Compared at the cent shown in the message, so the minimum the message names is accepted.
    if (Math.round(budget * 100) < Math.round(minimum * 100)) {
      throw new ValidationError([budgetMessage(minimum)]);
    }
  }

  async function ownSmartCluster(userId: string, id: string): Promise<SmartClusterRow> {
    const row = await findOwnSmartCluster(db, userId, id);
    if (!row) throw new NotFoundError('Smart cluster not found');
    return row;
  }

  async function event(
    tx: Database,
    userId: string,
    type: EventType,
    payload: EventPayload,
  ): Promise<void> {
    await recordEvent(tx, { userId, type, payload });
  }

  const smartPayload = (row: SmartClusterRow, reason?: string | null): EventPayload => ({
    smart_cluster_name: row.name,
    smart_cluster_uuid: row.id,
    ...(reason ? { status_reason: reason } : {}),
  });
  const memberPayload = (row: ClusterRow, reason?: string | null): EventPayload => ({
    cluster_name: row.name,
    cluster_uuid: row.id,
    datacenter_uuid: row.datacenterUuid,
    smart_cluster_uuid: row.smartClusterId,
    ...(reason ? { status_reason: reason } : {}),
  });

  async function insertMembers(
    tx: Database,
    smart: SmartClusterRow,
    rows: readonly DatacenterRow[],
    send: (job: ClusterJob) => Promise<void>,
    extra: Partial<typeof clusters.$inferInsert> = {},
  ): Promise<void> {
    if (rows.length === 0) return;
    const members = await tx
      .insert(clusters)
      .values(
        rows.map((row) => ({
          smartClusterId: smart.id,
          userId: smart.userId,
          name: memberName(smart.name, row.uuid),
          clusterType:
            row.uuid === externalDatacenterUuid
              ? ('external' as const)
              : ('smart_cluster' as const),
          datacenterUuid: row.uuid,
          status: 'creating' as const,
          clusterSize: smart.clusterSize,
          masterCount: smart.masterCount,
          minionCount: smart.minionCount,
          ...extra,
        })),
      )
      .returning();
    for (const member of members) {
      await event(
        tx,
        smart.userId,
        eventType('CLUSTER', 'CREATE', 'PENDING'),
        memberPayload(member),
      );
      await send({
        kind: member.clusterType === 'external' ? 'check-external-cluster' : 'provision-cluster',
        clusterId: member.id,
      });
    }
  }

  /**
   * Once no member of a smart cluster is still working, the smart cluster's own operation ends:
   * success, failure with the members' reasons, or (deleting) gone. Call with its row locked.
   */
  async function settleSmartCluster(
    tx: Database,
    smartClusterId: string,
    locked?: SmartClusterRow,
  ): Promise<void> {
    const smart = locked ?? (await lockSmartCluster(tx, smartClusterId));
    if (!smart || smart.deleted || !isInProgress(smart.status)) return;
    const members = await listMemberRows(tx, { smartClusterId });
    if (members.some(({ cluster }) => isInProgress(cluster.status))) return;
    const at = now();
    if (smart.status === 'deleting') {
      if (members.length === 0) {
        await tx
          .update(smartClusters)
          .set({ deleted: true, updatedAt: at })
          .where(eq(smartClusters.id, smart.id));
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
      await tx
        .update(smartClusters)
        .set({ status: 'failure', statusReason: reason || 'Deletion failed.', updatedAt: at })
        .where(eq(smartClusters.id, smart.id));
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
      await tx
        .update(smartClusters)
        .set({
          status: 'failure',
          statusReason: reason,
          datacenters: datacenterList,
          updatedAt: at,
        })
        .where(eq(smartClusters.id, smart.id));
      await event(
        tx,
        smart.userId,
        eventType('SMART_CLUSTER', action, 'REJECTED'),
        smartPayload(smart, reason),
      );
    } else {
      await tx
        .update(smartClusters)
        .set({ status: 'success', statusReason: null, datacenters: datacenterList, updatedAt: at })
        .where(eq(smartClusters.id, smart.id));
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
  async function finishMember(
    member: MemberWithDatacenter,
    operation: DriverOperation,
    outcome: { ok: true; result?: ProvisionedCluster } | { ok: false; reason: string },
  ): Promise<void> {
    const { cluster } = member;
    await db.transaction(async (tx) => {
      // Lock order everywhere: smart cluster, then member.
      const smart = await lockSmartCluster(tx, cluster.smartClusterId);
      const set: Partial<typeof clusters.$inferInsert> = {
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
      const [updated] = await tx
        .update(clusters)
        .set(set)
        .where(
          and(
            eq(clusters.id, cluster.id),
            eq(clusters.status, inProgressStatus[operation]),
            eq(clusters.deleted, false),
          ),
        )
        .returning();
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
      await settleSmartCluster(tx, cluster.smartClusterId, smart);
    });
  }

  /** One step of a member's create/update/delete; safe to run again after a crash. */
  async function runMemberStep(job: ClusterJob, attempt: JobAttempt): Promise<void> {
    if (job.kind === 'check-external-cluster') return checkExternal(job.clusterId);
    const operation = operationOfJob[job.kind];
    const member = await findMember(db, job.clusterId);
    if (!member || member.cluster.deleted) return;
    if (member.cluster.status !== inProgressStatus[operation]) return;
    // Meridian never provisioned an external cluster: removing it only forgets its kubeconfig.
    if (operation === 'delete' && member.datacenter.uuid === externalDatacenterUuid) {
      return finishMember(member, operation, { ok: true });
    }
    const driver = drivers.get(member.datacenter.driver);
    if (!driver) {
      return finishMember(member, operation, {
        ok: false,
        reason: `No infrastructure driver "${member.datacenter.driver}" for ${member.datacenter.location}.`,
      });
    }
    const spec = specOf(member);

    // The deadline is written once, by the first run: a re-run continues the same wait.
    let deadline = member.cluster.operationDeadline;
    const plannedMs = deadline ? 0 : driver.plannedDurationMs(operation, spec);
    // An immediate operation has nothing to resume: no deadline to record.
    if (!deadline && plannedMs > 0) {
      const planned = new Date(now().getTime() + plannedMs);
      const [row] = await db
        .update(clusters)
        .set({ operationDeadline: planned })
        .where(and(eq(clusters.id, member.cluster.id), isNull(clusters.operationDeadline)))
        .returning({ deadline: clusters.operationDeadline });
      deadline =
        row?.deadline ??
        (await findMember(db, job.clusterId))?.cluster.operationDeadline ??
        planned;
    }
    if (deadline && deadline.getTime() > now().getTime()) {
      // Wait by re-scheduling, never by sleeping: a restart picks the wait up where it was.
      await jobs().send(job, { startAfter: deadline });
      return;
    }

    let outcome: { ok: true; result?: ProvisionedCluster } | { ok: false; reason: string };
    try {
      if (operation === 'create') {
        outcome = { ok: true, result: await driver.createCluster(spec) };
      } else if (operation === 'update') {
        const current: ProvisionedCluster = {
          masterAddresses: member.cluster.masterAddresses,
          nodeAddresses: member.cluster.nodeAddresses,
          kubeVersion: member.cluster.kubeVersion ?? '',
          monitoringPath: member.cluster.monitoringPath ?? '',
          kubeconfig: member.cluster.kubeconfigSealed
            ? secrets.open(member.cluster.kubeconfigSealed)
            : '',
        };
        outcome = { ok: true, result: await driver.updateCluster(spec, current) };
      } else {
        await driver.deleteCluster(spec);
        outcome = { ok: true };
      }
    } catch (error) {
      if (error instanceof PermanentDriverError) {
        outcome = { ok: false, reason: error.message };
      } else if (attempt.final) {
        outcome = {
          ok: false,
          reason: `${member.datacenter.location}: ${operation} failed after ${attempt.retryCount + 1} attempts: ${errorText(error)}`,
        };
      } else {
        throw error;
      }
    }
    await finishMember(member, operation, outcome);
  }

  async function checkExternal(clusterId: string): Promise<void> {
    const member = await findMember(db, clusterId);
    if (!member || member.cluster.deleted || member.cluster.status !== 'creating') return;
    const sealed = member.cluster.kubeconfigSealed;
    if (!sealed) {
      return finishMember(member, 'create', { ok: false, reason: 'No kubeconfig was stored.' });
    }
    let target;
    try {
      target = parseExternalKubeconfig(secrets.open(sealed));
    } catch (error) {
      return finishMember(member, 'create', { ok: false, reason: errorText(error) });
    }
    const probe = await probeVersion(target, externalProbeTimeoutMs);
    if (!probe.ok) return finishMember(member, 'create', { ok: false, reason: probe.reason });
    const host = new URL(target.server).hostname;
    await finishMember(member, 'create', {
      ok: true,
      result: {
        masterAddresses: [host],
        nodeAddresses: [],
        kubeVersion: probe.version,
        monitoringPath: member.cluster.monitoringPath ?? '',
        kubeconfig: secrets.open(sealed),
      },
    });
  }

  const handlers: JobHandlers<ClusterJob> = {
    'provision-cluster': runMemberStep,
    'update-cluster': runMemberStep,
    'delete-cluster': runMemberStep,
    'check-external-cluster': runMemberStep,
  };

  return {
    jobHandlers: handlers,
    attachQueue(started: JobQueue<ClusterJob>) {
      queue = started;
    },

    async listDatacenters(): Promise<Datacenter[]> {
      return (await listDatacenterRows(db)).map(toDatacenter);
    },

    async listSmartClusters(userId: string): Promise<SmartCluster[]> {
      const [rows, deployed] = await Promise.all([
        listSmartClusterRows(db, userId),
        versionUuidsBySmartCluster(db, userId),
      ]);
      return rows.map((row) => ({
        ...toSmartCluster(row),
        version_uuids: deployed.get(row.id) ?? [],
      }));
    },

    async listClusters(userId: string): Promise<Cluster[]> {
      return (await listMemberRows(db, { userId })).map(toCluster);
    },

    async create(userId: string, input: SmartClusterCreateInput): Promise<SmartCluster> {
      const wanted = [...new Set(input.datacenters)];
      if (wanted.includes(externalDatacenterUuid)) {
        throw new ValidationError([clusterMessages.externalNeedsUpload]);
      }
      const rows = await requireDatacenters(wanted);
      checkBudget(input.budget, rows, input.cluster_size, input.master_count, input.minion_count);
      const password = input.monitoring_default_password;
      const smart = await inTransaction(async (tx, send) => {
        const [smart] = await tx
          .insert(smartClusters)
          .values({
            userId,
            name: input.name,
            mode: input.mode,
            status: 'creating',
            latency: input.mode === 'AUTOMATIC' ? (input.latency ?? null) : null,
            budget: input.mode === 'AUTOMATIC' ? (input.budget ?? null) : null,
            clusterSize: input.cluster_size,
            masterCount: input.master_count,
            minionCount: input.minion_count,
            datacenters: wanted,
            monitoringPasswordSealed: password ? secrets.seal(password) : null,
          })
          .returning();
        await event(
          tx,
          userId,
          eventType('SMART_CLUSTER', 'CREATE', 'PENDING'),
          smartPayload(smart!),
        );
        await insertMembers(tx, smart!, rows, send);
        return smart!;
      });
      return {
        ...toSmartCluster(smart),
        ...(password ? { monitoring_default_password: password } : {}),
      };
    },

    async createExternal(userId: string, name: string, kubeconfig: string): Promise<SmartCluster> {
      try {
        parseExternalKubeconfig(kubeconfig);
      } catch (error) {
        if (error instanceof KubeconfigRefused) throw new ValidationError([error.message]);
        throw error;
      }
      const rows = await requireDatacenters([externalDatacenterUuid]);
      const smart = await inTransaction(async (tx, send) => {
        const [smart] = await tx
          .insert(smartClusters)
          .values({
            userId,
            name,
            mode: 'MANUAL',
            status: 'creating',
            clusterSize: null,
            datacenters: [externalDatacenterUuid],
          })
          .returning();
        await event(
          tx,
          userId,
          eventType('SMART_CLUSTER', 'CREATE', 'PENDING'),
          smartPayload(smart!),
        );
        await insertMembers(tx, smart!, rows, send, { kubeconfigSealed: secrets.seal(kubeconfig) });
        return smart!;
      });
      return toSmartCluster(smart);
    },

    async update(
      userId: string,
      id: string,
      input: SmartClusterUpdateInput,
    ): Promise<SmartCluster> {
      const current = await ownSmartCluster(userId, id);
      if (current.status === 'failure') throw new ConflictError(clusterMessages.cannotEditFailed);
      if (current.status !== 'success')
        throw new ConflictError(clusterMessages.cannotEditInProgress);
      const members = await listMemberRows(db, { smartClusterId: id });
      if (members.some(({ cluster }) => cluster.clusterType === 'external')) {
        throw new ConflictError(clusterMessages.cannotEditExternal);
      }
      const currentUuids = members.map(({ cluster }) => cluster.datacenterUuid);
      let wanted = currentUuids;
      if (current.mode === 'MANUAL' && input.datacenters) {
        wanted = [...new Set(input.datacenters)];
        if (wanted.includes(externalDatacenterUuid)) {
          throw new ValidationError([clusterMessages.noMixOfDatacenters]);
        }
      }
      const rows = await requireDatacenters(wanted);
      const automatic = current.mode === 'AUTOMATIC';
      const budget = automatic ? (input.budget ?? current.budget ?? undefined) : undefined;
      const latency = automatic ? (input.latency ?? current.latency) : null;
      checkBudget(budget, rows, current.clusterSize, current.masterCount, current.minionCount);

      const updated = await inTransaction(async (tx, send) => {
        const locked = await lockSmartCluster(tx, id);
        if (!locked || locked.deleted) throw new NotFoundError('Smart cluster not found');
        if (locked.status !== 'success') {
          throw new ConflictError(clusterMessages.cannotEditInProgress);
        }
        const [smart] = await tx
          .update(smartClusters)
          .set({
            name: input.name,
            status: 'updating',
            statusReason: null,
            budget: budget ?? null,
            latency,
            datacenters: wanted,
            updatedAt: now(),
          })
          .where(eq(smartClusters.id, id))
          .returning();
        await event(
          tx,
          userId,
          eventType('SMART_CLUSTER', 'UPDATE', 'PENDING'),
          smartPayload(smart!),
        );
        for (const member of members) {
          const keep = wanted.includes(member.cluster.datacenterUuid);
          const [row] = await tx
            .update(clusters)
            .set({
              status: keep ? 'updating' : 'deleting',
              name: memberName(input.name, member.cluster.datacenterUuid),
              operationDeadline: null,
              updatedAt: now(),
            })
            .where(eq(clusters.id, member.cluster.id))
            .returning();
          if (!keep) {
            await event(tx, userId, eventType('CLUSTER', 'DELETE', 'PENDING'), memberPayload(row!));
          }
          await send({
            kind: keep ? 'update-cluster' : 'delete-cluster',
            clusterId: member.cluster.id,
          });
        }
        await insertMembers(
          tx,
          smart!,
          rows.filter((row) => !currentUuids.includes(row.uuid)),
          send,
        );
        return smart!;
      });
      return toSmartCluster(updated);
    },

    async remove(userId: string, id: string, { shared = false } = {}): Promise<SmartCluster> {
      const current = await ownSmartCluster(userId, id);
      if (shared && !current.defaultSharedForOrgUuid) {
        throw new NotFoundError('Shared smart cluster not found');
      }
      if (current.status !== 'success' && current.status !== 'failure') {
        throw new ConflictError(clusterMessages.cannotDeleteInProgress);
      }
      const removed = await inTransaction(async (tx, send) => {
        const locked = await lockSmartCluster(tx, id);
        if (!locked || locked.deleted) throw new NotFoundError('Smart cluster not found');
        if (locked.status !== 'success' && locked.status !== 'failure') {
          throw new ConflictError(clusterMessages.cannotDeleteInProgress);
        }
        const [smart] = await tx
          .update(smartClusters)
          .set({ status: 'deleting', statusReason: null, updatedAt: now() })
          .where(eq(smartClusters.id, id))
          .returning();
        await event(
          tx,
          userId,
          eventType('SMART_CLUSTER', 'DELETE', 'PENDING'),
          smartPayload(smart!),
        );
        const members = await tx
          .update(clusters)
          .set({ status: 'deleting', operationDeadline: null, updatedAt: now() })
          .where(and(eq(clusters.smartClusterId, id), eq(clusters.deleted, false)))
          .returning();
        for (const member of members) {
          await event(tx, userId, eventType('CLUSTER', 'DELETE', 'PENDING'), memberPayload(member));
          await send({ kind: 'delete-cluster', clusterId: member.id });
        }
        if (members.length === 0) await settleSmartCluster(tx, id);
        return smart!;
      });
      return toSmartCluster(removed);
    },

    /** The member's kubeconfig, base64; 409 while it is being worked on or has failed. */
    async kubeconfig(
      userId: string,
      id: string,
      datacenterUuid: string | undefined,
    ): Promise<string> {
      await ownSmartCluster(userId, id);
      const members = await listMemberRows(db, { smartClusterId: id });
      const member = datacenterUuid
        ? members.find(({ cluster }) => cluster.datacenterUuid === datacenterUuid)
        : members.length === 1
          ? members[0]
          : undefined;
      if (!member) throw new NotFoundError('No cluster of this smart cluster in that datacenter');
      if (member.cluster.status === 'failure')
        throw new ConflictError(clusterMessages.configFailed);
      if (member.cluster.status !== 'success' || !member.cluster.kubeconfigSealed) {
        throw new ConflictError(clusterMessages.configInProgress);
      }
      const driver = drivers.get(member.datacenter.driver);
      const stored = secrets.open(member.cluster.kubeconfigSealed);
      const yaml = driver ? await driver.kubeconfig(specOf(member), stored) : stored;
      return Buffer.from(yaml, 'utf8').toString('base64');
    },
  };
}

/** 12 random bytes in base64 (spec §9), for callers that generate a monitoring password. */
export function generateMonitoringPassword(): string {
  return randomBytes(12).toString('base64');
}

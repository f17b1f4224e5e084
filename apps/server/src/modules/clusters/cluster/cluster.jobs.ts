import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import { parseKubeconfig } from '@meridian/domain/clusters/kubeconfig';
import {
  PermanentDriverError,
  type ClusterSpec,
  type DriverOperation,
  type ProvisionedCluster,
} from '../../../platform/drivers/infrastructure-driver';
import { probeVersion } from '../../../platform/drivers/kubernetes/kubernetes-client';
import { defineJob, type JobAttempt } from '../../../platform/jobs/job-queue';
import { crashPoint } from '../../../platform/jobs/crash-points';
import type { ClusterContext } from '../cluster-context';
import { findMember, recordMemberDeadline, type MemberWithDatacenter } from './cluster.queries';
import { finishMember, inProgressStatus } from './cluster.settle';
import { driverFailureReason } from '../../../platform/drivers/driver-failure';
import { clusterJobKinds, clusterJobSchema, type ClusterJob } from './cluster-job-kinds';

/** The member clusters' jobs, for the one queue. */
export function clusterJobs(context: ClusterContext) {
  return clusterJobKinds.map((kind) =>
    defineJob<ClusterJob>(kind, clusterJobSchema, (job, attempt) =>
      runMemberStep(context, job, attempt),
    ),
  );
}

const operationOfJob = {
  'provision-cluster': 'create',
  'update-cluster': 'update',
  'delete-cluster': 'delete',
} as const satisfies Record<string, DriverOperation>;

export function specOf({ cluster, datacenter }: MemberWithDatacenter): ClusterSpec {
  return {
    clusterId: cluster.id,
    name: cluster.name,
    datacenter: { uuid: datacenter.uuid, location: datacenter.location },
    clusterSize: cluster.clusterSize,
    masterCount: cluster.masterCount,
    minionCount: cluster.minionCount,
  };
}

/** One step of a member's create/update/delete; safe to run again after a crash. */
export async function runMemberStep(
  context: ClusterContext,
  job: ClusterJob,
  attempt: JobAttempt,
): Promise<void> {
  const { db, secrets, drivers, now } = context;
  if (job.kind === 'check-external-cluster') return checkExternal(context, job.clusterId);
  const operation = operationOfJob[job.kind];
  const member = await findMember(db, job.clusterId);
  if (!member || member.cluster.deleted) return;
  if (member.cluster.status !== inProgressStatus[operation]) return;
  // Meridian never provisioned an external cluster: removing it only forgets its kubeconfig.
  if (operation === 'delete' && member.datacenter.uuid === externalDatacenterUuid) {
    return finishMember(context, member, operation, { ok: true });
  }
  const driver = drivers.get(member.datacenter.driver);
  if (!driver) {
    return finishMember(context, member, operation, {
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
    deadline =
      (await recordMemberDeadline(db, member.cluster.id, planned)) ??
      (await findMember(db, job.clusterId))?.cluster.operationDeadline ??
      planned;
  }
  if (deadline && deadline.getTime() > now().getTime()) {
    // Wait by re-scheduling, never by sleeping: a restart picks the wait up where it was.
    await context.jobs.send(job, { startAfter: deadline });
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
        reason: driverFailureReason(member.datacenter.location, operation, attempt, error),
      };
    } else {
      throw error;
    }
  }
  // Test-only kill (crash matrix): the driver has acted, nothing is recorded yet.
  crashPoint('driver-done');
  await finishMember(context, member, operation, outcome);
}

export async function checkExternal(context: ClusterContext, clusterId: string): Promise<void> {
  const { db, secrets, externalProbeTimeoutMs, endpointPolicy } = context;
  const member = await findMember(db, clusterId);
  if (!member || member.cluster.deleted || member.cluster.status !== 'creating') return;
  const sealed = member.cluster.kubeconfigSealed;
  if (!sealed) {
    return finishMember(context, member, 'create', {
      ok: false,
      reason: 'No kubeconfig was stored.',
    });
  }
  // Checked again on every use: one stored before a check existed must not slip through.
  const parsed = parseKubeconfig(secrets.open(sealed));
  if (!parsed.ok)
    return finishMember(context, member, 'create', { ok: false, reason: parsed.error });
  const target = parsed.value;
  const probe = await probeVersion(target, { requestMs: externalProbeTimeoutMs }, endpointPolicy);
  if (!probe.ok)
    return finishMember(context, member, 'create', { ok: false, reason: probe.reason });
  const host = new URL(target.server).hostname;
  await finishMember(context, member, 'create', {
    ok: true,
    result: {
      masterAddresses: [host],
      nodeAddresses: probe.nodeAddresses ?? [],
      kubeVersion: probe.version,
      monitoringPath: member.cluster.monitoringPath ?? '',
      kubeconfig: secrets.open(sealed),
    },
  });
}

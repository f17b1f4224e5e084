import { kubernetesName } from '@meridian/domain/apps/basic-template';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { deployments, type ClusterRow, type DatacenterRow } from '../../platform/db/schema';
import {
  PermanentDriverError,
  type ClusterSpec,
  type StackSpec,
  type WorkloadOperation,
} from '../../platform/drivers/infrastructure-driver';
import { ValidationError } from '../../platform/http/errors';
import { defineJob, type JobAttempt } from '../../platform/jobs/job-queue';
import type { SecretBox } from '../../platform/secret-box';
import { findKeypairName } from '../auth/keypair.queries';
import { ensureUserKeypair } from '../auth/keypair.service';
import { buildManifests } from '../template/template.service';
import type { AppsContext } from './apps-context';
import { findDeploymentWork } from './deployment.queries';
import type { DeploymentWork } from './deployment.types';
import { finishDeployment, type StepOutcome } from './deployment.settle';

export const deploymentJobKinds = ['rollout-deployment', 'remove-deployment'] as const;

/** The durable jobs of deployments; each names one deployment. */
const deploymentJobSchema = z.object({ kind: z.enum(deploymentJobKinds), deploymentId: z.uuid() });
export type DeploymentJob = z.infer<typeof deploymentJobSchema>;

/** The rollout and removal jobs, for the one queue. */
export function deploymentJobs(context: AppsContext) {
  return deploymentJobKinds.map((kind) =>
    defineJob<DeploymentJob>(kind, deploymentJobSchema, (job, attempt) =>
      runDeploymentStep(context, job, attempt),
    ),
  );
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function specOf(
  cluster: ClusterRow,
  datacenter: DatacenterRow,
  secrets: SecretBox,
): ClusterSpec {
  return {
    ...(cluster.kubeconfigSealed ? { kubeconfig: secrets.open(cluster.kubeconfigSealed) } : {}),
    clusterId: cluster.id,
    name: cluster.name,
    datacenter: { uuid: datacenter.uuid, location: datacenter.location },
    clusterSize: cluster.clusterSize,
    masterCount: cluster.masterCount,
    minionCount: cluster.minionCount,
  };
}

export async function stackOf(context: AppsContext, work: DeploymentWork): Promise<StackSpec> {
  const { db, secrets } = context;
  const { version, deployment, app } = work;
  // The stack's servers take the user's SSH keypair; a user deploying before ever opening
  // the keypair dialog gets theirs made here.
  const keypairName =
    (await findKeypairName(db, deployment.userId)) ??
    (await ensureUserKeypair({ db, secrets }, deployment.userId)).keyName;
  return {
    deploymentId: deployment.id,
    name: `${kubernetesName(app.name)}-${deployment.id.slice(0, 8)}`,
    template: version.rawTemplate,
    parameters: {
      keypair_name: keypairName,
      external_network_id: 'public',
      flavor_id: version.flavorName ?? 'mini',
      image_name: 'ubuntu-24.04',
      volume_type: version.volumeType ?? 'SSD',
    },
  };
}

/** One step of a rollout or removal; safe to run again after a crash. */
export async function runDeploymentStep(
  context: AppsContext,
  job: DeploymentJob,
  attempt: JobAttempt,
): Promise<void> {
  const { db, secrets, drivers, now } = context;
  const work = await findDeploymentWork(db, job.deploymentId);
  if (!work) return;
  const { deployment, cluster, datacenter, version } = work;
  const removing = job.kind === 'remove-deployment';
  if (
    removing
      ? deployment.status !== 'deleting'
      : !['pending', 'updating'].includes(deployment.status)
  ) {
    return;
  }
  if (cluster.deleted) {
    return finishDeployment(
      context,
      work,
      removing ? { ok: true } : { ok: false, reason: 'The cluster has been deleted.' },
    );
  }
  const driver = drivers.get(datacenter.driver);
  if (!driver) {
    return finishDeployment(context, work, {
      ok: false,
      reason: `Apps cannot be deployed on ${cluster.name} yet: no infrastructure driver "${datacenter.driver}".`,
    });
  }
  const spec = specOf(cluster, datacenter, secrets);
  const heat = version.templateType === 'HEAT';
  const operation: WorkloadOperation = heat
    ? removing
      ? 'delete-stack'
      : 'create-stack'
    : removing
      ? 'remove'
      : 'rollout';

  let deadline = deployment.operationDeadline;
  const plannedMs = deadline ? 0 : driver.plannedDurationMs(operation, spec);
  if (!deadline && plannedMs > 0) {
    const planned = new Date(now().getTime() + plannedMs);
    const [row] = await db
      .update(deployments)
      .set({ operationDeadline: planned })
      .where(and(eq(deployments.id, deployment.id), eq(deployments.status, deployment.status)))
      .returning({ deadline: deployments.operationDeadline });
    deadline = row?.deadline ?? planned;
  }
  if (deadline && deadline.getTime() > now().getTime()) {
    // Wait by re-scheduling, never by sleeping: a restart picks the wait up where it was.
    await context.jobs.send(job, { startAfter: deadline });
    return;
  }

  let outcome: StepOutcome;
  try {
    if (heat) {
      const stack = await stackOf(context, work);
      if (removing) {
        await driver.deleteStack(spec, stack);
        outcome = { ok: true };
      } else {
        const created = await driver.createStack(spec, stack);
        outcome = { ok: true, endpoint: created.endpoint };
      }
    } else {
      const manifests = buildManifests(
        version,
        { imageName: deployment.imageName, replicas: deployment.replicas },
        secrets,
      );
      const workload = { deploymentId: deployment.id, manifests };
      if (removing) {
        await driver.removeWorkload(spec, workload);
        outcome = { ok: true };
      } else {
        const rolled = await driver.applyWorkload(spec, workload);
        outcome = { ok: true, ...rolled };
      }
    }
  } catch (error) {
    if (error instanceof PermanentDriverError || error instanceof ValidationError) {
      outcome = {
        ok: false,
        reason: error instanceof ValidationError ? error.messages.join('\n') : error.message,
      };
    } else if (attempt.final) {
      outcome = {
        ok: false,
        reason: `${datacenter.location}: ${operation} failed after ${attempt.retryCount + 1} attempts: ${errorText(error)}`,
      };
    } else {
      throw error;
    }
  }
  await finishDeployment(context, work, outcome);
}

import { kubernetesName } from '@meridian/domain/apps/basic-template';
import { heatTemplateObject, resolveHeatParameters } from '@meridian/domain/apps/heat-stack';
import {
  PermanentDriverError,
  type ClusterSpec,
  type InfrastructureDriver,
  type StackSpec,
  type WorkloadOperation,
} from '../../../platform/drivers/infrastructure-driver';
import { ValidationError } from '../../../platform/http/errors';
import { durableSteps } from '../../../platform/jobs/durable-steps';
import { crashPoint } from '../../../platform/jobs/crash-points';
import { defineJob, type JobAttempt } from '../../../platform/jobs/job-queue';
import type { SecretBox } from '../../../platform/secret-box';
import { ensureUserKeypair } from '../../account/account.public';
import type { AppsContext } from '../apps-context';
import { findDeploymentWork, recordOperationDeadline } from './deployment.queries';
import type { DeploymentWork } from './deployment.types';
import { finishDeployment, type StepOutcome } from './deployment.settle';
import { workloadOf } from './deployment-workload';
import { driverFailureReason } from '../../../platform/drivers/driver-failure';
import {
  deploymentJobKinds,
  deploymentJobSchema,
  type DeploymentJob,
} from './deployment-job-kinds';
import type { ClusterRow, DatacenterRow } from '../../../platform/db/schema/clusters';

/** The rollout and removal jobs, for the one queue. */
export function deploymentJobs(context: AppsContext) {
  return deploymentJobKinds.map((kind) =>
    defineJob<DeploymentJob>(kind, deploymentJobSchema, (job, attempt) =>
      runDeploymentStep(context, job, attempt),
    ),
  );
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

/**
 * The stack of a Heat deployment: the parameters its template declares, each with Meridian's
 * value (keypair, flavor, volume type, the datacenter's network and image) or its default.
 * Creating refuses one left without a value; deleting goes on with what resolves (the stack is
 * known by its name).
 */
export async function stackOf(
  context: AppsContext,
  work: DeploymentWork,
  creating: boolean,
  driver: InfrastructureDriver,
): Promise<StackSpec> {
  const { db, secrets } = context;
  const { version, deployment, app, cluster, datacenter } = work;
  // The stack's servers take the user's SSH keypair; a user deploying before ever opening
  // the keypair dialog gets theirs made here.
  const keypairName = (await ensureUserKeypair({ db, secrets }, deployment.userId)).keyName;
  const catalogue = driver.heatCatalogue?.(specOf(cluster, datacenter, secrets));
  const { parameters, errors } = resolveHeatParameters(heatTemplateObject(version.rawTemplate), {
    keypair_name: keypairName,
    ...(version.flavorName ? { flavor_id: version.flavorName } : {}),
    ...(version.volumeType ? { volume_type: version.volumeType } : {}),
    ...(catalogue
      ? { external_network_id: catalogue.externalNetworkId, image_name: catalogue.defaultImage }
      : {}),
  });
  if (creating && errors.length > 0) throw new ValidationError(errors);
  return {
    deploymentId: deployment.id,
    name: `${kubernetesName(app.name)}-${deployment.id.slice(0, 8)}`,
    template: version.rawTemplate,
    parameters,
  };
}

/** One step of a rollout or removal; safe to run again after a crash. */
export async function runDeploymentStep(
  context: AppsContext,
  job: DeploymentJob,
  attempt: JobAttempt,
): Promise<void> {
  const { db, secrets, drivers } = context;
  const work = await findDeploymentWork(db, job.deploymentId);
  if (!work) return;
  const { deployment, cluster, datacenter } = work;
  const removing = job.kind === 'remove-deployment';
  const due = removing
    ? deployment.status === 'deleting'
    : ['pending', 'updating'].includes(deployment.status);
  if (!due) return;
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
  const step: DriverStep = {
    driver,
    spec: specOf(cluster, datacenter, secrets),
    operation: operationOf(work, removing),
  };
  if (await waitForOperationDeadline(context, job, work, step)) return;
  // One key per operation: a run after a crash that follows a finished driver call settles with
  // that call's outcome instead of calling the driver again.
  const { updatedAt, status } = deployment;
  const steps = durableSteps(
    db,
    `deployment/${deployment.id}/${status}/${updatedAt.toISOString()}`,
  );
  let outcome: StepOutcome | 'progressing';
  try {
    outcome =
      step.operation === 'rollout'
        ? await rollOut(context, work, step)
        : await steps.step(step.operation, () => performOperation(context, work, step));
  } catch (error) {
    outcome = failedOutcome(error, attempt, work, step.operation);
  }
  if (outcome === 'progressing') {
    // Still rolling out: look again soon, by re-scheduling rather than holding a worker.
    await context.jobs.send(job, { startAfter: new Date(context.now().getTime() + recheckMs) });
    return;
  }
  await finishDeployment(context, work, outcome);
  await steps.forget();
}

/** What one step asks of which driver, for which cluster. */
interface DriverStep {
  driver: InfrastructureDriver;
  spec: ClusterSpec;
  operation: WorkloadOperation;
}

function operationOf(work: DeploymentWork, removing: boolean): WorkloadOperation {
  if (work.version.templateType === 'HEAT') return removing ? 'delete-stack' : 'create-stack';
  return removing ? 'remove' : 'rollout';
}

/**
 * The driver's planned duration is recorded as a deadline once; until it passes the job is sent
 * again for then — waiting by re-scheduling, never by sleeping, so a restart resumes the wait.
 * True when the job waits.
 */
async function waitForOperationDeadline(
  context: AppsContext,
  job: DeploymentJob,
  work: DeploymentWork,
  { driver, spec, operation }: DriverStep,
): Promise<boolean> {
  const { db, now } = context;
  const { deployment } = work;
  let deadline = deployment.operationDeadline;
  const plannedMs = deadline ? 0 : driver.plannedDurationMs(operation, spec);
  if (!deadline && plannedMs > 0) {
    const planned = new Date(now().getTime() + plannedMs);
    deadline = (await recordOperationDeadline(db, deployment, planned)) ?? planned;
  }
  if (!deadline || deadline.getTime() <= now().getTime()) return false;
  await context.jobs.send(job, { startAfter: deadline });
  return true;
}

// How long one run watches a rollout for a change, and waits before the next run looks again.
const rolloutWatchMs = 5000;
const recheckMs = 1000;
// A rollout no controller ends (e.g. a load balancer that never gets an address) fails then.
const rolloutLimitMs = 30 * 60_000;

/**
 * Applies the workload, then observes its rollout: its outcome once the cluster shows one, else
 * 'progressing'. Every run applies again, as a controller reconciles: server-side apply of an
 * unchanged object changes nothing, and objects lost meanwhile (a cluster API restarted) come
 * back. No outcome is reported that the driver did not observe.
 */
async function rollOut(
  context: AppsContext,
  work: DeploymentWork,
  { driver, spec }: DriverStep,
): Promise<StepOutcome | 'progressing'> {
  const workload = workloadOf(context, work);
  await driver.applyWorkload(spec, workload);
  // Test-only kill (crash matrix): the workload is applied, its outcome not yet recorded.
  crashPoint('workload-applied');
  const observed = await driver.observeWorkload(spec, workload, { waitMs: rolloutWatchMs });
  if (observed.state === 'failed') return { ok: false, reason: observed.reason };
  if (observed.state === 'available') {
    return { ok: true, endpoint: observed.endpoint, readyReplicas: observed.readyReplicas };
  }
  if (context.now().getTime() - work.deployment.updatedAt.getTime() > rolloutLimitMs) {
    return {
      ok: false,
      reason: `The rollout on ${work.cluster.name} did not finish within 30 minutes. ${observed.message}`,
    };
  }
  return 'progressing';
}

async function performOperation(
  context: AppsContext,
  work: DeploymentWork,
  { driver, spec, operation }: DriverStep,
): Promise<StepOutcome> {
  switch (operation) {
    case 'delete-stack':
      await driver.deleteStack(spec, await stackOf(context, work, false, driver));
      return { ok: true };
    case 'create-stack': {
      const created = await driver.createStack(spec, await stackOf(context, work, true, driver));
      return {
        ok: true,
        endpoint: created.endpoint,
        stackOutputs: created.outputs,
        stackParameters: created.shownParameters,
      };
    }
    default:
      await driver.removeWorkload(spec, workloadOf(context, work));
      return { ok: true };
  }
}

/** A refusal ends the step at once; anything else is retried until the last attempt. */
function failedOutcome(
  error: unknown,
  attempt: JobAttempt,
  work: DeploymentWork,
  operation: WorkloadOperation,
): StepOutcome {
  if (error instanceof ValidationError) return { ok: false, reason: error.messages.join('\n') };
  if (error instanceof PermanentDriverError) return { ok: false, reason: error.message };
  if (!attempt.final) throw error;
  return {
    ok: false,
    reason: driverFailureReason(work.datacenter.location, operation, attempt, error),
  };
}

import {
  deploymentLogMessages,
  type DeploymentLogs,
  type LogLine,
} from '@meridian/domain/apps/deployment-logs';
import type {
  ClusterSpec,
  InfrastructureDriver,
  LogQuery,
  WorkloadSpec,
} from '../../../platform/drivers/infrastructure-driver';
import { NotFoundError, ValidationError } from '../../../platform/http/errors';
import type { AppsContext } from '../apps-context';
import { deploymentsOfVersionOn, workOf, workOfUserDeployments } from './deployment.queries';
import { specOf } from './deployment.jobs';
import { workloadOf } from './deployment-workload';

/** Where a deployment's logs are read: the driver, cluster and workload of one location. */
export interface LogTarget {
  deploymentId: string;
  location: string;
  datacenterUuid: string;
  driver: Required<Pick<InfrastructureDriver, 'readLogs' | 'followLogs'>>;
  spec: ClusterSpec;
  workload: WorkloadSpec;
}

/** The cluster API could not give the logs: a 503 whose message says so plainly. */
export class LogsUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LogsUnavailableError';
  }
}

/**
 * The user's deployment and the location asked for: its own, or (by datacenter uuid or location
 * name, any case) that of another deployment of the same version on the same smart cluster.
 */
export async function resolveLogTarget(
  context: Pick<AppsContext, 'db' | 'drivers' | 'secrets'>,
  userId: string,
  deploymentId: string,
  location: string | undefined,
): Promise<LogTarget> {
  const [own] = await workOfUserDeployments(context.db, userId, [deploymentId]);
  if (!own) throw new NotFoundError(deploymentLogMessages.notFound);
  if (own.version.templateType === 'HEAT') {
    throw new ValidationError([deploymentLogMessages.heat], deploymentLogMessages.heat);
  }
  let work = own;
  if (location !== undefined) {
    const wanted = location.toLowerCase();
    const siblings = await workOf(
      context.db,
      deploymentsOfVersionOn(userId, own.version.id, own.smartCluster.id),
    );
    const found = siblings.find(
      ({ datacenter }) =>
        datacenter.uuid.toLowerCase() === wanted || datacenter.location.toLowerCase() === wanted,
    );
    if (!found) {
      const message = deploymentLogMessages.unknownLocation(location);
      throw new ValidationError([message], message);
    }
    work = found;
  }
  const driver = context.drivers.get(work.datacenter.driver);
  if (!driver?.readLogs || !driver.followLogs) {
    throw new LogsUnavailableError(deploymentLogMessages.unreachable(work.datacenter.location));
  }
  return {
    deploymentId: work.deployment.id,
    location: work.datacenter.location,
    datacenterUuid: work.datacenter.uuid,
    driver: {
      readLogs: driver.readLogs.bind(driver),
      followLogs: driver.followLogs.bind(driver),
    },
    spec: specOf(work.cluster, work.datacenter, context.secrets),
    workload: workloadOf(context, work),
  };
}

/** The last lines of a location's pods; a cluster that cannot answer is a plain 503. */
export async function readTargetLogs(target: LogTarget, query: LogQuery): Promise<LogLine[]> {
  try {
    return await target.driver.readLogs(target.spec, target.workload, query);
  } catch (error) {
    // The driver's detail stays in the server's log; the user reads which location failed.
    throw new LogsUnavailableError(deploymentLogMessages.unreachable(target.location), {
      cause: error,
    });
  }
}

/** `GET …/apps/deployment/{id}/logs`. */
export async function deploymentLogs(
  context: Pick<AppsContext, 'db' | 'drivers' | 'secrets'>,
  userId: string,
  deploymentId: string,
  query: { location?: string | undefined; tail: number },
): Promise<DeploymentLogs> {
  const target = await resolveLogTarget(context, userId, deploymentId, query.location);
  const lines = await readTargetLogs(target, { tail: query.tail });
  return {
    deployment_uuid: deploymentId,
    location: target.location,
    datacenter_uuid: target.datacenterUuid,
    lines,
  };
}

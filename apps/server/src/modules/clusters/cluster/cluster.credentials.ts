import {
  credentialsMessages,
  monitoringUsername,
  type MonitoringPasswordRotated,
} from '@meridian/domain/clusters/cluster-credentials';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { Status } from '@meridian/domain/status';
import { ConflictError } from '../../../platform/http/errors';
import type { ClusterContext } from '../cluster-context';
import { specOf } from './cluster.jobs';
import { changeMemberRow, listMemberRows, updateSmartClusterRow } from './cluster.queries';
import { generateMonitoringPassword, ownSmartCluster } from './cluster.service';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/**
 * A smart cluster's credentials, renewed by its owner: the kubeconfig tokens Meridian issued for
 * its member clusters, and its monitoring password (docs/simulated-kubernetes.md).
 */

// Being created or deleted, a smart cluster's members have no credentials to renew, or soon none.
const rotatableSmartCluster: ReadonlySet<Status> = new Set(['success', 'failure', 'updating']);
// A member that failed an update still runs, with its credentials.
const rotatableMember: ReadonlySet<Status> = new Set(['success', 'failure', 'updating']);

const isExternal = (smart: SmartClusterRow) => smart.datacenters.includes(externalDatacenterUuid);

/**
 * New credentials for every running member: the kubeconfigs downloaded before are refused (401)
 * from now on; the next download holds the new token.
 */
export async function rotateClusterCredentials(
  context: ClusterContext,
  userId: string,
  id: string,
): Promise<void> {
  const { db, drivers, secrets } = context;
  const smart = await ownSmartCluster(context, userId, id);
  // The owner of an external cluster issued its credentials, not Meridian.
  if (isExternal(smart)) throw new ConflictError(credentialsMessages.externalCredentials);
  if (!rotatableSmartCluster.has(smart.status)) {
    throw new ConflictError(credentialsMessages.rotateInProgress);
  }
  let rotated = 0;
  for (const member of await listMemberRows(db, { smartClusterId: id })) {
    if (!rotatableMember.has(member.cluster.status)) continue;
    const driver = drivers.get(member.datacenter.driver);
    const kubeconfig = await driver?.rotateCredentials?.(specOf(member));
    if (!kubeconfig) continue;
    await changeMemberRow(db, member.cluster.id, { kubeconfigSealed: secrets.seal(kubeconfig) });
    rotated += 1;
  }
  if (rotated === 0) throw new ConflictError(credentialsMessages.nothingToRotate);
}

/** The smart cluster's monitoring pages ask for this password from the next request on. */
export async function changeMonitoringPassword(
  context: ClusterContext,
  userId: string,
  id: string,
  password: string,
): Promise<void> {
  const { db, secrets, now } = context;
  const smart = await ownSmartCluster(context, userId, id);
  if (isExternal(smart)) throw new ConflictError(credentialsMessages.externalMonitoring);
  await updateSmartClusterRow(db, id, {
    monitoringPasswordSealed: secrets.seal(password),
    updatedAt: now(),
  });
}

/**
 * A new monitoring password generated here (spec "Generated monitoring password"), answered this
 * once: the old one, and the pages signed in with it, are refused from the next request on.
 */
export async function rotateMonitoringPassword(
  context: ClusterContext,
  userId: string,
  id: string,
): Promise<MonitoringPasswordRotated> {
  const password = generateMonitoringPassword();
  await changeMonitoringPassword(context, userId, id, password);
  return { username: monitoringUsername, password };
}

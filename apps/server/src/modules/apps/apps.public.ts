// The apps context's public face (docs/architecture.md): the only file of it that other contexts
// import. Deployments as the domains context names, certifies and serves them, and the apps on a
// smart cluster as the clusters context moves them (app.ts hands it over at start).
import type { DeploymentsOnSmartClusters } from '../clusters/clusters.public';
import { inTransaction, type AppsContext } from './apps-context';
import {
  carryDeployments,
  deploymentsBusyOn,
  removeDeploymentsOn,
} from './deployment/deployment.moves';
import {
  memberDeploymentsOfUser,
  versionUuidsBySmartCluster,
} from './deployment/deployment.queries';

export { toDeployment } from './deployment/deployment.mapper';
export {
  findOwnDeployment,
  listNamedDeployments,
  setDeploymentCertificate,
  setDeploymentDomainNames,
} from './deployment/deployment.queries';
export {
  deploymentViewsOfVersionOn,
  deploymentViewsWithIds,
  namedDeploymentViews,
} from './deployment/deployment.records';
export type { DeploymentView } from './deployment/deployment.types';

/** The apps on smart clusters, for the clusters context: each move runs in its own transaction. */
export function deploymentsOnSmartClusters(
  context: Pick<AppsContext, 'db' | 'jobs' | 'secrets' | 'now'>,
): DeploymentsOnSmartClusters {
  return {
    versionUuidsBySmartCluster,
    memberDeploymentsOfUser,
    busyOn: deploymentsBusyOn,
    carry: (smartClusterId, from, to) =>
      inTransaction(context, (tx, send) =>
        carryDeployments(context, tx, send, smartClusterId, from, to),
      ),
    removeFrom: (members) =>
      inTransaction(context, (tx, send) => removeDeploymentsOn(context, tx, send, members)),
  };
}

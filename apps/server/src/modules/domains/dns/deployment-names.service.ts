import type { Deployment } from '@meridian/domain/apps/app-api';
import {
  dnsMessages,
  normaliseDomainNames,
  rootDomainOf,
} from '@meridian/domain/domains/domain-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import { validationMessages } from '@meridian/domain/validation-messages';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import {
  toDeployment,
  deploymentViewsOfVersionOn,
  deploymentViewsWithIds,
  findOwnDeployment,
  setDeploymentDomainNames,
} from '../../apps/apps.public';
import type { DeploymentView } from '../../apps/apps.public';
import { inTransaction, type DomainContext } from '../domain-context';
import { activeDomains } from '../domain/domain.records';
import { recordEvent } from '../../account/account.public';

/** The event payload naming the app and smart cluster whose domain names change. */
export function namesPayload(view: DeploymentView, failure?: string) {
  return {
    app_name: view.appName,
    app_uuid: view.deployment.appId,
    smart_cluster_name: view.smartClusterName,
    smart_cluster_uuid: view.deployment.smartClusterId,
    ...(failure ? { status_reason: failure } : {}),
  };
}

/** Names may change only on a deployment that runs and has an address (spec "States and transitions"). */
function requireNameable(views: readonly DeploymentView[]): void {
  for (const { deployment } of views) {
    if (deployment.status === 'pending') throw new ConflictError(dnsMessages.deploymentPending);
    if (deployment.status !== 'success' && deployment.status !== 'update_subdomains_failure') {
      throw new ConflictError(dnsMessages.notSuccess);
    }
    if (!deployment.endpoint) throw new ConflictError(dnsMessages.noEndpoint);
  }
}

/** Checks and stores new domain names on the user's deployments, then confirms publication. */
async function updateNames(
  context: DomainContext,
  userId: string,
  views: readonly DeploymentView[],
  rawNames: readonly string[],
): Promise<Deployment[]> {
  const normalised = normaliseDomainNames(rawNames);
  if (!normalised.ok) throw new ValidationError(normalised.errors);
  const roots = (await activeDomains(context.db, userId)).map((row) => row.domainName);
  if (normalised.names.some((name) => !rootDomainOf(name, roots))) {
    throw new ValidationError([validationMessages.rootDomain]);
  }
  requireNameable(views);
  await inTransaction(context, async (tx, send) => {
    for (const view of views) {
      await setDeploymentDomainNames(tx, view.deployment.id, {
        domainNames: normalised.names,
        status: 'pending',
      });
      await send({ kind: 'publish-deployment-names', deploymentId: view.deployment.id });
    }
    const first = views[0];
    if (first) {
      await recordEvent(tx, {
        userId,
        type: eventType('SMART_CLUSTER_APP_SUBDOMAIN', 'UPDATE', 'PENDING'),
        payload: namesPayload(first),
      });
    }
  });
  const ids = views.map((view) => view.deployment.id);
  return (await deploymentViewsWithIds(context.db, ids)).map(toDeployment);
}

export async function setDeploymentNames(
  context: DomainContext,
  userId: string,
  deploymentId: string,
  names: readonly string[],
): Promise<Deployment> {
  const view = await findOwnDeployment(context.db, userId, deploymentId);
  if (!view) throw new NotFoundError('Deployment not found');
  const [updated] = await updateNames(context, userId, [view], names);
  return updated!;
}

async function versionDeployments(
  context: DomainContext,
  userId: string,
  versionId: string,
  smartClusterId: string,
): Promise<DeploymentView[]> {
  const views = await deploymentViewsOfVersionOn(context.db, userId, versionId, smartClusterId);
  // Unknown, another account's, or not deployed there: nothing of the caller's is named.
  if (views.length === 0) {
    throw new NotFoundError('No deployment of this version on that smart cluster');
  }
  return views;
}

/** The version's deployments on a smart cluster: their domain names, by smart cluster. */
export async function versionNames(
  context: DomainContext,
  userId: string,
  versionId: string,
  smartClusterId: string,
): Promise<Record<string, string[]>> {
  const views = await versionDeployments(context, userId, versionId, smartClusterId);
  const names = [...new Set(views.flatMap((view) => view.deployment.domainNames))];
  return names.length > 0 ? { [smartClusterId]: names } : {};
}

export async function setVersionNames(
  context: DomainContext,
  userId: string,
  versionId: string,
  smartClusterId: string,
  names: readonly string[],
): Promise<Deployment[]> {
  const views = await versionDeployments(context, userId, versionId, smartClusterId);
  return updateNames(context, userId, views, names);
}

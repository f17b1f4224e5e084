import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import { servicePorts, type KubernetesManifest } from '@meridian/domain/apps/advanced-template';
import { appApiMessages } from '@meridian/domain/apps/app-api';
import { isInProgress } from '@meridian/domain/status';
import type { Database } from '../../../platform/db/database';
import { ConflictError, ValidationError } from '../../../platform/http/errors';
import { touchApp } from '../app/app.records';
import { ownSmartClustersWithMembers } from '../../clusters/clusters.public';
import { recordEvent } from '../../account/account.public';
import { settleHistoryLocation } from '../history/history.records';
import {
  buildManifests,
  deploymentTemplates,
  parseVersionTemplate,
} from '../template/template.service';
import type { AppsContext } from '../apps-context';
import { eventFor, payloadOf } from './deployment.events';
import {
  changeDeploymentRow,
  deleteDeploymentRow,
  insertDeploymentRows,
} from './deployment.queries';
import type { DeploymentWork } from './deployment.types';
import type { DeploymentJob } from './deployment-job-kinds';
import type { AppRow, VersionRow } from '../../../platform/db/schema/apps';
import type { ClusterRow, SmartClusterRow } from '../../../platform/db/schema/clusters';

/** The user's smart clusters that can take a deployment now, with their live members. */
export async function readySmartClusters(
  context: Pick<AppsContext, 'db'>,
  userId: string,
  ids: readonly string[],
  templateType: VersionRow['templateType'],
): Promise<{ smart: SmartClusterRow; members: ClusterRow[] }[]> {
  const targets = await ownSmartClustersWithMembers(context.db, userId, ids);
  for (const { smart, members } of targets) {
    if (smart.status !== 'success') throw new ConflictError(appApiMessages.smartClusterNotReady);
    if (
      templateType === 'HEAT' &&
      members.some((member) => member.datacenterUuid === externalDatacenterUuid)
    ) {
      throw new ValidationError([appApiMessages.heatOnExternal]);
    }
  }
  return targets;
}

/**
 * What a new rollout of `version` with `overrides` will show before it finishes. `parsed`
 * keeps each version's template parsed once across the targets of one request.
 */
export function rolloutShape(
  context: Pick<AppsContext, 'secrets'>,
  version: Pick<
    VersionRow,
    'id' | 'templateType' | 'rawTemplate' | 'registry' | 'registryPasswordSealed'
  >,
  overrides: { imageName: string | null; replicas: number | null },
  parsed = new Map<string, readonly KubernetesManifest[]>(),
) {
  const { secrets } = context;
  if (version.templateType === 'HEAT') return { template: [], ports: [] };
  let documents = parsed.get(version.id);
  if (!documents) {
    documents = parseVersionTemplate(version.rawTemplate);
    parsed.set(version.id, documents);
  }
  const manifests = buildManifests(version, overrides, secrets, documents);
  return { template: deploymentTemplates(manifests), ports: servicePorts(manifests) };
}

/**
 * Inserts one deployment per member and sends their rollouts; one pending event per group.
 * Answers the new deployments' ids.
 */
export async function startDeployments(
  context: Pick<AppsContext, 'secrets'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  app: AppRow,
  version: VersionRow,
  targets: readonly { smart: SmartClusterRow; members: ClusterRow[] }[],
  operation: 'create' | 'deploy',
): Promise<string[]> {
  const shape = rolloutShape(context, version, { imageName: null, replicas: null });
  const all: string[] = [];
  for (const { smart, members } of targets) {
    if (members.length === 0) continue;
    const inserted = await insertDeploymentRows(
      tx,
      members.map((member) => ({
        userId: app.userId,
        appId: app.id,
        versionId: version.id,
        smartClusterId: smart.id,
        clusterId: member.id,
        status: 'pending' as const,
        operation,
        ...shape,
      })),
    );
    await recordEvent(tx, {
      userId: app.userId,
      type: eventFor(version.templateType, operation, 'PENDING'),
      payload: payloadOf(app, smart, version),
    });
    for (const id of inserted) await send({ kind: 'rollout-deployment', deploymentId: id });
    all.push(...inserted);
  }
  return all;
}

/**
 * Marks deployments for removal and sends their jobs; rows on clusters that are already gone
 * are dropped at once. Answers how many are left to remove.
 */
export async function startRemovals(
  context: Pick<AppsContext, 'now'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  app: AppRow,
  rows: readonly DeploymentWork[],
  operation: 'delete' | 'cascaded_delete',
): Promise<number> {
  const { now } = context;
  const groups = new Map<string, DeploymentWork>();
  let left = 0;
  for (const work of rows) {
    if (work.cluster.deleted) {
      await deleteDeploymentRow(tx, work.deployment.id);
      await settleHistoryLocation(tx, work.deployment.id, 'success', null);
      continue;
    }
    await changeDeploymentRow(tx, work.deployment.id, {
      status: 'deleting',
      statusReason: null,
      operation,
      operationDeadline: null,
      updatedAt: now(),
    });
    groups.set(`${work.version.id}:${work.smartCluster.id}`, work);
    await send({ kind: 'remove-deployment', deploymentId: work.deployment.id });
    left += 1;
  }
  for (const work of groups.values()) {
    await recordEvent(tx, {
      userId: app.userId,
      type: eventFor(work.version.templateType, operation, 'PENDING'),
      payload: payloadOf(app, work.smartCluster, work.version),
    });
  }
  return left;
}

export async function startUpdates(
  context: AppsContext,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  targets: readonly DeploymentWork[],
  change: { imageName?: string; replicas?: number },
): Promise<void> {
  const { now } = context;
  const groups = new Map<string, DeploymentWork>();
  const parsed = new Map<string, readonly KubernetesManifest[]>();
  for (const work of targets) {
    const overrides = {
      imageName: change.imageName ?? work.deployment.imageName,
      replicas: change.replicas ?? work.deployment.replicas,
    };
    await changeDeploymentRow(tx, work.deployment.id, {
      status: 'updating',
      statusReason: null,
      operation: 'update',
      ...overrides,
      ...rolloutShape(context, work.version, overrides, parsed),
      operationDeadline: null,
      updatedAt: now(),
    });
    groups.set(`${work.version.id}:${work.smartCluster.id}`, work);
    await send({ kind: 'rollout-deployment', deploymentId: work.deployment.id });
  }
  for (const work of groups.values()) {
    await recordEvent(tx, {
      userId: work.app.userId,
      type: eventFor(work.version.templateType, 'update', 'PENDING'),
      payload: payloadOf(work.app, work.smartCluster, work.version),
    });
  }
  if (targets[0]) {
    await touchApp(tx, targets[0].app.id, now());
  }
}

/** Deployments of an app in a state that allows a new operation, or a 409. */
export function requireSettled(rows: readonly DeploymentWork[], message: string): void {
  if (rows.some((work) => isInProgress(work.deployment.status))) throw new ConflictError(message);
}

/**
 * Points a deployment at another version of its app and sends its rollout: a rollback, or one
 * location of a progressive rollout. An image a CI/CD call set belongs to the old version and goes.
 */
export async function startVersionChange(
  context: Pick<AppsContext, 'secrets' | 'now'>,
  tx: Database,
  send: (job: DeploymentJob) => Promise<void>,
  work: DeploymentWork,
  version: VersionRow,
): Promise<void> {
  const overrides = { imageName: null, replicas: work.deployment.replicas };
  await changeDeploymentRow(tx, work.deployment.id, {
    versionId: version.id,
    status: 'updating',
    statusReason: null,
    operation: 'update',
    ...overrides,
    ...rolloutShape(context, version, overrides),
    operationDeadline: null,
    updatedAt: context.now(),
  });
  await send({ kind: 'rollout-deployment', deploymentId: work.deployment.id });
}

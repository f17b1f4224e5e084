import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import {
  appApiMessages,
  type App,
  type Deployment,
  type DeploymentOperation,
  type DeploymentUpdate,
  type Version,
} from '@meridian/domain/apps/app-api';
import type { AppCreateFields, VersionCreateFields } from '@meridian/domain/apps/app-form';
import { servicePorts } from '@meridian/domain/apps/advanced-template';
import { kubernetesName } from '@meridian/domain/apps/basic-template';
import {
  eventType,
  type EventPayload,
  type ResourceEventType,
} from '@meridian/domain/events/event-catalogue';
import { isInProgress, type Status } from '@meridian/domain/status';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  apps,
  clusters,
  datacenters,
  deployments,
  smartClusters,
  versions,
  type AppRow,
  type ClusterRow,
  type DatacenterRow,
  type DeploymentRow,
  type SmartClusterRow,
  type VersionRow,
} from '../../db/schema';
import {
  PermanentDriverError,
  type ClusterSpec,
  type DriverRegistry,
  type StackSpec,
  type WorkloadOperation,
} from '../../drivers/infrastructure-driver';
import {
  transactionWithJobs,
  type JobAttempt,
  type JobHandlers,
  type JobQueue,
} from '../../jobs/job-queue';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { findKeypairName } from '../auth/keypair.queries';
import { ensureUserKeypair } from '../auth/keypair.service';
import { meterDeployment } from '../billing/metering';
import { recordEvent } from '../event/event.service';
import { buildManifests, deploymentTemplates, prepareTemplate } from './app-template';
import {
  appListStamp,
  deploymentsOfUser,
  deploymentsWithIds,
  findOwnApp,
  findOwnVersion,
  listAppRows,
  listDeploymentViews,
  listVersionRows,
  lockApp,
  type DeploymentView,
  type VersionSummaryRow,
} from './kube.queries';

/** The durable jobs of the apps module; each names one deployment. */
export type KubeJob =
  | { kind: 'rollout-deployment'; deploymentId: string }
  | { kind: 'remove-deployment'; deploymentId: string };

export const kubeJobKinds = [
  'rollout-deployment',
  'remove-deployment',
] as const satisfies readonly KubeJob['kind'][];

export interface KubeServiceOptions {
  db: Database;
  drivers: DriverRegistry;
  secrets: SecretBox;
  now?: () => Date;
}

/** The app list ready to send: the same JSON plain and gzipped, known by the user's revision. */
export interface AppListBody {
  revision: number;
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

const gzipAsync = promisify(gzip);

/** A template as it arrives: the uploaded file's text or the Basic settings' JSON string. */
export interface TemplateUpload {
  text: string | undefined;
  filename: string | undefined;
}

const removalOperations: readonly DeploymentOperation[] = ['delete', 'cascaded_delete'];

/** The event a deployment group's operation reports: Heat deployments are stacks (spec §3). */
function eventFor(
  templateType: VersionRow['templateType'],
  operation: DeploymentOperation,
  outcome: 'PENDING' | 'FULFILLED' | 'REJECTED',
): ResourceEventType {
  if (templateType === 'HEAT') {
    return eventType('STACK', removalOperations.includes(operation) ? 'DELETE' : 'CREATE', outcome);
  }
  const action = (
    {
      create: 'CREATE',
      deploy: 'DEPLOY',
      update: 'UPDATE',
      // Removing a version from one smart cluster changes the app; it is not the app's deletion.
      delete: 'UPDATE',
      cascaded_delete: 'CASCADED_DELETE',
    } as const
  )[operation];
  return eventType('APP', action, outcome);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function specOf(cluster: ClusterRow, datacenter: DatacenterRow, secrets: SecretBox): ClusterSpec {
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

export function toDeployment(view: DeploymentView): Deployment {
  const { deployment, cluster, datacenter, version } = view;
  return {
    uuid: deployment.id,
    app_uuid: deployment.appId,
    version_uuid: deployment.versionId,
    smart_cluster_uuid: deployment.smartClusterId,
    smart_cluster_name: view.smartClusterName,
    cluster_uuid: cluster.id,
    cluster_name: cluster.name,
    datacenter_uuid: datacenter.uuid,
    datacenter_name: datacenter.location,
    status: deployment.status,
    status_reason: deployment.statusReason,
    endpoint: deployment.endpoint,
    domain_names: deployment.domainNames,
    certificate_uuid: deployment.certificateUuid,
    ports: deployment.ports,
    template: deployment.template,
    image_name: deployment.imageName,
    ready_replicas: deployment.readyReplicas,
    flavor_name: version.flavorName,
    volume_type: version.volumeType,
    app: { uuid: deployment.appId, name: view.appName },
    version: { uuid: deployment.versionId, name: view.versionName },
    createdAt: deployment.createdAt.toISOString(),
    updatedAt: deployment.updatedAt.toISOString(),
  };
}

/** A version's status from its deployments: failure, then in progress, else success. */
function versionStatus(list: readonly Deployment[]): Status {
  const failed = list.find((deployment) => deployment.status === 'failure');
  if (failed) return 'failure';
  const working = list.find((deployment) => isInProgress(deployment.status));
  if (working) return working.status;
  if (list.some((deployment) => deployment.status === 'update_subdomains_failure')) {
    return 'update_subdomains_failure';
  }
  return 'success';
}

function toVersion(row: VersionSummaryRow & { rawTemplate?: string }, list: Deployment[]): Version {
  return {
    uuid: row.id,
    app_uuid: row.appId,
    name: row.name,
    template_type: row.templateType,
    ...(row.rawTemplate !== undefined ? { raw_template: row.rawTemplate } : {}),
    template_name: row.templateName,
    flavor_name: row.flavorName,
    volume_type: row.volumeType,
    status: row.deleting ? 'deleting' : versionStatus(list),
    smart_cluster_uuids: [...new Set(list.map((deployment) => deployment.smart_cluster_uuid))],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Builds apps from three flat lists, grouping in memory (no query per app). */
function assembleApps(
  appRows: readonly AppRow[],
  versionRows: readonly (VersionSummaryRow & { rawTemplate?: string })[],
  views: readonly DeploymentView[],
): App[] {
  const deploymentsByApp = new Map<string, Deployment[]>();
  for (const view of views) {
    const list = deploymentsByApp.get(view.deployment.appId) ?? [];
    list.push(toDeployment(view));
    deploymentsByApp.set(view.deployment.appId, list);
  }
  const deploymentsByVersion = new Map<string, Deployment[]>();
  for (const list of deploymentsByApp.values()) {
    for (const deployment of list) {
      const ofVersion = deploymentsByVersion.get(deployment.version_uuid) ?? [];
      ofVersion.push(deployment);
      deploymentsByVersion.set(deployment.version_uuid, ofVersion);
    }
  }
  const versionsByApp = new Map<string, Version[]>();
  for (const row of versionRows) {
    const ofVersion = deploymentsByVersion.get(row.id) ?? [];
    const list = versionsByApp.get(row.appId) ?? [];
    list.push(toVersion(row, ofVersion));
    versionsByApp.set(row.appId, list);
  }
  return appRows.map((row) => ({
    uuid: row.id,
    name: row.name,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    versions: versionsByApp.get(row.id) ?? [],
    deployments: deploymentsByApp.get(row.id) ?? [],
  }));
}

/** A deployment with everything its job needs: where it runs and what it rolls out. */
interface DeploymentWork {
  deployment: DeploymentRow;
  cluster: ClusterRow;
  datacenter: DatacenterRow;
  version: VersionRow;
  app: AppRow;
  smartCluster: SmartClusterRow;
}

/** Deployments with their cluster, datacenter, version, app and smart cluster rows. */
async function workOf(db: Database, where: SQL | undefined): Promise<DeploymentWork[]> {
  return db
    .select({
      deployment: deployments,
      cluster: clusters,
      datacenter: datacenters,
      version: versions,
      app: apps,
      smartCluster: smartClusters,
    })
    .from(deployments)
    .innerJoin(clusters, eq(clusters.id, deployments.clusterId))
    .innerJoin(datacenters, eq(datacenters.uuid, clusters.datacenterUuid))
    .innerJoin(versions, eq(versions.id, deployments.versionId))
    .innerJoin(apps, eq(apps.id, deployments.appId))
    .innerJoin(smartClusters, eq(smartClusters.id, deployments.smartClusterId))
    .where(where);
}

async function findDeploymentWork(db: Database, id: string): Promise<DeploymentWork | undefined> {
  const [row] = await workOf(db, eq(deployments.id, id));
  return row;
}

export type KubeService = ReturnType<typeof createKubeService>;

/** The apps module (`/meridian/v1/kube`): apps, versions and their deployments. */
export function createKubeService({
  db,
  drivers,
  secrets,
  now = () => new Date(),
}: KubeServiceOptions) {
  let queue: JobQueue<KubeJob> | undefined;
  // The serialised app list per user with the revision it was built at (see appListStamp).
  const listCache = new Map<string, AppListBody>();
  const listCacheLimit = 500;

  function jobs(): JobQueue<KubeJob> {
    if (!queue) throw new Error('the apps job queue has not started');
    return queue;
  }

  function inTransaction<T>(
    work: (tx: Database, send: (job: KubeJob) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return transactionWithJobs(db, jobs(), work);
  }

  const payloadOf = (
    app: Pick<AppRow, 'id' | 'name'>,
    smart?: Pick<SmartClusterRow, 'id' | 'name'>,
    version?: Pick<VersionRow, 'name'>,
    reason?: string | null,
  ): EventPayload => ({
    app_name: app.name,
    app_uuid: app.id,
    ...(smart ? { smart_cluster_name: smart.name, smart_cluster_uuid: smart.id } : {}),
    ...(version ? { version_name: version.name } : {}),
    ...(reason ? { status_reason: reason } : {}),
  });

  async function ownApp(userId: string, id: string): Promise<AppRow> {
    const row = await findOwnApp(db, userId, id);
    if (!row) throw new NotFoundError('App not found');
    return row;
  }

  async function ownVersion(userId: string, id: string): Promise<VersionRow> {
    const row = await findOwnVersion(db, userId, id);
    if (!row) throw new NotFoundError('Version not found');
    return row;
  }

  /** The user's smart clusters that can take a deployment now, with their live members. */
  async function readySmartClusters(
    userId: string,
    ids: readonly string[],
    templateType: VersionRow['templateType'],
  ): Promise<{ smart: SmartClusterRow; members: ClusterRow[] }[]> {
    const unique = [...new Set(ids)];
    const rows = await db
      .select()
      .from(smartClusters)
      .where(
        and(
          inArray(smartClusters.id, unique),
          eq(smartClusters.userId, userId),
          eq(smartClusters.deleted, false),
        ),
      );
    if (rows.length !== unique.length) throw new NotFoundError('Smart cluster not found');
    const members = await db
      .select()
      .from(clusters)
      .where(and(inArray(clusters.smartClusterId, unique), eq(clusters.deleted, false)));
    return unique.map((id) => {
      const smart = rows.find((row) => row.id === id)!;
      if (smart.status !== 'success') throw new ConflictError(appApiMessages.smartClusterNotReady);
      const own = members.filter((member) => member.smartClusterId === id);
      if (
        templateType === 'HEAT' &&
        own.some((member) => member.datacenterUuid === externalDatacenterUuid)
      ) {
        throw new ValidationError([appApiMessages.heatOnExternal]);
      }
      return { smart, members: own };
    });
  }

  /** What a new rollout of `version` with `overrides` will show before it finishes. */
  function rolloutShape(
    version: Pick<
      VersionRow,
      'templateType' | 'rawTemplate' | 'registry' | 'registryPasswordSealed'
    >,
    overrides: { imageName: string | null; replicas: number | null },
  ) {
    if (version.templateType === 'HEAT') return { template: [], ports: [] };
    const manifests = buildManifests(version, overrides, secrets);
    return { template: deploymentTemplates(manifests), ports: servicePorts(manifests) };
  }

  /** Inserts one deployment per member and sends their rollouts; one pending event per group. */
  async function startDeployments(
    tx: Database,
    send: (job: KubeJob) => Promise<void>,
    app: AppRow,
    version: VersionRow,
    targets: readonly { smart: SmartClusterRow; members: ClusterRow[] }[],
    operation: 'create' | 'deploy',
  ): Promise<void> {
    const shape = rolloutShape(version, { imageName: null, replicas: null });
    for (const { smart, members } of targets) {
      if (members.length === 0) continue;
      const inserted = await tx
        .insert(deployments)
        .values(
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
        )
        .returning({ id: deployments.id });
      await recordEvent(tx, {
        userId: app.userId,
        type: eventFor(version.templateType, operation, 'PENDING'),
        payload: payloadOf(app, smart, version),
      });
      for (const { id } of inserted) await send({ kind: 'rollout-deployment', deploymentId: id });
    }
  }

  /**
   * Marks deployments for removal and sends their jobs; rows on clusters that are already gone
   * are dropped at once. Answers how many are left to remove.
   */
  async function startRemovals(
    tx: Database,
    send: (job: KubeJob) => Promise<void>,
    app: AppRow,
    rows: readonly DeploymentWork[],
    operation: 'delete' | 'cascaded_delete',
  ): Promise<number> {
    const groups = new Map<string, DeploymentWork>();
    let left = 0;
    for (const work of rows) {
      if (work.cluster.deleted) {
        await tx.delete(deployments).where(eq(deployments.id, work.deployment.id));
        continue;
      }
      await tx
        .update(deployments)
        .set({
          status: 'deleting',
          statusReason: null,
          operation,
          operationDeadline: null,
          updatedAt: now(),
        })
        .where(eq(deployments.id, work.deployment.id));
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

  /**
   * After a deployment's operation ends: once none of its group (same app, version and smart
   * cluster) is still working on that operation, one event reports the group's outcome; a
   * version or app waiting for its deployments to go is deleted (or its deletion fails).
   */
  async function settleGroup(
    tx: Database,
    work: DeploymentWork,
    outcome: { ok: true } | { ok: false; reason: string },
  ): Promise<void> {
    const { app, version, smartCluster, deployment } = work;
    const siblings = await tx
      .select({
        status: deployments.status,
        operation: deployments.operation,
        reason: deployments.statusReason,
      })
      .from(deployments)
      .where(
        and(
          eq(deployments.appId, app.id),
          eq(deployments.versionId, version.id),
          eq(deployments.smartClusterId, smartCluster.id),
          eq(deployments.operation, deployment.operation),
        ),
      );
    if (siblings.some((sibling) => isInProgress(sibling.status))) return;
    const failures = [
      ...(outcome.ok ? [] : [outcome.reason]),
      ...siblings
        .filter((sibling) => sibling.status === 'failure')
        .map((sibling) => sibling.reason ?? ''),
    ].filter((reason, index, all) => reason !== '' && all.indexOf(reason) === index);
    const failed = !outcome.ok || siblings.some((sibling) => sibling.status === 'failure');
    await recordEvent(tx, {
      userId: app.userId,
      type: eventFor(version.templateType, deployment.operation, failed ? 'REJECTED' : 'FULFILLED'),
      payload: payloadOf(app, smartCluster, version, failed ? failures.join('\n') : null),
    });
    if (!removalOperations.includes(deployment.operation)) return;

    const left = await tx
      .select({ id: deployments.id, versionId: deployments.versionId, status: deployments.status })
      .from(deployments)
      .where(eq(deployments.appId, app.id));
    const [current] = await tx.select().from(apps).where(eq(apps.id, app.id));
    const [currentVersion] = await tx.select().from(versions).where(eq(versions.id, version.id));
    if (currentVersion?.deleting) {
      const ofVersion = left.filter((row) => row.versionId === version.id);
      if (ofVersion.length === 0) {
        await tx.delete(versions).where(eq(versions.id, version.id));
        await recordEvent(tx, {
          userId: app.userId,
          type: eventType('VERSION', 'DELETE', 'FULFILLED'),
          payload: payloadOf(app, undefined, version),
        });
      } else if (!ofVersion.some((row) => isInProgress(row.status))) {
        await tx
          .update(versions)
          .set({ deleting: false, updatedAt: now() })
          .where(eq(versions.id, version.id));
        await recordEvent(tx, {
          userId: app.userId,
          type: eventType('VERSION', 'DELETE', 'REJECTED'),
          payload: payloadOf(app, undefined, version, failures.join('\n')),
        });
      }
    }
    if (current?.deleting) {
      if (left.length === 0) {
        await tx.delete(apps).where(eq(apps.id, app.id));
        await recordEvent(tx, {
          userId: app.userId,
          type: eventType('APP', 'DELETE', 'FULFILLED'),
          payload: payloadOf(app),
        });
      } else if (!left.some((row) => isInProgress(row.status))) {
        await tx.update(apps).set({ deleting: false, updatedAt: now() }).where(eq(apps.id, app.id));
        await recordEvent(tx, {
          userId: app.userId,
          type: eventType('APP', 'DELETE', 'REJECTED'),
          payload: payloadOf(app, undefined, undefined, failures.join('\n')),
        });
      }
    }
  }

  type StepOutcome =
    { ok: true; endpoint?: string | null; readyReplicas?: number } | { ok: false; reason: string };

  /** Ends a deployment's operation once: the conditional write is the guard against re-runs. */
  async function finishDeployment(work: DeploymentWork, outcome: StepOutcome): Promise<void> {
    const { deployment } = work;
    const removing = deployment.status === 'deleting';
    await db.transaction(async (tx) => {
      // Lock order everywhere: app, then its deployments.
      await lockApp(tx, deployment.appId);
      const stillWorking = and(
        eq(deployments.id, deployment.id),
        eq(deployments.status, deployment.status),
        eq(deployments.operation, deployment.operation),
      );
      let changed: { id: string }[];
      if (!outcome.ok) {
        changed = await tx
          .update(deployments)
          .set({
            status: 'failure',
            statusReason: outcome.reason,
            operationDeadline: null,
            updatedAt: now(),
          })
          .where(stillWorking)
          .returning({ id: deployments.id });
      } else if (removing) {
        changed = await tx
          .delete(deployments)
          .where(stillWorking)
          .returning({ id: deployments.id });
      } else {
        changed = await tx
          .update(deployments)
          .set({
            status: 'success',
            statusReason: null,
            endpoint: outcome.endpoint ?? null,
            readyReplicas: outcome.readyReplicas ?? 0,
            operationDeadline: null,
            updatedAt: now(),
          })
          .where(stillWorking)
          .returning({ id: deployments.id });
      }
      if (changed.length === 0) return;
      await meterDeployment(tx, work, removing, outcome.ok, now());
      await settleGroup(tx, work, outcome.ok ? { ok: true } : outcome);
    });
  }

  async function stackOf(work: DeploymentWork): Promise<StackSpec> {
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
  async function runDeploymentStep(job: KubeJob, attempt: JobAttempt): Promise<void> {
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
        work,
        removing ? { ok: true } : { ok: false, reason: 'The cluster has been deleted.' },
      );
    }
    const driver = drivers.get(datacenter.driver);
    if (!driver) {
      return finishDeployment(work, {
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
      await jobs().send(job, { startAfter: deadline });
      return;
    }

    let outcome: StepOutcome;
    try {
      if (heat) {
        const stack = await stackOf(work);
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
    await finishDeployment(work, outcome);
  }

  const handlers: JobHandlers<KubeJob> = {
    'rollout-deployment': runDeploymentStep,
    'remove-deployment': runDeploymentStep,
  };

  async function appById(userId: string, appId: string, withTemplates: boolean): Promise<App> {
    const [appRows, versionRows, views] = await Promise.all([
      listAppRows(db, userId, appId),
      withTemplates
        ? db
            .select()
            .from(versions)
            .where(and(eq(versions.userId, userId), eq(versions.appId, appId)))
        : listVersionRows(db, userId, appId),
      listDeploymentViews(db, deploymentsOfUser(userId, appId)),
    ]);
    const sorted = [...versionRows].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
    );
    const [app] = assembleApps(appRows, sorted, views);
    if (!app) throw new NotFoundError('App not found');
    return app;
  }

  /** Deployments of an app in a state that allows a new operation, or a 409. */
  function requireSettled(rows: readonly DeploymentWork[], message: string): void {
    if (rows.some((work) => isInProgress(work.deployment.status))) throw new ConflictError(message);
  }

  async function rollOutImage(
    userId: string,
    appId: string,
    clusterIds: readonly string[],
    imageName: string,
  ): Promise<Deployment[]> {
    const app = await ownApp(userId, appId);
    const ids = await inTransaction(async (tx, send) => {
      const locked = await lockApp(tx, app.id);
      if (!locked || locked.deleting) throw new NotFoundError('App not found');
      const all = await workOf(tx, eq(deployments.appId, app.id));
      const matching = all.filter(
        (work) =>
          !work.cluster.deleted &&
          (clusterIds.includes(work.smartCluster.id) || clusterIds.includes(work.cluster.id)),
      );
      const kubernetes = matching.filter((work) => work.version.templateType !== 'HEAT');
      if (kubernetes.length === 0) {
        throw new NotFoundError(
          matching.length > 0
            ? appApiMessages.imageUpdateNeedsKubernetes
            : appApiMessages.noKubernetesDeployment,
        );
      }
      // On each smart cluster, the newest version deployed there is the one that runs the app.
      const newest = new Map<string, Date>();
      for (const work of kubernetes) {
        const seen = newest.get(work.smartCluster.id);
        if (!seen || work.version.createdAt > seen)
          newest.set(work.smartCluster.id, work.version.createdAt);
      }
      const targets = kubernetes.filter(
        (work) => work.version.createdAt.getTime() === newest.get(work.smartCluster.id)!.getTime(),
      );
      requireSettled(targets, appApiMessages.deploymentInProgress);
      await startUpdates(tx, send, targets, { imageName, replicas: undefined });
      return targets.map((work) => work.deployment.id);
    });
    return (await listDeploymentViews(db, deploymentsWithIds(ids))).map(toDeployment);
  }

  async function startUpdates(
    tx: Database,
    send: (job: KubeJob) => Promise<void>,
    targets: readonly DeploymentWork[],
    change: { imageName?: string; replicas?: number },
  ): Promise<void> {
    const groups = new Map<string, DeploymentWork>();
    for (const work of targets) {
      const overrides = {
        imageName: change.imageName ?? work.deployment.imageName,
        replicas: change.replicas ?? work.deployment.replicas,
      };
      await tx
        .update(deployments)
        .set({
          status: 'updating',
          statusReason: null,
          operation: 'update',
          ...overrides,
          ...rolloutShape(work.version, overrides),
          operationDeadline: null,
          updatedAt: now(),
        })
        .where(eq(deployments.id, work.deployment.id));
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
      await tx.update(apps).set({ updatedAt: now() }).where(eq(apps.id, targets[0].app.id));
    }
  }

  return {
    jobHandlers: handlers,
    attachQueue(started: JobQueue<KubeJob>) {
      queue = started;
    },

    /**
     * The user's apps as JSON (and gzip), built with a fixed number of queries and served again
     * from memory while the user's revision is unchanged (one indexed read per call).
     */
    async listApps(userId: string): Promise<AppListBody> {
      const revision = await appListStamp(db, userId);
      const cached = listCache.get(userId);
      if (cached?.revision === revision) return cached;
      const [appRows, versionRows, views] = await Promise.all([
        listAppRows(db, userId),
        listVersionRows(db, userId),
        listDeploymentViews(db, deploymentsOfUser(userId)),
      ]);
      const json = Buffer.from(JSON.stringify(assembleApps(appRows, versionRows, views)));
      const body: AppListBody = {
        revision,
        etag: `"apps-${revision}"`,
        json,
        gzip: await gzipAsync(json, { level: 1 }),
      };
      listCache.delete(userId);
      if (listCache.size >= listCacheLimit) listCache.delete(listCache.keys().next().value!);
      listCache.set(userId, body);
      return body;
    },

    getApp(userId: string, appId: string): Promise<App> {
      return appById(userId, appId, true);
    },

    async create(userId: string, fields: AppCreateFields, upload: TemplateUpload): Promise<App> {
      const prepared = prepareTemplate(
        fields.name,
        fields.template_type,
        upload.text,
        fields.template_name ?? upload.filename,
        secrets,
      );
      const targets = await readySmartClusters(
        userId,
        [fields.smart_cluster_uuid],
        fields.template_type,
      );
      const app = await inTransaction(async (tx, send) => {
        const [app] = await tx
          .insert(apps)
          .values({ userId, name: fields.name, description: fields.description || null })
          .returning();
        const [version] = await tx
          .insert(versions)
          .values({
            appId: app!.id,
            userId,
            name: fields.version_name,
            templateType: fields.template_type,
            ...prepared,
            flavorName: fields.flavor_name ?? null,
            volumeType: fields.volume_type ?? null,
          })
          .returning();
        await startDeployments(tx, send, app!, version!, targets, 'create');
        return app!;
      });
      return appById(userId, app.id, false);
    },

    async update(
      userId: string,
      appId: string,
      change: { name?: string; description?: string },
    ): Promise<App> {
      await ownApp(userId, appId);
      await db
        .update(apps)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.description !== undefined ? { description: change.description || null } : {}),
          updatedAt: now(),
        })
        .where(eq(apps.id, appId));
      return appById(userId, appId, false);
    },

    /** Removes the app's deployments first (cascaded), then the app: `success` when already gone. */
    async remove(userId: string, appId: string): Promise<{ status: 'success' | 'deleting' }> {
      await ownApp(userId, appId);
      return inTransaction(async (tx, send) => {
        const app = await lockApp(tx, appId);
        if (!app || app.userId !== userId) throw new NotFoundError('App not found');
        if (app.deleting) return { status: 'deleting' as const };
        const rows = await workOf(tx, eq(deployments.appId, appId));
        requireSettled(rows, appApiMessages.appInProgress);
        await tx.update(apps).set({ deleting: true, updatedAt: now() }).where(eq(apps.id, appId));
        await recordEvent(tx, {
          userId,
          type: eventType('APP', 'DELETE', 'PENDING'),
          payload: payloadOf(app),
        });
        const left = await startRemovals(tx, send, app, rows, 'cascaded_delete');
        if (left > 0) return { status: 'deleting' as const };
        await tx.delete(apps).where(eq(apps.id, appId));
        await recordEvent(tx, {
          userId,
          type: eventType('APP', 'DELETE', 'FULFILLED'),
          payload: payloadOf(app),
        });
        return { status: 'success' as const };
      });
    },

    async createVersion(
      userId: string,
      appId: string,
      fields: VersionCreateFields,
      upload: TemplateUpload,
    ): Promise<Version> {
      const app = await ownApp(userId, appId);
      if (app.deleting) throw new NotFoundError('App not found');
      const prepared = prepareTemplate(
        app.name,
        fields.template_type,
        upload.text,
        fields.template_name ?? upload.filename,
        secrets,
      );
      const [row] = await db
        .insert(versions)
        .values({
          appId,
          userId,
          name: fields.name,
          templateType: fields.template_type,
          ...prepared,
          flavorName: fields.flavor_name ?? null,
          volumeType: fields.volume_type ?? null,
        })
        .returning();
      await db.update(apps).set({ updatedAt: now() }).where(eq(apps.id, appId));
      return toVersion(row!, []);
    },

    async updateVersion(userId: string, versionId: string, name: string): Promise<Version> {
      await ownVersion(userId, versionId);
      await db.update(versions).set({ name, updatedAt: now() }).where(eq(versions.id, versionId));
      const row = await ownVersion(userId, versionId);
      const views = await listDeploymentViews(
        db,
        and(deploymentsOfUser(userId), eq(deployments.versionId, versionId)),
      );
      return toVersion(row, views.map(toDeployment));
    },

    async removeVersion(
      userId: string,
      versionId: string,
    ): Promise<{ status: 'success' | 'deleting' }> {
      const version = await ownVersion(userId, versionId);
      return inTransaction(async (tx, send) => {
        const app = await lockApp(tx, version.appId);
        if (!app || app.deleting) throw new NotFoundError('Version not found');
        const siblings = await tx
          .select({ id: versions.id })
          .from(versions)
          .where(eq(versions.appId, app.id));
        if (siblings.length <= 1) throw new ConflictError(appApiMessages.lastVersion);
        const rows = await workOf(tx, eq(deployments.versionId, versionId));
        requireSettled(rows, appApiMessages.versionInProgress);
        await tx
          .update(versions)
          .set({ deleting: true, updatedAt: now() })
          .where(eq(versions.id, versionId));
        await recordEvent(tx, {
          userId,
          type: eventType('VERSION', 'DELETE', 'PENDING'),
          payload: payloadOf(app, undefined, version),
        });
        const left = await startRemovals(tx, send, app, rows, 'delete');
        if (left > 0) return { status: 'deleting' as const };
        await tx.delete(versions).where(eq(versions.id, versionId));
        await recordEvent(tx, {
          userId,
          type: eventType('VERSION', 'DELETE', 'FULFILLED'),
          payload: payloadOf(app, undefined, version),
        });
        return { status: 'success' as const };
      });
    },

    /** The version's template as stored (a private registry's password sealed). */
    async versionTemplate(
      userId: string,
      versionId: string,
    ): Promise<{ name: string; text: string }> {
      const version = await ownVersion(userId, versionId);
      return { name: version.templateName, text: version.rawTemplate };
    },

    /** Deploys a version onto more smart clusters; a failed deployment there is rolled out again. */
    async deployVersion(
      userId: string,
      versionId: string,
      smartClusterIds: readonly string[],
    ): Promise<Deployment[]> {
      const version = await ownVersion(userId, versionId);
      const targets = await readySmartClusters(userId, smartClusterIds, version.templateType);
      const ids = await inTransaction(async (tx, send) => {
        const app = await lockApp(tx, version.appId);
        if (!app || app.deleting || version.deleting) throw new NotFoundError('Version not found');
        const existing = await workOf(tx, eq(deployments.versionId, versionId));
        const fresh: typeof targets = [];
        const retried: DeploymentWork[] = [];
        for (const target of targets) {
          const there = existing.filter(
            (work) => work.smartCluster.id === target.smart.id && !work.cluster.deleted,
          );
          if (there.length === 0) {
            fresh.push(target);
          } else if (there.every((work) => work.deployment.status === 'failure')) {
            retried.push(...there);
          } else {
            throw new ConflictError(appApiMessages.alreadyDeployed);
          }
        }
        await startDeployments(tx, send, app, version, fresh, 'deploy');
        for (const work of retried) {
          await tx
            .update(deployments)
            .set({
              status: 'pending',
              statusReason: null,
              operation: 'deploy',
              operationDeadline: null,
              updatedAt: now(),
            })
            .where(eq(deployments.id, work.deployment.id));
          await send({ kind: 'rollout-deployment', deploymentId: work.deployment.id });
        }
        const retriedGroups = new Map(retried.map((work) => [work.smartCluster.id, work]));
        for (const work of retriedGroups.values()) {
          await recordEvent(tx, {
            userId,
            type: eventFor(version.templateType, 'deploy', 'PENDING'),
            payload: payloadOf(app, work.smartCluster, version),
          });
        }
        await tx.update(apps).set({ updatedAt: now() }).where(eq(apps.id, app.id));
        const all = await tx
          .select({ id: deployments.id })
          .from(deployments)
          .where(
            and(
              eq(deployments.versionId, versionId),
              inArray(deployments.smartClusterId, smartClusterIds.slice()),
            ),
          );
        return all.map((row) => row.id);
      });
      return (await listDeploymentViews(db, deploymentsWithIds(ids))).map(toDeployment);
    },

    async updateDeployment(
      userId: string,
      deploymentId: string,
      change: DeploymentUpdate,
    ): Promise<Deployment> {
      await inTransaction(async (tx, send) => {
        const [found] = await workOf(tx, eq(deployments.id, deploymentId));
        if (!found || found.deployment.userId !== userId || found.cluster.deleted) {
          throw new NotFoundError('Deployment not found');
        }
        await lockApp(tx, found.app.id);
        if (found.version.templateType === 'HEAT') {
          throw new ValidationError([appApiMessages.imageUpdateNeedsKubernetes]);
        }
        requireSettled([found], appApiMessages.deploymentInProgress);
        await startUpdates(tx, send, [found], {
          imageName: change.image_name,
          replicas: change.replicas,
        });
      });
      const [view] = await listDeploymentViews(db, deploymentsWithIds([deploymentId]));
      return toDeployment(view!);
    },

    async removeDeployments(
      userId: string,
      ids: readonly string[],
    ): Promise<{ status: 'success' | 'deleting' }> {
      const unique = [...new Set(ids)];
      return inTransaction(async (tx, send) => {
        const rows = await workOf(
          tx,
          and(inArray(deployments.id, unique), eq(deployments.userId, userId))!,
        );
        if (rows.length !== unique.length) throw new NotFoundError('Deployment not found');
        for (const appId of new Set(rows.map((work) => work.app.id))) await lockApp(tx, appId);
        requireSettled(rows, appApiMessages.deploymentInProgress);
        let left = 0;
        for (const appId of new Set(rows.map((work) => work.app.id))) {
          const ofApp = rows.filter((work) => work.app.id === appId);
          left += await startRemovals(tx, send, ofApp[0]!.app, ofApp, 'delete');
          await tx.update(apps).set({ updatedAt: now() }).where(eq(apps.id, appId));
        }
        return { status: left > 0 ? ('deleting' as const) : ('success' as const) };
      });
    },

    async deploymentsOnSmartCluster(userId: string, smartClusterId: string): Promise<Deployment[]> {
      const [smart] = await db
        .select({ id: smartClusters.id })
        .from(smartClusters)
        .where(
          and(
            eq(smartClusters.id, smartClusterId),
            eq(smartClusters.userId, userId),
            eq(smartClusters.deleted, false),
          ),
        );
      if (!smart) throw new NotFoundError('Smart cluster not found');
      const views = await listDeploymentViews(
        db,
        and(deploymentsOfUser(userId), eq(deployments.smartClusterId, smartClusterId)),
      );
      return views.map(toDeployment);
    },

    /** CI/CD: roll `imageName` out on the app's deployments on these smart (or member) clusters. */
    rollOutImage,
  };
}

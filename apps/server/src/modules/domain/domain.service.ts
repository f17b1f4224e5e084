import type { Deployment } from '@meridian/domain/apps/app-api';
import {
  checkRecordContent,
  dnsMessages,
  dnsNameErrors,
  hostPattern,
  normaliseDomainNames,
  recordHost,
  recordName,
  rootDomainOf,
  type DnsRecord,
  type DnsRecordCreateInput,
  type DnsRecordUpdateInput,
  type Domain,
  type DomainCreateInput,
  type Subdomain,
} from '@meridian/domain/domains/domain-api';
import { eventType, type EventPayload } from '@meridian/domain/events/event-catalogue';
import { validationMessages } from '@meridian/domain/validation-messages';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { dnsRecords, domains, type DnsRecordRow, type DomainRow } from '../../platform/db/schema';
import {
  transactionWithJobs,
  type JobAttempt,
  defineJob,
  type JobSender,
} from '../../platform/jobs/job-queue';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/http/errors';
import { recordEvent } from '../event/event.service';
import {
  deploymentsNamedUnder,
  deploymentsOfVersionOn,
  findOwnDeployment,
  namedDeploymentsOfUser,
  listDeploymentViews,
  setDeploymentDomainNames,
  deploymentsWithIds,
  type DeploymentView,
} from '../deployment/deployment.queries';
import { toDeployment } from '../deployment/deployment.mapper';

/** The durable jobs of the domain module: confirming that DNS serves a change. */
const publishDomainJob = z.object({ kind: z.literal('publish-domain'), domainId: z.uuid() });
const publishNamesJob = z.object({
  kind: z.literal('publish-deployment-names'),
  deploymentId: z.uuid(),
});
export type DomainJob = z.infer<typeof publishDomainJob> | z.infer<typeof publishNamesJob>;

/** A server of the zones that must confirm a change (PowerDNS); the built-in one reads the database. */
export interface ZonePublisher {
  sync(): Promise<void>;
}

export interface DomainServiceOptions {
  db: Database;
  jobs: JobSender<DomainJob>;
  nameservers: readonly string[];
  now?: () => Date;
}

export function toDnsRecord(row: DnsRecordRow): DnsRecord {
  return {
    uuid: row.id,
    domain_uuid: row.domainId,
    domain: row.name,
    type: row.type,
    content: row.content,
    ttl: row.ttl,
  };
}

export type DomainService = ReturnType<typeof createDomainService>;

/**
 * A zone taken (by anyone), or inside or above a zone another account holds, is refused: its
 * answers would shadow the other account's names (docs/architecture.md, "DNS").
 */
async function refuseOverlappingZones(tx: Database, userId: string, name: string): Promise<void> {
  const labels = name.split('.');
  const ancestors = labels.slice(1).map((_, index) => labels.slice(index + 1).join('.'));
  const rows = await tx
    .select({ userId: domains.userId, domainName: domains.domainName })
    .from(domains)
    .where(
      or(
        eq(domains.domainName, name),
        ancestors.length > 0 ? inArray(domains.domainName, ancestors) : sql`false`,
        sql`right(${domains.domainName}, ${name.length + 1}) = ${`.${name}`}`,
      ),
    );
  if (rows.some((row) => row.domainName === name)) throw new ConflictError(dnsMessages.domainTaken);
  const other = rows.find((row) => row.userId !== userId);
  if (!other) return;
  throw new ConflictError(
    ancestors.includes(other.domainName)
      ? dnsMessages.insideAnotherAccount
      : dnsMessages.aboveAnotherAccount,
  );
}

/** `/domain`: domains, their records, and deployments' domain names (spec "The calls it makes" Domains and DNS). */
export function createDomainService({
  db,
  jobs: queue,
  nameservers,
  now = () => new Date(),
}: DomainServiceOptions) {
  const publishers: ZonePublisher[] = [];
  const jobs = () => queue;

  async function inTransaction<T>(
    work: (tx: Database, send: (job: DomainJob) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return transactionWithJobs(db, jobs(), work);
  }

  const domainPayload = (
    row: Pick<DomainRow, 'id' | 'domainName'>,
    reason?: string | null,
  ): EventPayload => ({
    domain_name: row.domainName,
    domain_name_uuid: row.id,
    ...(reason ? { status_reason: reason } : {}),
  });

  async function ownDomain(userId: string, id: string): Promise<DomainRow> {
    const [row] = await db
      .select()
      .from(domains)
      .where(and(eq(domains.id, id), eq(domains.userId, userId)));
    if (!row || row.status === 'deleting') throw new NotFoundError('Domain not found');
    return row;
  }

  async function ownRecord(
    userId: string,
    id: string,
  ): Promise<{ record: DnsRecordRow; domain: DomainRow }> {
    const [row] = await db
      .select({ record: dnsRecords, domain: domains })
      .from(dnsRecords)
      .innerJoin(domains, eq(domains.id, dnsRecords.domainId))
      .where(and(eq(dnsRecords.id, id), eq(dnsRecords.userId, userId)));
    if (!row || row.domain.status === 'deleting') throw new NotFoundError('Record not found');
    return row;
  }

  async function userDomains(userId: string): Promise<DomainRow[]> {
    return db
      .select()
      .from(domains)
      .where(eq(domains.userId, userId))
      .orderBy(asc(domains.createdAt));
  }

  function toDomain(row: DomainRow, subdomains: string[]): Domain {
    return {
      uuid: row.id,
      domain_name: row.domainName,
      name: row.domainName,
      email: row.email,
      status: row.status,
      status_reason: row.statusReason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      jobUuids: [],
      subdomains,
      nameservers: [...nameservers],
    };
  }

  /** The spec "Validation rules" record rules, plus what DNS itself forbids (CNAME beside other data, apex CNAME/NS). */
  async function checkRecord(
    domain: DomainRow,
    type: DnsRecordRow['type'],
    host: string,
    rawContent: string,
    exceptId?: string,
  ): Promise<{ name: string; content: string }> {
    const name = recordName(host, domain.domainName);
    const errors: string[] = [];
    if (!hostPattern.test(recordHost(name, domain.domainName)))
      errors.push(dnsMessages.hostPattern);
    // The host alone may fit while host plus domain does not.
    errors.push(...dnsNameErrors(name));
    const checked = checkRecordContent(type, rawContent);
    if (!checked.ok) errors.push(...checked.errors);
    if (name === domain.domainName && type === 'CNAME') errors.push(dnsMessages.apexCname);
    if (name === domain.domainName && type === 'NS') {
      errors.push(
        "The domain's own name servers are Meridian's; NS records delegate names under it",
      );
    }
    if (errors.length > 0) throw new ValidationError(errors);
    const siblings = (
      await db
        .select({ id: dnsRecords.id, type: dnsRecords.type })
        .from(dnsRecords)
        .where(and(eq(dnsRecords.domainId, domain.id), eq(dnsRecords.name, name)))
    ).filter((row) => row.id !== exceptId);
    if (siblings.length > 0 && (type === 'CNAME' || siblings.some((row) => row.type === 'CNAME'))) {
      throw new ValidationError([dnsMessages.cnameConflict]);
    }
    return { name, content: checked.ok ? checked.content : rawContent };
  }

  async function publishedEverywhere(): Promise<void> {
    for (const publisher of publishers) await publisher.sync();
  }

  /** Confirms a domain is served (or gone) by every publisher; retried by the job on failure. */
  async function publishDomain(
    job: Extract<DomainJob, { kind: 'publish-domain' }>,
    attempt: JobAttempt,
  ) {
    const [row] = await db.select().from(domains).where(eq(domains.id, job.domainId));
    if (!row || (row.status !== 'creating' && row.status !== 'deleting')) return;
    let failure: string | undefined;
    try {
      await publishedEverywhere();
    } catch (error) {
      if (!attempt.final) throw error;
      failure = `DNS could not be published: ${error instanceof Error ? error.message : String(error)}`;
    }
    await db.transaction(async (tx) => {
      if (row.status === 'deleting') {
        if (failure) {
          await tx
            .update(domains)
            .set({ status: 'failure', statusReason: failure, updatedAt: now() })
            .where(eq(domains.id, row.id));
        } else {
          await tx
            .delete(domains)
            .where(and(eq(domains.id, row.id), eq(domains.status, 'deleting')));
        }
        await recordEvent(tx, {
          userId: row.userId,
          type: eventType('DOMAIN', 'DELETE', failure ? 'REJECTED' : 'FULFILLED'),
          payload: domainPayload(row, failure),
        });
        return;
      }
      const [updated] = await tx
        .update(domains)
        .set({
          status: failure ? 'failure' : 'success',
          statusReason: failure ?? null,
          updatedAt: now(),
        })
        .where(and(eq(domains.id, row.id), eq(domains.status, 'creating')))
        .returning();
      if (!updated) return;
      await recordEvent(tx, {
        userId: row.userId,
        type: eventType('DOMAIN', 'CREATE', failure ? 'REJECTED' : 'FULFILLED'),
        payload: domainPayload(row, failure),
      });
    });
  }

  /** Confirms a deployment's new domain names are served; a failure leaves a retry (spec "States and transitions"). */
  async function publishDeploymentNames(
    job: Extract<DomainJob, { kind: 'publish-deployment-names' }>,
    attempt: JobAttempt,
  ) {
    const [view] = await listDeploymentViews(db, deploymentsWithIds([job.deploymentId]));
    if (!view || view.deployment.status !== 'pending') return;
    let failure: string | undefined;
    try {
      await publishedEverywhere();
    } catch (error) {
      if (!attempt.final) throw error;
      failure = `DNS could not be published: ${error instanceof Error ? error.message : String(error)}`;
    }
    await db.transaction(async (tx) => {
      await setDeploymentDomainNames(tx, view.deployment.id, {
        status: failure ? 'update_subdomains_failure' : 'success',
        statusReason: failure ?? null,
      });
      await recordEvent(tx, {
        userId: view.deployment.userId,
        type: eventType(
          'SMART_CLUSTER_APP_SUBDOMAIN',
          'UPDATE',
          failure ? 'REJECTED' : 'FULFILLED',
        ),
        payload: {
          app_name: view.appName,
          app_uuid: view.deployment.appId,
          smart_cluster_name: view.smartClusterName,
          smart_cluster_uuid: view.deployment.smartClusterId,
          ...(failure ? { status_reason: failure } : {}),
        },
      });
    });
  }

  /** Checks and stores new domain names on the user's deployments, then confirms publication. */
  async function updateNames(
    userId: string,
    views: readonly DeploymentView[],
    rawNames: readonly string[],
  ) {
    const normalised = normaliseDomainNames(rawNames);
    if (!normalised.ok) throw new ValidationError(normalised.errors);
    const roots = (await userDomains(userId))
      .filter((row) => row.status !== 'deleting')
      .map((row) => row.domainName);
    if (normalised.names.some((name) => !rootDomainOf(name, roots))) {
      throw new ValidationError([validationMessages.rootDomain]);
    }
    for (const view of views) {
      if (view.deployment.status === 'pending')
        throw new ConflictError(dnsMessages.deploymentPending);
      if (
        view.deployment.status !== 'success' &&
        view.deployment.status !== 'update_subdomains_failure'
      ) {
        throw new ConflictError(dnsMessages.notSuccess);
      }
      if (!view.deployment.endpoint) throw new ConflictError(dnsMessages.noEndpoint);
    }
    await inTransaction(async (tx, send) => {
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
          payload: {
            app_name: first.appName,
            app_uuid: first.deployment.appId,
            smart_cluster_name: first.smartClusterName,
            smart_cluster_uuid: first.deployment.smartClusterId,
          },
        });
      }
    });
    const ids = views.map((view) => view.deployment.id);
    return (await listDeploymentViews(db, deploymentsWithIds(ids))).map(toDeployment);
  }

  return {
    jobDefinitions: [
      defineJob('publish-domain', publishDomainJob, publishDomain),
      defineJob('publish-deployment-names', publishNamesJob, publishDeploymentNames),
    ],
    /** PowerDNS, when configured: changes are only confirmed once it serves them. */
    attachPublisher(publisher: ZonePublisher) {
      publishers.push(publisher);
    },
    nameservers: () => [...nameservers],

    async listDomains(userId: string): Promise<Domain[]> {
      const rows = (await userDomains(userId)).filter((row) => row.status !== 'deleting');
      const named =
        rows.length > 0
          ? await deploymentsNamedUnderAny(userId, rows)
          : new Map<string, string[]>();
      return rows.map((row) => toDomain(row, named.get(row.id) ?? []));
    },

    async createDomain(userId: string, input: DomainCreateInput): Promise<Domain> {
      const row = await inTransaction(async (tx, send) => {
        // Checked and inserted under one lock: two accounts racing for nested names cannot both win.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meridian:domains'))`);
        await refuseOverlappingZones(tx, userId, input.domain_name);
        const [row] = await tx
          .insert(domains)
          .values({
            userId,
            domainName: input.domain_name,
            email: input.email ?? null,
            status: 'creating',
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new ConflictError(dnsMessages.domainTaken);
        await recordEvent(tx, {
          userId,
          type: eventType('DOMAIN', 'CREATE', 'PENDING'),
          payload: domainPayload(row),
        });
        await send({ kind: 'publish-domain', domainId: row.id });
        return row;
      });
      return toDomain(row, []);
    },

    async removeDomain(userId: string, id: string): Promise<{ status: 'deleting' }> {
      const row = await ownDomain(userId, id);
      if (row.status === 'creating')
        throw new ConflictError('The domain is still being created; please wait');
      const named = await deploymentsNamedUnder(db, userId, row.domainName);
      if (named.length > 0) {
        throw new ConflictError(
          `${named.length} deployment(s) still use names under ${row.domainName}; change their domain names first`,
        );
      }
      await inTransaction(async (tx, send) => {
        await tx
          .update(domains)
          .set({ status: 'deleting', updatedAt: now() })
          .where(eq(domains.id, id));
        await recordEvent(tx, {
          userId,
          type: eventType('DOMAIN', 'DELETE', 'PENDING'),
          payload: domainPayload(row),
        });
        await send({ kind: 'publish-domain', domainId: id });
      });
      return { status: 'deleting' };
    },

    async subdomains(userId: string, id: string): Promise<Subdomain[]> {
      const row = await ownDomain(userId, id);
      const views = await deploymentsNamedUnder(db, userId, row.domainName);
      return views.flatMap((view) =>
        view.deployment.domainNames
          .filter((name) => name === row.domainName || name.endsWith(`.${row.domainName}`))
          .map((name) => ({
            subdomain: name,
            domain_uuid: row.id,
            deployment_uuid: view.deployment.id,
            app_uuid: view.deployment.appId,
            app_name: view.appName,
            smart_cluster_uuid: view.deployment.smartClusterId,
          })),
      );
    },

    async listRecords(userId: string, domainId: string): Promise<DnsRecord[]> {
      await ownDomain(userId, domainId);
      const rows = await db
        .select()
        .from(dnsRecords)
        .where(eq(dnsRecords.domainId, domainId))
        .orderBy(asc(dnsRecords.createdAt), asc(dnsRecords.id));
      return rows.map(toDnsRecord);
    },

    async createRecord(userId: string, input: DnsRecordCreateInput): Promise<DnsRecord> {
      const domain = await ownDomain(userId, input.domain_uuid);
      const { name, content } = await checkRecord(domain, input.type, input.domain, input.content);
      const row = await inTransaction(async (tx) => {
        const [row] = await tx
          .insert(dnsRecords)
          .values({ domainId: domain.id, userId, name, type: input.type, content, ttl: input.ttl })
          .returning();
        return row!;
      });
      return toDnsRecord(row);
    },

    async updateRecord(
      userId: string,
      id: string,
      input: DnsRecordUpdateInput,
    ): Promise<DnsRecord> {
      const { record, domain } = await ownRecord(userId, id);
      if (input.type && input.type !== record.type)
        throw new ValidationError([dnsMessages.typeFixed]);
      const { name, content } = await checkRecord(
        domain,
        record.type,
        input.domain,
        input.content,
        record.id,
      );
      const row = await inTransaction(async (tx) => {
        const [row] = await tx
          .update(dnsRecords)
          .set({ name, content, ttl: input.ttl, updatedAt: now() })
          .where(eq(dnsRecords.id, id))
          .returning();
        return row!;
      });
      return toDnsRecord(row);
    },

    async removeRecord(userId: string, id: string): Promise<{ status: 'success' }> {
      await ownRecord(userId, id);
      await inTransaction((tx) => tx.delete(dnsRecords).where(eq(dnsRecords.id, id)));
      return { status: 'success' };
    },

    async setDeploymentNames(
      userId: string,
      deploymentId: string,
      names: readonly string[],
    ): Promise<Deployment> {
      const view = await findOwnDeployment(db, userId, deploymentId);
      if (!view) throw new NotFoundError('Deployment not found');
      const [updated] = await updateNames(userId, [view], names);
      return updated!;
    },

    /** The version's deployments on a smart cluster: their domain names, by smart cluster. */
    async versionNames(
      userId: string,
      versionId: string,
      smartClusterId: string,
    ): Promise<Record<string, string[]>> {
      const views = await versionDeployments(userId, versionId, smartClusterId);
      // Unknown, another account's, or not deployed there: nothing of the caller's is named.
      if (views.length === 0)
        throw new NotFoundError('No deployment of this version on that smart cluster');
      const names = [...new Set(views.flatMap((view) => view.deployment.domainNames))];
      return names.length > 0 ? { [smartClusterId]: names } : {};
    },

    async setVersionNames(
      userId: string,
      versionId: string,
      smartClusterId: string,
      names: readonly string[],
    ): Promise<Deployment[]> {
      const views = await versionDeployments(userId, versionId, smartClusterId);
      if (views.length === 0)
        throw new NotFoundError('No deployment of this version on that smart cluster');
      return updateNames(userId, views, names);
    },
  };

  function versionDeployments(userId: string, versionId: string, smartClusterId: string) {
    return listDeploymentViews(db, deploymentsOfVersionOn(userId, versionId, smartClusterId));
  }

  async function deploymentsNamedUnderAny(userId: string, rows: readonly DomainRow[]) {
    const result = new Map<string, string[]>();
    const roots = rows.map((row) => row.domainName);
    for (const view of await namedDeploymentsOfUser(db, userId)) {
      for (const name of view.deployment.domainNames) {
        const root = rootDomainOf(name, roots);
        const row = rows.find((candidate) => candidate.domainName === root);
        if (row) result.set(row.id, [...(result.get(row.id) ?? []), name]);
      }
    }
    return result;
  }
}

import {
  domainInUseMessage,
  type NamingDeployment,
  dnsMessages,
  publicSuffixMessage,
  rootDomainOf,
  type Domain,
  type DomainCreateInput,
  type Subdomain,
} from '@meridian/domain/domains/domain-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import { isPublicSuffix } from '../../../platform/dns/public-suffix';
import {
  ConflictError,
  ValidationError,
  VerificationNeededError,
} from '../../../platform/http/errors';
import type { DomainVerification } from '@meridian/domain/domains/zone-api';
import { verificationFor } from './domain.verification';
import { namedDeploymentViews, setDeploymentDomainNames } from '../../apps/apps.public';
import type { DeploymentView } from '../../apps/apps.public';
import { recordEvent } from '../../account/account.public';
import { inTransaction, type DomainContext } from '../domain-context';
import { domainPayload, toDomain } from './domain.mapper';
import {
  changeDomainRow,
  insertDomainRow,
  lockDomainNames,
  overlappingZones,
} from './domain.queries';
import { ownDomain } from './domain.records';
import type { DomainRow } from '../../../platform/db/schema/domains';

/**
 * A zone taken (by anyone), or inside or above a zone another account holds, is refused: its
 * answers would shadow the other account's names (architecture "DNS"). A public suffix stored
 * before those were refused is no one's zone, so it keeps no one out.
 */
async function refuseOverlappingZones(
  tx: Database,
  userId: string,
  name: string,
  verification: () => DomainVerification,
): Promise<void> {
  const labels = name.split('.');
  const ancestors = labels
    .slice(1)
    .map((_, index) => labels.slice(index + 1).join('.'))
    .filter((ancestor) => !isPublicSuffix(ancestor));
  const rows = await overlappingZones(tx, name, ancestors);
  const same = rows.find((row) => row.domainName === name);
  // Another account's: the answer says how to prove control and claim it (docs/domains.md).
  if (same && same.userId !== userId) {
    throw new VerificationNeededError(dnsMessages.domainTaken, verification());
  }
  if (same) throw new ConflictError(dnsMessages.domainTaken);
  const other = rows.find((row) => row.userId !== userId);
  if (!other) return;
  throw new ConflictError(
    ancestors.includes(other.domainName)
      ? dnsMessages.insideAnotherAccount
      : dnsMessages.aboveAnotherAccount,
  );
}

/** The deployment names under each of these domains, by domain id. */
export async function namesUnderDomains(
  db: Database,
  userId: string,
  rows: readonly DomainRow[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  const roots = rows.map((row) => row.domainName);
  for (const view of await namedDeploymentViews(db, userId)) {
    for (const name of view.deployment.domainNames) {
      const root = rootDomainOf(name, roots);
      const row = rows.find((candidate) => candidate.domainName === root);
      if (row) result.set(row.id, [...(result.get(row.id) ?? []), name]);
    }
  }
  return result;
}

/** The publishing jobs still working on each of these domains (its `jobUuids`). */
/** A domain whose publish job may be at work: its answer names the job. */
export const isBeingPublished = (row: { status: string }) =>
  row.status === 'creating' || row.status === 'deleting';

export function jobsWorkingOn(
  context: DomainContext,
  rows: { id: string; status: string }[],
): Promise<Map<string, string[]>> {
  const busy = rows.filter(isBeingPublished);
  return context.jobs.unfinishedJobIds(
    'publish-domain',
    'domainId',
    busy.map((row) => row.id),
  );
}

export async function createDomain(
  context: DomainContext,
  userId: string,
  input: DomainCreateInput,
  /** The organisation whose account `userId` is, if any (docs/organizations.md). */
  organizationId: string | null = null,
): Promise<Domain> {
  if (isPublicSuffix(input.domain_name)) {
    throw new ValidationError([publicSuffixMessage(input.domain_name)]);
  }
  const row = await inTransaction(context, async (tx, send) => {
    // Checked and inserted under one lock: two accounts racing for nested names cannot both win.
    await lockDomainNames(tx);
    await refuseOverlappingZones(tx, userId, input.domain_name, () =>
      verificationFor(context, userId, input.domain_name),
    );
    const row = await insertDomainRow(tx, {
      userId,
      organizationId,
      domainName: input.domain_name,
      email: input.email ?? null,
      status: 'creating',
    });
    if (!row) throw new ConflictError(dnsMessages.domainTaken);
    await recordEvent(tx, {
      userId,
      type: eventType('DOMAIN', 'CREATE', 'PENDING'),
      payload: domainPayload(row),
    });
    await send({ kind: 'publish-domain', domainId: row.id });
    return row;
  });
  const working = await jobsWorkingOn(context, [row]);
  return toDomain(row, [], context.nameservers, working.get(row.id));
}

/**
 * `DELETE /domain/name/{id}`: refused while deployments use names under it, naming them, unless
 * `releaseNames`: then their names under it go in the same transaction as the domain.
 */
export async function removeDomain(
  context: DomainContext,
  userId: string,
  id: string,
  { releaseNames = false }: { releaseNames?: boolean } = {},
): Promise<{ status: 'deleting' }> {
  const { db, now } = context;
  const row = await ownDomain(db, userId, id);
  if (row.status === 'creating')
    throw new ConflictError('The domain is still being created; please wait');
  const named = await namedDeploymentViews(db, userId, row.domainName);
  if (named.length > 0 && !releaseNames) {
    throw new ConflictError(domainInUseMessage(row.domainName, named.map(namingDeployment)));
  }
  await inTransaction(context, async (tx, send) => {
    for (const view of named) await releaseNamesUnder(tx, view, row.domainName);
    await changeDomainRow(tx, id, { status: 'deleting', updatedAt: now() });
    await recordEvent(tx, {
      userId,
      type: eventType('DOMAIN', 'DELETE', 'PENDING'),
      payload: domainPayload(row),
    });
    await send({ kind: 'publish-domain', domainId: id });
  });
  return { status: 'deleting' };
}

function namingDeployment(view: DeploymentView): NamingDeployment {
  return {
    appName: view.appName,
    versionName: view.versionName,
    location: view.datacenter.location,
  };
}

/** Takes the names under `domainName` off a deployment; its other names and status stay. */
export function releaseNamesUnder(
  tx: Database,
  view: DeploymentView,
  domainName: string,
): Promise<void> {
  const kept = view.deployment.domainNames.filter(
    (name) => name !== domainName && !name.endsWith(`.${domainName}`),
  );
  return setDeploymentDomainNames(tx, view.deployment.id, {
    domainNames: kept,
    status: view.deployment.status,
    statusReason: view.deployment.statusReason,
  });
}

/** Deployment domain names under the domain: the record editor's Subdomain rows. */
export async function subdomains(
  context: DomainContext,
  userId: string,
  id: string,
): Promise<Subdomain[]> {
  const { db } = context;
  const row = await ownDomain(db, userId, id);
  const views = await namedDeploymentViews(db, userId, row.domainName);
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
}

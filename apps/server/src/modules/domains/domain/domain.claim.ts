import { Resolver } from 'node:dns/promises';
import type { Domain } from '@meridian/domain/domains/domain-api';
import { claimMessages } from '@meridian/domain/domains/zone-api';
import { eventType } from '@meridian/domain/events/event-catalogue';
import { recordAudit } from '../../../platform/audit-log';
import type { Database } from '../../../platform/db/database';
import type { DomainRow } from '../../../platform/db/schema/domains';
import {
  ConflictError,
  NotFoundError,
  ServiceBusyError,
  VerificationNeededError,
} from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { recordEvent } from '../../account/account.public';
import { namedDeploymentViews } from '../../apps/apps.public';
import { verificationFor } from './domain.verification';
import { inTransaction, type DomainContext } from '../domain-context';
import { recordHistory } from '../dns/record-history';
import { domainPayload, toDomain } from './domain.mapper';
import { changeDomainRow, findDomainByName, lockDomainNames } from './domain.queries';
import { deleteRecords, recordsOfDomain } from './domain.records';
import { jobsWorkingOn, releaseNamesUnder } from './domain.service';

/**
 * Claims (issue 38; docs/domains.md): an account that proves control of a name another account
 * holds, by a TXT record only it can know, takes the zone over.
 */

/** How long the TXT lookup may take, retries included. */
const lookupDeadlineMs = 5_000;

/** The TXT values at `name` (each record's strings joined); empty when there are none. */
async function lookupTxt(resolverAddress: string | undefined, name: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (resolverAddress) resolver.setServers([resolverAddress]);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), lookupDeadlineMs);
  });
  try {
    const records = await Promise.race([resolver.resolveTxt(name), deadline]);
    return records.map((strings) => strings.join(''));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENODATA' || code === 'ENOTFOUND') return [];
    const reason = typeof code === 'string' ? code : (error as Error).message;
    throw new ServiceBusyError(claimMessages.lookupFailed(name, reason), 30);
  } finally {
    clearTimeout(timer);
    resolver.cancel();
  }
}

/** The account claiming: the acting account, and its organisation if it is one. */
export interface Claimant {
  accountId: string;
  organizationId: string | null;
}

/** The domain's holder, when the claimant may claim it. */
async function claimable(db: Database, claimant: Claimant, name: string): Promise<DomainRow> {
  const row = await findDomainByName(db, name);
  if (row?.userId === claimant.accountId) throw new ConflictError(claimMessages.alreadyYours);
  if (!row || row.status === 'deleting') throw new NotFoundError(claimMessages.notHeld(name));
  return row;
}

/**
 * `POST /domain/name/{domain}/claim`: looks the proof up through public DNS and, when it matches,
 * moves the zone to the claimant in one transaction; publishing goes the usual way (the job).
 */
export async function claimDomain(
  context: DomainContext,
  claimant: Claimant,
  domainName: string,
  actor: HistoryActor,
): Promise<Domain> {
  const current = await findDomainByName(context.db, domainName);
  if (current?.userId === claimant.accountId) throw new ConflictError(claimMessages.alreadyYours);
  // The proof is asked for before saying whether anyone holds the name, so a claim answers the
  // same for a held name as for a free one (the isolation matrix's rule) until it is proven.
  const verification = verificationFor(context, claimant.accountId, domainName);
  const found = await lookupTxt(context.verifyResolver, verification.name);
  if (!found.includes(verification.value)) {
    const message = claimMessages.mismatch(verification, found.length);
    throw new VerificationNeededError(message, verification);
  }
  const row = await inTransaction(context, async (tx, send) => {
    // Checked again under the lock creation takes: the holder may have changed meanwhile.
    await lockDomainNames(tx);
    const held = await claimable(tx, claimant, domainName);
    await takeZoneFrom(tx, held, actor);
    const moved = await changeDomainRow(tx, held.id, {
      userId: claimant.accountId,
      organizationId: claimant.organizationId,
      email: null,
      status: 'creating',
      statusReason: null,
      updatedAt: context.now(),
    });
    await tellBoth(tx, held, claimant.accountId);
    await send({ kind: 'publish-domain', domainId: held.id });
    return moved!;
  });
  const working = await jobsWorkingOn(context, [row]);
  return toDomain(row, [], context.nameservers, working.get(row.id));
}

/** Removes the former holder's records (kept in the history) and deployment names under it. */
async function takeZoneFrom(tx: Database, held: DomainRow, actor: HistoryActor): Promise<void> {
  const records = await recordsOfDomain(tx, held.id);
  await deleteRecords(
    tx,
    records.map((record) => record.id),
  );
  await recordHistory(
    tx,
    held.id,
    actor,
    records.map((record) => ({ action: 'claim' as const, before: record, after: null })),
  );
  for (const view of await namedDeploymentViews(tx, held.userId, held.domainName)) {
    await releaseNamesUnder(tx, view, held.domainName);
  }
}

/**
 * Both accounts hear of it (notifications) and both audit trails hold it: the claimant's through
 * the HTTP audit trail, the former holder's here. The former holder's entry names Meridian, not
 * the claimant: who claimed is not theirs to learn.
 */
async function tellBoth(tx: Database, held: DomainRow, claimantId: string): Promise<void> {
  await recordEvent(tx, {
    userId: held.userId,
    type: eventType('DOMAIN', 'DELETE', 'FULFILLED'),
    payload: domainPayload(held, claimMessages.claimedFrom),
  });
  await recordEvent(tx, {
    userId: claimantId,
    type: eventType('DOMAIN', 'CREATE', 'PENDING'),
    payload: domainPayload(held),
  });
  await recordAudit(tx, {
    actor: { type: 'meridian', id: null, name: 'Domain claim' },
    action: 'domain.claim',
    target: { type: 'domain', id: held.id, name: held.domainName },
    organizationId: held.organizationId,
    accountUserId: held.userId,
    result: 'success',
  });
}

import {
  checkRecordContent,
  dnsMessages,
  dnsNameErrors,
  hostPattern,
  recordHost,
  recordName,
  type DnsRecord,
  type DnsRecordCreateInput,
  type DnsRecordUpdateInput,
} from '@meridian/domain/domains/domain-api';
import { ValidationError } from '../../../platform/http/errors';
import { inTransaction, type DomainContext } from '../domain-context';
import {
  changeRecord,
  deleteRecord,
  insertRecord,
  ownDomain,
  ownRecord,
  recordsAtName,
  recordsOfDomain,
} from '../domain/domain.records';
import { toDnsRecord } from './dns.mapper';
import { recordHistory } from './record-history';
import type { HistoryActor } from '../../../platform/http/request-actor';
import type { DnsRecordRow, DomainRow } from '../../../platform/db/schema/domains';

/** The name and content a record is stored with, after spec "Validation rules" and DNS's own rules. */
async function checkRecord(
  context: DomainContext,
  domain: DomainRow,
  type: DnsRecordRow['type'],
  host: string,
  rawContent: string,
  exceptId?: string,
): Promise<{ name: string; content: string }> {
  const name = recordName(host, domain.domainName);
  const errors: string[] = [];
  if (!hostPattern.test(recordHost(name, domain.domainName))) errors.push(dnsMessages.hostPattern);
  // The host alone may fit while host plus domain does not.
  errors.push(...dnsNameErrors(name));
  const checked = checkRecordContent(type, rawContent);
  if (!checked.ok) errors.push(...checked.errors);
  if (name === domain.domainName && type === 'CNAME') errors.push(dnsMessages.apexCname);
  if (name === domain.domainName && type === 'NS') {
    errors.push("The domain's own name servers are Meridian's; NS records delegate names under it");
  }
  if (errors.length > 0) throw new ValidationError(errors);
  // A CNAME stands alone at its name (RFC 1034): no other data beside it.
  const siblings = (await recordsAtName(context.db, domain.id, name)).filter(
    (row) => row.id !== exceptId,
  );
  if (siblings.length > 0 && (type === 'CNAME' || siblings.some((row) => row.type === 'CNAME'))) {
    throw new ValidationError([dnsMessages.cnameConflict]);
  }
  return { name, content: checked.ok ? checked.content : rawContent };
}

export async function listRecords(
  context: DomainContext,
  userId: string,
  domainId: string,
): Promise<DnsRecord[]> {
  await ownDomain(context.db, userId, domainId);
  return (await recordsOfDomain(context.db, domainId)).map(toDnsRecord);
}

export async function createRecord(
  context: DomainContext,
  userId: string,
  input: DnsRecordCreateInput,
  actor: HistoryActor,
): Promise<DnsRecord> {
  const domain = await ownDomain(context.db, userId, input.domain_uuid);
  const { name, content } = await checkRecord(
    context,
    domain,
    input.type,
    input.domain,
    input.content,
  );
  const row = await inTransaction(context, async (tx) => {
    const values = { domainId: domain.id, userId, name, type: input.type, content, ttl: input.ttl };
    const inserted = await insertRecord(tx, values);
    await recordHistory(tx, domain.id, actor, [
      { action: 'create', before: null, after: inserted },
    ]);
    return inserted;
  });
  return toDnsRecord(row);
}

export async function updateRecord(
  context: DomainContext,
  userId: string,
  id: string,
  input: DnsRecordUpdateInput,
  actor: HistoryActor,
): Promise<DnsRecord> {
  const { record, domain } = await ownRecord(context.db, userId, id);
  if (input.type && input.type !== record.type) throw new ValidationError([dnsMessages.typeFixed]);
  const { name, content } = await checkRecord(
    context,
    domain,
    record.type,
    input.domain,
    input.content,
    record.id,
  );
  const row = await inTransaction(context, async (tx) => {
    const changed = await changeRecord(tx, id, {
      name,
      content,
      ttl: input.ttl,
      updatedAt: context.now(),
    });
    await recordHistory(tx, domain.id, actor, [
      { action: 'update', before: record, after: changed },
    ]);
    return changed;
  });
  return toDnsRecord(row);
}

export async function removeRecord(
  context: DomainContext,
  userId: string,
  id: string,
  actor: HistoryActor,
): Promise<{ status: 'success' }> {
  const { record, domain } = await ownRecord(context.db, userId, id);
  await inTransaction(context, async (tx) => {
    await deleteRecord(tx, id);
    await recordHistory(tx, domain.id, actor, [{ action: 'delete', before: record, after: null }]);
  });
  return { status: 'success' };
}

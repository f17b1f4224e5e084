import { dnsMessages } from '@meridian/domain/domains/domain-api';
import type { ZoneImportBody, ZoneImportResult } from '@meridian/domain/domains/zone-api';
import {
  formatZoneFile,
  readZoneFile,
  type ParsedZoneRecord,
} from '@meridian/domain/domains/zone-file';
import { cpuTask } from '../../../platform/cpu-pool';
import { soaMailbox } from '../../../platform/dns/zone';
import type { DnsRecordRow, DomainRow } from '../../../platform/db/schema/domains';
import { ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import { zoneAuthority } from '../domain-authority';
import { inTransaction, type DomainContext } from '../domain-context';
import { deleteRecords, insertRecords, ownDomain, recordsOfDomain } from '../domain/domain.records';
import { readDnsRevision } from '../domain/zone-store';
import { recordHistory, type RecordChange } from './record-history';

/**
 * Zone files in and out (docs/domains.md): `GET /domain/name/{id}/zone` answers the records as a
 * BIND master file, `POST` reads one into the zone, all or nothing.
 */

/** The reader runs on the CPU pool: the text is a user's, up to 256 KiB. */
export const readZoneFileTask = cpuTask('@meridian/domain/domains/zone-file', { readZoneFile });

export async function exportZone(
  context: DomainContext,
  accountId: string,
  domainId: string,
): Promise<{ domain: DomainRow; text: string }> {
  const domain = await ownDomain(context.db, accountId, domainId);
  const [records, serial] = await Promise.all([
    recordsOfDomain(context.db, domainId),
    readDnsRevision(context.db),
  ]);
  const authority = zoneAuthority(context.nameservers);
  const text = formatZoneFile(domain.domainName, records, {
    nameservers: authority.nameservers,
    hostmaster: soaMailbox({ contact: domain.email }, authority),
    serial,
    ttl: authority.ttl,
  });
  return { domain, text };
}

const keyOf = (record: Pick<DnsRecordRow, 'name' | 'type' | 'content'>) =>
  `${record.name}\n${record.type}\n${record.content}`;

/** What the import does: the file's records not yet there, and (replace) the ones it drops. */
function planImport(
  existing: readonly DnsRecordRow[],
  wanted: readonly ParsedZoneRecord[],
  mode: ZoneImportBody['mode'],
) {
  const unique = new Map<string, ParsedZoneRecord>();
  for (const record of wanted) if (!unique.has(keyOf(record))) unique.set(keyOf(record), record);
  const kept = new Map(
    existing
      .filter((row) => {
        const file = unique.get(keyOf(row));
        return mode === 'merge' || (file !== undefined && file.ttl === row.ttl);
      })
      .map((row) => [keyOf(row), row]),
  );
  const removed = existing.filter((row) => !kept.has(keyOf(row)));
  const added = [...unique.values()].filter((record) => !kept.has(keyOf(record)));
  return { kept: [...kept.values()], removed, added };
}

/** A CNAME stands alone at its name (RFC 1034), in the zone as the import leaves it. */
function cnameErrors(
  kept: readonly Pick<DnsRecordRow, 'name' | 'type'>[],
  added: readonly ParsedZoneRecord[],
): string[] {
  const byName = new Map<string, string[]>();
  for (const record of [...kept, ...added]) {
    byName.set(record.name, [...(byName.get(record.name) ?? []), record.type]);
  }
  return added
    .filter((record) => {
      const types = byName.get(record.name) ?? [];
      return types.length > 1 && types.includes('CNAME');
    })
    .map((record) => `Line ${record.line}: ${dnsMessages.cnameConflict}`);
}

export async function importZone(
  context: DomainContext,
  accountId: string,
  domainId: string,
  body: ZoneImportBody,
  actor: HistoryActor,
): Promise<ZoneImportResult> {
  const domain = await ownDomain(context.db, accountId, domainId);
  const parsed = await context.cpu.run(readZoneFileTask, {
    text: body.text,
    apex: domain.domainName,
  });
  if (!parsed.ok) throw new ValidationError(parsed.errors, 'The zone file was not imported');
  return inTransaction(context, async (tx) => {
    const { kept, removed, added } = planImport(
      await recordsOfDomain(tx, domainId),
      parsed.records,
      body.mode,
    );
    const conflicts = cnameErrors(kept, added);
    if (conflicts.length > 0)
      throw new ValidationError(conflicts, 'The zone file was not imported');
    const changes: RecordChange[] = [];
    await deleteRecords(
      tx,
      removed.map((row) => row.id),
    );
    for (const row of removed) changes.push({ action: 'import', before: row, after: null });
    const values = added.map(({ name, type, ttl, content }) => ({
      domainId,
      userId: accountId,
      name,
      type,
      ttl,
      content,
    }));
    for (const row of await insertRecords(tx, values)) {
      changes.push({ action: 'import', before: null, after: row });
    }
    await recordHistory(tx, domainId, actor, changes, context.now());
    return {
      mode: body.mode,
      created: added.length,
      deleted: removed.length,
      unchanged: kept.length,
      skipped: parsed.skipped,
    };
  });
}

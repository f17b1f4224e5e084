import type { DnsRecord } from '@meridian/domain/domains/domain-api';
import type { DnsRecordRow } from '../../../platform/db/schema/domains';

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

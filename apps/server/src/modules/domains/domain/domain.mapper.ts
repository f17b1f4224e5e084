import type { Domain } from '@meridian/domain/domains/domain-api';
import type { EventPayload } from '@meridian/domain/events/event-catalogue';
import type { DomainRow } from '../../../platform/db/schema/domains';

export function toDomain(
  row: DomainRow,
  subdomains: string[],
  nameservers: readonly string[],
  jobUuids: string[] = [],
): Domain {
  return {
    uuid: row.id,
    domain_name: row.domainName,
    name: row.domainName,
    email: row.email,
    organization_uuid: row.organizationId,
    status: row.status,
    status_reason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    jobUuids,
    subdomains,
    nameservers: [...nameservers],
  };
}

export function domainPayload(
  row: Pick<DomainRow, 'id' | 'domainName'>,
  reason?: string | null,
): EventPayload {
  return {
    domain_name: row.domainName,
    domain_name_uuid: row.id,
    ...(reason ? { status_reason: reason } : {}),
  };
}

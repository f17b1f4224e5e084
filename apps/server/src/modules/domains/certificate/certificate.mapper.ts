import {
  certificateWarningDays,
  type Certificate,
  type CertificateStatus,
} from '@meridian/domain/domains/certificate-api';
import type { CertificateRow } from '../../../platform/db/schema/domains';

const day = 24 * 3_600_000;

/**
 * The status a user sees: the stored state, except that the dates speak first: past `not_after`
 * it is expired, and a certificate whose renewal keeps failing is expiring in its last 14 days.
 */
export function certificateStatus(row: CertificateRow, at: Date): CertificateStatus {
  const left = row.notAfter ? row.notAfter.getTime() - at.getTime() : undefined;
  if (left !== undefined && left <= 0) return 'expired';
  const warnFrom = certificateWarningDays[0] * day;
  if (left !== undefined && row.failures > 0 && left <= warnFrom) return 'expiring';
  return row.state;
}

/** The one row → API mapper of certificates. */
export function toCertificate(row: CertificateRow, at: Date): Certificate {
  return {
    uuid: row.id,
    deployment_uuid: row.deploymentId,
    domain_names: row.domainNames,
    issuer: row.issuer,
    not_before: row.notBefore?.toISOString() ?? null,
    not_after: row.notAfter?.toISOString() ?? null,
    status: certificateStatus(row, at),
    last_error: row.lastError,
  };
}

import { auditCsvColumns, type AuditEntry } from '@meridian/domain/auth/audit';

/**
 * The audit log as CSV (RFC 4180): CRLF line ends, every field quoted and its quotes doubled.
 * A cell a spreadsheet would read as a formula (= + - @, tab, carriage return) starts with `'`.
 */
export function auditCsvOf(entries: readonly AuditEntry[]): string {
  const lines = [
    auditCsvColumns.map(cellOf).join(','),
    ...entries.map((entry) => rowOf(entry).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

function rowOf(entry: AuditEntry): string[] {
  return [
    entry.uuid,
    entry.at,
    entry.actor.type,
    entry.actor.uuid,
    entry.actor.name,
    entry.action,
    entry.target.type,
    entry.target.uuid,
    entry.target.name,
    entry.organization_uuid,
    entry.ip,
    entry.result,
  ].map(cellOf);
}

function cellOf(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

import type {
  DnsRecord,
  DnsRecordCreateInput,
  Subdomain,
} from '@meridian/domain/domains/domain-api';
import { checkRecordContent, recordHost, recordName } from '@meridian/domain/domains/domain-api';
import { dnsRecordTypes, limits } from '@meridian/domain/limits';
import type { DnsRecordType } from '@meridian/domain/limits';

/** Spec "Business constants and limits": the editor shows 7 rows per page, types NS, A, CNAME, MX, TXT, AAAA, TTL 3600. */
export const dnsPageSize = 7;
export const dnsTypes = dnsRecordTypes;
export const dnsDefaultTtl = limits.dnsDefaultTtl;

/** The key of the temporary row 'Create DNS record' adds at the top. */
export const newRowKey = '__new__';

export type EditorRow =
  | { key: string; kind: 'record'; record: DnsRecord; type: DnsRecordType; host: string }
  | { key: string; kind: 'new'; type: DnsRecordType; host: string }
  | { key: string; kind: 'subdomain'; type: 'Subdomain'; host: string; subdomain: string };

/** What the row being edited holds: MX keeps its priority and host apart (spec "Validation rules"). */
export interface RecordDraft {
  type: DnsRecordType;
  host: string;
  ttl: number;
  content: string;
  mxPriority?: number;
  mxHost?: string;
}

/** Spec "States and transitions" "DNS row": idle (null), editing an existing record, or creating the temporary row. */
export interface EditingState {
  key: string;
  draft: RecordDraft;
}

/**
 * The table's rows: the domain's records, then one 'Subdomain' row per deployment domain name
 * under it (host relative to the domain, no actions), and the temporary row at the top while a
 * record is being created.
 */
export function editorRows(
  records: readonly DnsRecord[],
  subdomains: readonly Pick<Subdomain, 'subdomain'>[],
  domainName: string,
  editing: EditingState | null,
): EditorRow[] {
  const rows: EditorRow[] = records.map((record) => ({
    key: record.uuid,
    kind: 'record',
    record,
    type: record.type,
    host: recordHost(record.domain, domainName),
  }));
  const seen = new Set<string>();
  for (const { subdomain } of subdomains) {
    if (!subdomain || seen.has(subdomain)) continue;
    seen.add(subdomain);
    rows.push({
      key: `subdomain:${subdomain}`,
      kind: 'subdomain',
      type: 'Subdomain',
      host: recordHost(subdomain, domainName),
      subdomain,
    });
  }
  if (editing?.key === newRowKey) {
    rows.unshift({ key: newRowKey, kind: 'new', type: editing.draft.type, host: '' });
  }
  return rows;
}

export function emptyDraft(): RecordDraft {
  return { type: 'A', host: '', ttl: dnsDefaultTtl, content: '' };
}

/** 'Create DNS record': a temporary row, unless a row is already being edited (then null). */
export function startCreating(editing: EditingState | null): EditingState | null {
  if (editing !== null) return null;
  return { key: newRowKey, draft: emptyDraft() };
}

/** Edit: only one row at a time, and never a subdomain row. */
export function startEditing(editing: EditingState | null, row: EditorRow): EditingState | null {
  if (editing !== null || row.kind !== 'record') return null;
  return { key: row.key, draft: draftFromRecord(row.record, row.host) };
}

/** '10 mail.example.ca' → priority 10 and host 'mail.example.ca'. */
export function splitMx(content: string): { priority?: number; host: string } {
  const [first = '', ...rest] = content.trim().split(/\s+/);
  if (/^\d+$/.test(first) && rest.length > 0) {
    return { priority: Number(first), host: rest.join(' ') };
  }
  return { host: content.trim() };
}

/** The MX value as stored: priority, a space, the host. */
export function combineMx(priority: number | null | undefined, host: string | undefined): string {
  return `${priority ?? ''} ${(host ?? '').trim()}`.trim();
}

export function draftFromRecord(record: DnsRecord, host: string): RecordDraft {
  const draft: RecordDraft = { type: record.type, host, ttl: record.ttl, content: record.content };
  if (record.type === 'MX') {
    const { priority, host: mxHost } = splitMx(record.content);
    return { ...draft, mxPriority: priority, mxHost };
  }
  return draft;
}

/** The Value of a draft: MX combines its two inputs. */
export function draftContent(draft: RecordDraft): string {
  return draft.type === 'MX' ? combineMx(draft.mxPriority, draft.mxHost) : draft.content;
}

export type DraftCheck =
  { ok: true; body: Omit<DnsRecordCreateInput, 'domain_uuid'> } | { ok: false; errors: string[] };

/**
 * What confirm sends: the full name from the Host column ('@' is the apex), the TTL and the
 * value as the domain package stores it; or the value's messages.
 */
export function draftBody(draft: RecordDraft, domainName: string): DraftCheck {
  const checked = checkRecordContent(draft.type, draftContent(draft));
  if (!checked.ok) return checked;
  return {
    ok: true,
    body: {
      domain: recordName(draft.host, domainName),
      ttl: draft.ttl,
      type: draft.type,
      content: checked.content,
    },
  };
}

/** The page (1-based) the row at `index` is on. */
export function pageOfIndex(index: number, pageSize = dnsPageSize): number {
  return Math.floor(Math.max(index, 0) / pageSize) + 1;
}

/** The last page that still has rows, so deleting the last row of a page never shows an empty one. */
export function clampPage(page: number, rowCount: number, pageSize = dnsPageSize): number {
  return Math.min(Math.max(page, 1), Math.max(1, Math.ceil(rowCount / pageSize)));
}

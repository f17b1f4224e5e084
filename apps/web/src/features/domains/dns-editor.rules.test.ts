import type { DnsRecord } from '@meridian/domain/domains/domain-api';
import { describe, expect, it } from 'vitest';
import {
  clampPage,
  combineMx,
  dnsPageSize,
  draftBody,
  draftFromRecord,
  editorRows,
  newRowKey,
  pageOfIndex,
  splitMx,
  startCreating,
  startEditing,
} from './dns-editor.rules';

const domain = 'example.ca';

function record(uuid: string, overrides: Partial<DnsRecord> = {}): DnsRecord {
  return {
    uuid,
    domain_uuid: 'dom-1',
    domain: `www.${domain}`,
    type: 'A',
    content: '203.0.113.10',
    ttl: 3600,
    ...overrides,
  };
}

describe('editorRows', () => {
  it('lists records with hosts relative to the domain, then subdomain rows', () => {
    const rows = editorRows(
      [record('r1'), record('r2', { domain, type: 'NS', content: 'ns1.meridian.ca' })],
      [{ subdomain: `shop.${domain}` }, { subdomain: `shop.${domain}` }],
      domain,
      null,
    );
    expect(rows.map((row) => [row.kind, row.type, row.host])).toEqual([
      ['record', 'A', 'www'],
      ['record', 'NS', '@'],
      ['subdomain', 'Subdomain', 'shop'],
    ]);
  });

  it('puts the temporary row at the top while creating', () => {
    const editing = startCreating(null);
    const rows = editorRows([record('r1')], [], domain, editing);
    expect(rows[0]).toMatchObject({ key: newRowKey, kind: 'new', type: 'A' });
    expect(rows).toHaveLength(2);
  });
});

describe('one row at a time', () => {
  const [row] = editorRows([record('r1')], [{ subdomain: `a.${domain}` }], domain, null);
  const subdomainRow = editorRows([], [{ subdomain: `a.${domain}` }], domain, null)[0]!;

  it('creates a temporary row with TTL 3600 only when no row is edited', () => {
    const creating = startCreating(null);
    expect(creating).toEqual({
      key: newRowKey,
      draft: { type: 'A', host: '', ttl: 3600, content: '' },
    });
    expect(startCreating(creating)).toBeNull();
    expect(startCreating(startEditing(null, row!))).toBeNull();
  });

  it('edits a record only when no other row is edited, and never a subdomain row', () => {
    const editing = startEditing(null, row!);
    expect(editing).toEqual({
      key: 'r1',
      draft: { type: 'A', host: 'www', ttl: 3600, content: '203.0.113.10' },
    });
    expect(startEditing(editing, row!)).toBeNull();
    expect(startEditing(startCreating(null), row!)).toBeNull();
    expect(startEditing(null, subdomainRow)).toBeNull();
  });
});

describe('MX values', () => {
  it('splits and combines priority and host', () => {
    expect(splitMx('10 mail.example.ca')).toEqual({ priority: 10, host: 'mail.example.ca' });
    expect(splitMx('mail.example.ca')).toEqual({ host: 'mail.example.ca' });
    expect(combineMx(0, ' mail.example.ca ')).toBe('0 mail.example.ca');
    expect(combineMx(undefined, 'mail.example.ca')).toBe('mail.example.ca');
  });

  it('opens an MX record with the two inputs filled', () => {
    const draft = draftFromRecord(
      record('mx', { type: 'MX', domain, content: '20 mx.example.ca' }),
      '@',
    );
    expect(draft).toMatchObject({ type: 'MX', host: '@', mxPriority: 20, mxHost: 'mx.example.ca' });
  });

  it('sends "priority host" and refuses a bad host', () => {
    expect(
      draftBody(
        { type: 'MX', host: '@', ttl: 300, content: '', mxPriority: 5, mxHost: 'Mail.Example.ca.' },
        domain,
      ),
    ).toEqual({
      ok: true,
      body: { domain, ttl: 300, type: 'MX', content: '5 mail.example.ca' },
    });
    expect(
      draftBody(
        { type: 'MX', host: '@', ttl: 300, content: '', mxPriority: 5, mxHost: 'x' },
        domain,
      ).ok,
    ).toBe(false);
  });
});

describe('draftBody', () => {
  it('turns the host into the full name: @ is the apex, a full name stays', () => {
    const body = (host: string) =>
      draftBody({ type: 'A', host, ttl: 3600, content: '203.0.113.1' }, domain);
    expect(body('@')).toMatchObject({ ok: true, body: { domain } });
    expect(body('WWW')).toMatchObject({ ok: true, body: { domain: `www.${domain}` } });
    expect(body(`api.${domain}`)).toMatchObject({ ok: true, body: { domain: `api.${domain}` } });
  });

  it('checks the value against the type', () => {
    expect(draftBody({ type: 'A', host: 'www', ttl: 1, content: '999.1.1.1' }, domain)).toEqual({
      ok: false,
      errors: ['Please provide a valid IPv4 address'],
    });
    expect(draftBody({ type: 'CNAME', host: 'www', ttl: 1, content: 'nope' }, domain)).toEqual({
      ok: false,
      errors: ['This is not a valid domain'],
    });
    expect(draftBody({ type: 'TXT', host: 'www', ttl: 1, content: 'hello world' }, domain).ok).toBe(
      true,
    );
  });
});

describe('paging', () => {
  it('shows 7 rows per page', () => {
    expect(dnsPageSize).toBe(7);
    expect(pageOfIndex(0)).toBe(1);
    expect(pageOfIndex(6)).toBe(1);
    expect(pageOfIndex(7)).toBe(2);
    expect(clampPage(3, 14)).toBe(2);
    expect(clampPage(2, 8)).toBe(2);
    expect(clampPage(2, 7)).toBe(1);
    expect(clampPage(1, 0)).toBe(1);
  });
});

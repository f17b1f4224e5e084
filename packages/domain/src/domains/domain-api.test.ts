import { describe, expect, it } from 'vitest';
import { validationMessages } from '../validation-messages';
import {
  checkRecordContent,
  dnsMessages,
  dnsNameErrors,
  dnsRecordCreateSchema,
  dnsRecordUpdateSchema,
} from './domain-api';

/** A valid name of `length` characters: labels of 63 letters, then a shorter one and a TLD. */
function nameOfLength(length: number): string {
  let name = 'ca';
  while (name.length < length) {
    const room = length - name.length - 1;
    name = `${'a'.repeat(Math.min(63, Math.max(1, room)))}.${name}`;
  }
  return name;
}

const errorsOf = (result: ReturnType<typeof checkRecordContent>) =>
  result.ok ? [] : result.errors;
const huge = 'a'.repeat(1_000_000);

describe('DNS record limits', () => {
  it('accepts names up to 253 characters with labels up to 63, and refuses longer ones', () => {
    expect(nameOfLength(253)).toHaveLength(253);
    expect(dnsNameErrors(nameOfLength(253))).toEqual([]);
    expect(dnsNameErrors(`${nameOfLength(253)}.`)).toEqual([]);
    expect(dnsNameErrors(nameOfLength(254))).toEqual([dnsMessages.nameLength]);
    expect(dnsNameErrors(`${'b'.repeat(63)}.example.ca`)).toEqual([]);
    expect(dnsNameErrors(`${'b'.repeat(64)}.example.ca`)).toEqual([dnsMessages.labelLength]);
    expect(dnsMessages.nameLength).toBe('A name must be at most 253 characters');
  });

  it('checks CNAME, NS and MX targets against the name limits', () => {
    for (const type of ['CNAME', 'NS'] as const) {
      expect(checkRecordContent(type, `${nameOfLength(253)}.`)).toEqual({
        ok: true,
        content: nameOfLength(253),
      });
      expect(errorsOf(checkRecordContent(type, nameOfLength(254)))).toEqual([
        dnsMessages.nameLength,
      ]);
      expect(errorsOf(checkRecordContent(type, `${'c'.repeat(64)}.example.ca`))).toEqual([
        dnsMessages.labelLength,
      ]);
      expect(errorsOf(checkRecordContent(type, 'not a host'))).toEqual([validationMessages.domain]);
    }
    expect(checkRecordContent('MX', `10 ${nameOfLength(253)}`)).toEqual({
      ok: true,
      content: `10 ${nameOfLength(253)}`,
    });
    expect(errorsOf(checkRecordContent('MX', `10 ${nameOfLength(300)}`))).toEqual([
      dnsMessages.nameLength,
    ]);
    expect(errorsOf(checkRecordContent('MX', `-1 ${nameOfLength(300)}`))).toEqual([
      dnsMessages.mxPriority,
      dnsMessages.nameLength,
    ]);
  });

  it('refuses any value over 4000 characters before other checks', () => {
    for (const type of ['A', 'AAAA', 'CNAME', 'NS', 'MX'] as const) {
      expect(errorsOf(checkRecordContent(type, huge))).toEqual([dnsMessages.contentLength]);
      expect(errorsOf(checkRecordContent(type, `10 ${huge}`))).toEqual([dnsMessages.contentLength]);
    }
    expect(errorsOf(checkRecordContent('TXT', huge))).toEqual([dnsMessages.txtLength]);
  });

  it('keeps TXT values up to 4000 characters', () => {
    const text = 'v=DKIM1; p='.padEnd(4000, 'x');
    expect(checkRecordContent('TXT', text)).toEqual({ ok: true, content: text });
    expect(errorsOf(checkRecordContent('TXT', `${text}x`))).toEqual([dnsMessages.txtLength]);
  });

  it('caps content and the record name in the create and update bodies', () => {
    const body = {
      domain_uuid: '0b9f5f52-8f1e-4a8e-9a53-0c7a3f1b6a11',
      domain: 'www',
      type: 'CNAME',
      content: 'target.example.ca',
    };
    expect(dnsRecordCreateSchema.safeParse(body).success).toBe(true);
    const messages = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(messages(dnsRecordCreateSchema.safeParse({ ...body, content: huge }))).toEqual([
      dnsMessages.contentLength,
    ]);
    expect(messages(dnsRecordCreateSchema.safeParse({ ...body, domain: huge }))).toEqual([
      dnsMessages.nameLength,
    ]);
    expect(
      messages(dnsRecordCreateSchema.safeParse({ ...body, domain: nameOfLength(254) })),
    ).toEqual([dnsMessages.nameLength]);
    expect(
      messages(dnsRecordUpdateSchema.safeParse({ ...body, domain: `${'d'.repeat(64)}.x` })),
    ).toEqual([dnsMessages.labelLength]);
    expect(messages(dnsRecordUpdateSchema.safeParse({ ...body, content: ` ${huge} ` }))).toEqual([
      dnsMessages.contentLength,
    ]);
    expect(dnsRecordUpdateSchema.parse({ ...body, domain: ' WWW. ' }).domain).toBe('www.');
  });
});

describe('DNS record fields (spec "Validation rules")', () => {
  const uuid = '3f1d8a3e-5c2b-4b7e-9d1a-2c3b4d5e6f70';
  const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? [] : result.error!.issues.map((issue) => issue.message);

  it('requires the host with the generic message; the TTL is a whole number of at least 0', () => {
    expect(
      errorsOf(
        dnsRecordCreateSchema.safeParse({
          domain_uuid: uuid,
          domain: ' ',
          type: 'A',
          content: '1.2.3.4',
        }),
      ),
    ).toEqual(['Please provide a value for this field']);
    for (const ttl of [-1, 1.5, 'soon']) {
      expect(
        errorsOf(dnsRecordUpdateSchema.safeParse({ domain: 'www', content: 'x', ttl })),
      ).toEqual(['The TTL must be a whole number of at least 0']);
    }
  });

  it('gives a new record the TTL of 3600 when the body leaves it out', () => {
    const parsed = dnsRecordCreateSchema.parse({
      domain_uuid: uuid,
      domain: 'www',
      type: 'A',
      content: '1.2.3.4',
    });
    expect(parsed.ttl).toBe(3600);
  });
});

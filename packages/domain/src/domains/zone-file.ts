import { dnsRecordTypes, limits, type DnsRecordType } from '../limits';
import { checkRecordContent, dnsNameErrors, hostPattern, recordHost } from './domain-api';

/**
 * BIND master files (RFC 1035 §5) in and out of a domain's zone (docs/domains.md). The reader is
 * ours, line-aware and bounded: the npm zone-file parsers are unmaintained or unbounded, and
 * every message must name the line. It is linear in the text, which is capped (zoneFileLimits).
 */

export const zoneFileLimits = { bytes: 256 * 1024, lines: 10_000, records: 5_000 } as const;

/** A record as the zone stores it: full name, lower case, no trailing dot. */
export interface ZoneFileRecord {
  name: string;
  type: DnsRecordType;
  ttl: number;
  content: string;
}

/** A record read from a file, with the line it starts on. */
export type ParsedZoneRecord = ZoneFileRecord & { line: number };

export type ZoneFileParse =
  { ok: true; records: ParsedZoneRecord[]; skipped: number } | { ok: false; errors: string[] };

interface Token {
  text: string;
  quoted: boolean;
}

/** One entry: its tokens, the line it starts on, and whether its owner was left blank. */
interface Entry {
  line: number;
  blankOwner: boolean;
  tokens: Token[];
}

const maxErrors = 20;

class ZoneSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Splits the text into entries: quotes, `\` escapes, `;` comments and `( … )` spanning lines. */
function entriesOf(text: string): Entry[] {
  const entries: Entry[] = [];
  let line = 1;
  let depth = 0;
  let current: Entry | undefined;
  let token: Token | undefined;
  let quoteLine = 0;
  const endToken = () => {
    if (token) (current ??= { line, blankOwner: false, tokens: [] }).tokens.push(token);
    token = undefined;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (token?.quoted && quoteLine > 0) {
      if (char === '\\' && index + 1 < text.length)
        [token.text, index] = unescaped(token.text, text, index);
      else if (char === '"') quoteLine = 0;
      else if (char === '\n') throw new ZoneSyntaxError(quoteLine, 'a quoted text is not closed');
      else token.text += char;
      continue;
    }
    if (char === '\n' || char === ';') {
      endToken();
      if (char === ';') while (index + 1 < text.length && text[index + 1] !== '\n') index += 1;
      if (char === '\n') {
        if (depth === 0 && current) {
          entries.push(current);
          current = undefined;
        }
        line += 1;
      }
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      if (!token && !current && depth === 0 && char !== '\r' && isLineStart(text, index)) {
        current = { line, blankOwner: true, tokens: [] };
      }
      endToken();
    } else if (char === '(' || char === ')') {
      endToken();
      depth += char === '(' ? 1 : -1;
      if (depth < 0 || depth > 1) throw new ZoneSyntaxError(line, 'unbalanced parentheses');
    } else if (char === '"' && !token) {
      token = { text: '', quoted: true };
      quoteLine = line;
    } else {
      token ??= { text: '', quoted: false };
      if (char === '\\' && index + 1 < text.length)
        [token.text, index] = unescaped(token.text, text, index);
      else token.text += char;
    }
  }
  if (quoteLine > 0) throw new ZoneSyntaxError(quoteLine, 'a quoted text is not closed');
  if (depth !== 0) throw new ZoneSyntaxError(line, 'a parenthesis is not closed');
  endToken();
  if (current) entries.push(current);
  return entries.filter((entry) => entry.tokens.length > 0);
}

/** `\X` is X, `\DDD` the character of that decimal code (RFC 1035 §5.1). */
function unescaped(before: string, text: string, index: number): [string, number] {
  const digits = text.slice(index + 1, index + 4);
  if (/^\d{3}$/.test(digits) && Number(digits) < 256) {
    return [before + String.fromCharCode(Number(digits)), index + 3];
  }
  return [before + text[index + 1], index + 1];
}

function isLineStart(text: string, index: number): boolean {
  return index === 0 || text[index - 1] === '\n';
}

const ttlUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A TTL: seconds, or BIND's units (1h30m); undefined when the token is not one. */
function ttlOf(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const parts = text.toLowerCase().match(/^(?:\d+[smhdw])+$/) ? text.toLowerCase() : undefined;
  if (!parts) return undefined;
  let total = 0;
  for (const [, amount, unit] of parts.matchAll(/(\d+)([smhdw])/g)) {
    total += Number(amount) * ttlUnits[unit!]!;
  }
  return total;
}

/** The zone's state while reading: $ORIGIN, $TTL and the last owner. */
interface Reading {
  apex: string;
  origin: string;
  defaultTtl: number;
  lastOwner: string | undefined;
}

/** A name as stored: absolute names lose their dot, relative ones gain the origin. */
function absoluteName(text: string, origin: string): string {
  const lower = text.toLowerCase();
  if (lower === '@') return origin;
  if (lower.endsWith('.')) return lower.slice(0, -1);
  return `${lower}.${origin}`;
}

function directive(entry: Entry, reading: Reading): void {
  const [name, value] = entry.tokens.map((token) => token.text);
  const keyword = name!.toUpperCase();
  if (keyword === '$ORIGIN' && value) {
    const origin = absoluteName(value, reading.origin);
    if (origin !== reading.apex && !origin.endsWith(`.${reading.apex}`)) {
      throw new ZoneSyntaxError(entry.line, `$ORIGIN ${origin} is outside ${reading.apex}`);
    }
    reading.origin = origin;
  } else if (keyword === '$TTL' && value && ttlOf(value) !== undefined) {
    reading.defaultTtl = ttlOf(value)!;
  } else if (keyword === '$INCLUDE' || keyword === '$GENERATE') {
    throw new ZoneSyntaxError(entry.line, `${keyword} is not supported; paste the records instead`);
  } else {
    throw new ZoneSyntaxError(entry.line, `${name} is not a directive Meridian reads`);
  }
}

const supported = new Set<string>(dnsRecordTypes);
const classes = new Set(['IN', 'CH', 'HS', 'CS']);

/** Owner, TTL, class and type of an entry, then its rdata tokens. */
function headerOf(entry: Entry, reading: Reading) {
  const tokens = [...entry.tokens];
  let owner = reading.lastOwner;
  if (!entry.blankOwner) owner = absoluteName(tokens.shift()!.text, reading.origin);
  if (!owner) throw new ZoneSyntaxError(entry.line, 'the first record must name its owner');
  let ttl: number | undefined;
  for (let step = 0; step < 2 && tokens.length > 0; step += 1) {
    const text = tokens[0]!.text;
    if (ttl === undefined && ttlOf(text) !== undefined) ttl = ttlOf(tokens.shift()!.text);
    else if (classes.has(text.toUpperCase())) {
      if (tokens.shift()!.text.toUpperCase() !== 'IN') {
        throw new ZoneSyntaxError(entry.line, 'only class IN is served');
      }
    }
  }
  const type = tokens.shift()?.text.toUpperCase();
  if (!type) throw new ZoneSyntaxError(entry.line, 'the record has no type');
  return { owner, ttl: ttl ?? reading.defaultTtl, type, rdata: tokens };
}

/** The content as the record editor stores it, from the rdata tokens. */
function contentOf(type: DnsRecordType, rdata: Token[], origin: string, line: number): string {
  const texts = rdata.map((token) => token.text);
  const needs = (count: number) => {
    if (texts.length !== count) {
      throw new ZoneSyntaxError(
        line,
        `a ${type} record takes ${count} value(s), not ${texts.length}`,
      );
    }
  };
  switch (type) {
    case 'TXT':
      if (texts.length === 0) throw new ZoneSyntaxError(line, 'a TXT record needs a value');
      return texts.join('');
    case 'MX':
      needs(2);
      return `${texts[0]} ${absoluteName(texts[1]!, origin)}`;
    case 'CNAME':
    case 'NS':
      needs(1);
      return absoluteName(texts[0]!, origin);
    default:
      needs(1);
      return texts[0]!;
  }
}

/** One record entry: checked as the record editor checks it. */
function recordOf(entry: Entry, reading: Reading): ParsedZoneRecord | 'skipped' {
  const { owner, ttl, type, rdata } = headerOf(entry, reading);
  reading.lastOwner = owner;
  if (owner !== reading.apex && !owner.endsWith(`.${reading.apex}`)) {
    throw new ZoneSyntaxError(entry.line, `${owner} is outside ${reading.apex}`);
  }
  // SOA, and NS at the apex, are Meridian's own: what a file says of them is not taken.
  if (type === 'SOA' || (type === 'NS' && owner === reading.apex)) return 'skipped';
  if (!supported.has(type)) {
    throw new ZoneSyntaxError(
      entry.line,
      `type ${type.slice(0, 20)} is not supported (${dnsRecordTypes.join(', ')})`,
    );
  }
  const recordType = type as DnsRecordType;
  const nameErrors = dnsNameErrors(owner);
  if (!hostPattern.test(recordHost(owner, reading.apex))) {
    nameErrors.push('A host is letters, digits and hyphens, separated by dots');
  }
  if (ttl < limits.dnsTtlMin || ttl > 2_147_483_647) nameErrors.push('the TTL is out of range');
  if (recordType === 'CNAME' && owner === reading.apex) {
    nameErrors.push('The domain itself cannot be a CNAME');
  }
  const checked = checkRecordContent(
    recordType,
    contentOf(recordType, rdata, reading.origin, entry.line),
  );
  if (!checked.ok) nameErrors.push(...checked.errors);
  if (nameErrors.length > 0) throw new ZoneSyntaxError(entry.line, nameErrors.join('; '));
  const content = checked.ok ? checked.content : '';
  return { name: owner, type: recordType, ttl, content, line: entry.line };
}

/**
 * Reads a master file for the zone `apex`: every record, or every error ("Line 7: …", at most
 * 20). Bounded: past zoneFileLimits it reads nothing.
 */
export function parseZoneFile(text: string, apex: string): ZoneFileParse {
  if (text.length > zoneFileLimits.bytes) {
    return {
      ok: false,
      errors: [`The zone file must be at most ${zoneFileLimits.bytes / 1024} KiB`],
    };
  }
  let lines = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1))
    lines += 1;
  if (lines > zoneFileLimits.lines) {
    return { ok: false, errors: [`The zone file must have at most ${zoneFileLimits.lines} lines`] };
  }
  let entries: Entry[];
  try {
    entries = entriesOf(text);
  } catch (error) {
    return { ok: false, errors: [lineMessage(error)] };
  }
  return readEntries(entries, apex);
}

function readEntries(entries: Entry[], apex: string): ZoneFileParse {
  const reading: Reading = {
    apex,
    origin: apex,
    defaultTtl: limits.dnsDefaultTtl,
    lastOwner: undefined,
  };
  const records: ParsedZoneRecord[] = [];
  const errors: string[] = [];
  let skipped = 0;
  for (const entry of entries) {
    if (errors.length >= maxErrors) break;
    try {
      if (!entry.blankOwner && entry.tokens[0]!.text.startsWith('$') && !entry.tokens[0]!.quoted) {
        directive(entry, reading);
        continue;
      }
      const record = recordOf(entry, reading);
      if (record === 'skipped') skipped += 1;
      else records.push(record);
    } catch (error) {
      errors.push(lineMessage(error));
    }
  }
  if (records.length > zoneFileLimits.records) {
    errors.push(`A zone file may hold at most ${zoneFileLimits.records} records`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, records, skipped };
}

function lineMessage(error: unknown): string {
  if (error instanceof ZoneSyntaxError) return `Line ${error.line}: ${error.message}`;
  throw error;
}

/** A TXT value as master-file text: quoted strings of at most 255 characters, escaped. */
function quotedText(value: string): string {
  const chunks: string[] = [];
  for (let index = 0; index < value.length || chunks.length === 0; index += 255) {
    chunks.push(`"${value.slice(index, index + 255).replace(/[\\"]/g, (char) => `\\${char}`)}"`);
  }
  return chunks.join(' ');
}

function rdataText(record: ZoneFileRecord): string {
  switch (record.type) {
    case 'TXT':
      return quotedText(record.content);
    case 'MX': {
      const [priority, host] = record.content.split(' ');
      return `${priority} ${host}.`;
    }
    case 'CNAME':
    case 'NS':
      return `${record.content}.`;
    default:
      return record.content;
  }
}

/** What the zone's own SOA and NS say: Meridian's, always. */
export interface ZoneFileAuthority {
  nameservers: readonly string[];
  hostmaster: string;
  serial: number;
  ttl: number;
}

/**
 * The zone as a master file: Meridian's SOA and NS, then every record, owners relative to the
 * zone and no $ORIGIN, so the file loads into any zone (RFC 1035 §5.1: the origin is the
 * loader's); targets stay absolute.
 */
export function formatZoneFile(
  apex: string,
  records: readonly ZoneFileRecord[],
  authority: ZoneFileAuthority,
): string {
  const { nameservers, hostmaster, serial, ttl } = authority;
  const lines = [
    `; ${apex}, exported by Meridian. Names are relative to the zone it is loaded into.`,
    `; SOA and NS are Meridian's and are ignored on import.`,
    `$TTL ${limits.dnsDefaultTtl}`,
    `@\t${ttl}\tIN\tSOA\t${nameservers[0]}. ${hostmaster}. ${serial} 3600 600 604800 ${ttl}`,
    ...nameservers.map((host) => `@\t${ttl}\tIN\tNS\t${host}.`),
  ];
  for (const record of records) {
    const owner = recordHost(record.name, apex);
    lines.push(`${owner}\t${record.ttl}\tIN\t${record.type}\t${rdataText(record)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** parseZoneFile with one argument, as a CPU-pool task takes it. */
export function readZoneFile(input: { text: string; apex: string }): ZoneFileParse {
  return parseZoneFile(input.text, input.apex);
}

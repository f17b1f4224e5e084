import { z } from 'zod';
import { dnsRecordTypes } from '../limits';
import { listPageQuerySchema, listPageSchema } from '../list-page';
import { domainNameSchema } from './domain-api';

/**
 * Claims of a domain another account holds, zone files in and out, and a domain's record
 * history (issue 38; docs/domains.md): the shapes of `/domain/name/…/claim|zone|history`.
 */

/** The label under which a claimant publishes the proof. */
export const verificationLabel = '_meridian-challenge';

export function verificationName(domainName: string): string {
  return `${verificationLabel}.${domainName}`;
}

export const domainVerificationSchema = z.object({
  type: z.literal('TXT'),
  name: z.string(),
  value: z.string(),
});

export type DomainVerification = z.infer<typeof domainVerificationSchema>;

export const claimParamsSchema = z.object({ domain: domainNameSchema });

export const claimMessages = {
  notHeld: (domain: string) =>
    `No account holds ${domain}: add it as a new domain instead of claiming it`,
  alreadyYours: 'This domain is already yours',
  mismatch: (verification: DomainVerification, found: number) =>
    `${found === 0 ? 'No TXT record was found' : 'The TXT record found does not match'} at ${verification.name}: publish a TXT record "${verification.value}" there at the domain's current DNS host, then verify again`,
  lookupFailed: (name: string, reason: string) =>
    `The TXT record at ${name} could not be looked up (${reason}); try again in a minute`,
  claimedFrom: 'Another account proved control of this domain through DNS and now holds it',
} as const;

export const zoneImportModes = ['replace', 'merge'] as const;

export const zoneImportBodySchema = z.object({
  /** The master file's text (a multipart upload sends it as the `file` part instead). */
  text: z.string().max(256 * 1024 + 1),
  mode: z.enum(zoneImportModes).default('merge'),
});

export type ZoneImportBody = z.infer<typeof zoneImportBodySchema>;

export const zoneImportResultSchema = z.object({
  mode: z.enum(zoneImportModes),
  /** Records the file added. */
  created: z.number(),
  /** Records the import removed (replace), and records the file repeated as they were. */
  deleted: z.number(),
  unchanged: z.number(),
  /** SOA and apex NS entries the file held: Meridian's own, not taken. */
  skipped: z.number(),
});

export type ZoneImportResult = z.infer<typeof zoneImportResultSchema>;

export const recordHistoryActions = ['create', 'update', 'delete', 'import', 'claim'] as const;

const historyRecordSchema = z.object({
  domain: z.string(),
  type: z.enum(dnsRecordTypes),
  content: z.string(),
  ttl: z.number(),
});

export type HistoryRecord = z.infer<typeof historyRecordSchema>;

export const recordHistoryEntrySchema = z.object({
  uuid: z.string(),
  at: z.string(),
  actor: z.object({ type: z.enum(['user', 'api_key', 'ci', 'git', 'meridian']), name: z.string() }),
  action: z.enum(recordHistoryActions),
  before: historyRecordSchema.nullable(),
  after: historyRecordSchema.nullable(),
});

export type RecordHistoryEntry = z.infer<typeof recordHistoryEntrySchema>;

export const recordHistoryQuerySchema = listPageQuerySchema;

export const recordHistoryPageSchema = listPageSchema(recordHistoryEntrySchema);

export type RecordHistoryPage = z.infer<typeof recordHistoryPageSchema>;

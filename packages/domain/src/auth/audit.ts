import { z } from 'zod';
import { listPageSchema } from '../list-page';

/** Who made a change: a signed-in user, an API key (CI/CD too) or Meridian itself. */
export const auditActorTypes = ['user', 'api_key', 'meridian'] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

export const auditResults = ['success', 'refused'] as const;
export type AuditResult = (typeof auditResults)[number];

/** An audit log entry (docs/audit-log.md): never a request body, never a secret. */
export const auditEntrySchema = z.object({
  uuid: z.string(),
  at: z.string().describe('When the answer was given (ISO 8601)'),
  actor: z.object({
    type: z.enum(auditActorTypes),
    uuid: z.string().nullable(),
    name: z.string().nullable(),
  }),
  action: z.string().describe('e.g. app.create, deployment.rollback, auth.login'),
  target: z.object({
    type: z.string(),
    uuid: z.string().nullable(),
    name: z.string().nullable(),
  }),
  organization_uuid: z.string().nullable(),
  ip: z.string().nullable(),
  result: z.enum(auditResults),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLimits = { defaultPage: 50, maxPage: 500, maxCsvRows: 10_000 } as const;

export const auditMessages = {
  limit: `The page size (limit) must be a whole number from 1 to ${auditLimits.maxPage}`,
  offset: 'The offset must be a whole number of at least 0',
  filter: 'A filter must be at most 100 characters',
  from: 'The start (from) must be a date and time such as 2026-01-31T12:00:00Z',
  to: 'The end (to) must be a date and time such as 2026-01-31T12:00:00Z',
} as const;

function wholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

const filterText = z
  .string({ error: auditMessages.filter })
  .trim()
  .max(100, auditMessages.filter)
  .optional()
  .transform((value) => value || undefined);

function instant(message: string) {
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), message)
    .optional()
    .transform((value) => (value ? new Date(value) : undefined));
}

/** The filters of `GET /auth/audit` and `GET /auth/audit.csv`. */
export const auditFilterSchema = z.object({
  /** The actor's name or uuid. */
  actor: filterText,
  /** An action, e.g. `app.create`. */
  action: filterText,
  /** The target's type, uuid or name. */
  target: filterText,
  from: instant(auditMessages.from),
  to: instant(auditMessages.to),
});

export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** `GET /auth/audit`: the filters and one page, newest first. */
export const auditQuerySchema = auditFilterSchema.extend({
  limit: wholeNumber(1, auditLimits.maxPage, auditMessages.limit)
    .optional()
    .default(auditLimits.defaultPage),
  offset: wholeNumber(0, 1_000_000_000, auditMessages.offset).optional().default(0),
});

export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One page of entries, as every paged list of this API answers. */
export const auditPageSchema = listPageSchema(auditEntrySchema);

export type AuditPage = z.infer<typeof auditPageSchema>;

/** The CSV's columns, in order (`GET /auth/audit.csv`). */
export const auditCsvColumns = [
  'uuid',
  'at',
  'actor_type',
  'actor_uuid',
  'actor_name',
  'action',
  'target_type',
  'target_uuid',
  'target_name',
  'organization_uuid',
  'ip',
  'result',
] as const;

import { z } from 'zod';
import { listPageQuerySchema, listPageSchema } from '../list-page';

/**
 * An app's history (docs/deployment-lifecycle.md): every change — a version created, deployed,
 * updated, rolled back, removed — with who made it and how it ended at each location.
 */

export const historyActions = [
  'version_created',
  'deployed',
  'updated',
  'image_updated',
  'rolled_back',
  'version_changed',
  'removed',
] as const;

export const historyActorKinds = ['user', 'api_key', 'ci', 'git', 'meridian'] as const;

export const historyOutcomes = ['pending', 'success', 'failure', 'halted', 'aborted'] as const;

export const historyLocationOutcomes = ['pending', 'success', 'failure'] as const;

export type HistoryActionName = (typeof historyActions)[number];
export type HistoryOutcomeName = (typeof historyOutcomes)[number];

export const appHistoryMessages = {
  version: 'The version filter must be a version uuid',
  location: 'The location filter must be at most 100 characters',
  versionNotFound: 'Version not found',
  otherApp: 'Both versions must belong to the same app to be compared',
} as const;

/** `GET /meridian/v1/kube/apps/{appId}/history?limit=&offset=&version=&location=`. */
export const appHistoryQuerySchema = listPageQuerySchema.extend({
  version: z.uuid({ error: appHistoryMessages.version }).optional(),
  /** A datacenter uuid or a location name (e.g. Montréal), matched without regard to case. */
  location: z
    .string({ error: appHistoryMessages.location })
    .trim()
    .min(1, appHistoryMessages.location)
    .max(100, appHistoryMessages.location)
    .optional(),
});

export type AppHistoryQuery = z.infer<typeof appHistoryQuerySchema>;

const namedRef = z.object({ uuid: z.string(), name: z.string() });

export const historyLocationSchema = z.object({
  deployment_uuid: z.string(),
  cluster_uuid: z.string(),
  datacenter_uuid: z.string(),
  location: z.string(),
  outcome: z.enum(historyLocationOutcomes),
  reason: z.string().nullable(),
});

export const historyEntrySchema = z.object({
  uuid: z.string(),
  action: z.enum(historyActions),
  version: namedRef.nullable(),
  from_version: namedRef.nullable(),
  smart_cluster: namedRef.nullable(),
  actor: z.object({ kind: z.enum(historyActorKinds), name: z.string() }),
  outcome: z.enum(historyOutcomes),
  detail: z.string().nullable(),
  rollout_uuid: z.string().nullable(),
  locations: z.array(historyLocationSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const appHistoryPageSchema = listPageSchema(historyEntrySchema);

export type HistoryLocation = z.infer<typeof historyLocationSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type AppHistoryPage = z.infer<typeof appHistoryPageSchema>;

/** "v1 (8,000 lines) and v2 (8,000 lines) are too different to show line by line." */
export function tooDifferentMessage(
  from: { name: string; lines: number },
  to: { name: string; lines: number },
): string {
  const counted = ({ name, lines }: { name: string; lines: number }) =>
    `${name} (${lines.toLocaleString('en')} ${lines === 1 ? 'line' : 'lines'})`;
  return `${counted(from)} and ${counted(to)} are too different to show line by line.`;
}

/** `GET /meridian/v1/kube/apps/versions/{versionId}/diff/{otherVersionId}`. */
export const versionDiffSchema = z.object({
  from: namedRef,
  to: namedRef,
  /** A unified diff of the two rendered templates (manifests, YAML or Heat); empty when too different. */
  unified: z.string(),
  /** Lines added and removed; when too different, every line of each (the most there can be). */
  additions: z.number(),
  deletions: z.number(),
  /**
   * Set when the templates differ in more lines than a diff is worked out for (or it ran past its
   * time): each template's line count and the sentence saying so. null: `unified` is the diff.
   */
  too_different: z
    .object({ from_lines: z.number(), to_lines: z.number(), reason: z.string() })
    .nullable(),
});

export type VersionDiff = z.infer<typeof versionDiffSchema>;

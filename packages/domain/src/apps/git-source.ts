import { z } from 'zod';
import { gateFields } from './rollout';

/** Issue 39: the messages a git source's form and webhook answer with. */
export const gitSourceMessages = {
  provider: 'Choose GitHub or GitLab',
  repository: 'Enter the repository as owner/name (e.g. acme/shop)',
  branch: 'Enter the branch to deploy (e.g. main)',
  image: 'Enter the image to deploy; {sha}, {short_sha} and {branch} are filled from the commit',
  clusters: 'Choose at least one smart cluster to deploy pushes to',
  previewCluster: 'Choose the smart cluster previews are deployed on',
  notFound: 'No git source is connected to this app',
  alreadyConnected: 'This app already has a git source; change or remove it first',
  badSignature: 'The webhook signature is missing or wrong',
  notUsed: 'Meridian does not act on this event',
  duplicate: 'This delivery was already handled',
  accepted: 'Delivery handled',
  deferred: 'Delivery accepted; it takes effect once the change under way is done',
  needsBasicVersion: 'A push can only be deployed on an app whose newest version is a Basic one',
} as const;

export const gitProviders = ['github', 'gitlab'] as const;
export type GitProvider = (typeof gitProviders)[number];

const uuidField = (message: string) => z.uuid({ error: message });

const previewsSchema = z.object({
  smart_cluster_uuid: uuidField(gitSourceMessages.previewCluster),
  domain_uuid: z.uuid().optional(),
});

/** What PUT may change: everything but the provider and the repository. */
export const gitSourceUpdateSchema = z.object({
  branch: z
    .string({ error: gitSourceMessages.branch })
    .trim()
    .min(1, gitSourceMessages.branch)
    .max(255, gitSourceMessages.branch)
    .regex(/^[^\s~^:?*[\\]+$/, gitSourceMessages.branch),
  image: z
    .string({ error: gitSourceMessages.image })
    .trim()
    .min(1, gitSourceMessages.image)
    .max(512, gitSourceMessages.image)
    .regex(/^[^\s]+$/, gitSourceMessages.image),
  smart_cluster_uuids: z
    .array(uuidField(gitSourceMessages.clusters), { error: gitSourceMessages.clusters })
    .min(1, gitSourceMessages.clusters)
    .max(20, gitSourceMessages.clusters),
  previews: previewsSchema.nullable().optional(),
  /** How long each location of a push's rollout bakes (default 60 s, as any rollout). */
  bake_seconds: gateFields.bake_seconds,
});
export type GitSourceUpdate = z.infer<typeof gitSourceUpdateSchema>;

/** `POST /meridian/v1/kube/apps/{appId}/git`. */
export const gitSourceCreateSchema = gitSourceUpdateSchema.extend({
  provider: z.enum(gitProviders, { error: gitSourceMessages.provider }),
  repository: z
    .string({ error: gitSourceMessages.repository })
    .trim()
    .max(255, gitSourceMessages.repository)
    .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/, gitSourceMessages.repository),
});
export type GitSourceCreate = z.infer<typeof gitSourceCreateSchema>;

/** A git source as every read answers it: never its secret. */
export const gitSourceSchema = z.object({
  uuid: z.string(),
  app_uuid: z.string(),
  provider: z.enum(gitProviders),
  repository: z.string(),
  branch: z.string(),
  image: z.string(),
  smart_cluster_uuids: z.array(z.string()),
  previews: previewsSchema.nullable(),
  bake_seconds: z.number().nullable(),
  webhook_url: z.string(),
  created_at: z.string(),
});
export type GitSource = z.infer<typeof gitSourceSchema>;

/** The answer to its creation: the secret, shown this once. */
export const gitSourceCreatedSchema = gitSourceSchema.extend({ secret: z.string() });
export type GitSourceCreated = z.infer<typeof gitSourceCreatedSchema>;

/** The webhook's answer. */
export const gitWebhookReplySchema = z.object({ message: z.string() });
export type GitWebhookReply = z.infer<typeof gitWebhookReplySchema>;

/** A commit id as both providers send it (hex); anything else is not a commit Meridian deploys. */
export const commitShaPattern = /^[0-9a-f]{7,64}$/i;

/**
 * A branch as an image tag may carry it: other characters become `-`, a tag starts with a letter,
 * digit or `_`, and a tag has at most 128 characters (the branch keeps 64 of them).
 */
export function branchForTag(branch: string): string {
  const safe = branch
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 64);
  return safe || 'branch';
}

/** The image a push deploys: the template with the commit's values filled. */
export function imageForCommit(template: string, sha: string, branch: string): string {
  return template
    .replaceAll('{sha}', sha)
    .replaceAll('{short_sha}', sha.slice(0, 7))
    .replaceAll('{branch}', branchForTag(branch));
}

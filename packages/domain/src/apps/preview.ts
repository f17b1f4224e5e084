import { z } from 'zod';
import { deploymentSchema } from './app-api';
import { kubernetesName } from './basic-template';

/**
 * Issue 39: a pull or merge request's preview, a deployment of its head commit on the git
 * source's preview smart cluster (docs/git-sources.md, "Previews").
 */
export const previewSchema = z.object({
  /** The pull request's number on GitHub, the merge request's IID on GitLab. */
  pr_number: z.number().int(),
  title: z.string().nullable(),
  /** The request's source branch and the commit the preview runs. */
  branch: z.string(),
  sha: z.string(),
  author: z.string(),
  /** `pr-<number>.<app>.<domain>` when the git source names a domain; else null. */
  domain_name: z.string().nullable(),
  deployment: deploymentSchema,
});
export type Preview = z.infer<typeof previewSchema>;

/** `GET /meridian/v1/kube/apps/{appId}/previews`: newest request first. */
export const previewListSchema = z.array(previewSchema);

/** The first label of a preview's domain name and its Kubernetes namespace suffix. */
export function previewLabel(prNumber: number): string {
  return `pr-${prNumber}`;
}

/** A preview's namespace beside the app's own: `<app>-pr-<number>`, within Kubernetes' 63. */
export function previewNamespace(appName: string, prNumber: number): string {
  const suffix = `-${previewLabel(prNumber)}`;
  return `${kubernetesName(appName)
    .slice(0, 63 - suffix.length)
    .replace(/-+$/g, '')}${suffix}`;
}

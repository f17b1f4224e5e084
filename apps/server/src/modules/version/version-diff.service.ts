import { appHistoryMessages, type VersionDiff } from '@meridian/domain/apps/app-history';
import { registrySecretName } from '@meridian/domain/limits';
import { formatPatch, structuredPatch } from 'diff';
import { stringify } from 'yaml';
import type { VersionRow } from '../../platform/db/schema';
import { NotFoundError, ValidationError } from '../../platform/http/errors';
import type { AppsContext } from '../deployment/apps-context';
import { buildManifests, sealedPlaceholder } from '../template/template.service';
import { findOwnVersion } from './version.queries';

/**
 * What a version deploys, as text to compare: a Basic version's manifests as Meridian renders
 * them (the registry secret reads <sealed>: the password is never opened), an Advanced version's
 * YAML and a Heat template as stored.
 */
export function renderedTemplate(
  context: Pick<AppsContext, 'secrets'>,
  version: Pick<VersionRow, 'templateType' | 'rawTemplate' | 'registry'>,
): string {
  if (version.templateType !== 'KUBERNETES_BASIC') return version.rawTemplate;
  // No sealed password passed: buildManifests cannot open it.
  const manifests = buildManifests(
    { rawTemplate: version.rawTemplate, registry: version.registry, registryPasswordSealed: null },
    { imageName: null, replicas: null },
    context.secrets,
  );
  return manifests
    .map((manifest) =>
      manifest.kind === 'Secret' && manifest.metadata.name === registrySecretName
        ? { ...manifest, data: { '.dockerconfigjson': sealedPlaceholder } }
        : manifest,
    )
    .map((manifest) => stringify(manifest, { aliasDuplicateObjects: false }))
    .join('---\n');
}

/** A unified diff of two of the user's versions of one app, and its counts of lines. */
export async function versionDiff(
  context: Pick<AppsContext, 'db' | 'secrets'>,
  userId: string,
  versionId: string,
  otherVersionId: string,
): Promise<VersionDiff> {
  const [from, to] = await Promise.all([
    findOwnVersion(context.db, userId, versionId),
    findOwnVersion(context.db, userId, otherVersionId),
  ]);
  if (!from || !to) throw new NotFoundError(appHistoryMessages.versionNotFound);
  if (from.appId !== to.appId) throw new ValidationError([appHistoryMessages.otherApp]);
  const patch = structuredPatch(
    from.templateName,
    to.templateName,
    renderedTemplate(context, from),
    renderedTemplate(context, to),
    from.name,
    to.name,
  );
  let additions = 0;
  let deletions = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions += 1;
      else if (line.startsWith('-')) deletions += 1;
    }
  }
  return {
    from: { uuid: from.id, name: from.name },
    to: { uuid: to.id, name: to.name },
    unified: formatPatch(patch),
    additions,
    deletions,
  };
}

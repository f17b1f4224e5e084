import { appHistoryMessages, type VersionDiff } from '@meridian/domain/apps/app-history';
import { registrySecretName } from '@meridian/domain/limits';
import { stringify } from 'yaml';
import { NotFoundError, ValidationError } from '../../../platform/http/errors';
import type { AppsContext } from '../apps-context';
import { buildManifests } from '../template/template.service';
import { openSecrets } from '../template/basic-version';
import { appSecretName, sealedValue } from '@meridian/domain/apps/basic-template';
import type { KubernetesManifest } from '@meridian/domain/apps/advanced-template';
import { isRecord } from '@meridian/domain/parsing/safe-yaml';
import { diffTemplatesTask } from './template-diff';
import { findOwnVersion } from './version.queries';
import type { VersionRow } from '../../../platform/db/schema/apps';

/**
 * What a version deploys, as text to compare: a Basic version's manifests as Meridian renders
 * them (the registry secret reads <sealed>: the password is never opened), an Advanced version's
 * YAML and a Heat template as stored.
 */
export function renderedTemplate(
  context: Pick<AppsContext, 'secrets'>,
  version: Pick<VersionRow, 'templateType' | 'rawTemplate' | 'registry'>,
  changedSecrets: ReadonlySet<string> = new Set(),
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
        ? { ...manifest, data: { '.dockerconfigjson': sealedValue } }
        : markChangedSecrets(manifest, changedSecrets),
    )
    .map((manifest) => stringify(manifest, { aliasDuplicateObjects: false }))
    .join('---\n');
}

/** The app Secret's values read `<sealed> (changed)` where the value is not the other version's. */
function markChangedSecrets(
  manifest: KubernetesManifest,
  changed: ReadonlySet<string>,
): KubernetesManifest {
  const { namespace } = manifest.metadata;
  if (manifest.kind !== 'Secret' || typeof namespace !== 'string') return manifest;
  if (manifest.metadata.name !== appSecretName(namespace) || !isRecord(manifest.stringData)) {
    return manifest;
  }
  const stringData = Object.fromEntries(
    Object.keys(manifest.stringData).map((name) => [
      name,
      changed.has(name) ? `${sealedValue} (changed)` : sealedValue,
    ]),
  );
  return { ...manifest, stringData };
}

/** Secrets both versions have with different values (opened here, never answered). */
function changedSecrets(
  context: Pick<AppsContext, 'secrets'>,
  from: Pick<VersionRow, 'secretsSealed'>,
  to: Pick<VersionRow, 'secretsSealed'>,
): Set<string> {
  const before = openSecrets(context.secrets, from.secretsSealed);
  const after = openSecrets(context.secrets, to.secretsSealed);
  return new Set(
    [...after]
      .filter(([name, value]) => before.has(name) && before.get(name) !== value)
      .map(([name]) => name),
  );
}

/**
 * A unified diff of two of the user's versions of one app, and its counts of lines; worked out on
 * the CPU pool and bounded (template-diff.ts), so two very different versions answer "too
 * different" with their line counts instead of holding the server.
 */
export async function versionDiff(
  context: Pick<AppsContext, 'db' | 'secrets' | 'cpu'>,
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
  const diff = await context.cpu.run(diffTemplatesTask, {
    from: { name: from.name, file: from.templateName, text: renderedTemplate(context, from) },
    to: {
      name: to.name,
      file: to.templateName,
      text: renderedTemplate(context, to, changedSecrets(context, from, to)),
    },
  });
  return {
    from: { uuid: from.id, name: from.name },
    to: { uuid: to.id, name: to.name },
    unified: diff.unified,
    additions: diff.additions,
    deletions: diff.deletions,
    too_different: diff.tooDifferent && {
      from_lines: diff.tooDifferent.fromLines,
      to_lines: diff.tooDifferent.toLines,
      reason: diff.tooDifferent.reason,
    },
  };
}

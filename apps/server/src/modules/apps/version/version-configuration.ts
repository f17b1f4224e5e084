import type { VersionBasicSettings } from '@meridian/domain/apps/app-api';
import type { SecretWrite } from '@meridian/domain/apps/app-configuration';
import { parseBasicTemplateField } from '@meridian/domain/apps/app-form';
import {
  configurationChangeMessages,
  type ConfigurationChangeRequest,
  type ConfigurationChangeResult,
  type Rollout,
} from '@meridian/domain/apps/rollout';
import { limits } from '@meridian/domain/limits';
import type { Database } from '../../../platform/db/database';
import { ValidationError } from '../../../platform/http/errors';
import type { HistoryActor } from '../../../platform/http/request-actor';
import type { AppsContext } from '../apps-context';
import { deploymentWorkOfApp } from '../deployment/deployment.records';
import type { RolloutContext } from '../rollout/rollout.context';
import { deployVersion } from '../rollout/rollout.deploy';
import { refuseActiveRollout } from '../rollout/rollout.service';
import { openSecrets, withKeptRegistryPassword } from '../template/basic-version';
import { storedBasicSettings } from '../template/basic-settings';
import { createVersion } from './version.service';
import { versionNamesOfApp } from './version.queries';
import { ownVersion } from './version.records';

/** The next `v<n>` no version of the app has: one past the highest. */
function nextVersionName(names: readonly string[]): string {
  const numbers = names.map((name) => /^v(\d{1,6})$/i.exec(name)?.[1]).filter(Boolean);
  const next = Math.max(names.length, ...numbers.map(Number)) + 1;
  return `v${next}`.slice(0, limits.versionNameMaxLength);
}

/** JSON with keys sorted: PostgreSQL's jsonb keeps its own key order, so plain JSON would differ. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

const listed = (label: string, names: readonly string[]) =>
  names.length === 0 ? [] : [`${label} ${names.join(', ')}`];

/**
 * What changed between two versions' configurations, for the history: env names added, changed
 * or removed, secrets by name only (a changed value says "changed", never what it was).
 */
export function configurationChangeSummary(
  from: VersionBasicSettings | null,
  to: VersionBasicSettings | null,
  changedSecrets: readonly string[],
): string {
  const before = new Map((from?.env ?? []).map((variable) => [variable.name, variable.value]));
  const after = new Map((to?.env ?? []).map((variable) => [variable.name, variable.value]));
  const secretsBefore = new Set((from?.secrets ?? []).map((secret) => secret.name));
  const secretsAfter = new Set((to?.secrets ?? []).map((secret) => secret.name));
  const others = (['healthCheck', 'resources', 'autoscaling', 'volume', 'command', 'args'] as const)
    .filter((field) => canonical(from?.[field]) !== canonical(to?.[field]))
    .concat(from?.deploymentImage !== to?.deploymentImage ? (['image'] as never[]) : []);
  const parts = [
    ...listed(
      'env added:',
      [...after.keys()].filter((name) => !before.has(name)),
    ),
    ...listed(
      'env changed:',
      [...after].filter(([n, v]) => before.has(n) && before.get(n) !== v).map(([n]) => n),
    ),
    ...listed(
      'env removed:',
      [...before.keys()].filter((name) => !after.has(name)),
    ),
    ...listed(
      'secrets added:',
      [...secretsAfter].filter((name) => !secretsBefore.has(name)),
    ),
    ...listed('secrets changed:', changedSecrets),
    ...listed(
      'secrets removed:',
      [...secretsBefore].filter((name) => !secretsAfter.has(name)),
    ),
    ...listed('changed:', others),
  ];
  return parts.length === 0 ? 'Configuration unchanged' : `Configuration: ${parts.join('; ')}`;
}

/** Names of secrets the version had whose new value differs (opened here, never answered). */
function changedSecretNames(
  context: Pick<AppsContext, 'secrets'>,
  fromSealed: string | null,
  written: readonly SecretWrite[] | undefined,
): string[] {
  const before = openSecrets(context.secrets, fromSealed);
  return (written ?? [])
    .filter((secret) => secret.value !== undefined && before.has(secret.name))
    .filter((secret) => before.get(secret.name) !== secret.value)
    .map((secret) => secret.name);
}

/**
 * Smart clusters where the app runs now, whichever version (the rollout goes there); refused with
 * the 409 naming it when a rollout is under way on one, before any version is made.
 */
async function smartClustersToRoll(
  db: Database,
  appId: string,
  targets?: readonly string[],
): Promise<string[]> {
  const works = (await deploymentWorkOfApp(db, appId)).filter(
    (work) => !work.cluster.deleted && (!targets || targets.includes(work.smartCluster.id)),
  );
  const bySmartCluster = new Map(works.map((work) => [work.smartCluster.id, work]));
  for (const work of bySmartCluster.values()) {
    await refuseActiveRollout(db, work.app, work.smartCluster);
  }
  return [...bySmartCluster.keys()];
}

/**
 * `POST /meridian/v1/kube/apps/versions/{versionId}/configuration` (issue 36): the next version
 * made from a Basic version with new settings (a kept secret keeps this version's value), then
 * rolled out progressively on every smart cluster where the app runs (or on those of `targets`
 * where it runs: a git push names its smart clusters).
 */
export async function changeConfiguration(
  context: AppsContext & RolloutContext,
  userId: string,
  versionId: string,
  request: ConfigurationChangeRequest,
  actor: HistoryActor,
  targets?: readonly string[],
): Promise<ConfigurationChangeResult> {
  const from = await ownVersion(context.db, userId, versionId);
  if (from.templateType !== 'KUBERNETES_BASIC') {
    throw new ValidationError([configurationChangeMessages.basicOnly]);
  }
  const text = JSON.stringify(request.settings);
  // Bad settings are said before a rollout under way is: the 400 is what the caller can fix now.
  const parsed = parseBasicTemplateField(withKeptRegistryPassword(context.secrets, text, from));
  if (!parsed.ok) throw new ValidationError(parsed.errors.map((error) => error.message));
  const smartClusterIds = await smartClustersToRoll(context.db, from.appId, targets);
  const name = request.name ?? nextVersionName(await versionNamesOfApp(context.db, from.appId));
  const detail = `${configurationChangeSummary(
    from.basicSettings,
    storedBasicSettings(parsed.settings),
    changedSecretNames(context, from.secretsSealed, parsed.settings.secrets),
  )} (from ${from.name})`;
  const created = await createVersion(
    context,
    userId,
    from.appId,
    {
      name,
      template_type: 'KUBERNETES_BASIC',
      template_name: undefined,
      from_version_uuid: from.id,
    },
    { text, filename: undefined },
    actor,
    detail,
  );
  const rollouts: Rollout[] = [];
  for (const smartClusterId of smartClusterIds) {
    const result = await deployVersion(
      context,
      userId,
      { version_uuid: created.uuid, smart_cluster_uuids: [smartClusterId], ...gateOf(request) },
      actor,
    );
    if (!Array.isArray(result)) rollouts.push(result);
  }
  return { version: created, rollouts };
}

const gateOf = ({ bake_seconds, error_margin }: ConfigurationChangeRequest) => ({
  ...(bake_seconds === undefined ? {} : { bake_seconds }),
  ...(error_margin === undefined ? {} : { error_margin }),
});

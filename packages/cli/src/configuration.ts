import { appSchema, type App, type Version } from '@meridian/domain/apps/app-api';
import { envNamePattern } from '@meridian/domain/apps/app-configuration';
import {
  configurationChangeResultSchema,
  rolloutSchema,
  type ConfigurationChangeResult,
  type Rollout,
} from '@meridian/domain/apps/rollout';
import { listApps, pick } from './apps';
import type { MeridianApi } from './meridian-api';
import { CliError } from './settings';

/** What `env` and `secrets` change: variables to set or drop, one secret's new value. */
export type ConfigurationEdit =
  | { kind: 'env-set'; variables: { name: string; value: string }[] }
  | { kind: 'env-unset'; names: string[] }
  | { kind: 'secret-set'; name: string; value: string }
  | { kind: 'secret-unset'; names: string[] };

type BasicSettings = NonNullable<Version['basic_settings']>;

/** The app's version that runs now: the newest one with deployments, else the newest. */
export function currentVersion(app: App): Version {
  const running = new Set(app.deployments.map((deployment) => deployment.version_uuid));
  const newest = (versions: Version[]) =>
    [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const version =
    newest(app.versions.filter((entry) => running.has(entry.uuid))) ?? newest(app.versions);
  if (!version) throw new CliError(`${app.name} has no version.`);
  return version;
}

/** `KEY=VALUE` words as variables; a name that is not a C identifier is refused in a sentence. */
export function parseAssignments(words: readonly string[]): { name: string; value: string }[] {
  return words.map((word) => {
    const at = word.indexOf('=');
    if (at < 0) throw new CliError(`${word} is not NAME=VALUE.`);
    return { name: checkedName(word.slice(0, at)), value: word.slice(at + 1) };
  });
}

/** A variable or secret name: letters, digits and underscores, not starting with a digit. */
export function checkedName(name: string): string {
  if (!envNamePattern.test(name)) {
    throw new CliError(
      `${name} is not a valid name: use letters, digits and underscores, not starting with a digit.`,
    );
  }
  return name;
}

/**
 * The settings of the next version: the current one's, every secret kept (its value is never
 * read back), with the edit applied.
 */
export function editedSettings(current: BasicSettings, edit: ConfigurationEdit): object {
  let env = current.env ?? [];
  let secrets: { name: string; value?: string; keep?: true }[] = (current.secrets ?? []).map(
    ({ name }) => ({ name, keep: true }),
  );
  if (edit.kind === 'env-set') {
    const names = new Set(edit.variables.map((variable) => variable.name));
    env = [...env.filter((variable) => !names.has(variable.name)), ...edit.variables];
  } else if (edit.kind === 'env-unset') {
    missing(edit.names, env, 'environment variable');
    env = env.filter((variable) => !edit.names.includes(variable.name));
  } else if (edit.kind === 'secret-set') {
    secrets = [...secrets.filter((secret) => secret.name !== edit.name), edit];
  } else {
    missing(edit.names, secrets, 'secret');
    secrets = secrets.filter((secret) => !edit.names.includes(secret.name));
  }
  const { secrets: _read, env: _env, ...rest } = current;
  return {
    ...rest,
    ...(env.length ? { env } : {}),
    ...(secrets.length
      ? {
          secrets: secrets.map(({ name, value, keep }) =>
            keep ? { name, keep } : { name, value },
          ),
        }
      : {}),
  };
}

function missing(names: readonly string[], list: readonly { name: string }[], noun: string) {
  const unknown = names.filter((name) => !list.some((entry) => entry.name === name));
  if (unknown.length > 0) throw new CliError(`The app has no ${noun} named ${unknown.join(', ')}.`);
}

/** The app (found by name or uuid) with its versions' settings, as its own page reads it. */
export async function appWithSettings(api: MeridianApi, wanted: string): Promise<App> {
  const listed = pick(await listApps(api), wanted, 'app');
  return api(`/meridian/v1/kube/apps/${listed.uuid}`, { schema: appSchema });
}

/** Makes the next version from the current one with the edit and rolls it out where the app runs. */
export async function changeConfiguration(
  api: MeridianApi,
  app: App,
  edit: ConfigurationEdit,
  bakeSeconds?: number,
): Promise<ConfigurationChangeResult> {
  const version = currentVersion(app);
  if (version.template_type !== 'KUBERNETES_BASIC' || !version.basic_settings) {
    throw new CliError(
      `${app.name} ${version.name} was not made with the Basic form, so it has no configuration to edit; upload a new version instead.`,
    );
  }
  return api(`/meridian/v1/kube/apps/versions/${version.uuid}/configuration`, {
    method: 'POST',
    body: {
      settings: editedSettings(version.basic_settings, edit),
      ...(bakeSeconds === undefined ? {} : { bake_seconds: bakeSeconds }),
    },
    schema: configurationChangeResultSchema,
  });
}

/** `env list`: NAME=VALUE lines, secrets as NAME=<sealed>. */
export function configurationLines(app: App): string[] {
  const settings = currentVersion(app).basic_settings;
  const lines = [
    ...(settings?.env ?? []).map(({ name, value }) => `${name}=${value}`),
    ...(settings?.secrets ?? []).map(({ name }) => `${name}=<sealed>`),
  ];
  return lines.length ? lines : [`${app.name} has no environment variables or secrets.`];
}

/** With `--wait`: until every rollout completed; a halted or aborted one is a plain failure. */
export async function waitForRollouts(
  api: MeridianApi,
  started: readonly Rollout[],
  { timeoutMs, pollMs = 1000 }: { timeoutMs: number; pollMs?: number },
): Promise<Rollout[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await Promise.all(
      started.map((rollout) =>
        api(`/meridian/v1/kube/apps/rollouts/${rollout.uuid}`, { schema: rolloutSchema }),
      ),
    );
    const stopped = now.find((rollout) => ['halted', 'aborted'].includes(rollout.status));
    if (stopped) {
      const reason = stopped.reason ? `: ${stopped.reason}` : '';
      throw new CliError(`The rollout to ${stopped.to_version.name} ${stopped.status}${reason}`);
    }
    if (now.every((rollout) => rollout.status === 'completed')) return now;
    if (Date.now() > deadline) {
      throw new CliError(`The rollout did not finish within ${Math.round(timeoutMs / 1000)} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

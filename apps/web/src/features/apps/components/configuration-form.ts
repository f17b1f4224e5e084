import type { VersionBasicSettings } from '@meridian/domain/apps/app-api';
import type { HealthCheck } from '@meridian/domain/apps/app-configuration';

/** One row of the Environment section. */
export interface EnvRow {
  name?: string;
  value?: string;
}

/**
 * One row of the Secrets section. A secret `carried` from the version the form starts from keeps
 * its value (sent as `keep: true`) until a new value is typed; its name stays as it was.
 */
export interface SecretRow {
  name?: string;
  value?: string;
  carried?: boolean;
}

export type HealthCheckChoice = 'none' | HealthCheck['type'];

export interface HealthCheckValues {
  type?: HealthCheckChoice;
  path?: string;
  port?: number | null;
  command?: string[];
  initialDelaySeconds?: number | null;
  periodSeconds?: number | null;
  failureThreshold?: number | null;
}

export interface ResourcesValues {
  cpuRequest?: string;
  cpuLimit?: string;
  memoryRequest?: string;
  memoryLimit?: string;
}

/** The optional configuration of the Basic form (issue 36), as its fields hold it. */
export interface ConfigurationFormValues {
  env?: EnvRow[];
  secrets?: SecretRow[];
  healthCheck?: HealthCheckValues;
  resources?: ResourcesValues;
  autoscalingOn?: boolean;
  autoscaling?: {
    minReplicas?: number | null;
    maxReplicas?: number | null;
    targetCPUUtilization?: number | null;
  };
  volumeOn?: boolean;
  volume?: { size?: string; mountPath?: string };
  command?: string[];
  args?: string[];
}

/** The configuration sections, in the form's order. */
export const configurationSections = [
  'env',
  'secrets',
  'healthCheck',
  'resources',
  'autoscaling',
  'volume',
  'command',
] as const;
export type ConfigurationSection = (typeof configurationSections)[number];

const orUndefined = <T>(value: T | null | undefined): T | undefined =>
  value === null ? undefined : value;

const text = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Drops the keys whose value is undefined, so a JSON body holds only what was given. */
function defined<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

function nonEmpty<T extends object>(object: T): Partial<T> | undefined {
  const kept = defined(object);
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** A secret as written: its new value, or keep for a carried one left empty. */
export function secretWrite(row: SecretRow): { name: string; value?: string; keep?: true } {
  const name = row.name ?? '';
  if (row.carried && !row.value) return { name, keep: true };
  return { name, value: row.value ?? '' };
}

function healthCheckInput(check: HealthCheckValues | undefined): unknown {
  if (!check?.type || check.type === 'none') return undefined;
  return defined({
    type: check.type,
    path: check.type === 'http' ? text(check.path) : undefined,
    port: check.type === 'command' ? undefined : orUndefined(check.port),
    command: check.type === 'command' ? (check.command ?? []) : undefined,
    initialDelaySeconds: orUndefined(check.initialDelaySeconds),
    periodSeconds: orUndefined(check.periodSeconds),
    failureThreshold: orUndefined(check.failureThreshold),
  });
}

/**
 * The configuration fields of the Basic settings from the form's values, for the domain schema to
 * check and the request to carry. Every row stays (at its index, so a refusal lands on its field);
 * an empty section is left out.
 */
export function configurationInput(values: ConfigurationFormValues): Record<string, unknown> {
  const env = values.env ?? [];
  const secrets = values.secrets ?? [];
  const autoscaling = values.autoscaling ?? {};
  return defined({
    env:
      env.length > 0
        ? env.map((row) => ({ name: row.name ?? '', value: row.value ?? '' }))
        : undefined,
    secrets: secrets.length > 0 ? secrets.map(secretWrite) : undefined,
    healthCheck: healthCheckInput(values.healthCheck),
    resources: nonEmpty({
      cpuRequest: text(values.resources?.cpuRequest),
      cpuLimit: text(values.resources?.cpuLimit),
      memoryRequest: text(values.resources?.memoryRequest),
      memoryLimit: text(values.resources?.memoryLimit),
    }),
    autoscaling: values.autoscalingOn
      ? {
          minReplicas: orUndefined(autoscaling.minReplicas),
          maxReplicas: orUndefined(autoscaling.maxReplicas),
          targetCPUUtilization: orUndefined(autoscaling.targetCPUUtilization),
        }
      : undefined,
    volume: values.volumeOn
      ? { size: values.volume?.size ?? '', mountPath: values.volume?.mountPath ?? '' }
      : undefined,
    command: values.command?.length ? values.command : undefined,
    args: values.args?.length ? values.args : undefined,
  });
}

/** The form's values from a version's settings (as every read answers them): secrets to keep. */
export function configurationValues(settings: VersionBasicSettings): ConfigurationFormValues {
  const { healthCheck, autoscaling, volume } = settings;
  return {
    env: (settings.env ?? []).map(({ name, value }) => ({ name, value })),
    secrets: (settings.secrets ?? []).map(({ name }) => ({ name, value: '', carried: true })),
    healthCheck: healthCheck ? { ...healthCheck } : { type: 'none' },
    resources: { ...settings.resources },
    autoscalingOn: autoscaling !== undefined,
    ...(autoscaling ? { autoscaling: { ...autoscaling } } : {}),
    volumeOn: volume !== undefined,
    ...(volume ? { volume: { ...volume } } : {}),
    command: settings.command ?? [],
    args: settings.args ?? [],
  };
}

/**
 * Pasted `KEY=VALUE` lines as rows (blank lines, comments and an `export ` prefix skipped; one
 * pair of quotes around a value dropped); null when the text holds no such line.
 */
export function parseEnvLines(pasted: string): EnvRow[] | null {
  const rows: EnvRow[] = [];
  for (const raw of pasted.split(/\r?\n/)) {
    const line = raw.trim().replace(/^export\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const equals = line.indexOf('=');
    if (equals <= 0) return null;
    const value = line.slice(equals + 1).trim();
    const unquoted = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
    rows.push({ name: line.slice(0, equals).trim(), value: unquoted });
  }
  return rows.length > 0 ? rows : null;
}

const sectionOfField: Record<string, ConfigurationSection> = {
  env: 'env',
  secrets: 'secrets',
  healthCheck: 'healthCheck',
  resources: 'resources',
  autoscalingOn: 'autoscaling',
  autoscaling: 'autoscaling',
  volumeOn: 'volume',
  volume: 'volume',
  command: 'command',
  args: 'command',
};

/** The sections holding a refused field, so a failed submit can unfold them. */
export function sectionsWithErrors(
  errorFields: readonly { name: readonly PropertyKey[] }[],
): ConfigurationSection[] {
  const sections = errorFields
    .map((field) => sectionOfField[String(field.name[0])])
    .filter((section) => section !== undefined);
  return [...new Set(sections)];
}

import { t } from '../apps.texts';
import type { ConfigurationFormValues, ConfigurationSection } from './configuration-form';

/** What a summary reads of a configuration: the settings as read, or the form's values. */
export interface ConfigurationShape {
  env?: readonly unknown[] | undefined;
  secrets?: readonly unknown[] | undefined;
  healthCheck?:
    | {
        type: 'http' | 'tcp' | 'command';
        path?: string | undefined;
        port?: number | null | undefined;
      }
    | undefined;
  resources?:
    | {
        cpuRequest?: string | undefined;
        cpuLimit?: string | undefined;
        memoryRequest?: string | undefined;
        memoryLimit?: string | undefined;
      }
    | undefined;
  autoscaling?:
    | {
        minReplicas?: number | null | undefined;
        maxReplicas?: number | null | undefined;
        targetCPUUtilization?: number | null | undefined;
      }
    | undefined;
  volume?: { size?: string | undefined; mountPath?: string | undefined } | undefined;
  command?: readonly string[] | undefined;
  args?: readonly string[] | undefined;
}

/** "250m–500m", "250m", "up to 500m", or nothing. */
function range(low: string | undefined, high: string | undefined): string | undefined {
  if (low && high) return low === high ? low : `${low}–${high}`;
  if (low) return low;
  if (high) return t('apps.config.summary.upTo', { limit: high });
  return undefined;
}

function healthCheckSummary(check: ConfigurationShape['healthCheck']): string | undefined {
  if (!check) return undefined;
  if (check.type === 'http') {
    const port = check.port ? `:${check.port}` : '';
    return t('apps.config.summary.http', { path: `${port}${check.path ?? '/'}` });
  }
  if (check.type === 'tcp') {
    return check.port
      ? t('apps.config.summary.tcpPort', { port: check.port })
      : t('apps.config.summary.tcp');
  }
  return t('apps.config.summary.command');
}

function resourcesSummary(resources: ConfigurationShape['resources']): string | undefined {
  const cpu = range(resources?.cpuRequest?.trim(), resources?.cpuLimit?.trim());
  const memory = range(resources?.memoryRequest?.trim(), resources?.memoryLimit?.trim());
  const parts = [
    cpu ? t('apps.config.summary.cpu', { range: cpu }) : undefined,
    memory ? t('apps.config.summary.memory', { range: memory }) : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function countSummary(
  count: number,
  one: 'apps.config.summary.secret' | 'apps.config.summary.env',
  many: 'apps.config.summary.secrets' | 'apps.config.summary.envMany',
): string | undefined {
  if (count === 0) return undefined;
  return count === 1 ? t(one) : t(many, { count });
}

/** One section's summary ("3 env", "HTTP health check /healthz", …), or undefined when unset. */
export function sectionSummary(
  section: ConfigurationSection,
  config: ConfigurationShape,
): string | undefined {
  switch (section) {
    case 'env':
      return countSummary(
        config.env?.length ?? 0,
        'apps.config.summary.env',
        'apps.config.summary.envMany',
      );
    case 'secrets':
      return countSummary(
        config.secrets?.length ?? 0,
        'apps.config.summary.secret',
        'apps.config.summary.secrets',
      );
    case 'healthCheck':
      return healthCheckSummary(config.healthCheck);
    case 'resources':
      return resourcesSummary(config.resources);
    case 'autoscaling': {
      const scaling = config.autoscaling;
      if (!scaling) return undefined;
      return t('apps.config.summary.autoscaling', {
        min: scaling.minReplicas ?? '?',
        max: scaling.maxReplicas ?? '?',
        target: scaling.targetCPUUtilization ?? '?',
      });
    }
    case 'volume':
      return config.volume
        ? t('apps.config.summary.volume', {
            size: config.volume.size?.trim() || '?',
            path: config.volume.mountPath?.trim() || '?',
          })
        : undefined;
    case 'command':
      return config.command?.length || config.args?.length
        ? t('apps.config.summary.entrypoint')
        : undefined;
  }
}

const order: readonly ConfigurationSection[] = [
  'env',
  'secrets',
  'healthCheck',
  'resources',
  'autoscaling',
  'volume',
  'command',
];

/**
 * A version's configuration in one line: "3 env · 1 secret · HTTP health check /healthz ·
 * 250m–500m CPU · autoscaling 2–5 at 70% · 1Gi volume at /data"; empty when nothing is set.
 */
export function configurationSummary(config: ConfigurationShape): string {
  return order
    .map((section) => sectionSummary(section, config))
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** The form's values as a summary reads them (a section switched off counts as unset). */
export function formConfiguration(values: ConfigurationFormValues): ConfigurationShape {
  const check = values.healthCheck;
  return {
    env: values.env,
    secrets: values.secrets,
    healthCheck: check?.type && check.type !== 'none' ? { ...check, type: check.type } : undefined,
    resources: values.resources,
    autoscaling: values.autoscalingOn ? (values.autoscaling ?? {}) : undefined,
    volume: values.volumeOn ? (values.volume ?? {}) : undefined,
    command: values.command,
    args: values.args,
  };
}

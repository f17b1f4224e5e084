import type { VersionBasicSettings } from '@meridian/domain/apps/app-api';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../apps.texts';
import { sectionSummary } from '../../components/configuration-summary';
import styles from '../../components/configuration.module.css';

function list(lines: readonly string[], testId: string): ReactNode {
  return (
    <ul className={styles.configList} data-testid={testId}>
      {lines.map((line, index) => (
        <li key={`${index}-${line}`}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * A Basic version's configuration as rows of its details: each variable with its value, each
 * secret by name only (its value is sealed), then the other sections in a phrase each.
 */
export function configurationItems(
  settings: VersionBasicSettings,
  registryName: string | undefined,
): ReactNode[] {
  const rows: ReactNode[] = [];
  const row = (key: string, label: string, content: ReactNode) =>
    rows.push(
      <Descriptions.Item key={key} label={label}>
        {content}
      </Descriptions.Item>,
    );
  if (settings.dockerRegistryUuid) {
    row('registry', t('apps.config.details.registry'), registryName ?? settings.dockerRegistryUuid);
  }
  if (settings.env?.length) {
    row(
      'env',
      t('apps.config.details.env'),
      list(
        settings.env.map(({ name, value }) => `${name}=${value}`),
        'version-env',
      ),
    );
  }
  if (settings.secrets?.length) {
    row(
      'secrets',
      t('apps.config.details.secrets'),
      list(
        settings.secrets.map(({ name }) => `${name} (${t('apps.config.details.set')})`),
        'version-secrets',
      ),
    );
  }
  for (const section of ['healthCheck', 'resources', 'autoscaling', 'volume'] as const) {
    const summary = sectionSummary(section, settings);
    if (summary) row(section, t(`apps.config.${section}`), summary);
  }
  if (settings.command?.length) {
    row('command', t('apps.config.details.command'), list(settings.command, 'version-command'));
  }
  if (settings.args?.length) {
    row('args', t('apps.config.details.args'), list(settings.args, 'version-args'));
  }
  return rows;
}

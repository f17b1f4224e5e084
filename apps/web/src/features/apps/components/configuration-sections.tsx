import { Collapse, Form } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { t } from '../apps.texts';
import type { TextKey } from '../apps.texts';
import {
  AutoscalingFields,
  CommandFields,
  HealthCheckFields,
  ResourcesFields,
  VolumeFields,
} from './configuration-fields';
import { configurationSections, type ConfigurationSection } from './configuration-form';
import { formConfiguration, sectionSummary } from './configuration-summary';
import { KeyValueRows } from './key-value-rows';
import type { TemplateFormValues } from './template-form';
import styles from './configuration.module.css';

const sections: Record<ConfigurationSection, { title: TextKey; hint: TextKey; body: ReactNode }> = {
  env: {
    title: 'apps.config.env',
    hint: 'apps.config.env.hint',
    body: <KeyValueRows kind="env" />,
  },
  secrets: {
    title: 'apps.config.secrets',
    hint: 'apps.config.secrets.hint',
    body: <KeyValueRows kind="secrets" />,
  },
  healthCheck: {
    title: 'apps.config.healthCheck',
    hint: 'apps.config.healthCheck.hint',
    body: <HealthCheckFields />,
  },
  resources: {
    title: 'apps.config.resources',
    hint: 'apps.config.resources.hint',
    body: <ResourcesFields />,
  },
  autoscaling: {
    title: 'apps.config.autoscaling',
    hint: 'apps.config.autoscaling.hint',
    body: <AutoscalingFields />,
  },
  volume: { title: 'apps.config.volume', hint: 'apps.config.volume.hint', body: <VolumeFields /> },
  command: {
    title: 'apps.config.command',
    hint: 'apps.config.command.hint',
    body: <CommandFields />,
  },
};

/**
 * The Basic form's optional configuration: one folded section each for Environment, Secrets,
 * Health check, Resources, Autoscaling, Volume and Command & args, its summary beside its title.
 * Every section's fields stay mounted while folded, so a submit checks and sends them all; the
 * sections holding a refusal unfold (`reveal`).
 */
export function ConfigurationSections({
  reveal = [],
}: {
  reveal?: readonly ConfigurationSection[];
}) {
  const form = Form.useFormInstance<TemplateFormValues>();
  const values = Form.useWatch((all: TemplateFormValues) => all, { form, preserve: true });
  const config = formConfiguration(values ?? {});
  const [open, setOpen] = useState<string[]>([]);

  useEffect(() => {
    if (reveal.length > 0) setOpen((current) => [...new Set([...current, ...reveal])]);
  }, [reveal]);

  return (
    <section className={styles.sections} aria-label={t('apps.config.title')}>
      <div className={styles.title}>{t('apps.config.title')}</div>
      <p className={styles.hint}>{t('apps.config.hint')}</p>
      <Collapse
        size="small"
        activeKey={open}
        onChange={(keys) => setOpen(typeof keys === 'string' ? [keys] : keys)}
        items={configurationSections.map((section) => {
          const summary = sectionSummary(section, config);
          return {
            key: section,
            forceRender: true,
            label: (
              <span className={styles.sectionLabel} data-testid={`config-section-${section}`}>
                <span>{t(sections[section].title)}</span>
                <span className={summary ? styles.summary : styles.unset}>
                  {summary ?? t('apps.config.notSet')}
                </span>
              </span>
            ),
            children: (
              <>
                <p className={styles.hint}>{t(sections[section].hint)}</p>
                {sections[section].body}
              </>
            ),
          };
        })}
      />
    </section>
  );
}

import { checkAdvancedTemplate } from '@meridian/domain/apps/advanced-template';
import { appCreateFieldsSchema } from '@meridian/domain/apps/app-form';
import { checkHeatTemplate } from '@meridian/domain/apps/heat-template';
import { meridianHeatParameters } from '@meridian/domain/apps/heat-stack';
import { flavors } from '@meridian/domain/flavors';
import { volumeTypes } from '@meridian/domain/limits';
import { Form, Radio, Select, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { t } from '../apps.texts';
import type { KubeType, TemplateFamily } from '../app.types';
import { BasicFields } from './basic-fields';
import type { ConfigurationSection } from './configuration-form';
import { type TemplateChoice } from './template-form';
import { TemplateEditor, TemplateUpload } from './template-upload';
import styles from './template-fields.module.css';
import { zodRule } from '../../../shared/lib/zod-rule';

const heatShape = appCreateFieldsSchema.in.shape;

/** The server's reasons (its errors, or a 4xx message), then the spec's try-again sentence. */
export function failureDescription(error: unknown, tryAgain: string): ReactNode {
  const reasons: string[] = [];
  if (isApiError(error)) {
    if (error.errors.length > 0) reasons.push(...error.errors);
    else if (error.status >= 400 && error.status < 500) reasons.push(error.message);
  }
  if (reasons.length === 0) return tryAgain;
  return (
    <>
      {reasons.map((reason) => (
        <span key={reason} className={styles.reason}>
          {reason}
        </span>
      ))}
      <span className={styles.reason}>{tryAgain}</span>
    </>
  );
}

function HeatFields({ TemplateInput }: { TemplateInput: typeof TemplateUpload }) {
  return (
    <>
      <div className={styles.two}>
        <Form.Item
          name="flavor"
          label={t('apps.create.template.flavor')}
          rules={[zodRule(heatShape.flavor_name.unwrap())]}
        >
          <Select
            aria-label={t('apps.create.template.flavor')}
            popupMatchSelectWidth={false}
            options={flavors.map((flavor) => ({
              value: flavor.name.toLowerCase(),
              label: `${flavor.name} · ${flavor.cpu.value} ${flavor.cpu.unit} · ${flavor.ram.value} ${flavor.ram.unit} · ${flavor.storage.value} ${flavor.storage.unit}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="volumeType"
          label={t('apps.create.template.volumeType')}
          rules={[zodRule(heatShape.volume_type.unwrap())]}
        >
          <Radio.Group optionType="button" buttonStyle="solid">
            {volumeTypes.map((type) => (
              <Radio.Button key={type} value={type}>
                {type}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </div>
      <TemplateInput
        kind="heat"
        label={t('apps.create.template.heatFile')}
        hint={t('apps.create.template.heatHint', {
          parameters: meridianHeatParameters.join(', '),
        })}
        check={checkHeatTemplate}
      />
    </>
  );
}

/**
 * The template tabs shared by the app and version drawers: Kubernetes (Basic or Advanced) or
 * Heat. Only the open tab's fields are mounted, so only they are validated. The version drawer
 * edits YAML (`editor`) pre-filled from the version it starts from; the app drawer uploads it.
 */
export function TemplateFields({
  choice,
  onChange,
  editor = false,
  passwordAgain = false,
  reveal,
}: {
  choice: TemplateChoice;
  onChange: (choice: TemplateChoice) => void;
  editor?: boolean;
  /** The Basic settings came from a private registry whose password is not shown again. */
  passwordAgain?: boolean;
  /** The Basic configuration sections to unfold (those holding a refusal after a submit). */
  reveal?: readonly ConfigurationSection[];
}) {
  const TemplateInput = editor ? TemplateEditor : TemplateUpload;
  return (
    <section className={styles.section} aria-label={t('apps.create.template.type')}>
      <div className={styles.label}>{t('apps.create.template.type')}</div>
      <Tabs
        activeKey={choice.family}
        onChange={(key) => onChange({ ...choice, family: key as TemplateFamily })}
        items={[
          { key: 'kubernetes', label: t('apps.create.template.kubernetes') },
          { key: 'heat', label: t('apps.create.template.heat') },
        ]}
        className={styles.tabs}
      />
      {choice.family === 'kubernetes' ? (
        <>
          <Tabs
            size="small"
            type="card"
            activeKey={choice.kubeType}
            onChange={(key) => onChange({ ...choice, kubeType: key as KubeType })}
            items={[
              { key: 'KUBERNETES_BASIC', label: t('apps.create.template.basic') },
              { key: 'KUBERNETES_ADVANCED', label: t('apps.create.template.advanced') },
            ]}
            aria-label={t('apps.create.template.kubeType')}
            className={styles.tabs}
          />
          {choice.kubeType === 'KUBERNETES_BASIC' ? (
            <BasicFields passwordAgain={passwordAgain} reveal={reveal} />
          ) : (
            <TemplateInput
              kind="kubernetes"
              label={t('apps.create.template.kubernetesFile')}
              check={checkAdvancedTemplate}
            />
          )}
        </>
      ) : (
        <HeatFields TemplateInput={TemplateInput} />
      )}
    </section>
  );
}

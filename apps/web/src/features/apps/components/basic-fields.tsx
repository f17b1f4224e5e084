import type { TemplateFormValues } from './template-form';
import { limits } from '@meridian/domain/limits';
import { Form, Input, InputNumber, Radio } from 'antd';
import type { ConfigurationSection } from './configuration-form';
import { ConfigurationSections } from './configuration-sections';
import { PrivateRegistryFields } from './registry-fields';
import { t } from '../apps.texts';
import { basicRule } from './template-form';
import styles from './template-fields.module.css';

/**
 * The Kubernetes Basic settings: image, replicas, ports, the registry, then the optional
 * configuration sections (issue 36).
 */
export function BasicFields({
  passwordAgain = false,
  reveal,
}: {
  passwordAgain?: boolean;
  /** The configuration sections to unfold (those holding a refusal after a submit). */
  reveal?: readonly ConfigurationSection[];
}) {
  const form = Form.useFormInstance<TemplateFormValues>();
  const registry = Form.useWatch('dockerRegistryType', form);
  return (
    <>
      <p className={styles.hint}>{t('apps.create.template.basicHint')}</p>
      <Form.Item
        name="deploymentImage"
        label={t('apps.create.template.image')}
        rules={[basicRule('deploymentImage')]}
      >
        <Input placeholder={t('apps.create.template.imagePlaceholder')} autoComplete="off" />
      </Form.Item>
      <div className={styles.three}>
        <Form.Item
          name="deploymentReplicas"
          label={t('apps.create.template.replicas')}
          rules={[basicRule('deploymentReplicas')]}
        >
          <InputNumber min={limits.replicasMin} precision={0} className={styles.number} />
        </Form.Item>
        <Form.Item
          name="deploymentTargetPort"
          label={t('apps.create.template.targetPort')}
          tooltip={t('apps.create.template.targetPortHint')}
          rules={[basicRule('deploymentTargetPort')]}
        >
          <InputNumber
            min={limits.targetPortMin}
            precision={0}
            placeholder={t('apps.create.template.targetPortPlaceholder')}
            className={styles.number}
          />
        </Form.Item>
        <Form.Item
          name="deploymentPort"
          label={t('apps.create.template.port')}
          tooltip={t('apps.create.template.portHint')}
          rules={[basicRule('deploymentPort')]}
        >
          <InputNumber
            min={limits.portMin}
            precision={0}
            placeholder={t('apps.create.template.portPlaceholder')}
            className={styles.number}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="dockerRegistryType"
        label={t('apps.create.template.registry')}
        rules={[basicRule('dockerRegistryType')]}
      >
        <Radio.Group>
          <Radio value="public">{t('apps.create.template.registryPublic')}</Radio>
          <Radio value="private">{t('apps.create.template.registryPrivate')}</Radio>
        </Radio.Group>
      </Form.Item>
      {registry === 'private' ? <PrivateRegistryFields passwordAgain={passwordAgain} /> : null}
      <ConfigurationSections reveal={reveal} />
    </>
  );
}

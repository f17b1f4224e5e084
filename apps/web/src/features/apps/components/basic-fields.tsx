import type { TemplateFormValues } from './template-form';
import { limits } from '@meridian/domain/limits';
import { Form, Input, InputNumber, Radio } from 'antd';
import { t } from '../apps.texts';
import { basicRule } from './template-form';
import styles from './template-fields.module.css';

/**
 * The Kubernetes Basic settings. A registry password is never shown again once sent: a version
 * starting from a private registry asks for it anew (`passwordAgain`).
 */
export function BasicFields({ passwordAgain = false }: { passwordAgain?: boolean }) {
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
      {registry === 'private' ? (
        <>
          <Form.Item
            name="privateDockerRegistryUrl"
            label={t('apps.create.template.registryUrl')}
            rules={[basicRule('privateDockerRegistryUrl')]}
          >
            <Input placeholder={t('apps.create.template.registryUrlPlaceholder')} />
          </Form.Item>
          <div className={styles.two}>
            <Form.Item
              name="privateDockerRegistryUsername"
              label={t('apps.create.template.registryUsername')}
              rules={[basicRule('privateDockerRegistryUsername')]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="privateDockerRegistryPassword"
              label={t('apps.create.template.registryPassword')}
              rules={[basicRule('privateDockerRegistryPassword')]}
              extra={passwordAgain ? t('apps.create.template.registryPasswordAgain') : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </div>
        </>
      ) : null}
    </>
  );
}

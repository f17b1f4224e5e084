import { SaveOutlined } from '@ant-design/icons';
import { createRegistrySchema } from '@meridian/domain/auth/registry';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useCreateRegistry, useRegistries } from '../../../shared/api/registries';
import { zodRule } from '../../../shared/lib/zod-rule';
import { notify } from '../../../shared/notifications/notify';
import { t } from '../apps.texts';
import { errorDescription } from '../app-detail/action-errors';
import type { TemplateFormValues } from './template-form';
import { basicRule } from './template-form';
import styles from './configuration.module.css';
import fieldStyles from './template-fields.module.css';

/**
 * A private registry: one of the user's saved registries, or credentials typed here (which a
 * small dialog saves as a registry for next time). A password is never shown again once sent:
 * a version starting from typed credentials asks for it anew (`passwordAgain`).
 */
export function PrivateRegistryFields({ passwordAgain }: { passwordAgain: boolean }) {
  const form = Form.useFormInstance<TemplateFormValues>();
  const registries = useRegistries();
  const saved = Form.useWatch('dockerRegistryUuid', form);
  const [saving, setSaving] = useState(false);
  return (
    <>
      <Form.Item
        name="dockerRegistryUuid"
        label={t('apps.registry.source')}
        rules={[basicRule('dockerRegistryUuid')]}
        extra={registries.isError ? t('apps.registry.fetchFailed') : undefined}
      >
        <Select
          aria-label={t('apps.registry.source')}
          loading={registries.isPending}
          options={[
            { value: '', label: t('apps.registry.typed') },
            ...(registries.data ?? []).map((registry) => ({
              value: registry.uuid,
              label: t('apps.registry.option', { name: registry.name, url: registry.url }),
            })),
          ]}
        />
      </Form.Item>
      {saved ? null : (
        <>
          <Form.Item
            name="privateDockerRegistryUrl"
            label={t('apps.create.template.registryUrl')}
            rules={[basicRule('privateDockerRegistryUrl')]}
          >
            <Input placeholder={t('apps.create.template.registryUrlPlaceholder')} />
          </Form.Item>
          <div className={fieldStyles.two}>
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
          <div className={styles.registryActions}>
            <Button
              size="small"
              icon={<SaveOutlined aria-hidden />}
              onClick={() => {
                void form
                  .validateFields([
                    'privateDockerRegistryUrl',
                    'privateDockerRegistryUsername',
                    'privateDockerRegistryPassword',
                  ])
                  .then(
                    () => setSaving(true),
                    () => undefined,
                  );
              }}
            >
              {t('apps.registry.save')}
            </Button>
          </div>
          {saving ? <SaveRegistryDialog onClose={() => setSaving(false)} /> : null}
        </>
      )}
    </>
  );
}

/** Names the typed credentials and saves them; the form then uses the saved registry. */
function SaveRegistryDialog({ onClose }: { onClose: () => void }) {
  const form = Form.useFormInstance<TemplateFormValues>();
  const [nameForm] = Form.useForm<{ name: string }>();
  const create = useCreateRegistry();

  const save = async () => {
    const { name } = await nameForm.validateFields();
    try {
      const registry = await create.mutateAsync({
        name,
        url: form.getFieldValue('privateDockerRegistryUrl') ?? '',
        username: form.getFieldValue('privateDockerRegistryUsername') ?? '',
        password: form.getFieldValue('privateDockerRegistryPassword') ?? '',
      });
      notify.success(t('apps.registry.saved', { name: registry.name }));
      form.setFieldValue('dockerRegistryUuid', registry.uuid);
      onClose();
    } catch (error) {
      notify.error(t('apps.registry.saveFailed'), errorDescription(error));
    }
  };

  return (
    <Modal
      open
      title={t('apps.registry.saveTitle')}
      okText={t('apps.registry.saveOk')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
    >
      <p className={styles.hint}>{t('apps.registry.saveHint')}</p>
      {/* A form of its own: not nested in the version form, whose submit it must not trigger. */}
      <Form form={nameForm} layout="vertical" component={false}>
        <Form.Item
          name="name"
          label={t('apps.registry.name')}
          rules={[zodRule(createRegistrySchema.shape.name)]}
        >
          <Input
            autoFocus
            placeholder={t('apps.registry.namePlaceholder')}
            onPressEnter={(event) => {
              event.preventDefault();
              void save().catch(() => undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

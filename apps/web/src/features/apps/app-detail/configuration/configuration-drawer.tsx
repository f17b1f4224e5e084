import type { App, Version } from '@meridian/domain/apps/app-api';
import { configurationChangeRequestSchema } from '@meridian/domain/apps/rollout';
import { limits } from '@meridian/domain/limits';
import { Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DrawerActions } from '../../../../shared/components/drawer-actions';
import { SideDrawer } from '../../../../shared/components/side-drawer';
import { zodRule } from '../../../../shared/lib/zod-rule';
import { notify } from '../../../../shared/notifications/notify';
import { useChangeConfiguration } from '../../api/change-configuration';
import { t } from '../../apps.texts';
import styles from '../../components/app-forms.module.css';
import { BasicFields } from '../../components/basic-fields';
import { sectionsWithErrors, type ConfigurationSection } from '../../components/configuration-form';
import { failureDescription } from '../../components/template-fields';
import { basicSettingsFrom, revalidateTouched } from '../../components/template-form';
import type { TemplateFormValues } from '../../components/template-form';
import { versionPrefill } from '../../components/version-prefill';
import { rolloutsAnchor } from '../rollouts/rollouts-card';
import { smartClusterName } from '../rollouts/rollouts.rules';

interface ConfigurationFormValues extends TemplateFormValues {
  name: string;
  bakeSeconds?: number | null;
}

export interface ConfigurationDrawerProps {
  app: App;
  version: Version;
  open: boolean;
  onClose: () => void;
}

/**
 * Edit configuration (issue 36): a Basic version's settings, every section prefilled from it (its
 * secrets kept unless a new value is typed). Submitting makes the next version from it and rolls
 * that out wherever it runs; the rollouts panel then shows each one.
 */
export function ConfigurationDrawer({ app, version, open, onClose }: ConfigurationDrawerProps) {
  return (
    <SideDrawer
      title={t('apps.config.edit.title', { name: version.name })}
      open={open}
      onClose={onClose}
    >
      {open ? <ConfigurationForm app={app} version={version} onDone={onClose} /> : null}
    </SideDrawer>
  );
}

function ConfigurationForm({
  app,
  version,
  onDone,
}: {
  app: App;
  version: Version;
  onDone: () => void;
}) {
  const [form] = Form.useForm<ConfigurationFormValues>();
  const [prefill] = useState(() => versionPrefill(version, app.versions));
  const [reveal, setReveal] = useState<ConfigurationSection[]>([]);
  const mutation = useChangeConfiguration();
  const navigate = useNavigate();

  // The drawer stays open on a refusal, so the user can correct what the server named.
  const submit = async (values: ConfigurationFormValues) => {
    try {
      const result = await mutation.mutateAsync({
        versionId: version.uuid,
        name: values.name,
        settings: basicSettingsFrom({ ...values, ...form.getFieldsValue(true) }),
        bakeSeconds: values.bakeSeconds ?? undefined,
      });
      const name = result.version.name;
      if (result.rollouts.length > 0) {
        const [first] = result.rollouts;
        notify.success(
          result.rollouts.length === 1 && first
            ? t('apps.config.edit.rollingOne', {
                name,
                smartCluster: smartClusterName(app, first.smart_cluster_uuid),
              })
            : t('apps.config.edit.rolling', { name, count: result.rollouts.length }),
        );
        void navigate({ hash: rolloutsAnchor });
      } else {
        notify.success(t('apps.config.edit.created', { name }));
      }
      onDone();
    } catch (error) {
      notify.error(
        t('apps.config.edit.failed'),
        failureDescription(error, t('apps.detail.tryAgain')),
      );
    }
  };

  return (
    <Form<ConfigurationFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={prefill.values}
      onFinish={(values) => void submit(values)}
      onFinishFailed={({ errorFields }) => setReveal(sectionsWithErrors(errorFields))}
      onValuesChange={() => revalidateTouched(form)}
      data-testid="configuration-form"
    >
      <p className={styles.intro}>{t('apps.config.edit.intro', { name: version.name })}</p>
      <Form.Item
        name="name"
        label={t('apps.config.edit.name')}
        rules={[zodRule(configurationChangeRequestSchema.shape.name)]}
      >
        <Input maxLength={limits.versionNameMaxLength} showCount />
      </Form.Item>
      <BasicFields passwordAgain={prefill.passwordAgain} reveal={reveal} />
      <Form.Item
        name="bakeSeconds"
        label={t('apps.rollback.bake')}
        extra={t('apps.rollback.bakeHint')}
        rules={[zodRule(configurationChangeRequestSchema.shape.bake_seconds)]}
      >
        <InputNumber min={0} max={86_400} precision={0} placeholder="60" />
      </Form.Item>
      <DrawerActions>
        <Button onClick={onDone} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('apps.config.edit.submit')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

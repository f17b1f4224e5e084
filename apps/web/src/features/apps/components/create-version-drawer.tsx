import { versionCreateFieldsSchema } from '@meridian/domain/apps/app-form';
import { limits } from '@meridian/domain/limits';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useCreateVersion } from '../api/create-version';
import type { App } from '../app.types';
import styles from './app-forms.module.css';
import {
  defaultTemplateChoice,
  failureDescription,
  TemplateFields,
  templateInitialValues,
  templateSourceFrom,
  zodRule,
} from './template-fields';
import type { TemplateChoice, TemplateFormValues } from './template-fields';
import { DrawerActions } from '../../../shared/components/drawer-actions';

interface VersionFormValues extends TemplateFormValues {
  name: string;
}

const shape = versionCreateFieldsSchema.in.shape;

/** The app screen's create_version drawer (spec "Screens and routes", "Entities and their fields" "Version creation form"). */
export function CreateVersionDrawer({
  app,
  open,
  onClose,
}: {
  app: App;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <SideDrawer title={t('apps.version.create.title')} open={open} onClose={onClose}>
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open ? <VersionForm app={app} onDone={onClose} /> : null}
    </SideDrawer>
  );
}

function VersionForm({ app, onDone }: { app: App; onDone: () => void }) {
  const [form] = Form.useForm<VersionFormValues>();
  const [choice, setChoice] = useState<TemplateChoice>(defaultTemplateChoice);
  const mutation = useCreateVersion();

  // Spec "States and transitions": submit, then loading; the drawer closes on success and on failure alike.
  const submit = async (values: VersionFormValues) => {
    try {
      await mutation.mutateAsync({
        appUuid: app.uuid,
        name: values.name,
        template: templateSourceFrom(choice, values),
      });
      notify.success(t('apps.version.create.created', { name: values.name.trim() }));
    } catch (error) {
      notify.error(
        t('apps.version.create.failed'),
        failureDescription(error, t('apps.version.create.tryAgain')),
      );
    }
    onDone();
  };

  return (
    <Form<VersionFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={templateInitialValues}
      onFinish={(values) => void submit(values)}
      data-testid="create-version-form"
    >
      <p className={styles.intro}>{t('apps.version.create.intro', { name: app.name })}</p>
      <Form.Item name="name" label={t('apps.version.create.name')} rules={[zodRule(shape.name)]}>
        <Input
          placeholder={t('apps.version.create.namePlaceholder')}
          maxLength={limits.versionNameMaxLength}
          showCount
        />
      </Form.Item>
      <TemplateFields choice={choice} onChange={setChoice} />
      <DrawerActions>
        <Button onClick={onDone} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('apps.version.create.submit')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

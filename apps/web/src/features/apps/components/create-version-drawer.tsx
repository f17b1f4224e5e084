import { versionCreateFieldsSchema } from '@meridian/domain/apps/app-form';
import { limits } from '@meridian/domain/limits';
import { Button, Form, Input, Select } from 'antd';
import { useState, type ReactNode } from 'react';
import { DrawerActions } from '../../../shared/components/drawer-actions';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { notify } from '../../../shared/notifications/notify';
import { useCreateVersion } from '../api/create-version';
import type { App, Version } from '../app.types';
import { t } from '../apps.texts';
import styles from './app-forms.module.css';
import { failureDescription, TemplateFields } from './template-fields';
import { sectionsWithErrors, type ConfigurationSection } from './configuration-form';
import { revalidateTouched, templateSourceFrom } from './template-form';
import type { TemplateChoice, TemplateFormValues } from './template-form';
import { versionPrefill } from './version-prefill';
import { zodRule } from '../../../shared/lib/zod-rule';

interface VersionFormValues extends TemplateFormValues {
  name: string;
}

const shape = versionCreateFieldsSchema.in.shape;

/**
 * The app screen's create_version drawer (spec "Screens and routes", "Entities and their fields" "Version creation form"),
 * every field starting as in the version `from` (the one its drawer was open on, else the newest).
 */
export function CreateVersionDrawer({
  app,
  from,
  open,
  onClose,
}: {
  app: App;
  from: Version | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <SideDrawer title={t('apps.version.create.title')} open={open} onClose={onClose}>
      {/* Mounted only while open, so every opening starts again from the version it is made from. */}
      {open ? <VersionForm app={app} from={from} onDone={onClose} /> : null}
    </SideDrawer>
  );
}

/** The version to start from, chosen again at will: the form starts over from it. */
function VersionForm({
  app,
  from,
  onDone,
}: {
  app: App;
  from: Version | null;
  onDone: () => void;
}) {
  const [startUuid, setStartUuid] = useState(from?.uuid ?? null);
  const start = app.versions.find((version) => version.uuid === startUuid) ?? null;
  const picker =
    app.versions.length > 0 ? (
      <Form.Item
        label={t('apps.version.create.startFrom')}
        extra={t('apps.version.create.startFromHint')}
      >
        <Select
          aria-label={t('apps.version.create.startFrom')}
          value={startUuid ?? undefined}
          onChange={(uuid: string) => setStartUuid(uuid)}
          options={[...app.versions].reverse().map((version) => ({
            value: version.uuid,
            label: t('apps.version.create.startFromOption', {
              name: version.name,
              type: t(`apps.detail.templateType.${version.template_type}`),
            }),
          }))}
        />
      </Form.Item>
    ) : null;
  // A new form per version started from: its initial values are that version's.
  return (
    <PrefilledVersionForm
      key={startUuid ?? ''}
      app={app}
      start={start}
      picker={picker}
      onDone={onDone}
    />
  );
}

function PrefilledVersionForm({
  app,
  start,
  picker,
  onDone,
}: {
  app: App;
  start: Version | null;
  picker: ReactNode;
  onDone: () => void;
}) {
  const [form] = Form.useForm<VersionFormValues>();
  const [prefill] = useState(() => versionPrefill(start, app.versions));
  const [choice, setChoice] = useState<TemplateChoice>(prefill.choice);
  const [reveal, setReveal] = useState<ConfigurationSection[]>([]);
  const mutation = useCreateVersion();

  // Spec "States and transitions": submit, then loading; the drawer closes on success and on failure alike.
  const submit = async (values: VersionFormValues) => {
    try {
      await mutation.mutateAsync({
        appUuid: app.uuid,
        name: values.name,
        template: templateSourceFrom(choice, { ...values, ...form.getFieldsValue(true) }),
        // The version whose secrets `keep` keeps: the one the form started from.
        fromVersionUuid: start?.uuid,
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
      initialValues={prefill.values}
      onFinish={(values) => void submit(values)}
      onFinishFailed={({ errorFields }) => setReveal(sectionsWithErrors(errorFields))}
      onValuesChange={() => revalidateTouched(form)}
      data-testid="create-version-form"
    >
      <p className={styles.intro}>{t('apps.version.create.intro', { name: app.name })}</p>
      {picker}
      <Form.Item name="name" label={t('apps.version.create.name')} rules={[zodRule(shape.name)]}>
        <Input
          placeholder={t('apps.version.create.namePlaceholder')}
          maxLength={limits.versionNameMaxLength}
          showCount
        />
      </Form.Item>
      <TemplateFields
        choice={choice}
        onChange={setChoice}
        editor
        passwordAgain={prefill.passwordAgain}
        reveal={reveal}
      />
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

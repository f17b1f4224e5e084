import { appApiMessages } from '@meridian/domain/apps/app-api';
import { appCreateFieldsSchema } from '@meridian/domain/apps/app-form';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import type { SmartClusterListItem } from '@meridian/domain/clusters/cluster-api';
import { limits } from '@meridian/domain/limits';
import { parseStatus, statusLabel } from '@meridian/domain/status';
import { Button, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useCreateApp } from '../api/create-app';
import { useSmartClusterChoices } from '../../../shared/api/smart-clusters-list';
import styles from './app-forms.module.css';
import { failureDescription, TemplateFields } from './template-fields';
import { sectionsWithErrors, type ConfigurationSection } from './configuration-form';
import {
  defaultTemplateChoice,
  revalidateTouched,
  templateInitialValues,
  templateSourceFrom,
} from './template-form';
import type { TemplateChoice, TemplateFormValues } from './template-form';
import { DrawerActions } from '../../../shared/components/drawer-actions';
import { zodRule } from '../../../shared/lib/zod-rule';
import { currentLocale } from '../../../shared/i18n/locale';

interface AppFormValues extends TemplateFormValues {
  name: string;
  description?: string;
  version: string;
  smartCluster?: string;
}

const shape = appCreateFieldsSchema.in.shape;

/** What the picker knows of a smart cluster. */
type Choice = Pick<SmartClusterListItem, 'uuid' | 'name' | 'status' | 'datacenters'>;

/** Apps can only be deployed onto a smart cluster that is ready (Created). */
function isReady(smartCluster: Choice): boolean {
  return parseStatus(smartCluster.status) === 'success';
}

function isExternal(smartCluster: Choice): boolean {
  return smartCluster.datacenters.includes(externalDatacenterUuid);
}

/** Why a smart cluster cannot take this app (a short status and a hint), or null when it can. */
function unavailableReason(
  smartCluster: Choice,
  heat: boolean,
): { status: string; hint: string } | null {
  if (!isReady(smartCluster)) {
    return {
      status: statusLabel(smartCluster.status, 'smartCluster', currentLocale()),
      hint: t('apps.create.smartClusterNotReady'),
    };
  }
  // Heat stacks need the provider's infrastructure; an uploaded cluster has none.
  if (heat && isExternal(smartCluster)) {
    return { status: t('apps.create.kubernetesOnly'), hint: appApiMessages.heatOnExternal };
  }
  return null;
}

function smartClusterOptions(smartClusters: readonly Choice[], heat: boolean) {
  return smartClusters
    .map((smartCluster) => ({ smartCluster, reason: unavailableReason(smartCluster, heat) }))
    .sort(
      (a, b) =>
        Number(a.reason !== null) - Number(b.reason !== null) ||
        a.smartCluster.name.localeCompare(b.smartCluster.name),
    )
    .map(({ smartCluster, reason }) => ({
      value: smartCluster.uuid,
      label: smartCluster.name,
      disabled: reason !== null,
      title: reason?.hint ?? smartCluster.name,
      status: reason?.status ?? null,
    }));
}

/** Create menu → App (spec "Screens and routes" "App creation drawer", "Entities and their fields" "App creation form"). */
export function CreateAppDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SideDrawer title={t('create.app.title')} open={open} onClose={onClose}>
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open ? <AppForm onDone={onClose} /> : null}
    </SideDrawer>
  );
}

function AppForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<AppFormValues>();
  const [choice, setChoice] = useState<TemplateChoice>(defaultTemplateChoice);
  const [reveal, setReveal] = useState<ConfigurationSection[]>([]);
  const mutation = useCreateApp();
  const heat = choice.family === 'heat';

  // Spec "States and transitions": the drawer closes whatever the outcome; the notice tells which it was.
  const submit = async (values: AppFormValues) => {
    try {
      await mutation.mutateAsync({
        name: values.name,
        description: values.description,
        versionName: values.version,
        smartClusterUuid: values.smartCluster ?? '',
        template: templateSourceFrom(choice, { ...values, ...form.getFieldsValue(true) }),
      });
      notify.success(t('apps.create.started'));
    } catch (error) {
      notify.error(t('apps.create.failed'), failureDescription(error, t('apps.create.tryAgain')));
    }
    onDone();
  };

  return (
    <Form<AppFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={templateInitialValues}
      onFinish={(values) => void submit(values)}
      onFinishFailed={({ errorFields }) => setReveal(sectionsWithErrors(errorFields))}
      onValuesChange={() => revalidateTouched(form)}
      data-testid="create-app-form"
    >
      <p className={styles.intro}>{t('apps.create.intro')}</p>
      <Form.Item name="name" label={t('apps.create.name')} rules={[zodRule(shape.name)]}>
        <Input placeholder={t('apps.create.namePlaceholder')} maxLength={limits.nameMaxLength} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('apps.create.description')}
        rules={[zodRule(shape.description)]}
      >
        <Input.TextArea
          placeholder={t('apps.create.descriptionPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Form.Item>
      <div className={styles.split}>
        <Form.Item
          name="version"
          label={t('apps.create.version')}
          rules={[zodRule(shape.version_name)]}
        >
          <Input
            placeholder={t('apps.create.versionPlaceholder')}
            maxLength={limits.versionNameMaxLength}
            showCount
          />
        </Form.Item>
        <SmartClusterField heat={heat} />
      </div>
      <TemplateFields choice={choice} onChange={setChoice} reveal={reveal} />
      <DrawerActions>
        <Button onClick={onDone} disabled={mutation.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('apps.create.submit')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

/**
 * The smart cluster to deploy onto: the first of the user's smart clusters, sorted ready first;
 * typing searches all of them on the server, so a user with a thousand loads a hundred.
 */
function SmartClusterField({ heat }: { heat: boolean }) {
  const [search, setSearch] = useState('');
  const choices = useSmartClusterChoices(search);
  const items = choices.data?.items ?? [];
  // Every smart cluster shown so far: the one chosen stays known when a later search hides it.
  const seen = useRef(new Map<string, Choice>());
  for (const item of items) seen.current.set(item.uuid, item);
  const total = choices.data?.total ?? 0;
  const none = !choices.isPending && total === 0 && search.trim() === '';
  const more = total > items.length;

  return (
    <Form.Item
      name="smartCluster"
      label={t('apps.create.smartCluster')}
      extra={
        none
          ? t('apps.create.noSmartClusters')
          : more
            ? t('apps.smartClusterPicker.more', { shown: items.length, total })
            : undefined
      }
      rules={[
        zodRule(shape.smart_cluster_uuid),
        {
          validator: (_rule, uuid: string | undefined) => {
            const chosen = uuid ? seen.current.get(uuid) : undefined;
            return heat && chosen && isExternal(chosen)
              ? Promise.reject(new Error(appApiMessages.heatOnExternal))
              : Promise.resolve();
          },
        },
      ]}
    >
      <Select
        aria-label={t('apps.create.smartCluster')}
        placeholder={t('apps.create.smartClusterPlaceholder')}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        // The search box empties when the list closes; so does the search behind the options.
        onOpenChange={(open) => {
          if (!open) setSearch('');
        }}
        loading={choices.isFetching}
        options={smartClusterOptions(items, heat)}
        notFoundContent={choices.isPending ? undefined : t('apps.create.noMatchingClusters')}
        optionRender={(option) => (
          <span className={styles.option}>
            <span className={styles.optionName}>{option.data.label}</span>
            {option.data.status ? (
              <span className={styles.optionStatus}>{option.data.status}</span>
            ) : null}
          </span>
        )}
      />
    </Form.Item>
  );
}

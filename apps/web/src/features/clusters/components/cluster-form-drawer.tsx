import { InfoCircleOutlined, UploadOutlined } from '@ant-design/icons';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { externalDatacenterUuid } from '@meridian/domain/clusters/datacenter';
import { formatMonthlyCost } from '@meridian/domain/clusters/cost-estimate';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import {
  clusterMessages,
  externalClusterSchema,
  smartClusterCreateSchema,
} from '@meridian/domain/clusters/smart-cluster';
import { defaultFlavor, flavors } from '@meridian/domain/flavors';
import type { FlavorKey } from '@meridian/domain/flavors';
import { defaultClusterMode, limits } from '@meridian/domain/limits';
import type { ClusterMode } from '@meridian/domain/limits';
import { validationMessages } from '@meridian/domain/validation-messages';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../clusters.texts';
import { notify } from '../../../shared/notifications/notify';
import { useCreateSmartCluster } from '../api/create-smart-cluster';
import { useWorkDuration } from '../api/get-cluster-durations';
import { useDatacenters } from '../api/get-datacenters';
import { useUpdateSmartCluster } from '../api/update-smart-cluster';
import { generateMonitoringPassword } from '../cluster-rules';
import { budgetError, formMinimumCost, isExternalChoice } from '../form-rules';
import styles from './clusters.module.css';
import { AutomaticPreview } from './automatic-preview';
import {
  MonitoringPasswordDialog,
  type ShownMonitoringPassword,
} from './monitoring-password-dialog';
import { errorDescription } from './use-cluster-actions';
import { DrawerActions } from '../../../shared/components/drawer-actions';
import { zodRule } from '../../../shared/lib/zod-rule';

export interface ClusterFormValues {
  name: string;
  datacenters: string[];
  mode: ClusterMode;
  cluster_size: FlavorKey;
  master_count: number | null;
  minion_count: number | null;
  latency?: number | null;
  budget?: number | null;
  kubeConfig?: UploadFile[];
}

const shape = smartClusterCreateSchema.shape;

interface ClusterFormDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Present: the update drawer for this smart cluster. */
  smartCluster?: SmartCluster | null;
}

/** With the external entry always offered, as 'External cluster'. */
function datacenterOptions(datacenters: readonly Datacenter[]) {
  const options = datacenters
    .filter((datacenter) => datacenter.uuid !== externalDatacenterUuid)
    .map((datacenter) => ({
      value: datacenter.uuid,
      label: datacenter.country
        ? `${datacenter.location}, ${datacenter.country}`
        : datacenter.location,
    }));
  return [...options, { value: externalDatacenterUuid, label: t('clusters.form.external') }];
}

/** The create and update drawers of spec "Entities and their fields" "Cluster form", with the rules of "Validation rules". */
export function ClusterFormDrawer({ open, onClose, smartCluster }: ClusterFormDrawerProps) {
  const updating = Boolean(smartCluster);
  // Outside the drawer: the password stays on screen once the drawer has closed.
  const [shown, setShown] = useState<ShownMonitoringPassword | null>(null);
  return (
    <>
      <SideDrawer
        title={t(updating ? 'clusters.form.updateTitle' : 'clusters.form.createTitle')}
        open={open}
        onClose={onClose}
      >
        {open ? (
          <ClusterForm smartCluster={smartCluster ?? null} onDone={onClose} onCreated={setShown} />
        ) : null}
      </SideDrawer>
      <MonitoringPasswordDialog shown={shown} onDone={() => setShown(null)} />
    </>
  );
}

function ClusterForm({
  smartCluster,
  onDone,
  onCreated,
}: {
  smartCluster: SmartCluster | null;
  onDone: () => void;
  onCreated: (shown: ShownMonitoringPassword) => void;
}) {
  const [form] = Form.useForm<ClusterFormValues>();
  const datacentersQuery = useDatacenters();
  const datacenters = useMemo(() => datacentersQuery.data ?? [], [datacentersQuery.data]);
  const createMutation = useCreateSmartCluster();
  const updateMutation = useUpdateSmartCluster();
  const updating = smartCluster !== null;
  const duration = useWorkDuration(updating ? 'update' : 'create');

  const chosen = Form.useWatch('datacenters', form);
  const mode = Form.useWatch('mode', form) ?? smartCluster?.mode ?? defaultClusterMode;
  const clusterSize = Form.useWatch('cluster_size', form);
  const masterCount = Form.useWatch('master_count', form);
  const minionCount = Form.useWatch('minion_count', form);
  const external = isExternalChoice(chosen);
  const automatic = mode === 'AUTOMATIC' && !external;

  const minimum = formMinimumCost(
    {
      datacenters: chosen ?? smartCluster?.datacenters,
      cluster_size: clusterSize ?? smartCluster?.cluster_size ?? undefined,
      master_count: masterCount ?? smartCluster?.master_count,
      minion_count: minionCount ?? smartCluster?.minion_count,
    },
    datacenters,
  );

  const initialValues: Partial<ClusterFormValues> = smartCluster
    ? {
        name: smartCluster.name,
        datacenters: smartCluster.placement?.candidates ?? smartCluster.datacenters,
        mode: smartCluster.mode,
        latency: smartCluster.latency,
        budget: smartCluster.budget,
      }
    : {
        datacenters: [],
        mode: defaultClusterMode,
        cluster_size: defaultFlavor.name.toLowerCase() as FlavorKey,
        master_count: limits.nodeCountDefault,
        minion_count: limits.nodeCountDefault,
      };

  const submitting = createMutation.isPending || updateMutation.isPending;

  const submit = async (values: ClusterFormValues) => {
    if (smartCluster) {
      const body =
        smartCluster.mode === 'AUTOMATIC'
          ? {
              name: values.name.trim(),
              latency: values.latency ?? 0,
              budget: values.budget ?? 0,
              // New candidates place it again (issue "The smart core").
              datacenters: values.datacenters,
            }
          : { name: values.name.trim(), datacenters: values.datacenters };
      try {
        await updateMutation.mutateAsync({ uuid: smartCluster.uuid, body });
        notify.success(
          t('clusters.updated'),
          duration ? t('clusters.form.updateNotice', { duration }) : undefined,
          { duration: 9 },
        );
        onDone();
      } catch (error) {
        notify.error(t('clusters.updateFailed'), errorDescription(error));
      }
      return;
    }

    try {
      if (isExternalChoice(values.datacenters)) {
        const file = values.kubeConfig?.[0]?.originFileObj;
        if (!file) return;
        await createMutation.mutateAsync({ kind: 'external', name: values.name, kubeConfig: file });
        notify.success(t('clusters.created'));
      } else {
        const password = generateMonitoringPassword();
        const base = {
          name: values.name.trim(),
          datacenters: values.datacenters,
          mode: values.mode,
          cluster_size: values.cluster_size.toLowerCase() as FlavorKey,
          master_count: values.master_count ?? limits.nodeCountDefault,
          minion_count: values.minion_count ?? limits.nodeCountDefault,
          monitoring_default_password: password,
        };
        const body =
          values.mode === 'AUTOMATIC'
            ? { ...base, latency: values.latency ?? 0, budget: values.budget ?? 0 }
            : base;
        await createMutation.mutateAsync({ kind: 'managed', body });
        notify.success(t('clusters.created'));
        onCreated({ smartClusterName: base.name, password, reason: 'created' });
      }
      onDone();
    } catch (error) {
      notify.error(t('clusters.createFailed'), errorDescription(error));
    }
  };

  return (
    <Form<ClusterFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      data-testid="cluster-form"
    >
      {duration ? (
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined aria-hidden />}
          title={t(updating ? 'clusters.form.updateNotice' : 'clusters.form.createNotice', {
            duration,
          })}
          style={{ marginBottom: 20 }}
        />
      ) : null}
      <Form.Item
        name="name"
        label={t('clusters.form.name')}
        rules={[zodRule(updating ? shape.name : externalClusterSchema.shape.name)]}
      >
        <Input placeholder={t('clusters.form.namePlaceholder')} maxLength={limits.nameMaxLength} />
      </Form.Item>

      <Form.Item
        name="datacenters"
        label={t(automatic ? 'clusters.form.candidates' : 'clusters.form.datacenters')}
        rules={[
          zodRule(shape.datacenters),
          {
            validator: (_rule, value: string[] | undefined) =>
              value && value.includes(externalDatacenterUuid) && value.length > 1
                ? Promise.reject(new Error(clusterMessages.noMixOfDatacenters))
                : Promise.resolve(),
          },
        ]}
        extra={chosen && chosen.length === 0 ? validationMessages.noDatacenters : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={datacentersQuery.isPending}
          placeholder={t('clusters.form.datacentersPlaceholder')}
          options={datacenterOptions(datacenters).filter(
            (option) => !updating || option.value !== externalDatacenterUuid,
          )}
          aria-label={t('clusters.form.datacenters')}
          onChange={(value: string[]) => {
            // An external cluster is always manual (automatic is disabled for it).
            if (isExternalChoice(value)) form.setFieldValue('mode', 'MANUAL');
          }}
        />
      </Form.Item>

      {updating ? null : (
        <Form.Item name="mode" label={t('clusters.form.mode')} rules={[zodRule(shape.mode)]}>
          <Radio.Group optionType="button" buttonStyle="solid">
            <Radio.Button value="MANUAL">{t('clusters.mode.MANUAL')}</Radio.Button>
            <Radio.Button value="AUTOMATIC" disabled={external}>
              {t('clusters.mode.AUTOMATIC')}
            </Radio.Button>
          </Radio.Group>
        </Form.Item>
      )}

      {updating || external ? null : (
        <>
          <Form.Item
            name="cluster_size"
            label={t('clusters.form.flavor')}
            rules={[zodRule(shape.cluster_size)]}
          >
            <Select
              aria-label={t('clusters.form.flavor')}
              options={flavors.map((flavor) => ({
                value: flavor.name.toLowerCase(),
                label: `${flavor.name} · ${flavor.cpu.value} ${flavor.cpu.unit} · ${flavor.ram.value} ${flavor.ram.unit} · ${flavor.storage.value} ${flavor.storage.unit}`,
              }))}
            />
          </Form.Item>
          <div className={styles.inline}>
            <Form.Item
              name="master_count"
              label={t('clusters.form.masters')}
              rules={[zodRule(shape.master_count.unwrap())]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="minion_count"
              label={t('clusters.form.minions')}
              rules={[zodRule(shape.minion_count.unwrap())]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </div>
        </>
      )}

      {automatic ? (
        <div className={styles.inline}>
          <Form.Item
            name="latency"
            label={t('clusters.form.latency')}
            rules={[zodRule(shape.latency.unwrap())]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="budget"
            label={t('clusters.form.budget')}
            dependencies={['datacenters', 'cluster_size', 'master_count', 'minion_count']}
            rules={[
              {
                validator: (_rule, value: unknown) => {
                  const message = budgetError(value, minimum);
                  return message ? Promise.reject(new Error(message)) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} prefix="$" />
          </Form.Item>
        </div>
      ) : null}

      {automatic ? (
        <AutomaticPreview
          form={form}
          datacenters={datacenters}
          minimum={minimum}
          size={{
            cluster_size: clusterSize ?? smartCluster?.cluster_size ?? undefined,
            master_count: masterCount ?? smartCluster?.master_count,
            minion_count: minionCount ?? smartCluster?.minion_count,
          }}
        />
      ) : null}

      {external && !updating ? (
        <Form.Item
          name="kubeConfig"
          label={t('clusters.form.kubeconfig')}
          extra={t('clusters.form.kubeconfigHint')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            {
              validator: (_rule, value: UploadFile[] | undefined) =>
                value && value.length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(clusterMessages.kubeconfigRequired)),
            },
          ]}
        >
          <Upload accept=".yaml" beforeUpload={() => false} maxCount={1}>
            <Button icon={<UploadOutlined aria-hidden />}>
              {t('clusters.form.kubeconfigButton')}
            </Button>
          </Upload>
        </Form.Item>
      ) : null}

      {external ? null : (
        <div className={styles.cost} data-testid="minimum-cost">
          <div className={styles.costLine}>
            <span>{t('clusters.form.minimumCost')}</span>
            <span className={styles.costValue}>
              {t('clusters.form.perMonth', { amount: formatMonthlyCost(minimum) })}
            </span>
          </div>
          {automatic ? (
            <p className={styles.costWhy} data-testid="budget-why">
              {t('clusters.form.budgetWhy')}
            </p>
          ) : null}
        </div>
      )}

      <DrawerActions>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t(updating ? 'clusters.form.update' : 'clusters.form.create')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

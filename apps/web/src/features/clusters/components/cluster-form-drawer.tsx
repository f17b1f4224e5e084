import { InfoCircleOutlined } from '@ant-design/icons';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import {
  externalClusterSchema,
  smartClusterCreateSchema,
} from '@meridian/domain/clusters/smart-cluster';
import { limits } from '@meridian/domain/limits';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../clusters.texts';
import { AutomaticFields } from './automatic-fields';
import { AutomaticPreview } from './automatic-preview';
import type { ClusterFormValues } from './cluster-form-values';
import { ClusterSizeFields } from './cluster-size-fields';
import { DatacentersField } from './datacenters-field';
import { KubeconfigField } from './kubeconfig-field';
import { MinimumCost } from './minimum-cost';
import {
  MonitoringPasswordDialog,
  type ShownMonitoringPassword,
} from './monitoring-password-dialog';
import { useClusterForm } from './use-cluster-form';
import { useSaveSmartCluster } from './use-save-smart-cluster';
import { DrawerActions } from '../../../shared/components/drawer-actions';
import { zodRule } from '../../../shared/lib/zod-rule';

const shape = smartClusterCreateSchema.shape;

interface ClusterFormDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Present: the update drawer for this smart cluster. */
  smartCluster?: SmartCluster | null;
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
  const {
    form,
    datacenters,
    datacentersLoading,
    chosen,
    initialValues,
    updating,
    duration,
    external,
    automatic,
    size,
    minimum,
  } = useClusterForm(smartCluster);
  const { submit, submitting } = useSaveSmartCluster({
    smartCluster,
    duration,
    onDone,
    onCreated,
  });

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

      <DatacentersField
        form={form}
        datacenters={datacenters}
        loading={datacentersLoading}
        chosen={chosen}
        automatic={automatic}
        updating={updating}
      />

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

      {updating || external ? null : <ClusterSizeFields />}

      {automatic ? <AutomaticFields minimum={minimum} /> : null}

      {automatic ? (
        <AutomaticPreview form={form} datacenters={datacenters} minimum={minimum} size={size} />
      ) : null}

      {external && !updating ? <KubeconfigField /> : null}

      {external ? null : <MinimumCost minimum={minimum} automatic={automatic} />}

      <DrawerActions>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t(updating ? 'clusters.form.update' : 'clusters.form.create')}
        </Button>
      </DrawerActions>
    </Form>
  );
}

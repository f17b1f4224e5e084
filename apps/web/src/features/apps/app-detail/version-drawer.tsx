import {
  CloudUploadOutlined,
  DeleteOutlined,
  GlobalOutlined,
  InfoCircleOutlined,
  LockOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import { App as AntdApp, Menu } from 'antd';
import { refusedMenuEntry } from '../../../shared/components/disabled-reason';
import { useActingRole } from '../../../shared/session/acting-role';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../apps.texts';
import type { TextKey } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useDeleteVersion } from '../api/delete-version';
import { errorDescription } from './action-errors';
import { offeredVersionActions } from './app-detail.rules';
import type { VersionActionKey } from './app-detail.rules';
import styles from './app-detail.module.css';
import { DeployPanel } from './deploy-panel';
import { DownloadCertificatePanel, EnableHttpsPanel } from './https-panels';
import { UpdateDomainPanel } from './update-domain-panel';
import { VersionDetails } from './version-details';

const actionLabels: Record<VersionActionKey, TextKey> = {
  create_version: 'apps.detail.action.create_version',
  details: 'apps.detail.action.details',
  deploy: 'apps.detail.action.deploy',
  update_domain: 'apps.detail.action.update_domain',
  https_enable: 'apps.detail.action.https_enable',
  download_certificate: 'apps.detail.action.download_certificate',
  delete: 'apps.detail.action.delete',
};

const actionIcons: Record<VersionActionKey, ReactNode> = {
  create_version: <PlusOutlined aria-hidden />,
  details: <InfoCircleOutlined aria-hidden />,
  deploy: <CloudUploadOutlined aria-hidden />,
  update_domain: <GlobalOutlined aria-hidden />,
  https_enable: <LockOutlined aria-hidden />,
  download_certificate: <SafetyCertificateOutlined aria-hidden />,
  delete: <DeleteOutlined aria-hidden />,
};

/** Actions that show a panel beside the menu; the others act at once. */
type PanelKey = Exclude<VersionActionKey, 'create_version' | 'delete'>;

interface VersionDrawerProps {
  app: App;
  version: Version | null;
  /** The version's deployments. */
  deployments: readonly Deployment[];
  /** The deployment the screen shows, if any: it decides which actions are offered. */
  selectedDeployment?: Deployment;
  onClose: () => void;
  /** Create version, starting from this one. */
  onCreateVersion: (from: Version) => void;
}

/** The version details drawer (600 wide) and its actions (spec "App detail screen"). */
export function VersionDrawer({
  app,
  version,
  deployments,
  selectedDeployment,
  onClose,
  onCreateVersion,
}: VersionDrawerProps) {
  return (
    <SideDrawer
      title={version ? t('apps.detail.drawer.title', { name: version.name }) : ''}
      open={version !== null}
      onClose={onClose}
    >
      {version ? (
        <VersionDrawerBody
          // A fresh body per version, so a panel chosen for one version does not stay for the next.
          key={version.uuid}
          app={app}
          version={version}
          deployments={deployments}
          selectedDeployment={selectedDeployment}
          onClose={onClose}
          onCreateVersion={onCreateVersion}
        />
      ) : null}
    </SideDrawer>
  );
}

function VersionDrawerBody({
  app,
  version,
  deployments,
  selectedDeployment,
  onClose,
  onCreateVersion,
}: VersionDrawerProps & { version: Version }) {
  const { modal } = AntdApp.useApp();
  const deleteVersion = useDeleteVersion();
  const [panel, setPanel] = useState<PanelKey>('details');
  const offered = offeredVersionActions(selectedDeployment);
  const shown: PanelKey = offered.includes(panel) ? panel : 'details';

  const confirmDelete = () =>
    modal.confirm({
      title: t('apps.detail.version.deleteTitle', { name: version.name }),
      content: t('apps.detail.version.deleteWarning'),
      okText: t('apps.detail.version.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteVersion.mutateAsync(version.uuid).then(
          () => {
            notify.success(t('apps.detail.version.deleted', { name: version.name }));
            onClose();
          },
          (error: unknown) =>
            notify.error(t('apps.detail.version.deleteFailed'), errorDescription(error)),
        ),
    });

  // Every action but reading the version and its certificate ships something: developers' work.
  const refusal = useActingRole().refusal('developer');
  const gated = (key: VersionActionKey) => key !== 'download_certificate';
  const items: MenuProps['items'] = offered.map((key) => ({
    key,
    icon: actionIcons[key],
    ...refusedMenuEntry(t(actionLabels[key]), gated(key) ? refusal : undefined),
    danger: key === 'delete',
    'data-action': key,
  }));

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const action = key as VersionActionKey;
    if (action === 'create_version') onCreateVersion(version);
    else if (action === 'delete') confirmDelete();
    else setPanel(action);
  };

  let content: ReactNode;
  if (shown === 'details') {
    content = <VersionDetails version={version} deployments={deployments} />;
  } else if (shown === 'deploy') {
    content = <DeployPanel app={app} version={version} onDeployed={() => setPanel('details')} />;
  } else if (selectedDeployment && shown === 'update_domain') {
    content = (
      <UpdateDomainPanel
        deployment={selectedDeployment}
        siblings={deployments.filter(
          (other) => other.smart_cluster_uuid === selectedDeployment.smart_cluster_uuid,
        )}
        onUpdated={() => setPanel('details')}
      />
    );
  } else if (selectedDeployment && shown === 'https_enable') {
    content = <EnableHttpsPanel deployment={selectedDeployment} />;
  } else if (selectedDeployment && shown === 'download_certificate') {
    content = <DownloadCertificatePanel deployment={selectedDeployment} />;
  } else {
    content = <VersionDetails version={version} deployments={deployments} />;
  }

  return (
    <div className={styles.drawerBody}>
      <nav aria-label={t('apps.detail.drawer.actions')} className={styles.drawerMenu}>
        <Menu
          mode="inline"
          selectedKeys={[shown]}
          items={items}
          onClick={onMenuClick}
          data-testid="version-actions"
        />
      </nav>
      <section className={styles.drawerPanel} aria-label={t(actionLabels[shown])}>
        {content}
      </section>
    </div>
  );
}

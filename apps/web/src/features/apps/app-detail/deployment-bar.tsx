import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { App, Deployment } from '@meridian/domain/apps/app-api';
import { Button } from 'antd';
import { Link, useLocation } from 'react-router';
import { RoleGate } from '../../../shared/components/role-gate';
import { t } from '../apps.texts';
import styles from './app-detail.module.css';

interface DeploymentBarProps {
  app: App;
  deployment: Deployment;
  versionName: string;
  /** Kubernetes deployments are the ones that can be updated in place. */
  kubernetes: boolean;
  onOpenVersion: () => void;
  onUpdate: () => void;
  onRemove: () => void;
}

/** The deployment view's top bar: the way back, the title and the deployment's actions. */
export function DeploymentBar({
  app,
  deployment,
  versionName,
  kubernetes,
  onOpenVersion,
  onUpdate,
  onRemove,
}: DeploymentBarProps) {
  return (
    <div className={styles.deploymentBar}>
      <BackLink app={app} deployment={deployment} />
      <h2 className={styles.deploymentTitle}>
        {t('apps.detail.deployment.title', {
          version: versionName,
          smartCluster: deployment.smart_cluster_name,
        })}
      </h2>
      <div className={styles.headerActions}>
        <Button icon={<SettingOutlined aria-hidden />} onClick={onOpenVersion}>
          {t('apps.detail.deployment.versionActions')}
        </Button>
        {kubernetes ? (
          <RoleGate needs="developer">
            {(disabled) => (
              <Button icon={<EditOutlined aria-hidden />} onClick={onUpdate} disabled={disabled}>
                {t('apps.detail.deployment.update')}
              </Button>
            )}
          </RoleGate>
        ) : null}
        <RoleGate needs="developer">
          {(disabled) => (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={onRemove}
              disabled={disabled}
            >
              {t('apps.detail.deployment.remove')}
            </Button>
          )}
        </RoleGate>
      </div>
    </div>
  );
}

/** Back to the app, or to the smart cluster's drawer when opened from its Apps list. */
function BackLink({ app, deployment }: { app: App; deployment: Deployment }) {
  const state = useLocation().state as { from?: string; smartClusterUuid?: string } | null;
  const fromCluster = state?.from === 'cluster' ? (state.smartClusterUuid ?? null) : null;
  return fromCluster ? (
    <Link to="/clusters" state={{ openSmartClusterUuid: fromCluster }} className={styles.backLink}>
      <ArrowLeftOutlined aria-hidden />{' '}
      {t('apps.detail.deployment.backToCluster', { name: deployment.smart_cluster_name })}
    </Link>
  ) : (
    <Link to={`/apps/${app.uuid}`} className={styles.backLink}>
      <ArrowLeftOutlined aria-hidden /> {t('apps.detail.deployment.back')}
    </Link>
  );
}

import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import { parseStatus } from '@meridian/domain/status';
import { Alert } from 'antd';
import { useState } from 'react';
import { t } from '../apps.texts';
import { isKubernetesVersion } from './app-detail.rules';
import styles from './app-detail.module.css';
import { DeploymentBar } from './deployment-bar';
import { DeploymentCards } from './deployment-cards';
import { DeveloperCard } from './developer-card';
import { LazyDeploymentLogs } from './logs/lazy-deployment-logs';
import { RolloutNotice } from './rollouts/rollout-notice';
import { SubdomainFailureAlert } from './subdomain-failure-alert';
import { UpdateDeploymentModal } from './update-deployment-modal';
import { useRemoveDeployment } from './use-remove-deployment';

interface DeploymentViewProps {
  app: App;
  deployment: Deployment;
  version: Version | undefined;
  onOpenVersion: () => void;
}

/** /apps/:appId/:deploymentId: one deployment of the app, as cards (spec "App detail screen"). */
export function DeploymentView({ app, deployment, version, onOpenVersion }: DeploymentViewProps) {
  const [updating, setUpdating] = useState(false);
  const status = parseStatus(deployment.status);
  const kubernetes = isKubernetesVersion(version);
  const versionName = version?.name ?? deployment.version?.name ?? '';
  const confirmRemove = useRemoveDeployment(app, deployment, versionName);

  return (
    <div data-testid="deployment-view">
      <DeploymentBar
        app={app}
        deployment={deployment}
        versionName={versionName}
        kubernetes={kubernetes}
        onOpenVersion={onOpenVersion}
        onUpdate={() => setUpdating(true)}
        onRemove={confirmRemove}
      />

      {status === 'failure' ? (
        <Alert
          className={styles.failure}
          type="error"
          showIcon
          title={t('apps.detail.deployment.failed')}
          description={deployment.status_reason || t('apps.detail.status.contactSupport')}
          data-testid="deployment-failure"
        />
      ) : null}
      <SubdomainFailureAlert deployment={deployment} />
      <RolloutNotice app={app} deployment={deployment} />

      <DeploymentCards deployment={deployment} version={version} />

      {kubernetes ? (
        <DeveloperCard title={t('apps.logs.title')}>
          <LazyDeploymentLogs app={app} deployment={deployment} />
        </DeveloperCard>
      ) : null}

      {kubernetes ? (
        <UpdateDeploymentModal
          open={updating}
          deployment={deployment}
          onClose={() => setUpdating(false)}
        />
      ) : null}
    </div>
  );
}

import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { App, Deployment, Version } from '@meridian/domain/apps/app-api';
import { findFlavor } from '@meridian/domain/flavors';
import { parseStatus } from '@meridian/domain/status';
import { Alert, App as AntdApp, Button, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useRemoveDeployments } from '../api/remove-deployments';
import { errorDescription } from './action-errors';
import { deploymentCardVisibility, desiredReplicas, isKubernetesVersion } from './app-detail.rules';
import styles from './app-detail.module.css';
import { LazyDeploymentLogs } from './logs/lazy-deployment-logs';
import { RolloutNotice } from './rollouts/rollout-notice';
import { DeploymentMetricsCard } from './metrics/metrics-card';
import { StackOutputsCard } from './stack-outputs-card';
import { StackParametersCard } from './stack-parameters-card';
import { StatusTag } from './status-tag';
import { SubdomainFailureAlert } from './subdomain-failure-alert';
import { UpdateDeploymentModal } from './update-deployment-modal';

function InfoCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.infoCard} aria-label={title} data-testid={testId}>
      <h3 className={styles.infoTitle}>{title}</h3>
      <div className={styles.infoValue}>{children}</div>
    </section>
  );
}

interface DeploymentViewProps {
  app: App;
  deployment: Deployment;
  version: Version | undefined;
  onOpenVersion: () => void;
}

/** /apps/:appId/:deploymentId: one deployment of the app, as cards (spec "App detail screen"). */
export function DeploymentView({ app, deployment, version, onOpenVersion }: DeploymentViewProps) {
  const { modal } = AntdApp.useApp();
  const navigate = useNavigate();
  // Opened from a smart cluster's drawer (its Apps list): offer the way back there.
  const state = useLocation().state as { from?: string; smartClusterUuid?: string } | null;
  const fromCluster = state?.from === 'cluster' ? (state.smartClusterUuid ?? null) : null;
  const removeDeployments = useRemoveDeployments();
  const [updating, setUpdating] = useState(false);
  const visible = deploymentCardVisibility(deployment);
  const status = parseStatus(deployment.status);
  const desired = desiredReplicas(deployment);
  const kubernetes = isKubernetesVersion(version);
  // Flavor and volume type size a Heat stack; a Kubernetes deployment has neither.
  const heat = version?.template_type === 'HEAT';
  const versionName = version?.name ?? deployment.version?.name ?? '';

  const confirmRemove = () =>
    modal.confirm({
      title: t('apps.detail.deployment.removeTitle', { cluster: deployment.cluster_name }),
      content: t('apps.detail.deployment.removeWarning', { version: versionName }),
      okText: t('apps.detail.deployment.removeOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        removeDeployments.mutateAsync([deployment.uuid]).then(
          () => {
            notify.success(t('apps.detail.deployment.removed'));
            void navigate(`/apps/${app.uuid}`);
          },
          (error: unknown) =>
            notify.error(
              t('apps.detail.deployment.removeFailed', {
                smartCluster: deployment.smart_cluster_name,
              }),
              errorDescription(error),
            ),
        ),
    });

  return (
    <div data-testid="deployment-view">
      <div className={styles.deploymentBar}>
        {fromCluster ? (
          <Link
            to="/clusters"
            state={{ openSmartClusterUuid: fromCluster }}
            className={styles.backLink}
          >
            <ArrowLeftOutlined aria-hidden />{' '}
            {t('apps.detail.deployment.backToCluster', { name: deployment.smart_cluster_name })}
          </Link>
        ) : (
          <Link to={`/apps/${app.uuid}`} className={styles.backLink}>
            <ArrowLeftOutlined aria-hidden /> {t('apps.detail.deployment.back')}
          </Link>
        )}
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
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setUpdating(true)}>
              {t('apps.detail.deployment.update')}
            </Button>
          ) : null}
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmRemove}>
            {t('apps.detail.deployment.remove')}
          </Button>
        </div>
      </div>

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

      <div className={styles.infoGrid}>
        <InfoCard title={t('apps.detail.card.cluster')} testId="card-cluster">
          <Link to={`/datacenters/${deployment.datacenter_uuid}`} className={styles.clusterLink}>
            <EnvironmentOutlined aria-hidden /> {deployment.cluster_name}
          </Link>
          <Tag className={styles.datacenterTag}>{deployment.datacenter_name}</Tag>
        </InfoCard>
        <InfoCard title={t('apps.detail.card.replicas')} testId="card-replicas">
          {desired === undefined ? (
            <span className={styles.muted}>{t('apps.detail.none')}</span>
          ) : (
            <>
              <span className={styles.bigNumber}>{desired}</span>
              <span className={styles.muted}>
                {t('apps.detail.card.ready', { ready: deployment.ready_replicas ?? 0 })}
              </span>
            </>
          )}
        </InfoCard>
        <InfoCard title={t('apps.detail.card.status')} testId="card-status">
          <StatusTag
            status={deployment.status}
            kind="deployment"
            reason={deployment.status_reason}
          />
        </InfoCard>
        {heat ? <HeatSizingCards deployment={deployment} /> : null}
        {visible.domainNames ? (
          <InfoCard title={t('apps.detail.card.domainNames')} testId="card-domain-names">
            {deployment.domain_names.length === 0 ? (
              <span className={styles.muted}>{t('apps.detail.card.noDomains')}</span>
            ) : (
              <ul className={styles.plainList}>
                {deployment.domain_names.map((name) => (
                  <li key={name}>
                    <Typography.Link href={`https://${name}`} target="_blank" rel="noreferrer">
                      {name}
                    </Typography.Link>
                  </li>
                ))}
              </ul>
            )}
          </InfoCard>
        ) : null}
        {visible.loadBalancer && deployment.endpoint ? (
          <InfoCard title={t('apps.detail.card.loadBalancer')} testId="card-load-balancer">
            <Typography.Text copyable code>
              {deployment.endpoint}
            </Typography.Text>
          </InfoCard>
        ) : null}
        {visible.ports ? (
          <InfoCard title={t('apps.detail.card.ports')} testId="card-ports">
            {deployment.ports.length === 0 ? (
              <span className={styles.muted}>{t('apps.detail.none')}</span>
            ) : (
              <ul className={styles.plainList}>
                {deployment.ports.map((port) => (
                  <li key={`${port.name}:${port.port}`}>
                    <Tag>{port.port}</Tag>
                    <span className={styles.muted}>{port.name}</span>
                  </li>
                ))}
              </ul>
            )}
          </InfoCard>
        ) : null}
        {deployment.stack_outputs ? <StackOutputsCard outputs={deployment.stack_outputs} /> : null}
        {deployment.stack_parameters ? (
          <StackParametersCard parameters={deployment.stack_parameters} />
        ) : null}
        <DeploymentMetricsCard deploymentId={deployment.uuid} />
      </div>

      {kubernetes ? <LazyDeploymentLogs app={app} deployment={deployment} /> : null}

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

/** A Heat stack's size: its flavor, with the flavor's figures, and its volume type. */
function HeatSizingCards({ deployment }: { deployment: Deployment }) {
  const flavor = deployment.flavor_name ? findFlavor(deployment.flavor_name) : undefined;
  return (
    <>
      <InfoCard title={t('apps.detail.card.flavor')} testId="card-flavor">
        {flavor ? (
          <>
            <strong>{flavor.name}</strong>
            <span className={styles.muted}>
              {flavor.cpu.value} {flavor.cpu.unit} · {flavor.ram.value} {flavor.ram.unit} ·{' '}
              {flavor.storage.value} {flavor.storage.unit}
            </span>
          </>
        ) : (
          <span className={styles.muted}>{deployment.flavor_name ?? t('apps.detail.none')}</span>
        )}
      </InfoCard>
      <InfoCard title={t('apps.detail.card.volumeType')} testId="card-volume-type">
        {deployment.volume_type ?? <span className={styles.muted}>{t('apps.detail.none')}</span>}
      </InfoCard>
    </>
  );
}

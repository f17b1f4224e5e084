import { DownloadOutlined } from '@ant-design/icons';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { displayStatus, isInProgress, parseStatus, statusLabel } from '@meridian/domain/status';
import { Badge, Button, Descriptions, Divider, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { SideDrawer } from '../../../shared/components/side-drawer';
import { t } from '../clusters.texts';
import { downloadTextFile, safeFileName } from '../../../shared/lib/download-file';
import { notify } from '../../../shared/notifications/notify';
import { getKubeconfig } from '../api/get-kubeconfig';
import { useSmartClusterDeployments } from '../api/get-smart-cluster-deployments';
import { budgetText, canDownloadConfig } from '../cluster-rules';
import { formatDateTime } from '../../../shared/lib/format-date';
import { ClusterCredentials } from './cluster-credentials';
import { ClusterStatusTag } from './cluster-status-tag';
import { MonitoringButton } from './monitoring-button';
import { PlacementHistory } from './placement-history';
import styles from './clusters.module.css';
import { errorDescription } from './use-cluster-actions';
import { currentLocale } from '../../../shared/i18n/locale';

function badgeStatus(status: string): 'success' | 'processing' | 'error' | 'default' {
  const parsed = parseStatus(status);
  if (parsed === 'success') return 'success';
  if (parsed === 'failure' || parsed === 'update_subdomains_failure') return 'error';
  if (parsed && isInProgress(parsed)) return 'processing';
  return 'default';
}

function memberLabel(status: string): string {
  return statusLabel(status, 'cluster', currentLocale());
}

function deploymentLabel(status: string): string {
  return statusLabel(status, 'deployment', currentLocale());
}

/** What the app screen reads to offer a way back to this smart cluster. */
interface FromClusterState {
  from: 'cluster';
  smartClusterUuid: string;
}

interface ClusterDetailsDrawerProps {
  smartCluster: SmartCluster | null;
  members: readonly Cluster[];
  datacenters: readonly Datacenter[];
  onClose: () => void;
}

/** Details of a smart cluster: its fields, Locations (members) and Apps (spec "Smart clusters page"). */
export function ClusterDetailsDrawer({
  smartCluster,
  members,
  datacenters,
  onClose,
}: ClusterDetailsDrawerProps) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const automatic = smartCluster?.mode === 'AUTOMATIC';
  const locationOf = (member: Cluster) =>
    member.location ||
    (datacenters.find((datacenter) => datacenter.uuid === member.datacenter_uuid)?.location ??
      member.datacenter_uuid);

  const download = async (member: Cluster) => {
    if (!smartCluster) return;
    const decision = canDownloadConfig(member);
    if (!decision.allowed) {
      if (decision.warning) notify.warning(decision.warning);
      return;
    }
    setDownloading(member.uuid);
    try {
      const yaml = await getKubeconfig(smartCluster.uuid, member.datacenter_uuid);
      downloadTextFile(
        `${safeFileName(smartCluster.name, locationOf(member))}.kubeconfig`,
        yaml,
        'application/yaml',
      );
      notify.success(t('clusters.kubeconfig.downloaded'));
    } catch (error) {
      notify.error(t('clusters.kubeconfig.failed'), errorDescription(error));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <SideDrawer
      title={smartCluster?.name ?? t('clusters.details.title')}
      open={smartCluster !== null}
      onClose={onClose}
    >
      {smartCluster ? (
        <div data-testid="cluster-details">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('clusters.form.name')}>
              {smartCluster.name}
            </Descriptions.Item>
            <Descriptions.Item label={t('clusters.details.status')}>
              <ClusterStatusTag status={smartCluster.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('clusters.card.uuid')}>
              <Typography.Text copyable code>
                {smartCluster.uuid}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('clusters.card.created')}>
              {formatDateTime(smartCluster.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('clusters.card.updated')}>
              {formatDateTime(smartCluster.updatedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('clusters.card.mode')}>
              {t(automatic ? 'clusters.mode.AUTOMATIC' : 'clusters.mode.MANUAL')}
            </Descriptions.Item>
            {automatic ? (
              <Descriptions.Item label={t('clusters.details.latency')}>
                {smartCluster.latency === null
                  ? 'N/A'
                  : t('clusters.details.latencyValue', { latency: smartCluster.latency })}
              </Descriptions.Item>
            ) : null}
            {automatic ? (
              <Descriptions.Item label={t('clusters.details.budget')}>
                {budgetText(smartCluster.budget, currentLocale())}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          {parseStatus(smartCluster.status) === 'failure' && smartCluster.status_reason ? (
            <>
              <Divider titlePlacement="start">{t('clusters.details.reason')}</Divider>
              <pre className={styles.reason} data-testid="cluster-status-reason">
                <code>{smartCluster.status_reason}</code>
              </pre>
            </>
          ) : null}

          <PlacementHistory smartCluster={smartCluster} datacenters={datacenters} />

          <Divider titlePlacement="start">{t('clusters.details.locations')}</Divider>
          <div
            className={styles.locations}
            role="list"
            aria-label={t('clusters.details.locations')}
          >
            {members.length === 0 ? (
              <Typography.Text type="secondary">
                {t('clusters.details.noLocations')}
              </Typography.Text>
            ) : (
              members.map((member) => {
                return (
                  <div
                    key={member.uuid}
                    className={styles.location}
                    role="listitem"
                    data-testid="cluster-location"
                  >
                    <Badge status={badgeStatus(member.status)} />
                    <div className={styles.locationName}>
                      <strong>{locationOf(member)}</strong>
                      <span className={styles.locationMeta}>{memberLabel(member.status)}</span>
                    </div>
                    <MonitoringButton member={member} />
                    {/* Issue 34 shows it for AUTOMATIC too: its members are clusters to reach like any. */}
                    <Button
                      size="small"
                      type="primary"
                      ghost
                      icon={<DownloadOutlined aria-hidden />}
                      loading={downloading === member.uuid}
                      onClick={() => void download(member)}
                    >
                      {t('clusters.details.kubeconfig')}
                    </Button>
                  </div>
                );
              })
            )}
          </div>

          <ClusterCredentials smartCluster={smartCluster} />

          <Divider titlePlacement="start">{t('clusters.details.apps')}</Divider>
          <SmartClusterApps smartCluster={smartCluster} />
        </div>
      ) : null}
    </SideDrawer>
  );
}

/** Apps section: the deployments running on the smart cluster, each opening its deployment. */
function SmartClusterApps({ smartCluster }: { smartCluster: SmartCluster }) {
  const deployments = useSmartClusterDeployments(smartCluster.uuid);
  // The spec does not link the apps of a failed smart cluster: there is nothing to open there.
  const linkable = parseStatus(smartCluster.status) !== 'failure';

  if (deployments.isPending) {
    return (
      <Skeleton
        active
        title={false}
        paragraph={{ rows: 2 }}
        aria-label={t('clusters.details.appsLoading')}
      />
    );
  }
  if (deployments.isError) {
    return <Typography.Text type="danger">{t('clusters.details.appsFailed')}</Typography.Text>;
  }
  if (deployments.data.length === 0) {
    return <Typography.Text type="secondary">{t('clusters.details.none')}</Typography.Text>;
  }

  const state: FromClusterState = { from: 'cluster', smartClusterUuid: smartCluster.uuid };
  const item = (deployment: Deployment) => {
    const name = t('clusters.details.appsItem', {
      app: deployment.app.name,
      version: deployment.version.name,
    });
    const where = [deployment.datacenter_name, deployment.cluster_name].filter(Boolean).join(' · ');
    return (
      <div
        key={deployment.uuid}
        className={styles.location}
        role="listitem"
        data-testid="cluster-app"
      >
        <Badge status={badgeStatus(deployment.status)} />
        <div className={styles.locationName}>
          {linkable ? (
            <Link to={`/apps/${deployment.app_uuid}/${deployment.uuid}`} state={state}>
              <strong>{name}</strong>
            </Link>
          ) : (
            <strong>{name}</strong>
          )}
          {where ? <span className={styles.locationMeta}>{where}</span> : null}
        </div>
        <Tag color={displayStatus(deployment.status).color} variant="filled">
          {deploymentLabel(deployment.status)}
        </Tag>
      </div>
    );
  };

  return (
    <div className={styles.locations} role="list" aria-label={t('clusters.details.apps')}>
      {deployments.data.map(item)}
    </div>
  );
}

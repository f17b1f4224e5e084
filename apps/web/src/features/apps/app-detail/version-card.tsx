import { MoreOutlined } from '@ant-design/icons';
import type { Deployment, Version } from '@meridian/domain/apps/app-api';
import { limits } from '@meridian/domain/limits';
import { parseStatus, statusLabel } from '@meridian/domain/status';
import { Badge, Button, Tag } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { t } from '../apps.texts';
import { formatDateTime } from '../../../shared/lib/format-date';
import { notify } from '../../../shared/notifications/notify';
import { useUpdateVersion } from '../api/update-version';
import { errorDescription } from './action-errors';
import { configurationSummary } from '../components/configuration-summary';
import { versionSmartClusters } from './app-detail.rules';
import styles from './app-detail.module.css';
import { EditableText } from './editable-text';
import { VersionStatusTag } from './status-tag';
import { currentLocale } from '../../../shared/i18n/locale';

function badgeStatus(status: string): 'success' | 'processing' | 'error' | 'default' {
  const parsed = parseStatus(status);
  if (parsed === 'success') return 'success';
  if (parsed === 'failure' || parsed === 'update_subdomains_failure') return 'error';
  return parsed ? 'processing' : 'default';
}

interface VersionCardProps {
  appId: string;
  version: Version;
  /** This version's deployments. */
  deployments: readonly Deployment[];
  onOpen: () => void;
  /** Actions under the card's content (compare, roll back). */
  actions?: ReactNode;
}

/** A version: editable name, status, the smart clusters it runs on and links to its deployments. */
export function VersionCard({ appId, version, deployments, onOpen, actions }: VersionCardProps) {
  const updateVersion = useUpdateVersion();
  const clusters = versionSmartClusters(version, deployments);
  const templateLabel = t(`apps.detail.templateType.${version.template_type}`);
  const configuration = version.basic_settings ? configurationSummary(version.basic_settings) : '';

  const rename = (name: string) =>
    updateVersion.mutateAsync({ versionId: version.uuid, name }).then(
      () => notify.success(t('apps.detail.version.updated')),
      (error: unknown) =>
        notify.error(t('apps.detail.version.updateFailed'), errorDescription(error)),
    );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onOpen();
    }
  };

  return (
    <article
      className={styles.card}
      aria-label={t('apps.detail.version.cardLabel', { name: version.name })}
      data-testid="version-card"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={onKeyDown}
    >
      <header className={styles.cardHeader}>
        <h3 className={styles.cardName}>
          <EditableText
            value={version.name}
            label={t('apps.detail.version.nameLabel')}
            required
            maxLength={limits.versionNameMaxLength}
            onSave={rename}
          />
        </h3>
        <VersionStatusTag status={version.status} deployed={deployments.length > 0} />
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined aria-hidden />}
          aria-label={t('apps.detail.version.actionsFor', { name: version.name })}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        />
      </header>
      <div className={styles.cardBody} data-testid="version-card-body">
        <div className={styles.cardMeta}>
          <Tag variant="filled">{templateLabel}</Tag>
          <span>
            {t('apps.detail.version.created')} {formatDateTime(version.createdAt)}
          </span>
        </div>
        {configuration ? (
          <div className={styles.configuration} data-testid="version-configuration">
            {configuration}
          </div>
        ) : null}
        <div className={styles.cardSection}>
          <span className={styles.sectionLabel}>{t('apps.detail.version.smartClusters')}</span>
          {clusters.shown.length === 0 ? (
            <span className={styles.muted}>{t('apps.detail.version.notDeployed')}</span>
          ) : (
            <span className={styles.clusterNames} data-testid="version-smart-clusters">
              {clusters.shown.map((name) => (
                <Tag key={name} className={styles.clusterTag}>
                  {name}
                </Tag>
              ))}
              {clusters.more ? <span aria-label={t('apps.detail.version.more')}>…</span> : null}
            </span>
          )}
        </div>
        {deployments.length > 0 ? (
          <div className={styles.cardSection}>
            <span className={styles.sectionLabel}>{t('apps.detail.version.deployments')}</span>
            <ul className={styles.deploymentLinks}>
              {deployments.map((deployment) => {
                const statusText = statusLabel(deployment.status, 'deployment', currentLocale());
                return (
                  <li key={deployment.uuid}>
                    <Link
                      to={`/apps/${appId}/${deployment.uuid}`}
                      onClick={(event) => event.stopPropagation()}
                      className={styles.deploymentLink}
                    >
                      <Badge status={badgeStatus(deployment.status)} />
                      <span className={styles.deploymentName}>
                        {deployment.cluster_name || deployment.smart_cluster_name}
                      </span>
                      <span className={styles.muted}>
                        {deployment.datacenter_name} · {statusText}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
      {actions}
    </article>
  );
}

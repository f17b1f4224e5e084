import { ClockCircleOutlined, MoreOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { SmartClusterListItem } from '@meridian/domain/clusters/cluster-api';
import { Avatar, Button, Dropdown, Tag, Tooltip } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { refusedMenuEntry } from '../../../shared/components/disabled-reason';
import { useActingRole } from '../../../shared/session/acting-role';
import { t } from '../clusters.texts';
import { colorFromName } from '../../../shared/lib/color-from-name';
import { useWorkDuration } from '../api/get-cluster-durations';
import { budgetText, durationHint, latencyText, statusOf } from '../cluster-rules';
import { currentLocale } from '../../../shared/i18n/locale';
import { formatDateTime } from '../../../shared/lib/format-date';
import { readStoredUser } from '../../../shared/session/user-storage';
import { ClusterStatusTag } from './cluster-status-tag';
import styles from './clusters.module.css';

interface SmartClusterCardProps {
  cluster: SmartClusterListItem;
  highlighted?: boolean;
  onDetails: () => void;
  onUpdate: () => void;
  onDelete: () => void;
}

/** A smart cluster card: avatar, name, status, times, Mode, UUID, Latency and Budget. */
export function SmartClusterCard({
  cluster,
  highlighted,
  onDetails,
  onUpdate,
  onDelete,
}: SmartClusterCardProps) {
  const status = statusOf(cluster);
  const sharedByOther =
    Boolean(cluster.default_shared_for_org_uuid) && cluster.user_uuid !== readStoredUser()?.userId;
  const duration = useWorkDuration(durationHint(status));
  const adminRefusal = useActingRole().refusal('admin');
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onDetails();
    }
  };

  return (
    <article
      className={[styles.card, highlighted ? styles.highlighted : ''].join(' ')}
      aria-label={cluster.name}
      data-testid="smart-cluster-card"
      data-status={cluster.status}
      data-highlighted={highlighted ? 'true' : undefined}
      tabIndex={0}
      onClick={onDetails}
      onKeyDown={onKeyDown}
    >
      <header className={styles.cardHeader}>
        <Avatar shape="square" size={40} style={{ background: colorFromName(cluster.name) }}>
          {cluster.name.charAt(0).toUpperCase()}
        </Avatar>
        <div className={styles.cardTitle}>
          <h3 className={styles.cardName} title={cluster.name}>
            {cluster.name}
          </h3>
          <div className={styles.cardTimes}>
            <span>
              {t('clusters.card.created')} {formatDateTime(cluster.createdAt)}
            </span>
            <span>
              {t('clusters.card.updated')} {formatDateTime(cluster.updatedAt)}
            </span>
          </div>
        </div>
        <div className={styles.cardStatus}>
          {cluster.default_shared_for_org_uuid ? (
            <Tooltip title={t('clusters.card.sharedTip')}>
              <Tag className={styles.sharedTag} icon={<ShareAltOutlined aria-hidden />}>
                {t('clusters.card.shared')}
              </Tag>
            </Tooltip>
          ) : null}
          <ClusterStatusTag status={cluster.status} />
          <span onClick={stop} onKeyDown={stop} role="presentation">
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'details', label: t('clusters.action.details') },
                  // Another member's shared smart cluster is seen, not changed.
                  ...(sharedByOther
                    ? []
                    : [
                        {
                          key: 'update',
                          ...refusedMenuEntry(t('clusters.action.update'), adminRefusal),
                        },
                        { type: 'divider' as const },
                        {
                          key: 'delete',
                          ...refusedMenuEntry(t('clusters.action.delete'), adminRefusal),
                          danger: true,
                        },
                      ]),
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  if (key === 'details') onDetails();
                  if (key === 'update') onUpdate();
                  if (key === 'delete') onDelete();
                },
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<MoreOutlined aria-hidden />}
                aria-label={t('clusters.card.menu', { name: cluster.name })}
              />
            </Dropdown>
          </span>
        </div>
      </header>
      {duration ? (
        <div className={styles.duration}>
          <ClockCircleOutlined aria-hidden />
          {t('clusters.duration.usually', { duration })}
        </div>
      ) : null}
      <dl className={styles.fields}>
        <div>
          <dt>{t('clusters.card.mode')}</dt>
          <dd>
            {t(cluster.mode === 'AUTOMATIC' ? 'clusters.mode.AUTOMATIC' : 'clusters.mode.MANUAL')}
          </dd>
        </div>
        <div>
          <dt>{t('clusters.card.latency')}</dt>
          <dd data-testid="cluster-latency">{latencyText(cluster.latency, currentLocale())}</dd>
        </div>
        <div>
          <dt>{t('clusters.card.budget')}</dt>
          <dd data-testid="cluster-budget">{budgetText(cluster.budget, currentLocale())}</dd>
        </div>
        <div className={styles.uuidField}>
          <dt>{t('clusters.card.uuid')}</dt>
          <dd>
            <Tooltip title={cluster.uuid}>
              <code className={styles.uuid}>{cluster.uuid}</code>
            </Tooltip>
          </dd>
        </div>
      </dl>
    </article>
  );
}

import { DiffOutlined, RollbackOutlined } from '@ant-design/icons';
import type { HistoryEntry as Entry } from '@meridian/domain/apps/app-history';
import { Button, Tag } from 'antd';
import { RoleGate } from '../../../../shared/components/role-gate';
import { t } from '../../apps.texts';
import { formatDateTime } from '../../../../shared/lib/format-date';
import { localizedServerMessage } from '../../../../shared/i18n/server-messages';
import styles from './history.module.css';

const outcomeColors: Record<string, string> = {
  pending: 'processing',
  success: 'success',
  failure: 'error',
  halted: 'warning',
  aborted: 'default',
};

/** The dot colour of an entry on the timeline. */
export function outcomeDotColor(outcome: Entry['outcome']): string {
  if (outcome === 'success') return 'green';
  if (outcome === 'failure' || outcome === 'halted') return 'red';
  return outcome === 'pending' ? 'blue' : 'gray';
}

/** What an entry did, in plain words. */
export function entryTitle(entry: Entry): string {
  return t(`apps.history.action.${entry.action}`, { version: entry.version?.name ?? '' }).trim();
}

interface HistoryEntryProps {
  entry: Entry;
  onCompare?: () => void;
  onRollback?: () => void;
}

/** One change: what, where, who, when, and how it ended at each location. */
export function HistoryEntryView({ entry, onCompare, onRollback }: HistoryEntryProps) {
  const title = entryTitle(entry);
  const when = formatDateTime(entry.createdAt);
  return (
    <article
      className={styles.entry}
      aria-label={t('apps.history.entryLabel', { action: title, when })}
      data-testid="history-entry"
    >
      <div className={styles.entryHead}>
        <span className={styles.entryTitle}>{title}</span>
        {entry.from_version ? (
          <span className={styles.meta}>
            {t('apps.history.fromVersion', { version: entry.from_version.name })}
          </span>
        ) : null}
        {entry.smart_cluster ? (
          <span className={styles.meta}>
            {t('apps.history.onSmartCluster', { name: entry.smart_cluster.name })}
          </span>
        ) : null}
        <Tag color={outcomeColors[entry.outcome]}>{t(`apps.history.outcome.${entry.outcome}`)}</Tag>
      </div>
      <div className={styles.meta}>
        {t(`apps.history.actor.${entry.actor.kind}`, { name: entry.actor.name })} ·{' '}
        <time dateTime={entry.createdAt}>{when}</time>
      </div>
      {entry.detail ? (
        <div className={styles.detail}>{localizedServerMessage(entry.detail)}</div>
      ) : null}
      {entry.locations.length > 0 ? (
        <ul className={styles.locations} aria-label={t('apps.history.locations')}>
          {entry.locations.map((location) => (
            <li key={location.deployment_uuid}>
              <Tag
                color={outcomeColors[location.outcome]}
                title={location.reason ? localizedServerMessage(location.reason) : undefined}
              >
                {location.location} · {t(`apps.history.outcome.${location.outcome}`)}
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
      {onCompare || onRollback ? (
        <div className={styles.entryActions}>
          {onCompare ? (
            <Button
              size="small"
              type="link"
              icon={<DiffOutlined aria-hidden />}
              onClick={onCompare}
            >
              {t('apps.history.compare')}
            </Button>
          ) : null}
          {onRollback ? (
            <RoleGate needs="developer">
              {(disabled) => (
                <Button
                  size="small"
                  type="link"
                  icon={<RollbackOutlined aria-hidden />}
                  onClick={onRollback}
                  disabled={disabled}
                >
                  {t('apps.history.rollback')}
                </Button>
              )}
            </RoleGate>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

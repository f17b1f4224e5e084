import type { App } from '@meridian/domain/apps/app-api';
import type { HistoryEntry } from '@meridian/domain/apps/app-history';
import { Alert, Button, Select, Skeleton, Timeline } from 'antd';
import { useState } from 'react';
import { t } from '../../apps.texts';
import { useAppHistory, type HistoryFilter } from '../../api/get-app-history';
import { errorDescription } from '../action-errors';
import { HistoryEntryView, outcomeDotColor } from './history-entry';
import styles from './history.module.css';
import {
  appLocations,
  entryComparison,
  entryRollbackTarget,
  type RollbackTarget,
} from './history.rules';
import { LazyVersionDiffModal } from './lazy-version-diff';
import { VersionChangeModal } from './version-change-modal';
import { useServerMessages } from '../../../../shared/i18n/use-server-messages';

interface HistoryTimelineProps {
  app: App;
}

/** Every change to the app, newest first, filterable by version and location; live with events. */
export function HistoryTimeline({ app }: HistoryTimelineProps) {
  const [filter, setFilter] = useState<HistoryFilter>({});
  const query = useAppHistory(app.uuid, filter);
  // Rollout notes and reasons are the server's words: French once their catalogue is here.
  useServerMessages();
  const [comparing, setComparing] = useState<{ fromId: string; toId: string } | null>(null);
  const [rollingBack, setRollingBack] = useState<{
    version: { uuid: string; name: string };
    target: RollbackTarget;
  } | null>(null);

  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = Boolean(filter.version || filter.location);

  const itemOf = (entry: HistoryEntry) => {
    const comparison = entryComparison(app, entry);
    const target = entryRollbackTarget(app, entry);
    const version = entry.version;
    return {
      key: entry.uuid,
      color: outcomeDotColor(entry.outcome),
      content: (
        <HistoryEntryView
          entry={entry}
          onCompare={comparison ? () => setComparing(comparison) : undefined}
          onRollback={target && version ? () => setRollingBack({ version, target }) : undefined}
        />
      ),
    };
  };

  let body;
  if (query.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (query.isError && entries.length === 0) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('apps.history.fetchFailed')}
        description={errorDescription(query.error)}
      />
    );
  } else if (entries.length === 0) {
    body = (
      <p className={styles.meta}>
        {filtered ? t('apps.history.emptyFiltered') : t('apps.history.empty')}
      </p>
    );
  } else {
    body = (
      <>
        <Timeline items={entries.map(itemOf)} />
        <div className={styles.more}>
          <span className={styles.meta}>
            {t('apps.history.count', { shown: entries.length, total })}
          </span>
          {query.hasNextPage ? (
            <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('apps.history.showMore')}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="app-history-title">
      <div className={styles.bar}>
        <h2 id="app-history-title" className={styles.title}>
          {t('apps.history.title')}
        </h2>
        <div className={styles.filters}>
          <Select
            allowClear
            aria-label={t('apps.history.filterVersion')}
            className={styles.filter}
            placeholder={t('apps.history.allVersions')}
            value={filter.version}
            options={app.versions.map((version) => ({ value: version.uuid, label: version.name }))}
            onChange={(version?: string) => setFilter((current) => ({ ...current, version }))}
          />
          <Select
            allowClear
            aria-label={t('apps.history.filterLocation')}
            className={styles.filter}
            placeholder={t('apps.history.allLocations')}
            value={filter.location}
            options={appLocations(app, entries).map((location) => ({
              value: location.uuid,
              label: location.name,
            }))}
            onChange={(location?: string) => setFilter((current) => ({ ...current, location }))}
          />
        </div>
      </div>
      {body}
      {comparing ? (
        <LazyVersionDiffModal
          versions={app.versions}
          fromId={comparing.fromId}
          toId={comparing.toId}
          onClose={() => setComparing(null)}
        />
      ) : null}
      {rollingBack ? (
        <VersionChangeModal
          version={rollingBack.version}
          targets={[rollingBack.target]}
          direction="back"
          onClose={() => setRollingBack(null)}
        />
      ) : null}
    </section>
  );
}

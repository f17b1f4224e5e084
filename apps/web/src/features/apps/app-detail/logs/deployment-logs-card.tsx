import type { App, Deployment } from '@meridian/domain/apps/app-api';
import { logTailLimits, type LogLine } from '@meridian/domain/apps/deployment-logs';
import { Alert } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorDescription } from '../action-errors';
import { t } from '../../apps.texts';
import { useDeploymentLogs } from './get-deployment-logs';
import { followDeploymentLogs } from './live-tail';
import { LogList } from './log-list';
import { LogsToolbar } from './logs-toolbar';
import {
  appendCapped,
  downloadText,
  filterLines,
  logFileName,
  logFileText,
} from './log-view.rules';
import styles from './logs.module.css';

export interface DeploymentLogsCardProps {
  app: App;
  deployment: Deployment;
}

/** The deployments of this version on this smart cluster, one per location. */
function locationsOf(app: App, deployment: Deployment) {
  return app.deployments
    .filter(
      (other) =>
        other.version_uuid === deployment.version_uuid &&
        other.smart_cluster_uuid === deployment.smart_cluster_uuid,
    )
    .map((other) => ({ value: other.datacenter_uuid, label: other.datacenter_name }));
}

/** While Follow is on, the live tail's lines (null: show the last read) and why it stopped. */
function useLiveTail(deploymentId: string, location: string, tail: number) {
  const [following, setFollowing] = useState(false);
  const [live, setLive] = useState<LogLine[] | null>(null);
  const [liveError, setLiveError] = useState<string | null>(null);
  useEffect(() => {
    if (!following) return undefined;
    return followDeploymentLogs(
      { deployment_uuid: deploymentId, location, tail },
      {
        onLines: (batch) => setLive((lines) => appendCapped(lines ?? [], batch)),
        onError: (message) => {
          setLiveError(message);
          setFollowing(false);
        },
        onInterrupted: setLiveError,
      },
    );
  }, [following, deploymentId, location, tail]);
  const follow = (checked: boolean) => {
    setLiveError(null);
    // Turning it off keeps what was followed on screen.
    if (checked) setLive([]);
    setFollowing(checked);
  };
  return { following, live, setLive, liveError, follow };
}

/** The deployment's pod logs: a location, a tail size, a live Follow, search and download. */
export function DeploymentLogsCard({ app, deployment }: DeploymentLogsCardProps) {
  const locations = useMemo(() => locationsOf(app, deployment), [app, deployment]);
  const [location, setLocation] = useState(deployment.datacenter_uuid);
  const [tail, setTail] = useState<number>(logTailLimits.default);
  const [search, setSearch] = useState('');
  const logs = useDeploymentLogs(deployment.uuid, location, tail);
  const { following, live, setLive, liveError, follow } = useLiveTail(
    deployment.uuid,
    location,
    tail,
  );

  // A new location or tail size starts afresh (a live tail starts over with it).
  const restart = () => setLive(following ? [] : null);
  const lines = useMemo(() => live ?? logs.data?.lines ?? [], [live, logs.data]);
  const shown = useMemo(() => filterLines(lines, search), [lines, search]);
  const locationName = locations.find((item) => item.value === location)?.label ?? location;

  return (
    <section
      className={styles.card}
      aria-label={t('apps.logs.title')}
      data-testid="deployment-logs"
    >
      <LogsToolbar
        locations={locations}
        location={location}
        onLocation={(value) => {
          setLocation(value);
          restart();
        }}
        tail={tail}
        onTail={(value) => {
          setTail(value);
          restart();
        }}
        following={following}
        onFollow={follow}
        search={search}
        onSearch={setSearch}
        onRefresh={() => {
          setLive(null);
          void logs.refetch();
        }}
        onDownload={
          shown.length === 0
            ? undefined
            : () => downloadText(logFileName(app.name, locationName, shown), logFileText(shown))
        }
      />
      {liveError ? (
        <Alert type="warning" showIcon title={liveError} className={styles.alert} />
      ) : null}
      <LogsBody
        error={logs.isError && live === null ? errorDescription(logs.error) : null}
        loading={logs.isPending && live === null}
        lines={shown}
        total={lines.length}
        search={search}
        following={following}
      />
    </section>
  );
}

function LogsBody(props: {
  error: ReactNode;
  loading: boolean;
  lines: LogLine[];
  total: number;
  search: string;
  following: boolean;
}) {
  const { error, loading, lines, total, search, following } = props;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('apps.logs.failed')}
        description={error}
        data-testid="logs-error"
      />
    );
  }
  if (loading) return <p className={styles.muted}>{t('apps.logs.loading')}</p>;
  if (total === 0) {
    return (
      <p className={styles.muted} data-testid="logs-empty">
        {following ? t('apps.logs.waiting') : t('apps.logs.empty')}
      </p>
    );
  }
  return (
    <>
      <p className={styles.muted} data-testid="logs-count">
        {search.trim()
          ? t('apps.logs.matching', { shown: lines.length, total })
          : t('apps.logs.count', { total })}
      </p>
      {lines.length === 0 ? (
        <p className={styles.muted}>{t('apps.logs.noMatch')}</p>
      ) : (
        <LogList lines={lines} search={search} following={following} />
      )}
    </>
  );
}

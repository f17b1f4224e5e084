import { PlusOutlined } from '@ant-design/icons';
import type { App, Version } from '@meridian/domain/apps/app-api';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { RoleGate } from '../../shared/components/role-gate';
import { EmptyState } from '../../shared/components/empty-state';
import { t } from './apps.texts';
import { isApiError } from '../../shared/api/api-error';
import { useApp } from '../../shared/api/apps-list';
import { deploymentsOf } from './app-detail/app-detail.rules';
import styles from './app-detail/app-detail.module.css';
import { AppHeader } from './app-detail/app-header';
import { DeploymentView } from './app-detail/deployment-view';
import { HistoryTimeline } from './app-detail/history/history-timeline';
import { LiveSummary } from './app-detail/live-summary';
import { RolloutsCard } from './app-detail/rollouts/rollouts-card';
import { GitSourceCard } from './app-detail/git/git-source-card';
import { PreviewsCard } from './app-detail/git/previews-card';
import { VersionActions } from './app-detail/history/version-actions';
import { VersionCard } from './app-detail/version-card';
import { VersionDrawer } from './app-detail/version-drawer';
import { CreateVersionDrawer } from './components/create-version-drawer';

function DetailSkeleton() {
  return (
    <div aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton active title={{ width: 240 }} paragraph={{ rows: 1, width: 360 }} />
      <div className={styles.grid}>
        {[0, 1, 2].map((key) => (
          <div key={key} className={styles.card}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * /apps/:appId(/:deploymentId): the app's versions, or one of its deployments. An unknown app,
 * once loading is over, sends the user home; an unknown deployment back to the app.
 */
export function AppDetailPage() {
  const { appId, deploymentId } = useParams();
  // The app alone, not the list of every app: a few kilobytes whatever the number of apps.
  const query = useApp(appId);
  const [drawerVersionId, setDrawerVersionId] = useState<string | null>(null);
  const [creatingVersion, setCreatingVersion] = useState(false);
  // The version a new one starts from: the one whose drawer asked, else the newest.
  const [createFromId, setCreateFromId] = useState<string | null>(null);

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError && !query.data) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <Navigate to="/home" replace />;
    }
    return (
      <Alert
        type="error"
        showIcon
        title={t('apps.detail.fetchFailed')}
        description={t('apps.detail.tryAgain')}
      />
    );
  }

  const app: App = query.data;

  const deployment = deploymentId
    ? app.deployments.find((candidate) => candidate.uuid === deploymentId)
    : undefined;
  if (deploymentId && !deployment) return <Navigate to={`/apps/${app.uuid}`} replace />;

  const drawerVersion = app.versions.find((version) => version.uuid === drawerVersionId) ?? null;
  const openCreateVersion = (from: Version | undefined = app.versions.at(-1)) => {
    setDrawerVersionId(null);
    setCreateFromId(from?.uuid ?? null);
    setCreatingVersion(true);
  };
  const createFrom = app.versions.find((version) => version.uuid === createFromId) ?? null;

  let content;
  if (deployment) {
    content = (
      <DeploymentView
        app={app}
        deployment={deployment}
        version={app.versions.find((version) => version.uuid === deployment.version_uuid)}
        onOpenVersion={() => setDrawerVersionId(deployment.version_uuid)}
      />
    );
  } else if (app.versions.length === 0) {
    content = (
      <EmptyState
        title={t('apps.detail.noVersions')}
        hint={t('apps.detail.noVersionsHint')}
        action={
          <RoleGate needs="developer">
            {(disabled) => (
              <Button
                type="primary"
                ghost
                icon={<PlusOutlined aria-hidden />}
                onClick={() => openCreateVersion()}
                disabled={disabled}
              >
                {t('apps.detail.action.create_version')}
              </Button>
            )}
          </RoleGate>
        }
      />
    );
  } else {
    content = (
      <section aria-label={t('apps.detail.versions')}>
        <LiveSummary app={app} />
        <div className={styles.sectionBar}>
          <h2 className={styles.sectionTitle}>{t('apps.detail.versions')}</h2>
          <RoleGate needs="developer">
            {(disabled) => (
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => openCreateVersion()}
                disabled={disabled}
              >
                {t('apps.detail.action.create_version')}
              </Button>
            )}
          </RoleGate>
        </div>
        <div className={styles.grid} role="list">
          {app.versions.map((version) => (
            <div role="listitem" key={version.uuid}>
              <VersionCard
                appId={app.uuid}
                version={version}
                deployments={deploymentsOf(version, app)}
                onOpen={() => setDrawerVersionId(version.uuid)}
                actions={<VersionActions app={app} version={version} />}
              />
            </div>
          ))}
        </div>
        <RolloutsCard app={app} />
        <GitSourceCard app={app} />
        <PreviewsCard app={app} />
        <HistoryTimeline app={app} />
      </section>
    );
  }

  return (
    <>
      <AppHeader app={app} />
      {content}
      <VersionDrawer
        app={app}
        version={drawerVersion}
        deployments={drawerVersion ? deploymentsOf(drawerVersion, app) : []}
        selectedDeployment={deployment}
        onClose={() => setDrawerVersionId(null)}
        onCreateVersion={openCreateVersion}
      />
      <CreateVersionDrawer
        app={app}
        from={createFrom}
        open={creatingVersion}
        onClose={() => setCreatingVersion(false)}
      />
    </>
  );
}

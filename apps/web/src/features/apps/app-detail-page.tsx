import { Skeleton } from 'antd';
import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';
import { useApps } from './api/get-apps';

/** /apps/:appId(/:deploymentId): an unknown app, once loading is over, sends the user home. */
export function AppDetailPage() {
  const { appId, deploymentId } = useParams();
  const { data, isPending } = useApps();

  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;

  const app = data?.find((candidate) => candidate.uuid === appId);
  if (!app) return <Navigate to="/home" replace />;

  return (
    <>
      <PageHeader title={app.name} description={app.description} />
      <EmptyState
        title={deploymentId ? t('apps.detail.deployment', { deploymentId }) : app.name}
        hint={t('apps.detail.intro')}
      />
    </>
  );
}

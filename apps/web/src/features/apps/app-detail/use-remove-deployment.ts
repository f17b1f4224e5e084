import type { App, Deployment } from '@meridian/domain/apps/app-api';
import { App as AntdApp } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useRemoveDeployments } from '../api/remove-deployments';
import { errorDescription } from './action-errors';

/** The deployment view's remove action: confirm, remove, then back to the app's page. */
export function useRemoveDeployment(app: App, deployment: Deployment, versionName: string) {
  const { modal } = AntdApp.useApp();
  const navigate = useNavigate();
  const removeDeployments = useRemoveDeployments();
  return () =>
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
}

import type { App, Deployment } from '@meridian/domain/apps/app-api';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { t } from '../../apps.texts';
import { isActiveRollout, useAppRollouts } from '../../api/app-rollouts';
import { rolloutsAnchor } from './rollouts-card';
import styles from './rollouts.module.css';

/** On a deployment's page: a rollout under way on its smart cluster, with a link to follow it. */
export function RolloutNotice({ app, deployment }: { app: App; deployment: Deployment }) {
  const query = useAppRollouts(app.uuid);
  const rollout = query.data?.find(
    (candidate) =>
      isActiveRollout(candidate) && candidate.smart_cluster_uuid === deployment.smart_cluster_uuid,
  );
  if (!rollout) return null;

  const words = {
    version: rollout.to_version.name,
    smartCluster: deployment.smart_cluster_name,
  };
  return (
    <Alert
      className={styles.notice}
      type={rollout.status === 'paused' ? 'warning' : 'info'}
      showIcon
      data-testid="rollout-notice"
      title={
        rollout.status === 'paused'
          ? t('apps.rollout.pausedNotice', words)
          : t('apps.rollout.activeNotice', words)
      }
      action={
        <Link to={`/apps/${app.uuid}#${rolloutsAnchor}`}>{t('apps.rollout.seeProgress')}</Link>
      }
    />
  );
}

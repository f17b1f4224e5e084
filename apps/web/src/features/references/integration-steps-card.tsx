import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from './references.texts';
import styles from './cluster-integration-page.module.css';
import { apiKeyVariable } from './rollout-examples';

/** The three steps of a pipeline's rollout: an API key, the call, and where the answer shows. */
export function IntegrationStepsCard() {
  return (
    <Card variant="borderless" className={styles.card}>
      <Typography.Title level={2} className={styles.heading}>
        {t('references.clusterIntegration.steps.title')}
      </Typography.Title>
      <ol className={styles.steps}>
        <li>
          <Link to="/api-key">{t('references.clusterIntegration.steps.keyLink')}</Link>{' '}
          {t('references.clusterIntegration.steps.key', { variable: apiKeyVariable })}
        </li>
        <li>{t('references.clusterIntegration.steps.call')}</li>
        <li>
          {t('references.clusterIntegration.steps.answer')}{' '}
          <Link to="/notifications">{t('references.clusterIntegration.steps.notifications')}</Link>.
        </li>
      </ol>
    </Card>
  );
}

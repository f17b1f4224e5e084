import { Alert, Card, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { t } from './references.texts';
import styles from './cluster-integration-page.module.css';
import { CommandBlock } from './command-block';
import { apiKeyVariable, appRolloutCommand, smartClusterRolloutCommand } from './rollout-examples';
import { RolloutPickers } from './rollout-pickers';
import type { RolloutExamples } from './use-rollout-examples';

/** The two rollout calls, for the picked app and smart cluster, with the headers they send. */
export function RolloutExamplesCard({ examples }: { examples: RolloutExamples }) {
  const { apps, smartClusters, failed, notDeployed, target } = examples;
  const appLabel = t('references.clusterIntegration.appRollout.title');
  const clusterLabel = t('references.clusterIntegration.clusterRollout.title');
  return (
    <Card variant="borderless" className={styles.card}>
      <Typography.Title level={2} className={styles.heading}>
        {t('references.clusterIntegration.examples.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('references.clusterIntegration.examples.intro')}
      </Typography.Paragraph>

      {examples.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {failed ? (
            <Alert
              type="error"
              showIcon
              className={styles.alert}
              title={t('references.clusterIntegration.fetchFailed')}
            />
          ) : null}
          {!failed && apps.length === 0 ? (
            <Alert
              type="info"
              showIcon
              className={styles.alert}
              title={t('references.clusterIntegration.noApps')}
            />
          ) : null}
          {!failed && smartClusters.length === 0 ? (
            <Alert
              type="info"
              showIcon
              className={styles.alert}
              title={t('references.clusterIntegration.noSmartClusters')}
              action={<Link to="/clusters">{t('references.clusterIntegration.clustersLink')}</Link>}
            />
          ) : null}

          <RolloutPickers examples={examples} />
          {notDeployed ? (
            <Alert
              type="warning"
              showIcon
              className={styles.alert}
              title={t('references.clusterIntegration.notDeployed', notDeployed)}
            />
          ) : null}

          <Typography.Title level={3} className={styles.subheading}>
            {appLabel}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('references.clusterIntegration.appRollout.body')}
          </Typography.Paragraph>
          <CommandBlock
            command={appRolloutCommand(target)}
            testId="rollout-command-app"
            label={appLabel}
          />

          <Typography.Title level={3} className={styles.subheading}>
            {clusterLabel}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {t('references.clusterIntegration.clusterRollout.body')}
          </Typography.Paragraph>
          <CommandBlock
            command={smartClusterRolloutCommand(target)}
            testId="rollout-command-smart-cluster"
            label={clusterLabel}
          />

          <Typography.Paragraph type="secondary" className={styles.note}>
            {t('references.clusterIntegration.headers', {
              variable: apiKeyVariable,
              userId: target.userId,
            })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" className={styles.note}>
            {t('references.clusterIntegration.answer')}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}

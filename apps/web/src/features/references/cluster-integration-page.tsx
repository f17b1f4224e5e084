import { KeyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../shared/components/page-header';
import { t } from './references.texts';
import styles from './cluster-integration-page.module.css';
import { IntegrationStepsCard } from './integration-steps-card';
import { RolloutExamplesCard } from './rollout-examples-card';
import { useRolloutExamples } from './use-rollout-examples';
import { UuidsCard } from './uuids-card';

/** /references/cluster-integration: how a CI/CD pipeline rolls out a new image with an API key. */
export function ClusterIntegrationPage() {
  const navigate = useNavigate();
  const examples = useRolloutExamples();

  return (
    <>
      <PageHeader
        title={t('references.clusterIntegration.title')}
        description={t('references.clusterIntegration.intro')}
        actions={
          <Button
            type="primary"
            icon={<KeyOutlined aria-hidden />}
            onClick={() => void navigate('/api-key')}
          >
            {t('references.clusterIntegration.createKey')}
          </Button>
        }
      />

      <div className={styles.sections}>
        <IntegrationStepsCard />
        <RolloutExamplesCard examples={examples} />
        <UuidsCard
          apps={examples.apps}
          smartClusters={examples.smartClusters}
          loading={examples.loading}
        />
      </div>
    </>
  );
}

import { Form, Select } from 'antd';
import { t } from './references.texts';
import styles from './cluster-integration-page.module.css';
import { placeholders } from './rollout-examples';
import type { RolloutExamples } from './use-rollout-examples';

/** The app and the smart cluster the example commands name. */
export function RolloutPickers({ examples }: { examples: RolloutExamples }) {
  const { apps, smartClusters, app, cluster } = examples;
  return (
    <Form layout="vertical" className={styles.pickers}>
      <Form.Item
        label={t('references.clusterIntegration.appSelect')}
        htmlFor="rollout-app"
        className={styles.picker}
      >
        <Select
          id="rollout-app"
          value={app?.uuid}
          disabled={apps.length === 0}
          placeholder={placeholders.appUuid}
          options={apps.map((item) => ({ value: item.uuid, label: item.name }))}
          onChange={examples.pickApp}
        />
      </Form.Item>
      <Form.Item
        label={t('references.clusterIntegration.clusterSelect')}
        htmlFor="rollout-smart-cluster"
        className={styles.picker}
      >
        <Select
          id="rollout-smart-cluster"
          value={cluster?.uuid}
          disabled={smartClusters.length === 0}
          placeholder={placeholders.smartClusterUuid}
          options={examples.clusterOptions}
          onChange={examples.pickCluster}
        />
      </Form.Item>
    </Form>
  );
}

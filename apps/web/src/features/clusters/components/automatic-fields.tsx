import { smartClusterCreateSchema } from '@meridian/domain/clusters/smart-cluster';
import { Form, InputNumber } from 'antd';
import { t } from '../clusters.texts';
import { budgetError } from '../form-rules';
import { zodRule } from '../../../shared/lib/zod-rule';
import styles from './clusters.module.css';

/** An AUTOMATIC smart cluster's latency and budget; the budget covers at least `minimum`. */
export function AutomaticFields({ minimum }: { minimum: number }) {
  return (
    <div className={styles.inline}>
      <Form.Item
        name="latency"
        label={t('clusters.form.latency')}
        rules={[zodRule(smartClusterCreateSchema.shape.latency.unwrap())]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="budget"
        label={t('clusters.form.budget')}
        dependencies={['datacenters', 'cluster_size', 'master_count', 'minion_count']}
        rules={[
          {
            validator: (_rule, value: unknown) => {
              const message = budgetError(value, minimum);
              return message ? Promise.reject(new Error(message)) : Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber style={{ width: '100%' }} prefix="$" />
      </Form.Item>
    </div>
  );
}

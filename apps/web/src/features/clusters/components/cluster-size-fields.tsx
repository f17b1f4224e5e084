import { smartClusterCreateSchema } from '@meridian/domain/clusters/smart-cluster';
import { flavors } from '@meridian/domain/flavors';
import { Form, InputNumber, Select } from 'antd';
import { t } from '../clusters.texts';
import { zodRule } from '../../../shared/lib/zod-rule';
import styles from './clusters.module.css';

const shape = smartClusterCreateSchema.shape;

/** A managed cluster's size: its flavor (cluster_size) and its master and minion counts. */
export function ClusterSizeFields() {
  return (
    <>
      <Form.Item
        name="cluster_size"
        label={t('clusters.form.flavor')}
        rules={[zodRule(shape.cluster_size)]}
      >
        <Select
          aria-label={t('clusters.form.flavor')}
          options={flavors.map((flavor) => ({
            value: flavor.name.toLowerCase(),
            label: `${flavor.name} · ${flavor.cpu.value} ${flavor.cpu.unit} · ${flavor.ram.value} ${flavor.ram.unit} · ${flavor.storage.value} ${flavor.storage.unit}`,
          }))}
        />
      </Form.Item>
      <div className={styles.inline}>
        <Form.Item
          name="master_count"
          label={t('clusters.form.masters')}
          rules={[zodRule(shape.master_count.unwrap())]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="minion_count"
          label={t('clusters.form.minions')}
          rules={[zodRule(shape.minion_count.unwrap())]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </>
  );
}

import { InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { t } from '../../apps.texts';
import { notify } from '../../../../shared/notifications/notify';
import { useRollbackDeployment } from '../../api/rollback-deployment';
import { errorDescription } from '../action-errors';
import styles from './history.module.css';
import type { RollbackTarget } from './history.rules';

interface RollbackModalProps {
  version: { uuid: string; name: string };
  /** The smart clusters it can go back on; the first is chosen. */
  targets: readonly RollbackTarget[];
  onClose: () => void;
}

/** Confirms a rollback: which version, on which smart cluster, one location at a time. */
export function RollbackModal({ version, targets, onClose }: RollbackModalProps) {
  const rollback = useRollbackDeployment();
  const [chosen, setChosen] = useState(targets[0]?.smartClusterId);
  // Empty: the server's default bake time applies.
  const [bakeSeconds, setBakeSeconds] = useState<number | null>(null);
  const target = targets.find((candidate) => candidate.smartClusterId === chosen) ?? targets[0];
  if (!target) return null;

  const confirm = () =>
    rollback
      .mutateAsync({
        deploymentId: target.deploymentId,
        versionId: version.uuid,
        bakeSeconds: bakeSeconds ?? undefined,
      })
      .then(
        () => {
          notify.success(
            t('apps.rollback.started', {
              version: version.name,
              smartCluster: target.smartClusterName,
            }),
          );
          onClose();
        },
        (error: unknown) => notify.error(t('apps.rollback.failed'), errorDescription(error)),
      );

  return (
    <Modal
      open
      title={t('apps.rollback.title', { version: version.name })}
      okText={t('apps.rollback.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: rollback.isPending }}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      {targets.length > 1 ? (
        <div className={styles.diffPickers}>
          <span>{t('apps.rollback.smartCluster')}</span>
          <Select
            aria-label={t('apps.rollback.smartCluster')}
            className={styles.filter}
            value={target.smartClusterId}
            options={targets.map((candidate) => ({
              value: candidate.smartClusterId,
              label: candidate.smartClusterName,
            }))}
            onChange={setChosen}
          />
        </div>
      ) : null}
      <p>
        {t('apps.rollback.body', {
          smartCluster: target.smartClusterName,
          version: version.name,
          count: target.locations,
        })}
      </p>
      <label className={styles.bakeField}>
        <span>{t('apps.rollback.bake')}</span>
        <InputNumber
          aria-label={t('apps.rollback.bake')}
          min={0}
          max={86_400}
          precision={0}
          placeholder="60"
          value={bakeSeconds}
          onChange={(value) => setBakeSeconds(value)}
        />
        <span className={styles.meta}>{t('apps.rollback.bakeHint')}</span>
      </label>
    </Modal>
  );
}

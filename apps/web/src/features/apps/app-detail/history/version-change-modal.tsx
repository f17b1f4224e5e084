import { InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { t } from '../../apps.texts';
import { notify } from '../../../../shared/notifications/notify';
import { useDeployVersion } from '../../api/deploy-version';
import { useRollbackDeployment } from '../../api/rollback-deployment';
import { errorDescription } from '../action-errors';
import type { VersionChangeTarget } from '../live.rules';
import styles from './history.module.css';

interface VersionChangeModalProps {
  version: { uuid: string; name: string };
  /** The smart clusters it can replace the running version on; the first is chosen. */
  targets: readonly VersionChangeTarget[];
  /** forward: Deploy this version (over an older one); back: Roll back to this version. */
  direction: 'forward' | 'back';
  onClose: () => void;
}

const texts = {
  forward: {
    title: 'apps.deployVersion.title',
    ok: 'apps.deployVersion.ok',
    started: 'apps.deployVersion.started',
    failed: 'apps.deployVersion.failed',
  },
  back: {
    title: 'apps.rollback.title',
    ok: 'apps.rollback.ok',
    started: 'apps.rollback.started',
    failed: 'apps.rollback.failed',
  },
} as const;

/**
 * Confirms a version change on a smart cluster, one location at a time: a rollout onto a newer
 * version (POST /cluster/clusters/versions) or a rollback (POST …/deployment/{id}/rollback).
 */
export function VersionChangeModal({
  version,
  targets,
  direction,
  onClose,
}: VersionChangeModalProps) {
  const rollback = useRollbackDeployment();
  const deploy = useDeployVersion();
  const [chosen, setChosen] = useState(targets[0]?.smartClusterId);
  // Empty: the server's default bake time applies.
  const [bakeSeconds, setBakeSeconds] = useState<number | null>(null);
  const target = targets.find((candidate) => candidate.smartClusterId === chosen) ?? targets[0];
  if (!target) return null;
  const words = texts[direction];

  const start = () =>
    direction === 'back'
      ? rollback.mutateAsync({
          deploymentId: target.deploymentId,
          versionId: version.uuid,
          bakeSeconds: bakeSeconds ?? undefined,
        })
      : deploy.mutateAsync({
          version_uuid: version.uuid,
          smart_cluster_uuids: [target.smartClusterId],
          ...(bakeSeconds === null ? {} : { bake_seconds: bakeSeconds }),
        });

  const confirm = () =>
    start().then(
      () => {
        notify.success(
          t(words.started, { version: version.name, smartCluster: target.smartClusterName }),
        );
        onClose();
      },
      (error: unknown) => notify.error(t(words.failed), errorDescription(error)),
    );

  // The rollback's sentence counts the locations itself; the rollout's names them in words.
  const count =
    direction === 'back'
      ? target.locations
      : target.locations === 1
        ? t('apps.live.oneLocation')
        : t('apps.live.locations', { count: target.locations });
  return (
    <Modal
      open
      title={t(words.title, { version: version.name })}
      okText={t(words.ok)}
      cancelText={t('common.cancel')}
      okButtonProps={{
        danger: direction === 'back',
        loading: rollback.isPending || deploy.isPending,
      }}
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
        {t(direction === 'back' ? 'apps.rollback.body' : 'apps.deployVersion.body', {
          smartCluster: target.smartClusterName,
          version: version.name,
          running: target.runningVersionName,
          count,
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

import { PauseOutlined, CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import type { Rollout } from '@meridian/domain/apps/rollout';
import { App as AntdApp, Button } from 'antd';
import { t } from '../../apps.texts';
import { notify } from '../../../../shared/notifications/notify';
import { useControlRollout, type RolloutControl } from '../../api/app-rollouts';
import { errorDescription } from '../action-errors';
import { reachedLocations } from './rollouts.rules';
import styles from './rollouts.module.css';

/** Pause or Resume, and Abort (after saying which locations go back), of a rollout under way. */
export function RolloutControls({ rollout }: { rollout: Rollout }) {
  const { modal } = AntdApp.useApp();
  const control = useControlRollout();
  const pending = control.isPending ? control.variables.control : null;

  const run = (action: RolloutControl) =>
    control.mutateAsync({ rolloutId: rollout.uuid, control: action }).then(
      () => undefined,
      (error: unknown) => notify.error(t(`apps.rollout.failed.${action}`), errorDescription(error)),
    );

  const confirmAbort = () => {
    const reached = reachedLocations(rollout);
    modal.confirm({
      title: t('apps.rollout.abortTitle', { version: rollout.to_version.name }),
      content:
        reached.length > 0
          ? t('apps.rollout.abortBody', { locations: reached.join(', ') })
          : t('apps.rollout.abortBodyNone', { version: rollout.to_version.name }),
      okText: t('apps.rollout.abortOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => run('abort'),
    });
  };

  return (
    <div className={styles.controls}>
      {rollout.status === 'paused' ? (
        <Button
          icon={<CaretRightOutlined aria-hidden />}
          loading={pending === 'resume'}
          onClick={() => void run('resume')}
        >
          {t('apps.rollout.resume')}
        </Button>
      ) : (
        <Button
          icon={<PauseOutlined aria-hidden />}
          loading={pending === 'pause'}
          onClick={() => void run('pause')}
        >
          {t('apps.rollout.pause')}
        </Button>
      )}
      <Button
        danger
        icon={<StopOutlined aria-hidden />}
        loading={pending === 'abort'}
        onClick={confirmAbort}
      >
        {t('apps.rollout.abort')}
      </Button>
    </div>
  );
}

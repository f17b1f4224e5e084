import { currentLocale } from '../../../../shared/i18n/locale';
import type { Rollout } from '@meridian/domain/apps/rollout';
import { formatRequestsPerMinute, requestsPerMinute } from '@meridian/domain/traffic/traffic';
import { Alert, Badge, Tag } from 'antd';
import { formatDateTime, intlLocale } from '../../../../shared/lib/format-date';
import { t } from '../../apps.texts';
import { isActiveRollout } from '../../api/app-rollouts';
import { RolloutControls } from './rollout-controls';
import {
  duration,
  orderedSteps,
  percent,
  reasonTones,
  statusColors,
  stepStateText,
  stepTones,
} from './rollouts.rules';
import styles from './rollouts.module.css';
import { useNow } from './use-now';

interface RolloutViewProps {
  rollout: Rollout;
  smartClusterName: string;
}

/** The title of a rollout: which versions, where, and how it stands. */
export function RolloutHeading({ rollout, smartClusterName }: RolloutViewProps) {
  return (
    <span className={styles.heading}>
      <span className={styles.headingText}>
        {t('apps.rollout.heading', {
          from: rollout.from_version.name,
          to: rollout.to_version.name,
          smartCluster: smartClusterName,
        })}
      </span>
      <Tag color={statusColors[rollout.status]} data-testid="rollout-status">
        {t(`apps.rollout.status.${rollout.status}`)}
      </Tag>
    </span>
  );
}

/** One rollout's body: its reason, each location in the order taken, and its controls. */
export function RolloutBody({ rollout }: { rollout: Rollout }) {
  const steps = orderedSteps(rollout);
  const now = useNow(steps.some((step) => step.state === 'baking'));
  const active = isActiveRollout(rollout);

  return (
    <div className={styles.body}>
      <span className={styles.meta}>
        {t('apps.rollout.meta', {
          when: formatDateTime(rollout.createdAt),
          bake: duration(rollout.bake_seconds),
          margin: percent(rollout.error_margin),
        })}
      </span>
      {rollout.reason ? (
        <Alert
          type={reasonTones[rollout.status]}
          showIcon
          title={rollout.reason}
          data-testid="rollout-reason"
        />
      ) : null}
      <ol className={styles.steps} aria-label={t('apps.rollout.order')}>
        {steps.map((step) => (
          <li
            key={step.position}
            className={styles.step}
            data-testid="rollout-step"
            data-state={step.state}
            data-location={step.location}
          >
            <Badge status={stepTones[step.state]} />
            <span className={styles.location}>{step.location}</span>
            <span className={styles.stepState}>{stepStateText(step, now, rollout.reason)}</span>
            <span
              className={styles.requests}
              title={t('apps.rollout.requestsHint', {
                perDay: step.requests_per_day.toLocaleString(intlLocale()),
              })}
            >
              {t('apps.rollout.requests', {
                count: formatRequestsPerMinute(
                  requestsPerMinute(step.requests_per_day),
                  currentLocale(),
                ),
              })}
            </span>
          </li>
        ))}
      </ol>
      {active ? <RolloutControls rollout={rollout} /> : null}
    </div>
  );
}

/** An active rollout, shown open with its controls. */
export function RolloutView(props: RolloutViewProps) {
  return (
    <article
      className={styles.active}
      data-testid="rollout"
      aria-label={t('apps.rollout.heading', {
        from: props.rollout.from_version.name,
        to: props.rollout.to_version.name,
        smartCluster: props.smartClusterName,
      })}
    >
      <RolloutHeading {...props} />
      <RolloutBody rollout={props.rollout} />
    </article>
  );
}

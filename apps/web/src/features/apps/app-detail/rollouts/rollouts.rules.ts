import { intlLocale } from '../../../../shared/lib/format-date';
import type { App } from '@meridian/domain/apps/app-api';
import type { Rollout, RolloutStep } from '@meridian/domain/apps/rollout';
import { t } from '../../apps.texts';

/** The badge of a step: grey before and after it counts, blue while it moves, green or red once judged. */
export type StepTone = 'default' | 'processing' | 'success' | 'error';

export const stepTones: Record<RolloutStep['state'], StepTone> = {
  waiting: 'default',
  rolling: 'processing',
  baking: 'processing',
  done: 'success',
  failed: 'error',
  rolled_back: 'error',
  skipped: 'default',
};

export const statusColors: Record<Rollout['status'], string> = {
  running: 'processing',
  paused: 'warning',
  halted: 'error',
  aborted: 'default',
  completed: 'success',
};

/** How the rollout's own sentence is framed: a halt is an error, an abort a warning. */
export const reasonTones: Record<Rollout['status'], 'info' | 'warning' | 'error' | 'success'> = {
  running: 'info',
  paused: 'info',
  halted: 'error',
  aborted: 'warning',
  completed: 'success',
};

/** '0.4 %': error rates as the server's reasons write them. */
export function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)} %`;
}

/** '2:05:10 PM': the end of a bake time, to the second. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(intlLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** '45 s', '12 min 5 s', '1 h 5 min': a bake time or what is left of it. */
export function duration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/**
 * A step's state in plain words; `now` makes the bake countdown tick. A reason that only repeats
 * the rollout's own (an abort) is left to the sentence above the steps.
 */
export function stepStateText(
  step: RolloutStep,
  now: number,
  rolloutReason?: string | null,
): string {
  // The server's reasons start with the location, which the row already names.
  const reason = step.reason?.replace(`${step.location}: `, '') ?? t('apps.rollout.noReason');
  switch (step.state) {
    case 'baking': {
      if (!step.bake_until) return t('apps.rollout.step.judging');
      const left = Math.ceil((new Date(step.bake_until).getTime() - now) / 1000);
      if (left <= 0) return t('apps.rollout.step.judging');
      return t('apps.rollout.step.baking', {
        time: clockTime(step.bake_until),
        left: duration(left),
      });
    }
    case 'done':
      if (step.observed_error_rate === null) return t('apps.rollout.step.doneNoTraffic');
      if (step.baseline_error_rate === null) {
        return t('apps.rollout.step.doneNoBaseline', {
          observed: percent(step.observed_error_rate),
        });
      }
      return t('apps.rollout.step.done', {
        observed: percent(step.observed_error_rate),
        baseline: percent(step.baseline_error_rate),
      });
    case 'failed':
      return t('apps.rollout.step.failed', { reason });
    case 'rolled_back':
      if (step.reason && step.reason === rolloutReason)
        return t('apps.rollout.step.rolledBackPlain');
      return t('apps.rollout.step.rolled_back', { reason });
    default:
      return t(`apps.rollout.step.${step.state}`);
  }
}

/** The smart cluster's name, read from the app's deployments on it. */
export function smartClusterName(app: App, smartClusterId: string): string {
  return (
    app.deployments.find((deployment) => deployment.smart_cluster_uuid === smartClusterId)
      ?.smart_cluster_name ?? t('apps.rollout.removedCluster')
  );
}

/** Where an abort would act: the locations that run, or are moving to, the new version. */
export function reachedLocations(rollout: Rollout): string[] {
  return rollout.steps
    .filter((step) => ['rolling', 'baking', 'done'].includes(step.state))
    .map((step) => `${step.location} (${(step.from_version ?? rollout.from_version).name})`);
}

/** Steps in the order they are taken (least traffic first). */
export function orderedSteps(rollout: Rollout): RolloutStep[] {
  return [...rollout.steps].sort((a, b) => a.position - b.position);
}

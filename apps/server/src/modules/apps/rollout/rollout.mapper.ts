import type { Rollout } from '@meridian/domain/apps/rollout';
import type { RolloutWithSteps } from './rollout.queries';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A rollout as the API answers it; `versionNames` names its two versions (a deleted one: '').*/
export function toRollout(
  { rollout, steps }: RolloutWithSteps,
  versionNames: ReadonlyMap<string, string>,
): Rollout {
  const version = (id: string) => ({ uuid: id, name: versionNames.get(id) ?? '' });
  return {
    uuid: rollout.id,
    app_uuid: rollout.appId,
    smart_cluster_uuid: rollout.smartClusterId,
    from_version: version(rollout.fromVersionId),
    to_version: version(rollout.toVersionId),
    status: rollout.status,
    reason: rollout.reason,
    bake_seconds: rollout.bakeSeconds,
    error_margin: rollout.errorMargin,
    steps: steps.map((step) => ({
      position: step.position,
      deployment_uuid: step.deploymentId,
      cluster_uuid: step.clusterId,
      datacenter_uuid: step.datacenterUuid,
      location: step.location,
      from_version: version(step.fromVersionId ?? rollout.fromVersionId),
      state: step.state,
      requests_per_day: step.requestsPerDay,
      started_at: iso(step.startedAt),
      bake_until: iso(step.bakeUntil),
      finished_at: iso(step.finishedAt),
      baseline_error_rate: step.baselineErrorRate,
      observed_error_rate: step.observedErrorRate,
      reason: step.reason,
    })),
    createdAt: rollout.createdAt.toISOString(),
    updatedAt: rollout.updatedAt.toISOString(),
  };
}

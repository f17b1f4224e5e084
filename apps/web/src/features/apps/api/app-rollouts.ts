import { rolloutSchema, type Rollout } from '@meridian/domain/apps/rollout';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';

/** How many rollouts the app page shows: the active ones and the last few finished. */
export const rolloutsShown = 6;

/** While a rollout moves, its steps are re-read this often (the server re-checks every 2 s). */
const activePollMs = 2_000;

/** Under ['apps']: the APP_UPDATE_* events a rollout records refresh it with the app. */
export const appRolloutsQueryKey = (appId: string) => [...appsQueryKey, 'rollouts', appId] as const;

/** GET /meridian/v1/kube/apps/{appId}/rollouts: the app's latest rollouts, newest first. */
export function getAppRollouts(appId: string, signal?: AbortSignal): Promise<Rollout[]> {
  return apiClient.get(`${apiPaths.kube}/apps/${encodeURIComponent(appId)}/rollouts`, {
    query: { limit: rolloutsShown },
    signal,
    schema: z.array(rolloutSchema),
  });
}

/** A rollout that can still change by itself or by a user's hand. */
export function isActiveRollout(rollout: Pick<Rollout, 'status'>): boolean {
  return rollout.status === 'running' || rollout.status === 'paused';
}

export function useAppRollouts(appId: string) {
  return useQuery({
    queryKey: appRolloutsQueryKey(appId),
    queryFn: ({ signal }) => getAppRollouts(appId, signal),
    // Bake times end and gates pass without an event: poll while one is under way.
    refetchInterval: (query) => (query.state.data?.some(isActiveRollout) ? activePollMs : false),
  });
}

export type RolloutControl = 'pause' | 'resume' | 'abort';

/** POST /meridian/v1/kube/apps/rollouts/{rolloutId}/pause|resume|abort. */
export function controlRollout(rolloutId: string, control: RolloutControl): Promise<Rollout> {
  return apiClient.post(
    `${apiPaths.kube}/apps/rollouts/${encodeURIComponent(rolloutId)}/${control}`,
    undefined,
    { schema: rolloutSchema },
  );
}

export function useControlRollout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rolloutId, control }: { rolloutId: string; control: RolloutControl }) =>
      controlRollout(rolloutId, control),
    // The rollouts, the app's deployments and its history all live under ['apps'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appsQueryKey }),
  });
}
